import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { onecMessageText, translate } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools } from '../../test/orders.ts';
import { TEST_OPERATOR } from '../../test/config.ts';
import { saleFile, saleQuery, saleSuccess } from './sale.service.ts';
import { child, children, documentComplete, escapeXml, parseXmlTree, textOf, type XmlNode } from './sale-xml.ts';
import { FILE_LIMIT } from './exchange-session.ts';
import { exchangeCredentials } from './test-kit.ts';

/**
 * The CommerceML sale exchange with RESERVATION_SYSTEM=commerceml. A local HTTP server stands
 * where a pushed-to 1C would be (ONEC_URL): it must never be called.
 */
let t: TestApp;
let tools: ReturnType<typeof orderTools>;
let onec: http.Server;
let pushes = 0;

beforeAll(async () => {
  onec = http.createServer((_req, res) => {
    pushes++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ reservation: 'PUSHED' }));
  });
  await new Promise<void>((r) => onec.listen(0, '127.0.0.1', () => r()));
  t = await buildTestApp({ reservationSystem: 'commerceml', onecUrl: `http://127.0.0.1:${(onec.address() as AddressInfo).port}/hs/drop` });
  await loadCatalogFixture(t.database);
  tools = orderTools(t);
});
afterAll(async () => {
  await t.close();
  onec.closeAllConnections();
  await new Promise((r) => onec.close(r));
});

const db = () => t.database.db;
const deps = () => t.app.deps;

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(q)) as unknown as { rows: T[] }).rows;
}
const onecOf = async (id: number) =>
  (
    await rows<{ onec_revision: number | null; onec_exported_revision: number | null; onec_state: string | null }>(
      sql`SELECT onec_revision, onec_exported_revision, onec_state FROM orders WHERE id = ${id}`,
    )
  )[0]!;

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** The order's reservation jobs have all run (the commerceml job marks it for the exchange). */
const jobsDone = (orderId: number) =>
  waitFor(
    () => deps().queue.reservationJobs(orderId),
    (jobs) => jobs.length > 0 && jobs.every((j) => j.state === 'completed'),
    `the reservation jobs of order ${orderId}`,
  );

interface Doc {
  node: XmlNode;
  id: string;
  number: string;
  sum: string;
  req: Record<string, string>;
  lines: { id: string; vendorCode: string; name: string; price: string; qty: string; sum: string; unit: XmlNode }[];
}
const reqOf = (n: XmlNode | undefined) =>
  Object.fromEntries(
    children(
      child(n ?? { name: '', attrs: {}, text: '', children: [] }, 'ЗначенияРеквизитов') ?? { name: '', attrs: {}, text: '', children: [] },
      'ЗначениеРеквизита',
    ).map((r) => [textOf(child(r, 'Наименование')), textOf(child(r, 'Значение'))]),
  );

/** mode=query, read back with a strict XML parser. */
async function query(): Promise<{ root: XmlNode; docs: Doc[]; raw: string }> {
  const buf = await saleQuery(db(), deps());
  expect(Buffer.isBuffer(buf)).toBe(true);
  const raw = buf.toString('utf8');
  const root = parseXmlTree(raw);
  expect(root.name).toBe('КоммерческаяИнформация');
  expect(root.attrs.ВерсияСхемы).toBe('2.10');
  const docs = children(root, 'Документ').map((d) => ({
    node: d,
    id: textOf(child(d, 'Ид')),
    number: textOf(child(d, 'Номер')),
    sum: textOf(child(d, 'Сумма')),
    req: reqOf(d),
    lines: children(child(d, 'Товары')!, 'Товар').map((l) => ({
      id: textOf(child(l, 'Ид')),
      vendorCode: textOf(child(l, 'Артикул')),
      name: textOf(child(l, 'Наименование')),
      price: textOf(child(l, 'ЦенаЗаЕдиницу')),
      qty: textOf(child(l, 'Количество')),
      sum: textOf(child(l, 'Сумма')),
      unit: child(l, 'БазоваяЕдиница')!,
    })),
  }));
  return { root, docs, raw };
}
const numbers = (docs: Doc[]) => docs.map((d) => d.number).sort();
/** Whatever earlier tests left due goes out first, so each test sees only its own orders. */
async function flush() {
  await query();
  await saleSuccess(db(), deps());
}

/** A 1C upload: one Документ per order with its requisites. */
function upload(docs: { number: string; req: [string, string][]; operation?: string }[], encoding = 'UTF-8'): string {
  const body = docs
    .map(
      (d) =>
        `<Документ><Ид>${escapeXml(d.number)}</Ид><Номер>${escapeXml(d.number)}</Номер><Дата>2026-01-10</Дата><ХозОперация>${d.operation ?? 'Заказ товара'}</ХозОперация><Роль>Продавец</Роль><Валюта>UAH</Валюта>` +
        `<ЗначенияРеквизитов>${d.req.map(([n, v]) => `<ЗначениеРеквизита><Наименование>${escapeXml(n)}</Наименование><Значение>${escapeXml(v)}</Значение></ЗначениеРеквизита>`).join('')}</ЗначенияРеквизитов></Документ>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="${encoding}"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10" ДатаФормирования="2026-01-10T12:00:00">${body}</КоммерческаяИнформация>`;
}
const file = (xml: string | Buffer, name = 'orders.xml') => saleFile(db(), deps(), name, Buffer.isBuffer(xml) ? xml : Buffer.from(xml, 'utf8'));

/** windows-1251, as 1C writes it by default (ASCII and the Cyrillic letters used here). */
function cp1251(s: string): Buffer {
  const extra: Record<string, number> = { Ё: 0xa8, ё: 0xb8, І: 0xb2, і: 0xb3, Ї: 0xaf, ї: 0xbf, Є: 0xaa, є: 0xba, '№': 0xb9 };
  return Buffer.from(
    [...s].map((c) => {
      const code = c.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (extra[c] !== undefined) return extra[c];
      throw new Error(`no cp1251 for ${c}`);
    }),
  );
}

/** Everything saleFile could touch, to show a refused or repeated file changed nothing. */
async function snapshot(orderIds: number[], userIds: number[]) {
  return {
    orders: await rows(sql`SELECT * FROM orders WHERE id IN ${sql.raw(`(${orderIds.join(',')})`)} ORDER BY id`),
    history: await rows(
      sql`SELECT id, order_id, kind, from_value, to_value, note FROM order_history WHERE order_id IN ${sql.raw(`(${orderIds.join(',')})`)} ORDER BY id`,
    ),
    operations: await rows(
      sql`SELECT id, user_id, amount_kop, idempotency_key FROM operations WHERE user_id IN ${sql.raw(`(${userIds.join(',')})`)} ORDER BY id`,
    ),
    stock: await rows(sql`SELECT id, qty, reserved FROM products ORDER BY id`),
  };
}

/** Our fixture of an УТ 11 status upload (fixtures/sale/ut11-documents.xml) with the portal orders' numbers in it. */
function ut11(n: { A: string; B: string; C: string; D: string }): string {
  const xml = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'sale', 'ut11-documents.xml'), 'utf8');
  return xml.replace(/\{\{([ABCD])\}\}/g, (_m, k: 'A' | 'B' | 'C' | 'D') => n[k]);
}

