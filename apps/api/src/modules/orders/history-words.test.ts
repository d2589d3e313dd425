import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools, PNG } from '../../test/orders.ts';

/**
 * Issue 26, point 4: an order's history reads as sentences in uk and ru, for the reseller and
 * the back office: no reservation system names ('embedded', 'commerceml'), no document type ids
 * ('waybill'), no English notes ('cash on delivery received', 'waiting for 1C'), new rows and the
 * old free-text rows alike.
 */
let t: TestApp;
let op: string;
let tools: ReturnType<typeof orderTools>;
beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0, trackingIntervalSeconds: 3600 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
});
afterAll(() => t.close());

const RAW = [
  /embedded/i,
  /commerceml/i,
  /onec-http/i,
  /waybill/i,
  /invoice/i,
  /cash on delivery/i,
  /waiting for/i,
  /received version/i,
  /due for export/i,
  /cod_received/i,
];

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('order history in words', () => {
  test('reservation, a waybill document, COD settlement and 1C steps read as sentences in uk and ru, for the reseller and the back office', async () => {
    await tools.setStock(4, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[4, 1, 80]], { payment_method: 'COD' });
    const view = (lang: string, token = u.token, url = `/api/v1/orders/${o.id}`) => t.request('GET', url, { token, headers: { 'x-localization': lang } });
    // The embedded reservation lands in the history.
    await waitFor(
      async () => (await view('uk')).body.data.history,
      (h: any[]) => h.some((e) => e.kind === 'reservation' && e.to === 'create'),
      'the reservation',
    );
    expect((await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: u.token })).status).toBe(200);
    // A waybill document.
    const up = await tools.upload(u.token, { order_id: String(o.id), type: 'waybill' }, { name: 'receipt.png', content: PNG });
    expect(up.status, JSON.stringify(up.body)).toBeLessThan(300);
    // Through to Done by hand: a cash order is settled as the carrier's report would.
    for (const status of ['Complected', 'Delivered', 'Done']) {
      const r = await t.request('POST', `/api/v1/admin/orders/${o.id}/status`, { token: op, body: { status } });
      expect(r.status, `${status}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    // 1C's steps as the CommerceML exchange writes them (and rows written before this change).
    await t.database.db.execute(sql`INSERT INTO order_history (order_id, kind, to_value, note) VALUES
      (${o.id}, 'reservation', 'create', 'commerceml: waiting for 1C'),
      (${o.id}, 'reservation', 'export', 'commerceml: 1C received version 2'),
      (${o.id}, 'reservation', 'cancel', 'commerceml: due for export to 1C (version 3)'),
      (${o.id}, 'reservation', 'confirm', 'commerceml: ЦБ-000101'),
      (${o.id}, 'reservation_error', 'create', 'embedded: QuantityIsLessRemains'),
      (${o.id}, 'payment_status', 'Paid', 'cash on delivery received'),
      (${o.id}, 'ttn', '20450000111222', '1С'),
      (${o.id}, 'document', 'removed', 'invoice: рахунок.pdf')`);

    const notes: Record<string, string[]> = {};
    for (const lang of ['uk', 'ru']) {
      for (const [who, token, url] of [
        ['reseller', u.token, `/api/v1/orders/${o.id}`],
        ['back office', op, `/api/v1/admin/orders/${o.id}`],
      ] as const) {
        const r = await view(lang, token, url);
        expect(r.status, `${who} ${lang}`).toBe(200);
        const history = r.body.data.history as { kind: string; to: string | null; note: string | null }[];
        const texts = history.map((h) => h.note).filter((n): n is string => n !== null);
        for (const text of texts) for (const raw of RAW) expect(text, `${who} ${lang}: ${text}`).not.toMatch(raw);
        if (who === 'reseller') notes[lang] = texts;
        else expect(texts, `the back office reads what the reseller reads (${lang})`).toEqual(notes[lang]);
      }
    }
    expect(notes.uk).toEqual(
      expect.arrayContaining([
        `Номер резерву: E-${o.number}`,
        'Накладна «receipt.png»',
        'Покупець оплатив накладений платіж',
        'Замовлення чекає, поки 1С його забере',
        '1С отримала замовлення (версія 2)',
        'Зміни буде передано до 1С (версія 3)',
        'Номер резерву в 1С: ЦБ-000101',
        'QuantityIsLessRemains',
        'Номер ТТН надійшов з 1С',
        'Рахунок «рахунок.pdf»',
      ]),
    );
    expect(notes.ru).toEqual(
      expect.arrayContaining([
        `Номер резерва: E-${o.number}`,
        'Накладная «receipt.png»',
        'Покупатель оплатил наложенный платёж',
        'Заказ ждёт, пока 1С его заберёт',
        '1С получила заказ (версия 2)',
        'Изменения будут переданы в 1С (версия 3)',
        'Номер резерва в 1С: ЦБ-000101',
        'Номер ТТН получен из 1С',
        'Счёт «рахунок.pdf»',
      ]),
    );
    // The COD settlement is written twice above (now and as an old row): both read the same.
    expect(notes.ru!.filter((n) => n === 'Покупатель оплатил наложенный платёж')).toHaveLength(2);
  });
});
