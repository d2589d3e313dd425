import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, csvStream, keysetBatches, kyivDateTime, neutraliseFormula, sendTable, xlsxStream, type TableColumn } from './tabular.ts';

interface Row {
  id: number;
  name: string;
  amount: number | null;
  day: string;
  at: Date;
}

const rows: Row[] = [
  { id: 1, name: 'Олена, "Квітка"\nдругий рядок', amount: 12.5, day: '2026-03-01', at: new Date('2026-03-01T22:30:00Z') },
  { id: 2, name: '=HYPERLINK("http://x")', amount: -2, day: '2026-07-15', at: new Date('2026-07-15T00:00:05Z') },
  { id: 3, name: '+380501234567', amount: -0.01, day: '2026-07-15', at: new Date('2026-07-15T21:00:00Z') },
  { id: 4, name: '@SUM(1)', amount: null, day: '2026-01-01', at: new Date('2026-01-01T00:00:00Z') },
  { id: 5, name: '-2+3', amount: 1234567.89, day: '2026-01-01', at: new Date('2026-01-01T00:00:00Z') },
  { id: 6, name: '\tTab', amount: 0, day: '2026-01-01', at: new Date('2026-01-01T00:00:00Z') },
];

const columns: TableColumn<Row>[] = [
  { header: 'ID', type: 'int', value: (r) => r.id },
  { header: 'Ім’я', value: (r) => r.name },
  { header: 'Сума', type: 'money', value: (r) => r.amount },
  { header: 'День', type: 'date', value: (r) => r.day },
  { header: 'Час', type: 'datetime', value: (r) => r.at },
];

async function* iterate<T>(items: T[]) {
  for (const x of items) yield x;
}

const app = Fastify();
app.get<{ Querystring: { format: 'csv' | 'xlsx' } }>('/t', (req, reply) =>
  sendTable(reply, { format: req.query.format, filename: 'Операції 2026', sheet: 'Операції', columns, rows: iterate(rows) }),
);
app.get('/broken', (_req, reply) =>
  sendTable(reply, {
    format: 'csv',
    filename: 'x',
    columns,
    rows: (async function* () {
      yield rows[0]!;
      throw new Error('boom');
    })(),
  }),
);
beforeAll(() => app.ready());
afterAll(() => app.close());