/** Orders placed and given to 1C (queried and confirmed), as the exchange knows them. */
async function exported(token: string, count: number, over: Record<string, unknown>[] = []) {
  const placed = [];
  for (let i = 0; i < count; i++) placed.push(await tools.place(token, [[4, 1, 90]], over[i] ?? {}));
  for (const o of placed) await jobsDone(o.id);
  await query();
  await saleSuccess(db(), deps());
  return placed;
}

const seedBalance = async (userId: number, kop: number) =>
  db().execute(
    sql`INSERT INTO operations (user_id, type, amount_kop, balance_kop, description_uk, description_ru, idempotency_key) VALUES (${userId}, 'correction', ${kop}, ${kop}, 'x', 'x', ${`seed:${userId}`})`,
  );

describe('mode=query and mode=success', () => {
  test('orders go out once per confirmed exchange: repeated query, an order placed before success, an empty answer, a cancellation sent again', async () => {
    await flush();
    await tools.setStock(1, 20);
    await tools.setStock(4, 20);
    // A product from the 1C catalogue goes under its 1C Ид, the others under their b2b code.
    await db().execute(sql`UPDATE products SET external_id = 'a1b2c3d4-0000-1111-2222-333344445555' WHERE id = 1`);
    const u = await t.user({ isVerified: true, name: 'ФОП Петренко & Ко <Опт>' });
    const o1 = await tools.place(u.token, [
      [1, 2, 160],
      [4, 3, 85.5],
    ]);
    const o2 = await tools.place(u.token, [[4, 1, 90]], { comment: 'Ціна "як домовлялись" <терміново> & дзвонити \u0001' });
    await jobsDone(o1.id);
    await jobsDone(o2.id);
    expect((await onecOf(o1.id)).onec_revision).toBe(1);
    const history = (await t.request('GET', `/api/v1/orders/${o1.id}`, { token: u.token })).body.data.history;
    expect(history).toContainEqual(expect.objectContaining({ kind: 'reservation', to: 'create', note: 'Замовлення чекає, поки 1С його забере' }));

    const q1 = await query();
    expect(numbers(q1.docs)).toEqual([o1.number, o2.number].sort());
    const d1 = q1.docs.find((d) => d.number === o1.number)!;
    expect(d1.id).toBe(o1.number);
    expect(textOf(child(d1.node, 'ХозОперация'))).toBe('Заказ товара');
    expect(textOf(child(d1.node, 'Роль'))).toBe('Продавец');
    expect(textOf(child(d1.node, 'Валюта'))).toBe('UAH');
    expect(textOf(child(d1.node, 'Дата'))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(textOf(child(d1.node, 'Время'))).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(d1.sum).toBe(o1.calculations.wholesale_sum.toFixed(2));
    expect(d1.sum).toMatch(/^\d+\.\d{2}$/);
    const buyer = child(child(d1.node, 'Контрагенты')!, 'Контрагент')!;
    expect(textOf(child(buyer, 'Наименование'))).toBe('ФОП Петренко & Ко <Опт>');
    expect(textOf(child(buyer, 'Роль'))).toBe('Покупатель');
    expect(children(child(buyer, 'Контакты')!, 'Контакт').map((c) => textOf(child(c, 'Значение')))).toContain(u.email);
    expect(d1.lines).toHaveLength(2);
    for (const [i, l] of o1.products.entries()) {
      const x = d1.lines[i]!;
      expect(x.id).toBe(l.product_id === 1 ? 'a1b2c3d4-0000-1111-2222-333344445555' : String(l.b2b_code_id));
      expect(x.vendorCode).toBe(l.vendor_code);
      expect(x.name).toBe(l.name);
      expect(x.price).toBe(l.drop_price.toFixed(2));
      expect(x.qty).toBe(String(l.qty));
      expect(x.sum).toBe((l.drop_price * l.qty).toFixed(2));
      expect(x.unit.text).toBe('шт');
      expect(x.unit.attrs.Код).toBe('796');
    }
    const linesTotal = d1.lines.reduce((a, l) => a + Math.round(Number(l.sum) * 100), 0);
    expect(linesTotal).toBe(Math.round(Number(d1.sum) * 100));
    expect(d1.req).toMatchObject({
      'Статус заказа': 'Нове',
      Отменен: 'false',
      'Метод оплаты': 'Накладений платіж',
      'Способ доставки': 'У відділення',
      'Служба доставки': 'Нова Пошта',
      Город: 'Київ',
      Отделение: 'Відділення №1',
      'Комментарий покупателя': 'Дзвонити після 18:00',
      Получатель: 'Коваленко Олена Петрівна',
      'Телефон получателя': o1.phone,
      'Сумма наложенного платежа': o1.calculations.retail_sum.toFixed(2),
    });
    expect(textOf(child(d1.node, 'Комментарий'))).toContain('Коваленко Олена Петрівна');
    // Markup characters are escaped; a control character XML cannot carry is dropped.
    expect(q1.docs.find((d) => d.number === o2.number)!.req['Комментарий покупателя']).toBe('Ціна "як домовлялись" <терміново> & дзвонити');

    // 1C lost the answer: the same orders again.
    const q2 = await query();
    expect(numbers(q2.docs)).toEqual(numbers(q1.docs));

    // Placed after the query, before the success: not marked, comes next time.
    const o3 = await tools.place(u.token, [[4, 2, 90]]);
    await jobsDone(o3.id);
    await saleSuccess(db(), deps());
    expect(await onecOf(o1.id)).toMatchObject({ onec_revision: 1, onec_exported_revision: 1, onec_state: 'New/NotPaid/0' });
    expect(await onecOf(o2.id)).toMatchObject({ onec_exported_revision: 1 });
    expect(await onecOf(o3.id)).toMatchObject({ onec_revision: 1, onec_exported_revision: null });
    // The batch confirmed is the second query's (the first one, superseded, is gone), with each order's version.
    const batches = await rows<{ orders: unknown; confirmed_at: Date | null }>(sql`SELECT orders, confirmed_at FROM onec_sale_batches ORDER BY id`);
    const last = batches[batches.length - 1]!;
    const lastOrders = (typeof last.orders === 'string' ? JSON.parse(last.orders) : last.orders) as { id: number; revision: number }[];
    expect(lastOrders.map((x) => [x.id, x.revision])).toEqual([
      [o1.id, 1],
      [o2.id, 1],
    ]);
    expect(last.confirmed_at).not.toBeNull();
    expect(batches.filter((b) => b.confirmed_at === null)).toEqual([]);
    // A second success (nothing queried since) changes nothing.
    await saleSuccess(db(), deps());
    expect(await onecOf(o3.id)).toMatchObject({ onec_exported_revision: null });

    const q3 = await query();
    expect(numbers(q3.docs)).toEqual([o3.number]);
    await saleSuccess(db(), deps());

    const q4 = await query();
    expect(q4.docs).toEqual([]);
    expect(q4.root.children).toEqual([]);
    await saleSuccess(db(), deps());

    // The reseller cancels after 1C got the order: it is sent again, cancelled.
    const c = await t.request('DELETE', `/api/v1/orders/${o1.id}`, { token: u.token });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    await waitFor(
      () => onecOf(o1.id),
      (r) => r.onec_revision === 2,
      'the cancellation marked for 1C',
    );
    const q5 = await query();
    expect(numbers(q5.docs)).toEqual([o1.number]);
    expect(q5.docs[0]!.req).toMatchObject({ 'Статус заказа': 'Скасоване', Отменен: 'true', 'Версия заказа': '2' });
    await saleSuccess(db(), deps());
    expect(await onecOf(o1.id)).toMatchObject({ onec_revision: 2, onec_exported_revision: 2, onec_state: 'Canceled/NotPaid/0' });
    expect((await query()).docs).toEqual([]);
    await saleSuccess(db(), deps());
    const after = (await t.request('GET', `/api/v1/orders/${o1.id}`, { token: u.token })).body.data.history;
    expect(after.filter((h: any) => h.kind === 'reservation' && h.to === 'export').map((h: any) => h.note)).toEqual([
      '1С отримала замовлення (версія 1)',
      '1С отримала замовлення (версія 2)',
    ]);
    expect(after).toContainEqual(expect.objectContaining({ kind: 'reservation', to: 'cancel', note: 'Зміни буде передано до 1С (версія 2)' }));
    expect(pushes).toBe(0);
  });

  test('an order edited while its first export is unconfirmed goes out again with the new lines', async () => {
    await flush();
    await tools.setStock(4, 20);
    await tools.setStock(5, 20);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[4, 1, 90]]);
    await jobsDone(o.id);
    const q1 = await query();
    expect(q1.docs.map((d) => d.lines.length)).toEqual([1]);
    const { id: _id, number: _n, status: _s, ...rest } = o;
    const put = await t.request('PUT', `/api/v1/orders/${o.id}`, {
      token: u.token,
      body: {
        last_name: rest.last_name,
        first_name: rest.first_name,
        middle_name: rest.middle_name,
        phone: rest.phone,
        delivery_service: rest.delivery_service,
        delivery_method: rest.delivery_method,
        delivery_type: rest.delivery_type,
        payment_delivery: rest.payment_delivery,
        payment_method: rest.payment_method,
        city_ref: rest.delivery.city_ref,
        city_name: rest.delivery.city_name,
        branch_ref: rest.delivery.branch_ref,
        branch_name: rest.delivery.branch_name,
        products: [
          { product_id: 4, qty: 2, retail_price: 90 },
          { product_id: 5, qty: 1, retail_price: 95 },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await waitFor(
      () => onecOf(o.id),
      (r) => r.onec_revision === 2,
      'the edit marked for 1C',
    );
    // The success confirms what 1C got (version 1); the edit stays due.
    await saleSuccess(db(), deps());
    expect(await onecOf(o.id)).toMatchObject({ onec_revision: 2, onec_exported_revision: 1 });
    const q2 = await query();
    expect(q2.docs).toHaveLength(1);
    expect(q2.docs[0]!.lines.map((l) => [l.qty])).toEqual([['2'], ['1']]);
    expect(q2.docs[0]!.sum).toBe(put.body.data.calculations.wholesale_sum.toFixed(2));
    await saleSuccess(db(), deps());
    expect(await onecOf(o.id)).toMatchObject({ onec_exported_revision: 2, onec_state: 'New/NotPaid/1' });
  });
});

describe('mode=file', () => {
  test('1C confirms (with its number), ships with a waybill and cancels; money follows; the same files again change nothing', async () => {
    await flush();
    await tools.setStock(1, 20);
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true, balanceKop: 100_000 });
    await seedBalance(u.id, 100_000);
    const a = await tools.place(u.token, [[4, 1, 90]]);
    const b = await tools.place(u.token, [[1, 1, 160]], { payment_method: 'Balance' });
    const c = await tools.place(u.token, [[4, 2, 90]]);
    for (const o of [a, b, c]) await jobsDone(o.id);
    expect(numbers((await query()).docs)).toEqual([a.number, b.number, c.number].sort());
    await saleSuccess(db(), deps());
    const wholesaleB = Math.round(b.calculations.wholesale_sum * 100);

    const confirmShip = upload([
      {
        number: a.number,
        req: [
          ['Проведен', 'true'],
          ['Номер по 1С', 'ЦБ-000101'],
          ['Статус заказа', 'К обеспечению'],
        ],
      },
      {
        number: b.number,
        req: [
          ['Проведен', 'true'],
          ['Номер по 1С', 'ЦБ-000102'],
        ],
      },
      {
        number: c.number,
        req: [
          ['Проведен', 'true'],
          ['Статус заказа', '[F] Відвантажено'],
          ['Номер ТТН', '20450000000001'],
        ],
      },
    ]);
    expect(await file(confirmShip)).toEqual({ moved: 3, warnings: [] });
    const get = async (id: number) => (await t.request('GET', `/api/v1/orders/${id}`, { token: u.token })).body.data;
    const A = await get(a.id);
    expect(A).toMatchObject({ status: 'Confirmed', reservation_number: 'ЦБ-000101', payment_status: 'NotPaid' });
    expect(A.history).toContainEqual(expect.objectContaining({ kind: 'status', from: 'New', to: 'Confirmed', note: '1С', actor: null }));
    expect(A.history).toContainEqual(expect.objectContaining({ kind: 'reservation', to: 'confirm', note: 'Номер резерву в 1С: ЦБ-000101' }));
    const B = await get(b.id);
    expect(B).toMatchObject({ status: 'Confirmed', payment_status: 'PaidFromBalance', reservation_number: 'ЦБ-000102' });
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 100_000 - wholesaleB, ledgerKop: 100_000 - wholesaleB });
    const C = await get(c.id);
    expect(C).toMatchObject({ status: 'Delivered', ttn: '20450000000001', delivery_status: 'CreatedTTN' });
    expect(C.history.filter((h: any) => h.kind === 'status').map((h: any) => h.to)).toEqual(['New', 'Confirmed', 'Complected', 'Delivered']);
    expect(C.history).toContainEqual(expect.objectContaining({ kind: 'ttn', to: '20450000000001' }));
    // Delivered: the goods left the warehouse, no longer held in reserve.
    expect(await tools.stock(4)).toEqual({ qty: 20 - 1 - 2, reserved: 1 });
    // The reseller hears of it (the change was not theirs).
    const notes = await rows<{ kind: string }>(sql`SELECT kind FROM notifications WHERE user_id = ${u.id}`);
    expect(notes.filter((n) => n.kind === 'order_status').length).toBeGreaterThanOrEqual(3);

    const before = await snapshot([a.id, b.id, c.id], [u.id]);
    expect(await file(confirmShip)).toEqual({ moved: 0, warnings: [] });
    expect(await snapshot([a.id, b.id, c.id], [u.id])).toEqual(before);

    // 1C cancels the balance-paid order: refunded exactly once, also when the file comes twice.
    const cancel = upload([
      {
        number: b.number,
        req: [
          ['Отменен', 'true'],
          ['Номер по 1С', 'ЦБ-000102'],
        ],
      },
    ]);
    expect(await file(cancel)).toEqual({ moved: 1, warnings: [] });
    expect(await get(b.id)).toMatchObject({ status: 'Canceled', payment_status: 'NotPaid' });
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 100_000, ledgerKop: 100_000 });
    expect(await file(cancel)).toEqual({ moved: 0, warnings: [] });
    const ops = await rows<{ key: string; amount: string }>(
      sql`SELECT idempotency_key AS key, amount_kop AS amount FROM operations WHERE operationable_type = 'order' AND operationable_id = ${b.id} ORDER BY id`,
    );
    expect(ops.map((o) => [o.key, Number(o.amount)])).toEqual([
      [`order:${b.id}:balance`, -wholesaleB],
      [`order:${b.id}:cancel-refund`, wholesaleB],
    ]);
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 100_000, ledgerKop: 100_000 });
    // 1C's own cancellation is not sent back to it (the CancelReserveJob it caused finds 1C's state).
    await jobsDone(b.id);
    expect(await onecOf(b.id)).toMatchObject({ onec_revision: 1, onec_exported_revision: 1, onec_state: 'Canceled/NotPaid/0' });
    expect((await query()).docs).toEqual([]);
    await saleSuccess(db(), deps());
    // Cancelling a delivered order is not 1C's to do: kept in the history once, the file accepted.
    const late = upload([{ number: c.number, req: [['Отменен', 'true']] }]);
    const refusedLate = {
      moved: 0,
      warnings: [
        {
          key: 'sale_step_refused',
          params: {
            order: c.number,
            reason: 'TransitionNotAllowed',
            reason_uk: 'Цю дію вже не можна виконати',
            reason_ru: 'Это действие уже невозможно выполнить',
          },
        },
      ],
    };
    expect(await file(late)).toEqual(refusedLate);
    expect(await file(late)).toEqual(refusedLate);
    const cHistory = (await get(c.id)).history;
    expect(cHistory.filter((h: any) => h.kind === 'reservation_error')).toEqual([expect.objectContaining({ to: 'cancel', note: 'TransitionNotAllowed' })]);
    expect(pushes).toBe(0);
  });

  test('not enough balance to confirm: the order stays New, the refusal is in its history once, the number is kept', async () => {
    await flush();
    await tools.setStock(1, 20);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[1, 1, 160]], { payment_method: 'Balance' });
    await jobsDone(o.id);
    await query();
    await saleSuccess(db(), deps());
    const doc = upload([
      {
        number: o.number,
        req: [
          ['Проведен', 'true'],
          ['Номер по 1С', 'ЦБ-7'],
        ],
      },
    ]);
    const refused = {
      moved: 0,
      warnings: [
        {
          key: 'sale_step_refused',
          params: { order: o.number, reason: 'InsufficientBalance', reason_uk: 'Недостатньо коштів на балансі', reason_ru: 'Недостаточно средств на балансе' },
        },
      ],
    };
    expect(await file(doc)).toEqual(refused);
    expect(await file(doc)).toEqual(refused);
    const d = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data;
    expect(d).toMatchObject({ status: 'New', payment_status: 'NotPaid', reservation_number: 'ЦБ-7' });
    expect(d.history.filter((h: any) => h.kind === 'reservation_error')).toEqual([expect.objectContaining({ to: 'confirm', note: 'InsufficientBalance' })]);
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 0, ledgerKop: 0 });
  });

  test("an order of 1C's own, or a document without Ид and Номер, is skipped with a warning; the rest applies, the same file twice changes nothing", async () => {
    await flush();
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true });
    const never = await tools.place(u.token, [[4, 1, 90]]);
    await jobsDone(never.id);
    const [a, b] = await exported(u.token, 2);
    // An order placed under another reservation system is not the exchange's either.
    await db().execute(sql`UPDATE orders SET onec_revision = NULL, onec_exported_revision = NULL WHERE id = ${never.id}`);
    const xml = upload([
      {
        number: '482',
        req: [
          ['Проведен', 'true'],
          ['Номер по 1С', 'ЦБ-000482'],
        ],
      },
      {
        number: a!.number,
        req: [
          ['Проведен', 'true'],
          ['Номер по 1С', 'ЦБ-000601'],
        ],
      },
      { number: never.number, req: [['Отменен', 'true']] },
      { number: '', req: [['Проведен', 'true']] },
      { number: b!.number, req: [['Отменен', 'true']] },
    ]);
    const warnings = [
      { key: 'sale_unknown_order', params: { document: '482 (2026-01-10)' } },
      { key: 'sale_unknown_order', params: { document: `${never.number} (2026-01-10)` } },
      { key: 'sale_document_without_id', params: { index: 4 } },
    ];
    expect(await file(xml)).toEqual({ moved: 2, warnings });
    const get = async (id: number) => (await t.request('GET', `/api/v1/orders/${id}`, { token: u.token })).body.data;
    expect(await get(a!.id)).toMatchObject({ status: 'Confirmed', reservation_number: 'ЦБ-000601' });
    expect(await get(b!.id)).toMatchObject({ status: 'Canceled' });
    expect(await get(never.id)).toMatchObject({ status: 'New', reservation_number: null });
    // 1C sends its registered changes again at every exchange: no second history entry, no second move.
    const before = await snapshot([a!.id, b!.id, never.id], [u.id]);
    expect(await file(xml)).toEqual({ moved: 0, warnings });
    expect(await snapshot([a!.id, b!.id, never.id], [u.id])).toEqual(before);
    const A = await get(a!.id);
    expect(A.history.filter((h: any) => h.kind === 'status').map((h: any) => h.to)).toEqual(['New', 'Confirmed']);
    expect(A.history.filter((h: any) => h.kind === 'reservation' && h.to === 'confirm')).toHaveLength(1);
  });

  test("what УТ 11 writes: Номер1С, Отгружен (to Delivered step by step), ПометкаУдаления as an element, the paid-Card rule, 1C's own order skipped", async () => {
    await flush();
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true });
    const [a, b, c, d] = await exported(u.token, 4, [{}, {}, {}, { payment_method: 'Card' }]);
    const xml = ut11({ A: a!.number, B: b!.number, C: c!.number, D: d!.number });
    const r = await file(xml);
    expect(r.moved).toBe(3);
    expect(r.warnings).toEqual([
      { key: 'sale_unknown_order', params: { document: '482 (ЦБ-000482, 2026-01-11 07:33:56)' } },
      {
        key: 'sale_step_refused',
        params: { order: d!.number, reason: 'OrderNotPaid', reason_uk: translate('order_not_paid', 'uk'), reason_ru: translate('order_not_paid', 'ru') },
      },
      { key: 'sale_document_without_id', params: { index: 6 } },
    ]);
    expect(onecMessageText(r.warnings[1]!, 'uk')).toBe(
      `Замовлення ${d!.number}: зміну від 1С не застосовано: ${translate('order_not_paid', 'uk')} (OrderNotPaid); записано в історію замовлення`,
    );
    expect(onecMessageText(r.warnings[1]!, 'ru')).toBe(
      `Заказ ${d!.number}: изменение из 1С не применено: ${translate('order_not_paid', 'ru')} (OrderNotPaid); записано в историю заказа`,
    );
    const get = async (id: number) => (await t.request('GET', `/api/v1/orders/${id}`, { token: u.token })).body.data;
    // Posted and shipped: New -> Confirmed -> Complected -> Delivered, each step in the history; 1C's number, trimmed.
    // (The buyer's deletion mark and a line's requisite are not the document's.)
    const A = await get(a!.id);
    expect(A).toMatchObject({ status: 'Delivered', reservation_number: 'ЦБ-000320' });
    const steps = A.history.filter((h: any) => h.kind === 'status').map((h: any) => [h.from, h.to, h.note]);
    expect(steps).toEqual([
      [null, 'New', null],
      ['New', 'Confirmed', '1С'],
      ['Confirmed', 'Complected', '1С'],
      ['Complected', 'Delivered', '1С: РН-0000976 2026-01-11T12:22:01'],
    ]);
    expect(A.history).toContainEqual(expect.objectContaining({ kind: 'reservation', to: 'confirm', note: 'Номер резерву в 1С: ЦБ-000320' }));
    // The deletion mark written as an element: cancelled (as the requisite ПометкаУдаления).
    expect(await get(b!.id)).toMatchObject({ status: 'Canceled', reservation_number: 'ЦБ-000321' });
    // Not posted: only 1C's number.
    expect(await get(c!.id)).toMatchObject({ status: 'New', reservation_number: 'ЦБ-000322' });
    // An unpaid Card order: confirmed (waiting for the invoice), never shipped by 1C; the refusal is in its history.
    const D = await get(d!.id);
    expect(D).toMatchObject({ status: 'Confirmed', payment_status: 'WaitPaid', reservation_number: 'ЦБ-000323' });
    expect(D.history.filter((h: any) => h.kind === 'reservation_error')).toEqual([expect.objectContaining({ to: 'status', note: 'OrderNotPaid' })]);
    // Four placed; A delivered: its goods no longer held in reserve; B cancelled: its goods back in stock.
    expect(await tools.stock(4)).toEqual({ qty: 20 - 4 + 1, reserved: 4 - 1 - 1 });

    const ids = [a!.id, b!.id, c!.id, d!.id];
    const before = await snapshot(ids, [u.id]);
    expect(await file(xml)).toEqual({ moved: 0, warnings: r.warnings });
    expect(await snapshot(ids, [u.id])).toEqual(before);

    // Paid later: the next exchange (the same registered changes) ships it.
    const paid = await t.request('POST', `/api/v1/admin/orders/${d!.id}/payment`, {
      token: await t.operator(),
      body: { payment_status: 'Paid' },
      headers: { 'idempotency-key': `pay-${d!.id}` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await file(xml)).toMatchObject({ moved: 1 });
    const D2 = await get(d!.id);
    expect(D2.status).toBe('Delivered');
    expect(D2.history.filter((h: any) => h.kind === 'status').map((h: any) => h.to)).toEqual(['New', 'Confirmed', 'Complected', 'Delivered']);
  });

  test('an older 1C (КА/ERP, CommerceML 2.07) writes no Отгружен: Номер/Дата отгрузки по 1С tell the shipment (Delivered step by step); posted alone is Confirmed', async () => {
    await flush();
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true });
    const [a, b, c] = await exported(u.token, 3);
    const xml = fs
      .readFileSync(path.join(import.meta.dirname, 'fixtures', 'sale', 'erp-207-orders.xml'), 'utf8')
      .replace(/\{\{([ABC])\}\}/g, (_m, k: 'A' | 'B' | 'C') => ({ A: a!.number, B: b!.number, C: c!.number })[k]);
    expect(await file(xml)).toEqual({ moved: 2, warnings: [] });
    const get = async (id: number) => (await t.request('GET', `/api/v1/orders/${id}`, { token: u.token })).body.data;
    const A = await get(a!.id);
    expect(A).toMatchObject({ status: 'Delivered', reservation_number: 'ВК000001469' });
    expect(A.history.filter((h: any) => h.kind === 'status').map((h: any) => [h.from, h.to, h.note])).toEqual([
      [null, 'New', null],
      ['New', 'Confirmed', '1С'],
      ['Confirmed', 'Complected', '1С'],
      ['Complected', 'Delivered', '1С: ВК01276 2026-01-11T12:22:01'],
    ]);
    expect(await get(b!.id)).toMatchObject({ status: 'Confirmed', reservation_number: 'ВК000001470' });
    expect(await get(c!.id)).toMatchObject({ status: 'New', reservation_number: 'ВК000001471' });
    // Where 1C writes Отгружен (УТ 11), it decides: false with a shipment number is not shipped.
    const d = (await exported(u.token, 1))[0]!;
    const explicit = upload([
      {
        number: d.number,
        req: [
          ['Проведен', 'true'],
          ['Отгружен', 'false'],
          ['Номер отгрузки по 1С', 'РН-1'],
          ['Дата отгрузки по 1С', '2026-01-11T12:22:01'],
        ],
      },
    ]);
    expect(await file(explicit)).toEqual({ moved: 1, warnings: [] });
    expect(await get(d.id)).toMatchObject({ status: 'Confirmed' });
  });

  test('windows-1251 files, statuses with our own names, documents that are not orders', async () => {
    await flush();
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[4, 1, 90]]);
    await jobsDone(o.id);
    await query();
    await saleSuccess(db(), deps());
    const xml = upload(
      [
        {
          number: o.number,
          req: [
            ['Статус заказа', 'Укомплектован'],
            ['Номер по 1С', 'ЦБ-0042'],
          ],
        },
        { number: 'ПКО-17', operation: 'Выплата наличных денег', req: [['Проведен', 'true']] },
      ],
      'windows-1251',
    );
    expect(await file(cp1251(xml))).toEqual({ moved: 1, warnings: [] });
    expect((await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data).toMatchObject({
      status: 'Complected',
      reservation_number: 'ЦБ-0042',
    });
  });

  test('broken XML, not CommerceML, a bad encoding: refused with the reason, nothing changed', async () => {
    await flush();
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[4, 1, 90]]);
    const never = await tools.place(u.token, [[4, 1, 90]]);
    await jobsDone(o.id);
    await jobsDone(never.id);
    await query();
    await saleSuccess(db(), deps());
    // An order placed under another reservation system is not the exchange's.
    await db().execute(sql`UPDATE orders SET onec_revision = NULL, onec_exported_revision = NULL WHERE id = ${never.id}`);
    const before = await snapshot([o.id, never.id], [u.id]);
    const good = upload([{ number: o.number, req: [['Отменен', 'true']] }]);
    await expect(file(good.slice(0, good.length - 40), 'orders-1.xml')).rejects.toThrow(/^Некоректний XML: /);
    await expect(file('<КоммерческаяИнформация><Документ><Ид>1</Ид></Документ>')).rejects.toThrow(/Некоректний XML/);
    await expect(file('<?xml version="1.0"?><yml_catalog/>')).rejects.toThrow(/Це не документ CommerceML/);
    await expect(file('')).rejects.toThrow(/Порожній файл/);
    await expect(file(Buffer.from([0x50, 0x4b, 3, 4]))).rejects.toThrow(/ZIP/);
    await expect(file(Buffer.from('<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация>\xff</КоммерческаяИнформация>', 'latin1'))).rejects.toThrow(
      /кодуванн/,
    );
    // A well-formed document whose root is never closed (the last part of a split file lost).
    await expect(
      file(Buffer.from('<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.10"><Документ><Ид>1</Ид></Документ>')),
    ).rejects.toThrow(/Некоректний XML/);
    expect(await snapshot([o.id, never.id], [u.id])).toEqual(before);
  });
});

