import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { onecMessageText } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools } from '../../test/orders.ts';
import { call, checkauth, exchangeCredentials } from './test-kit.ts';

/**
 * Conformance of the orders exchange (`type=sale`) with status files 1C really wrote (issue 25):
 * the files of ../shared/fixtures/commerceml-real (beside the repository's root; skipped where it
 * is absent) go through /1c/exchange as 1C sends them: checkauth with the exchange's own pair,
 * init, query and success (the portal's orders go to 1C), then the status file with `mode=file`
 * in parts of the file_limit init answered (these files fit in one), and for the CommerceML 3.1
 * package `mode=import` of it, as 1C 8.3 asks.
 *
 * The exchange finds an order by the document's Ид or Номер, which a real 1C has from the
 * portal's own query (its Номер); so each file is read as if the portal's orders were some of its
 * documents: their Ид and Номер are rewritten in memory (never on disk) to the numbers of orders
 * placed here. The other documents (1C's own orders registered for the exchange) must be skipped
 * with a warning each, the file answered `success`.
 *
 * The figures per file are printed (console.log) for the closing note.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const REAL = path.resolve(ROOT, '../shared/fixtures/commerceml-real');
const HAVE = fs.existsSync(path.join(REAL, 'README.md'));

let t: TestApp;
let dataDir: string;
let tools: ReturnType<typeof orderTools>;
const ONEC = { login: '', secret: '' };

beforeAll(async () => {
  if (!HAVE) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-onec-docs-'));
  // ONEC_URL is never called under commerceml (1C polls the portal).
  t = await buildTestApp({ dataDir, reservationSystem: 'commerceml', onecUrl: 'http://127.0.0.1:9/never' });
  await loadCatalogFixture(t.database);
  tools = orderTools(t);
  Object.assign(ONEC, await exchangeCredentials(t));
});
afterAll(async () => {
  if (!HAVE) return;
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---------- the files, rewritten in memory ----------

/** windows-1251 both ways (the whole table, from the platform's decoder). */
const CP1251 = new TextDecoder('windows-1251');
const ENCODE = new Map([...Array(256).keys()].map((b) => [CP1251.decode(Uint8Array.of(b)), b]));
function cp1251(s: string): Buffer {
  return Buffer.from(
    [...s].map((c) => {
      const b = ENCODE.get(c);
      if (b === undefined) throw new Error(`no windows-1251 for ${c}`);
      return b;
    }),
  );
}

interface RealFile {
  /** Relative to the real fixtures' folder. */
  file: string;
  encoding: 'utf-8' | 'windows-1251';
  /** The name 1C sends it under. */
  name: string;
  /** 1C 8.3's exchange (CommerceML 3.x) asks to import the file it sent. */
  imports: boolean;
}
const FILES: Record<string, RealFile> = {
  ut11: { file: 'irpsv/bitrix-module-6/documents/1/documents.xml', encoding: 'utf-8', name: 'documents___1.xml', imports: true },
  offDoc: { file: 'irpsv/off-doc-1c/orders.xml', encoding: 'utf-8', name: 'orders.xml', imports: false },
  carono: { file: 'carono/orders.xml', encoding: 'windows-1251', name: 'orders.xml', imports: false },
};

/** The file with the documents numbered `from` given the portal's numbers (their Ид and Номер), in its own encoding. */
function mapped(f: RealFile, numbers: Record<string, string>): Buffer {
  const raw = fs.readFileSync(path.join(REAL, f.file));
  let text = new TextDecoder(f.encoding).decode(raw);
  const bom = text.startsWith('\uFEFF');
  if (bom) text = text.slice(1);
  for (const [from, to] of Object.entries(numbers)) {
    const before = text;
    text = text.replace(new RegExp(`<Ид>${from}</Ид>`, 'g'), `<Ид>${to}</Ид>`).replace(new RegExp(`<Номер>${from}</Номер>`, 'g'), `<Номер>${to}</Номер>`);
    if (text === before) throw new Error(`${f.file}: no document ${from}`);
  }
  return f.encoding === 'utf-8' ? Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf8') : cp1251(text);
}