describe('tabular', () => {
  it('neutralises text that a spreadsheet would run', () => {
    for (const s of ['=1+1', '+380', '-2+3', '@SUM(1)', '\tx', '\rx']) expect(neutraliseFormula(s)).toBe(`'${s}`);
    for (const s of ['', 'Київ', '1=1', "'=x", ' =x']) expect(neutraliseFormula(s)).toBe(s);
  });

  it('Kyiv time equals the time zone database, across both clock changes', () => {
    const instants = [
      Date.UTC(2026, 2, 29, 0, 59, 59),
      Date.UTC(2026, 2, 29, 1, 0, 0),
      Date.UTC(2026, 9, 25, 0, 59, 59),
      Date.UTC(2026, 9, 25, 1, 0, 0),
      Date.UTC(1999, 11, 31, 22, 0, 0),
    ];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 37 * 60_000 + 13_000) instants.push(ms);
    for (const ms of instants)
      expect(kyivDateTime(new Date(ms)), new Date(ms).toISOString()).toBe(new Date(ms).toLocaleString('sv-SE', { timeZone: 'Europe/Kyiv' }));
  });

  it('names the file in ASCII and in UTF-8', () => {
    expect(contentDisposition('Операції 2026.csv')).toBe(
      `attachment; filename="________ 2026.csv"; filename*=UTF-8''${encodeURIComponent('Операції 2026.csv')}`,
    );
    expect(contentDisposition('a"b;(c).csv')).toBe(`attachment; filename="a_b_(c).csv"; filename*=UTF-8''a%22b%3B%28c%29.csv`);
  });

  it('writes CSV: BOM, CRLF, RFC 4180 quoting, numbers, Kyiv dates, neutralised text', async () => {
    const res = await app.inject({ url: '/t?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Операції 2026.csv')}`);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    expect(text.startsWith('ID,Ім’я,Сума,День,Час\r\n')).toBe(true);
    expect(text).toContain('"Олена, ""Квітка""\nдругий рядок"');
    const records = parse(raw, { bom: true, relax_column_count: false }) as string[][];
    expect(records).toEqual([
      ['ID', 'Ім’я', 'Сума', 'День', 'Час'],
      ['1', 'Олена, "Квітка"\nдругий рядок', '12.50', '2026-03-01', '2026-03-02 00:30:00'],
      ['2', `'=HYPERLINK("http://x")`, '-2.00', '2026-07-15', '2026-07-15 03:00:05'],
      ['3', "'+380501234567", '-0.01', '2026-07-15', '2026-07-16 00:00:00'],
      ['4', "'@SUM(1)", '', '2026-01-01', '2026-01-01 02:00:00'],
      ['5', "'-2+3", '1234567.89', '2026-01-01', '2026-01-01 02:00:00'],
      ['6', "'\tTab", '0.00', '2026-01-01', '2026-01-01 02:00:00'],
    ]);
  });

  it('writes XLSX: numbers as numbers, text as string cells neutralised like CSV, Kyiv dates', async () => {
    const res = await app.inject({ url: '/t?format=xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Операції 2026.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Операції')!;
    expect(ws.rowCount).toBe(rows.length + 1);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['ID', 'Ім’я', 'Сума', 'День', 'Час']);
    rows.forEach((r, i) => {
      const row = ws.getRow(i + 2);
      expect(row.getCell(1).value).toBe(r.id);
      expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(2).value).toBe(neutraliseFormula(r.name));
      if (r.amount === null) expect(row.getCell(3).value).toBeNull();
      else {
        expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Number);
        expect(row.getCell(3).value).toBe(r.amount);
        expect(row.getCell(3).numFmt).toBe('0.00');
      }
      expect(row.getCell(4).value).toEqual(new Date(`${r.day}T00:00:00Z`));
    });
    // 00:30 in Kyiv on 2 March (UTC+2), 03:00:05 on 15 July (UTC+3).
    expect(ws.getRow(2).getCell(5).value).toEqual(new Date('2026-03-02T00:30:00Z'));
    expect(ws.getRow(3).getCell(5).value).toEqual(new Date('2026-07-15T03:00:05Z'));
  });

  it('a failure mid-way cuts the download short instead of ending it as if complete', async () => {
    await expect(app.inject({ url: '/broken' })).rejects.toThrow();
  });

  it.each(['csv', 'xlsx'] as const)('%s: a reader that stops reading stops the rows being pulled (backpressure, no file in memory)', async (format) => {
    let pulled = 0;
    const many = (async function* () {
      for (let i = 0; i < 100_000; i++) {
        pulled++;
        if (i % 500 === 0) await new Promise((r) => setImmediate(r));
        yield { id: i, name: `Замовлення №${i}: прибуток з накладеного платежу`, amount: i / 100, day: '2026-01-01', at: new Date() };
      }
    })();
    const out = format === 'csv' ? csvStream(columns, many) : xlsxStream(columns, many);
    out.pause();
    out.read(0); // starts the writer; nothing is consumed from here on
    await new Promise((r) => setTimeout(r, 1500));
    const stalled = pulled;
    expect(stalled).toBeGreaterThan(0);
    // XLSX: about 5,000 rows fill the 64 KB output once zipped; without waiting for the deflate
    // stream (exceljs ignores its answer) 13,500 were pulled and their XML held.
    expect(stalled).toBeLessThan(10_000);
    // Read on: every row comes through.
    let bytes = 0;
    for await (const chunk of out) bytes += (chunk as Buffer).length;
    expect(pulled).toBe(100_000);
    expect(bytes).toBeGreaterThan(100_000);
  });

  it('keysetBatches pulls page after page, never more than one ahead', async () => {
    const all = Array.from({ length: 2503 }, (_, i) => i + 1);
    const calls: { after: number | undefined; limit: number }[] = [];
    const source = keysetBatches<number>(async (after, limit) => {
      calls.push({ after, limit });
      return all.filter((n) => n > (after ?? 0)).slice(0, limit);
    }, 1000);
    const seen: number[] = [];
    for await (const n of source) {
      seen.push(n);
      if (seen.length === 10) expect(calls).toHaveLength(1);
    }
    expect(seen).toEqual(all);
    expect(calls).toEqual([
      { after: undefined, limit: 1000 },
      { after: 1000, limit: 1000 },
      { after: 2000, limit: 1000 },
    ]);
  });
});