describe('documentComplete: whether the parts received so far close the document', () => {
  test("read in the file's encoding (UTF-8 with or without BOM, windows-1251, UTF-16), a prefixed or self-closing root, trailing blanks", () => {
    const doc =
      '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="3.1"><Контейнер><Документ><Ид>1</Ид></Документ></Контейнер></КоммерческаяИнформация>';
    expect(documentComplete(Buffer.from(doc))).toBe(true);
    expect(documentComplete(Buffer.from(`\uFEFF${doc}\r\n\u0000`))).toBe(true);
    expect(documentComplete(Buffer.from(doc.slice(0, -5)))).toBe(false);
    // A multi-byte letter cut in half at the end of a part is not the end.
    const bytes = Buffer.from(doc);
    expect(documentComplete(bytes.subarray(0, bytes.length - 2))).toBe(false);
    expect(documentComplete(cp1251(doc.replace('UTF-8', 'windows-1251')))).toBe(true);
    expect(documentComplete(cp1251(doc.replace('UTF-8', 'windows-1251')).subarray(0, 100))).toBe(false);
    expect(documentComplete(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc.replace('UTF-8', 'UTF-16'), 'utf16le')]))).toBe(true);
    expect(
      documentComplete(Buffer.from('<?xml version="1.0"?><cml:КоммерческаяИнформация xmlns:cml="urn:1C.ru:commerceml_2"></cml:КоммерческаяИнформация>')),
    ).toBe(true);
    expect(documentComplete(Buffer.from('<?xml version="1.0"?><КоммерческаяИнформация ВерсияСхемы="2.10"/>\n'))).toBe(true);
    expect(documentComplete(Buffer.from('<?xml version="1.0"?><КоммерческаяИнформация ВерсияСхемы="2.10"><Документ/>'))).toBe(false);
    // Not XML at all (a zip): nothing more makes it a document; it is read (and refused) at once.
    expect(documentComplete(Buffer.from([0x50, 0x4b, 3, 4]))).toBe(true);
    expect(documentComplete(Buffer.alloc(0))).toBe(false);
  });
});

