/**
 * Nova Poshta's print service through the client (print.ts) against the built-in emulator's:
 * a real 100×100 mm PDF for its documents and the right key, one page per document in the order
 * asked; an HTML page (a refusal) for a wrong key, an unknown or a deleted document; an outage is
 * not a refusal.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { npEmulatorDocuments } from '../../db/schema/index.ts';
import { CarrierError, CarrierRefused, novaPoshtaClient } from './client.ts';
import { NP_EMULATOR_DEFAULT_KEY } from './emulator.ts';
import { fetchMarkings, markingUrl } from './print.ts';

let t: TestApp;
let base: string;
const docs = { a: '20450000000101', b: '20450000000102', gone: '20450000000103' };
const refA = randomUUID();
beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/emulators/novaposhta`;
  await t.database.db.insert(npEmulatorDocuments).values([
    { number: docs.a, ref: refA, costKop: 8000, codKop: 52050, path: [1] },
    { number: docs.b, ref: randomUUID(), costKop: 8000, path: [1] },
    { number: docs.gone, ref: randomUUID(), costKop: 8000, path: [1], deleted: true },
  ]);
});
afterAll(() => t.close());

const opts = (apiKey: string) => ({ base, apiKey, log: t.app.log });
async function pages(pdf: Uint8Array) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  const sizes = [];
  for (let i = 1; i <= doc.numPages; i++) sizes.push(((await doc.getPage(i)).view as number[]).slice(2).map((v) => Math.round(v * 100) / 100));
  return { text, sizes };
}

describe('the print service (printMarking100x100)', () => {
  test('the URL has the shape my.novaposhta.ua serves', () => {
    expect(markingUrl('https://my.novaposhta.ua/', ['20450000000101', '20450000000102'], 'k-1')).toBe(
      'https://my.novaposhta.ua/orders/printMarking100x100/orders[]/20450000000101,20450000000102/type/pdf/apiKey/k-1',
    );
  });

  test('the right key: one 100×100 mm page per document, in the order asked (numbers or refs), through the client', async () => {
    const client = novaPoshtaClient({ url: () => `${base}/v2.0/json/`, printUrl: () => base, apiKey: NP_EMULATOR_DEFAULT_KEY, log: t.app.log });
    const { text, sizes } = await pages(await client.printMarkings([docs.b, docs.a]));
    expect(sizes).toEqual([
      [283.46, 283.46],
      [283.46, 283.46],
    ]);
    expect(text[0]).toContain(docs.b);
    expect(text[1]).toContain(docs.a);
    expect(text[1]).toContain('520,50');
    const byRef = await pages(await fetchMarkings(opts(NP_EMULATOR_DEFAULT_KEY), [refA]));
    expect(byRef.text[0]).toContain(docs.a);
    // The other URL form NP serves answers the same.
    const res = await fetch(`${base}/orders/printMarking/100x100/orders/${docs.a}/type/pdf/apiKey/${NP_EMULATOR_DEFAULT_KEY}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
  });

  test("a wrong key: an HTML page, a refusal naming NP's reason", async () => {
    const err = await fetchMarkings(opts('not-the-key'), [docs.a]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CarrierRefused);
    expect((err as CarrierRefused).refusals[0]!.text).toContain('невірний API ключ');
    const res = await fetch(markingUrl(base, [docs.a], 'not-the-key'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  test('a document it does not know, or a deleted one: refused (even beside a known one)', async () => {
    for (const asked of [['20459999999999'], [docs.a, '20459999999999'], [docs.gone]]) {
      const err = await fetchMarkings(opts(NP_EMULATOR_DEFAULT_KEY), asked).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CarrierRefused);
      expect((err as CarrierRefused).refusals[0]!.text).toContain('не знайдено');
    }
  });

  test('200 documents in one call (one page each)', async () => {
    const many = Array.from({ length: 200 }, (_, i) => `2045777${String(i).padStart(7, '0')}`);
    await t.database.db.insert(npEmulatorDocuments).values(many.map((number) => ({ number, ref: randomUUID(), costKop: 8000, path: [1] })));
    const { text } = await pages(await fetchMarkings(opts(NP_EMULATOR_DEFAULT_KEY), many));
    expect(text).toHaveLength(200);
    expect(text[199]).toContain(many[199]);
  });

  test('nobody answering is an outage, not a refusal', async () => {
    const err = await fetchMarkings({ base: 'http://127.0.0.1:9', apiKey: 'k', log: t.app.log, timeoutMs: 2000 }, [docs.a]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CarrierError);
    expect(err).not.toBeInstanceOf(CarrierRefused);
  });
});