/** The documents of a file (the order documents: ХозОперация 'Заказ товара' or none). */
function documentsOf(f: RealFile): { id: string; number: string }[] {
  const text = new TextDecoder(f.encoding).decode(fs.readFileSync(path.join(REAL, f.file)));
  return [...text.matchAll(/<Документ>([\s\S]*?)<\/Документ>/g)].map((m) => {
    const top = m[1]!.replace(/<Контрагенты>[\s\S]*?<\/Контрагенты>/, '').replace(/<Товары>[\s\S]*?<\/Товары>/, '');
    return { id: /<Ид>([^<]*)<\/Ид>/.exec(top)?.[1]?.trim() ?? '', number: /<Номер>([^<]*)<\/Номер>/.exec(top)?.[1]?.trim() ?? '' };
  });
}

// ---------- the exchange as 1C runs it ----------

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Orders placed by a reseller, their reservation jobs done (due for 1C). */
async function placeOrders(count: number) {
  const u = await t.user({ isVerified: true });
  await tools.setStock(4, 100);
  const placed = [];
  for (let i = 0; i < count; i++) placed.push(await tools.place(u.token, [[4, 1, 90]]));
  for (const o of placed)
    await waitFor(
      () => t.app.deps.queue.reservationJobs(o.id),
      (jobs) => jobs.length > 0 && jobs.every((j) => j.state === 'completed'),
      `the reservation jobs of ${o.id}`,
    );
  return { u, orders: placed };
}

/**
 * One exchange: checkauth, init, query (the due orders), success, the status file in parts of
 * file_limit, `mode=import` of it where 1C 8.3 asks. Answers the file's answers and the query's order numbers.
 */
async function exchange(f: RealFile, data: Buffer) {
  const cookie = await checkauth(t, ONEC.login, ONEC.secret, 'sale');
  const init = await call(t, 'type=sale&mode=init', { cookie });
  expect(init.lines[0]).toBe('zip=no');
  const limit = Number(/file_limit=(\d+)/.exec(init.text)?.[1]);
  expect(limit).toBeGreaterThan(0);
  const q = await call(t, 'type=sale&mode=query', { cookie });
  expect(q.status).toBe(200);
  const queried = [...q.text.matchAll(/<Номер>([^<]*)<\/Номер>/g)].map((m) => m[1]!);
  expect((await call(t, 'type=sale&mode=success', { cookie })).lines[0]).toBe('success');
  const answers = [];
  for (let i = 0; i < data.length; i += limit) {
    const r = await call(t, `type=sale&mode=file&filename=${encodeURIComponent(f.name)}`, { cookie, body: data.subarray(i, i + limit) });
    expect(r.status, r.text).toBe(200);
    answers.push(r.text);
  }
  if (f.imports) {
    const r = await call(t, `type=sale&mode=import&filename=${encodeURIComponent(f.name)}`, { cookie });
    expect(r.status, r.text).toBe(200);
    answers.push(r.text);
  }
  return { answers, queried };
}

const op = () => t.operator();
async function lastRun() {
  const list = await t.request('GET', '/api/v1/admin/onec/imports?page=1&per_page=1', { token: await op() });
  return list.body.data[0];
}
const orderOf = async (token: string, id: number) => (await t.request('GET', `/api/v1/orders/${id}`, { token })).body.data;
const statusSteps = (o: { history: { kind: string; from: string | null; to: string; note: string | null }[] }) =>
  o.history.filter((h) => h.kind === 'status').map((h) => [h.from, h.to, h.note]);