describe('the reservation jobs under RESERVATION_SYSTEM=commerceml', () => {
  test('placing marks the order waiting for 1C; nothing is pushed to 1C', async () => {
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[4, 1, 90]]);
    await jobsDone(o.id);
    const d = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data;
    expect(d.history.filter((h: any) => h.kind.startsWith('reservation'))).toEqual([
      expect.objectContaining({ kind: 'reservation', to: 'create', note: 'Замовлення чекає, поки 1С його забере' }),
    ]);
    expect(d.reservation_number).toBeNull();
    expect(await onecOf(o.id)).toMatchObject({ onec_revision: 1, onec_exported_revision: null });
    // The reseller confirms before 1C got the order: still one export, of the confirmed state.
    await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: u.token });
    await jobsDone(o.id);
    await flush();
    expect(await onecOf(o.id)).toMatchObject({ onec_revision: 2, onec_exported_revision: 2, onec_state: 'Confirmed/NotPaid/0' });
    expect(pushes).toBe(0);
  });
});

describe('the sale exchange over HTTP, as 1C runs it (/1c/exchange)', () => {
  const call = async (mode: string, opts: { cookie?: string; auth?: string; filename?: string; body?: Buffer } = {}) => {
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.auth) headers.authorization = opts.auth;
    if (opts.body) headers['content-type'] = 'application/octet-stream';
    const url = `/1c/exchange?type=sale&mode=${mode}${opts.filename ? `&filename=${encodeURIComponent(opts.filename)}` : ''}`;
    const res = await t.app.inject({ method: opts.body ? 'POST' : 'GET', url, headers, payload: opts.body });
    return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), text: res.body, raw: res.rawPayload };
  };
  const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

  test('checkauth -> init -> query -> success -> file', async () => {
    await flush();
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[4, 2, 90]]);
    await jobsDone(o.id);

    const pair = await exchangeCredentials(t);
    expect((await call('checkauth', { auth: basic(pair.login, 'wrong-secret') })).text).toMatch(/^failure\n/);
    // A staff password never opens the exchange, the admin's neither.
    expect((await call('checkauth', { auth: basic(TEST_OPERATOR.email, TEST_OPERATOR.password) })).status).toBe(401);
    const auth = await call('checkauth', { auth: basic(pair.login, pair.secret) });
    expect(auth.status, auth.text).toBe(200);
    const [ok, name, value] = auth.text.split('\n');
    expect(ok).toBe('success');
    const cookie = `${name}=${value}`;
    // Without the session nothing is given away.
    expect((await call('query')).status).toBe(401);

    const init = await call('init', { cookie });
    expect(init.text).toMatch(/^zip=no\nfile_limit=\d+/);

    const q = await call('query', { cookie });
    expect(q.status).toBe(200);
    expect(q.type).toContain('application/xml');
    const docs = children(parseXmlTree(q.raw.toString('utf8')), 'Документ');
    expect(docs.map((d) => textOf(child(d, 'Номер')))).toEqual([o.number]);
    expect(textOf(child(docs[0]!, 'Сумма'))).toBe(o.calculations.wholesale_sum.toFixed(2));
    // The answer was lost: the same order again.
    expect(children(parseXmlTree((await call('query', { cookie })).raw.toString('utf8')), 'Документ')).toHaveLength(1);

    expect((await call('success', { cookie })).text).toBe('success\n');
    expect(await onecOf(o.id)).toMatchObject({ onec_revision: 1, onec_exported_revision: 1 });
    expect(children(parseXmlTree((await call('query', { cookie })).raw.toString('utf8')), 'Документ')).toHaveLength(0);
    await call('success', { cookie });

    const confirm = upload([
      {
        number: o.number,
        req: [
          ['Проведен', 'true'],
          ['Номер по 1С', 'ЦБ-HTTP-1'],
        ],
      },
    ]);
    const f = await call('file', { cookie, filename: 'orders-1.xml', body: Buffer.from(confirm, 'utf8') });
    expect(f.text).toBe('success\n');
    expect((await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data).toMatchObject({
      status: 'Confirmed',
      reservation_number: 'ЦБ-HTTP-1',
    });

    const broken = await call('file', { cookie, filename: 'orders-2.xml', body: Buffer.from(confirm.slice(0, 120), 'utf8') });
    expect(broken.status).toBe(200);
    expect(broken.text).toMatch(/^failure\n.*orders-2\.xml.*Некоректний XML/);
    // An order of 1C's own beside ours: skipped, the file accepted; the run in the back office says so in uk and ru.
    const unknown = await call('file', {
      cookie,
      filename: 'orders-3.xml',
      body: Buffer.from(
        upload([
          { number: '999999', req: [['Отменен', 'true']] },
          { number: o.number, req: [['Статус заказа', 'Укомплектован']] },
        ]),
        'utf8',
      ),
    });
    expect(unknown.text).toBe('success\n');
    expect((await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data.status).toBe('Complected');
    const op = await t.operator();
    const runs = (await t.request('GET', '/api/v1/admin/onec/imports?page=1&per_page=5', { token: op })).body.data;
    expect(runs.slice(0, 3).map((r: any) => [r.files, r.status, r.warnings_count])).toEqual([
      [['sale/orders-3.xml'], 'done', 1],
      [['sale/orders-2.xml'], 'failed', 0],
      [['sale/orders-1.xml'], 'done', 0],
    ]);
    const uk = (await t.request('GET', `/api/v1/admin/onec/imports/${runs[0].id}`, { token: op, headers: { 'accept-language': 'uk' } })).body.data;
    expect(uk.warnings.map((w: any) => w.text)).toEqual([
      'Документ 999999 (2026-01-10): замовлення з таким номером порталу немає (можливо, замовлення створено в 1С): пропущено',
    ]);
    const ru = (await t.request('GET', `/api/v1/admin/onec/imports/${runs[0].id}`, { token: op, headers: { 'accept-language': 'ru' } })).body.data;
    expect(ru.warnings.map((w: any) => w.text)).toEqual([
      'Документ 999999 (2026-01-10): заказа с таким номером на портале нет (возможно, заказ создан в 1С): пропущен',
    ]);
    expect(ru.progress).toMatchObject({ phase: 'done', file: 'sale/orders-3.xml', percent: 100 });
    const failed = (await t.request('GET', `/api/v1/admin/onec/imports/${runs[1].id}`, { token: op, headers: { 'accept-language': 'ru' } })).body.data;
    expect(failed.error.text).toMatch(/^Файл заказов orders-2\.xml не принят: Некоректний XML/);
    expect(pushes).toBe(0);
  });

  test('a file over file_limit comes in parts of file_limit: applied when whole; mode=import answers it; a lost last part is refused at mode=import', async () => {
    await flush();
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true });
    const [a, b, c, d] = await exported(u.token, 4);
    const pair = await exchangeCredentials(t);
    const auth = (await call('checkauth', { auth: basic(pair.login, pair.secret) })).text.split('\n');
    const cookie = `${auth[1]}=${auth[2]}`;
    const init = await call('init', { cookie });
    const limit = Number(/file_limit=(\d+)/.exec(init.text)![1]);
    expect(limit).toBe(FILE_LIMIT);
    // Our УТ 11 fixture made bigger than file_limit (a comment inside), split as 1C splits it.
    const xml = Buffer.from(
      ut11({ A: a!.number, B: b!.number, C: c!.number, D: d!.number }).replace('<Контейнер>', `<!-- ${'x'.repeat(limit)} --><Контейнер>`),
      'utf8',
    );
    const parts = [xml.subarray(0, limit), xml.subarray(limit)];
    expect(parts[1]!.length).toBeGreaterThan(0);
    const status = async (id: number) => (await t.request('GET', `/api/v1/orders/${id}`, { token: u.token })).body.data.status;
    expect((await call('file', { cookie, filename: 'documents___1.xml', body: parts[0] })).text).toBe('success\n');
    expect(await status(a!.id)).toBe('New');
    expect((await call('file', { cookie, filename: 'documents___1.xml', body: parts[1] })).text).toBe('success\n');
    expect(await status(a!.id)).toBe('Delivered');
    expect(await status(b!.id)).toBe('Canceled');
    // 1C 8.3 asks to import the file it sent: already applied, answered by its run (nothing applied twice).
    const history = (await t.request('GET', `/api/v1/orders/${a!.id}`, { token: u.token })).body.data.history;
    expect((await call('import', { cookie, filename: 'documents___1.xml' })).text).toBe('success\n');
    expect((await t.request('GET', `/api/v1/orders/${a!.id}`, { token: u.token })).body.data.history).toEqual(history);
    // The last part never came: the first waits; import refuses it with the reason, nothing applied.
    const [e] = await exported(u.token, 1);
    const lost = Buffer.from(
      ut11({ A: e!.number, B: b!.number, C: c!.number, D: d!.number }).replace('<Контейнер>', `<!-- ${'x'.repeat(limit)} --><Контейнер>`),
      'utf8',
    );
    expect((await call('file', { cookie, filename: 'documents___2.xml', body: lost.subarray(0, limit) })).text).toBe('success\n');
    const refused = await call('import', { cookie, filename: 'documents___2.xml' });
    expect(refused.text).toMatch(/^failure\n.*documents___2\.xml.*Некоректний XML/);
    expect(await status(e!.id)).toBe('New');
    // A file never sent.
    expect((await call('import', { cookie, filename: 'documents___3.xml' })).text).toMatch(/^failure\n.*documents___3\.xml/);
  });
});
