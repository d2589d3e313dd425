import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * Streaming CSV and XLSX writers for back-office exports (issue 29). Rows come from an async
 * iterable (usually `keysetBatches`), are turned into cells by the columns and written as the
 * client reads: the whole file is never held in memory.
 *
 * - CSV: UTF-8 with a BOM (Excel opens Cyrillic right), comma, RFC 4180 quoting (csv-stringify),
 *   CRLF, numbers with a '.' decimal point, dates `YYYY-MM-DD`, times `YYYY-MM-DD HH:mm:ss`
 *   in Kyiv time. Text cells a spreadsheet would run as a formula get a leading apostrophe.
 * - XLSX: exceljs's streaming WorkbookWriter, inline strings (no shared-strings table growing
 *   with the rows), numbers as numbers (money '0.00'), dates as real dates in Kyiv time. Text
 *   cells are string cells, which a spreadsheet never evaluates (no apostrophe needed).
 */

export type CellType = 'text' | 'int' | 'money' | 'date' | 'datetime';
export type CellValue = string | number | Date | null | undefined;
export interface TableColumn<R> {
  header: string;
  type?: CellType;
  width?: number;
  value: (row: R) => CellValue;
}
export interface TableOptions<R> {
  format: 'csv' | 'xlsx';
  /** Without the extension; Cyrillic is fine (an ASCII fallback plus RFC 5987 `filename*`). */
  filename: string;
  /** The XLSX sheet's name (31 characters at most). */
  sheet?: string;
  columns: TableColumn<R>[];
  rows: AsyncIterable<R>;
}

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (OWASP CSV injection). */
export function neutraliseFormula(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266 / RFC 5987). */
export function contentDisposition(filename: string): string {
  const ascii =
    filename
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\;]/g, '_')
      .trim() || 'export';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// ---------- Kyiv time ----------

const kyivParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Kyiv',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const HOUR = 3_600_000;
/** Kyiv's offset from UTC (ms) by UTC hour: it only changes on an hour (Intl is slow per row). */
const offsets = new Map<number, number>();
function kyivOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let off = offsets.get(hour);
  if (off === undefined) {
    const p: Record<string, string> = {};
    for (const part of kyivParts.formatToParts(new Date(hour * HOUR))) p[part.type] = part.value;
    off = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - hour * HOUR;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(hour, off);
  }
  return off;
}
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The Kyiv wall clock of an instant: [YYYY, MM, DD, hh, mm, ss] as strings. */
function kyivClock(d: Date): [string, string, string, string, string, string] {
  const w = new Date(d.getTime() + kyivOffset(d.getTime()));
  return [String(w.getUTCFullYear()), pad(w.getUTCMonth() + 1), pad(w.getUTCDate()), pad(w.getUTCHours()), pad(w.getUTCMinutes()), pad(w.getUTCSeconds())];
}

/** `YYYY-MM-DD` of a Kyiv day (a date string passes through). */
export function kyivDate(v: string | Date): string {
  if (typeof v === 'string') return v.slice(0, 10);
  const [y, m, d] = kyivClock(v);
  return `${y}-${m}-${d}`;
}

/** `YYYY-MM-DD HH:mm:ss` in Kyiv time. */
export function kyivDateTime(v: Date): string {
  const [y, m, d, hh, mm, ss] = kyivClock(v);
  return `${y}-${m}-${d} ${hh}:${mm}:${ss}`;
}

/** A spreadsheet date has no zone: the Date whose UTC fields are the Kyiv wall clock. */
function sheetDate(v: string | Date, withTime: boolean): Date {
  if (typeof v === 'string') return new Date(`${v.slice(0, 10)}T00:00:00Z`);
  const [y, m, d, hh, mm, ss] = kyivClock(v);
  return new Date(Date.UTC(+y, +m - 1, +d, withTime ? +hh : 0, withTime ? +mm : 0, withTime ? +ss : 0));
}

// ---------- cells ----------

const asNumber = (v: CellValue): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};
const asDate = (v: CellValue): string | Date | null => {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'number') return new Date(v);
  return v;
};
const asText = (v: CellValue): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return kyivDateTime(v);
  return String(v);
};

/** A CSV field: numbers in '.' notation (money with 2 decimals), Kyiv dates, neutralised text. */
function csvCell(type: CellType, v: CellValue): string {
  switch (type) {
    case 'int': {
      const n = asNumber(v);
      return n === null ? '' : String(n);
    }
    case 'money': {
      const n = asNumber(v);
      return n === null ? '' : n.toFixed(2);
    }
    case 'date': {
      const d = asDate(v);
      return d === null ? '' : kyivDate(d);
    }
    case 'datetime': {
      const d = asDate(v);
      return d === null ? '' : typeof d === 'string' ? d : kyivDateTime(d);
    }
    default:
      return neutraliseFormula(asText(v));
  }
}

/** An XLSX cell value: numbers as numbers, dates as dates, text as a string cell (neutralised). */
function xlsxCell(type: CellType, v: CellValue): string | number | Date | null {
  switch (type) {
    case 'int':
    case 'money':
      return asNumber(v);
    case 'date':
    case 'datetime': {
      const d = asDate(v);
      return d === null ? null : sheetDate(d, type === 'datetime');
    }
    default: {
      // Neutralised as in CSV: a string cell is not run as it is, but it becomes a formula as soon
      // as somebody edits it (F2, Enter) or copies it into a CSV, so the rule holds here too.
      const s = asText(v);
      return s === '' ? null : neutraliseFormula(s);
    }
  }
}