describe.skipIf(!HAVE)('real status files from 1C through /1c/exchange?type=sale', () => {
  test("УТ 11 documents.xml (CommerceML 3.1): three portal orders move as their documents say, 1C's own 17 are skipped as warnings, the same file again changes nothing", async () => {
    const f = FILES.ut11!;
    const docs = documentsOf(f);
    expect(docs).toHaveLength(20);
    const { u, orders } = await placeOrders(3);
    const [shipped, unposted, posted] = orders;
    // 320: posted and shipped (Отгружен, Номер/Дата отгрузки по 1С); 483: not posted; 492: posted, not shipped.
    const data = mapped(f, { '320': shipped!.number, '483': unposted!.number, '492': posted!.number });
    const { answers, queried } = await exchange(f, data);
    expect(queried.sort()).toEqual(orders.map((o) => o.number).sort());
    expect(
      answers.every((a) => a === 'success\n'),
      answers.join(' | '),
    ).toBe(true);

    const A = await orderOf(u.token, shipped!.id);
    expect(A).toMatchObject({ status: 'Delivered', reservation_number: 'L320' });
    expect(statusSteps(A)).toEqual([
      [null, 'New', null],
      ['New', 'Confirmed', '1С'],
      ['Confirmed', 'Complected', '1С'],
      ['Complected', 'Delivered', '1С: О0000000976 2017-08-04T12:22:01'],
    ]);
    expect(A.history).toContainEqual(expect.objectContaining({ kind: 'reservation', to: 'confirm', note: 'Номер резерву в 1С: L320' }));
    expect(await orderOf(u.token, unposted!.id)).toMatchObject({ status: 'New', reservation_number: 'K483' });
    const C = await orderOf(u.token, posted!.id);
    expect(C).toMatchObject({ status: 'Confirmed', reservation_number: 'K492' });
    expect(statusSteps(C)).toEqual([
      [null, 'New', null],
      ['New', 'Confirmed', '1С'],
    ]);

    const run = await lastRun();
    expect(run).toMatchObject({ status: 'done', files: [`sale/${f.name}`], warnings_count: 17 });
    expect(run.warnings.every((w: { key: string }) => w.key === 'sale_unknown_order')).toBe(true);
    expect(run.warnings[0].params).toEqual({ document: '482 (K482, 2017-08-04 07:33:56)' });
    expect(run.warnings[0].text).toBe(onecMessageText({ key: 'sale_unknown_order', params: { document: '482 (K482, 2017-08-04 07:33:56)' } }, 'uk'));

    // 1C resends its registered changes at the next exchange: nothing moves twice, no history repeats.
    const before = await Promise.all(orders.map((o) => orderOf(u.token, o.id)));
    const again = await exchange(f, data);
    expect(again.answers.every((a) => a === 'success\n')).toBe(true);
    expect(await Promise.all(orders.map((o) => orderOf(u.token, o.id)))).toEqual(before);
    console.log(
      `[real documents] ${f.file}: ${docs.length} documents, 3 mapped to portal orders (Delivered, New, Confirmed), ${run.warnings_count} skipped as warnings`,
    );
  });

  test("the example of 1C's documentation (off-doc-1c/orders.xml) and a windows-1251 orders.xml (carono): applied, unknown documents skipped, never a failure or a 500", async () => {
    // off-doc 92: Проведен, 'Номер по 1С' MM92, an unknown status 'Открыт'; 36: only the status '[N] Принят';
    // carono 20: the status '[F] Доставлен' (the goods left: Delivered; Done stays the carrier's).
    for (const [key, maps] of [
      [
        'offDoc',
        [
          ['92', { status: 'Confirmed', reservation_number: 'MM92' }],
          ['36', { status: 'Confirmed', reservation_number: null }],
        ],
      ],
      ['carono', [['20', { status: 'Delivered', reservation_number: null }]]],
    ] as const) {
      const f = FILES[key]!;
      const docs = documentsOf(f);
      // As it is (no portal order in it): every document skipped, the file accepted.
      const unmapped = await exchange(f, fs.readFileSync(path.join(REAL, f.file)));
      expect(unmapped.answers, f.file).toEqual(['success\n']);
      expect(await lastRun()).toMatchObject({ status: 'done', warnings_count: docs.length });

      const { u, orders } = await placeOrders(maps.length);
      const { answers } = await exchange(f, mapped(f, Object.fromEntries(maps.map(([doc], i) => [doc, orders[i]!.number]))));
      expect(answers, f.file).toEqual(['success\n']);
      const moved: string[] = [];
      for (const [i, [doc, expected]] of maps.entries()) {
        const got = await orderOf(u.token, orders[i]!.id);
        expect(got, `${f.file} ${doc}`).toMatchObject(expected);
        moved.push(`document ${doc} -> ${got.status}`);
      }
      const run = await lastRun();
      expect(run).toMatchObject({ status: 'done', warnings_count: docs.length - maps.length });
      console.log(`[real documents] ${f.file} (${f.encoding}): ${docs.length} documents, ${moved.join(', ')}, ${run.warnings_count} skipped as warnings`);
    }
  });
});