const NUM_FMT: Partial<Record<CellType, string>> = { int: '0', money: '0.00', date: 'dd.mm.yyyy', datetime: 'dd.mm.yyyy hh:mm:ss' };
const DEFAULT_WIDTH: Record<CellType, number> = { text: 24, int: 10, money: 14, date: 12, datetime: 20 };

// ---------- writers ----------

/** The CSV bytes as a stream: rows are pulled only as fast as the reader takes them. */
export function csvStream<R>(columns: TableColumn<R>[], rows: AsyncIterable<R>): Readable {
  const types = columns.map((c) => c.type ?? 'text');
  async function* records() {
    yield columns.map((c) => neutraliseFormula(c.header));
    for await (const row of rows) yield columns.map((c, i) => csvCell(types[i]!, c.value(row)));
  }
  const out = stringify({ bom: true, delimiter: ',', record_delimiter: 'windows', quote: '"', escape: '"', eof: true });
  pipeline(Readable.from(records(), { objectMode: true, highWaterMark: 64 }), out).catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** The first of `events` on `emitter` (an 'error' rejects); the other listeners are removed after. */
async function first(emitter: NodeJS.EventEmitter, events: string[]): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race(events.map((e) => once(emitter, e, { signal: ac.signal })));
  } finally {
    ac.abort();
  }
}

/** Waits while the destination holds more than its high-water mark. */
async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('export reader went away');
  if (out.writableNeedDrain) await first(out, ['drain', 'close', 'error']);
  if (out.destroyed) throw new Error('export reader went away');
}

/** Lets the zip deflate and pass on what was written (it works on later ticks). */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The parts of exceljs's sheet stream (a StreamBuf) that tell whether the zip keeps up. */
interface SheetStream {
  pipes?: Writable[];
  buffers?: unknown[];
}
/**
 * exceljs writes a sheet's XML into the zip's deflate stream in 64 KB pieces without looking at
 * what `write` answers, so a fast row source piles the uncompressed XML up in memory (60 MB for
 * 100,000 ledger rows). Waits until the deflate stream has taken in what it holds.
 */
async function zipCaughtUp(ws: unknown): Promise<void> {
  const sheet = (ws as { _stream?: SheetStream })._stream;
  if (!sheet) return;
  // Until the zip starts reading the sheet, its pieces wait in the StreamBuf.
  for (let i = 0; i < 10_000 && !sheet.pipes?.length && (sheet.buffers?.length ?? 0) > 2; i++) await tick();
  // The sink is a readable-stream 2 PassThrough (archiver's): its state, not writableNeedDrain.
  const sink = sheet.pipes?.[0] as (Writable & { _writableState?: { needDrain?: boolean; length?: number; highWaterMark?: number } }) | undefined;
  const st = sink?._writableState;
  const full = sink?.writableNeedDrain || (st !== undefined && (st.needDrain || (st.length ?? 0) >= (st.highWaterMark ?? 16_384)));
  if (sink && full && !sink.destroyed) await first(sink, ['drain', 'close', 'error']);
}

/**
 * The XLSX bytes as a stream. exceljs never reports backpressure itself, so after every 200
 * rows the writer waits for the zip to take in the sheet's XML and for the output to drain.
 */
export function xlsxStream<R>(columns: TableColumn<R>[], rows: AsyncIterable<R>, sheetName = 'Sheet1'): Readable {
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  const types = columns.map((c) => c.type ?? 'text');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c, i) => {
    const fmt = NUM_FMT[types[i]!];
    return { key: String(i), width: c.width ?? DEFAULT_WIDTH[types[i]!], ...(fmt ? { style: { numFmt: fmt } } : {}) };
  });
  const write = async () => {
    const head = ws.addRow(columns.map((c) => c.header));
    head.font = { bold: true };
    head.commit();
    let n = 0;
    for await (const row of rows) {
      ws.addRow(columns.map((c, i) => xlsxCell(types[i]!, c.value(row)))).commit();
      if (++n % 200 === 0) {
        await zipCaughtUp(ws);
        await drained(out);
      }
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** Sends the rows as a CSV or XLSX attachment, streamed. */
export async function sendTable<R>(reply: FastifyReply, opts: TableOptions<R>): Promise<FastifyReply> {
  const ext = opts.format === 'xlsx' ? 'xlsx' : 'csv';
  const body = opts.format === 'xlsx' ? xlsxStream(opts.columns, opts.rows, opts.sheet ?? opts.filename) : csvStream(opts.columns, opts.rows);
  reply.header('content-disposition', contentDisposition(`${opts.filename}.${ext}`));
  reply.header('cache-control', 'no-store');
  reply.header('x-content-type-options', 'nosniff');
  return reply.type(opts.format === 'xlsx' ? XLSX_TYPE : CSV_TYPE).send(body);
}

/**
 * Rows pulled a page at a time: `fetch(after, limit)` returns the rows after the last one seen
 * (keyset), fewer than `limit` at the end. Only one page is held at a time.
 */
export function keysetBatches<R>(fetch: (after: R | undefined, limit: number) => Promise<R[]>, batch = 1000): AsyncIterable<R> {
  return {
    async *[Symbol.asyncIterator]() {
      let after: R | undefined;
      for (;;) {
        const page = await fetch(after, batch);
        for (const row of page) yield row;
        if (page.length < batch) return;
        after = page[page.length - 1];
      }
    },
  };
}
