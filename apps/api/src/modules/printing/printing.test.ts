/**
 * Issue 28, point 3: order documents as PDF, read back with unpdf (text and page size): the
 * marking (NP's from the emulator's print service, ours for other waybills), the packing list,
 * the Card invoice with the supplier's requisites, the day's register; each refusal's code;
 * 403 for resellers and roles without access; many orders in one PDF and how long 200 take.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { eq, inArray } from 'drizzle-orm';
import { kyivParts } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools } from '../../test/orders.ts';
import { orderLines, orders } from '../../db/schema/index.ts';
import { amountInWords } from './amount-words.ts';
import { money } from './pdf.ts';

let t: TestApp;
let op: string;
let reseller: { id: number; token: string; email: string };
beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0, trackingIntervalSeconds: 3600 });
  // The NP client (and its print service) call the emulator over HTTP on this server's port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
  await orderTools(t).setStock(1, 100_000);
  await orderTools(t).setStock(2, 100_000);
  op = await t.operator();
  reseller = await t.user({ isVerified: true, name: 'Магазин Ромашка', phone: '+380671112233' });
}, 60_000);
afterAll(() => t.close());

const LABEL = 283.46;
const A4 = [595.28, 841.89];

async function pdf(url: string, token = op, lang = 'uk') {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  return {
    status: res.statusCode,
    headers: res.headers,
    raw: res.rawPayload,
    json: () => JSON.parse(res.body) as { code: string; message: string; number?: string },
  };
}
/** The text of each page and each page's size (points). */
async function read(raw: Buffer) {
  expect(raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const doc = await getDocumentProxy(new Uint8Array(raw));
  const { text } = await extractText(doc, { mergePages: false });
  const sizes: number[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const [, , w, h] = (await doc.getPage(i)).view as number[];
    sizes.push([Math.round(w! * 100) / 100, Math.round(h! * 100) / 100]);
  }
  // pdf.js may split words into runs; collapse the spacing for matching.
  return { pages: text.map((s) => s.replace(/\s+/g, ' ')), sizes, all: text.join(' ').replace(/\s+/g, ' ') };
}
const place = (over: Record<string, unknown> = {}, lines: [number, number, number][] = [[1, 2, 160]]) =>
  orderTools(t).placeConfirmed(reseller.token, lines, over);
const makeNpTtn = async (id: number) => {
  const r = await t.request('POST', `/api/v1/admin/orders/${id}/ttn`, { token: op, body: { weight: 1, seats: 1 } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.ttn as string;
};
const setTtn = async (id: number, ttn: string) => {
  const r = await t.request('PUT', `/api/v1/admin/orders/${id}/ttn`, { token: op, body: { ttn } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};
const REQUISITES = {
  name: 'ФОП Іваненко Іван Іванович',
  code: '3012345678',
  iban: 'UA21 3223 1300 0002 6007 2335 6600 1',
  bank: 'АТ КБ «ПриватБанк»',
  address: 'м. Київ, вул. Хрещатик, 1',
  phone: '+380441234567',
  tax_note: 'Платник єдиного податку 3 групи, не є платником ПДВ',
};

describe('the packing list', () => {
  test('one order, A4, in Ukrainian and in Russian: number, recipient, reseller, lines, sums', async () => {
    const o = await place({}, [
      [1, 2, 160],
      [2, 1, 300],
    ]);
    const r = await pdf(`/api/v1/admin/orders/${o.id}/print/packing`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`inline; filename="order-${o.number}-packing.pdf"`);
    const { all, sizes } = await read(r.raw);
    expect(sizes).toEqual([A4]);
    expect(all).toContain(`Пакувальний лист · Замовлення № ${o.number}`);
    expect(all).toContain('Коваленко Олена Петрівна');
    expect(all).toContain(o.phone);
    expect(all).toContain('Київ');
    expect(all).toContain('Відділення №1');
    expect(all).toContain('Магазин Ромашка');
    expect(all).toContain('Накладений платіж');
    expect(all).toContain(`Післяплата: ${money(Math.round(o.total * 100))} грн`);
    for (const p of o.products) {
      expect(all).toContain(p.vendor_code);
      expect(all).toContain(p.name);
    }
    expect(all).toContain(`${money(Math.round(o.total * 100))} грн`);
    expect(all).toContain('Разом: 3');

    const ru = await read((await pdf(`/api/v1/admin/orders/${o.id}/print/packing`, op, 'ru')).raw);
    expect(ru.all).toContain(`Упаковочный лист · Заказ № ${o.number}`);
    expect(ru.all).toContain('Получатель');
    expect(ru.all).toContain('Коваленко Олена Петрівна');
  });

  test("an unknown order is 404, an unknown kind 404, a reseller 403 (also on another's order)", async () => {
    const o = await place();
    expect((await pdf('/api/v1/admin/orders/99999999/print/packing')).status).toBe(404);
    expect((await pdf(`/api/v1/admin/orders/${o.id}/print/label`)).status).toBe(404);
    expect((await pdf(`/api/v1/admin/orders/${o.id}/print/packing`, reseller.token)).json().code).toBe('Forbidden');
    const other = await t.user({ isVerified: true });
    expect((await pdf(`/api/v1/admin/orders/${o.id}/print/packing`, other.token)).status).toBe(403);
    expect((await pdf(`/api/v1/admin/orders/print/packing?ids=${o.id}`, other.token)).status).toBe(403);
    expect((await pdf(`/api/v1/admin/orders/print/register?date=2026-01-01`, other.token)).status).toBe(403);
    // Every staff role prints (area printing).
    const warehouse = await t.user({ role: 'warehouse', name: 'Комірник' });
    expect((await pdf(`/api/v1/admin/orders/${o.id}/print/packing`, warehouse.token)).status).toBe(200);
  });
});

describe('the marking', () => {
  test('an NP waybill made through the API: the 100×100 marking from the (emulated) NP print service', async () => {
    const o = await place();
    const ttn = await makeNpTtn(o.id);
    const r = await pdf(`/api/v1/admin/orders/${o.id}/print/marking`);
    expect(r.status, r.raw.toString().slice(0, 300)).toBe(200);
    expect(r.headers['content-disposition']).toBe(`inline; filename="order-${o.number}-marking.pdf"`);
    const { all, sizes } = await read(r.raw);
    expect(sizes).toEqual([[LABEL, LABEL]]);
    expect(all).toContain('НОВА ПОШТА');
    expect(all).toContain(ttn);
    expect(all).toContain(`Контроль оплати: ${money(Math.round(o.total * 100))} грн`);
  });

  test('a waybill entered by hand and a SelfTTN: our own label (recipient, branch, waybill, order, COD)', async () => {
    const o = await place();
    await setTtn(o.id, '59001234567890');
    const { all, sizes } = await read((await pdf(`/api/v1/admin/orders/${o.id}/print/marking`)).raw);
    expect(sizes).toEqual([[LABEL, LABEL]]);
    expect(all).toContain('Коваленко Олена Петрівна');
    expect(all).toContain(o.phone);
    expect(all).toContain('Відділення №1');
    expect(all).toContain('59001234567890');
    expect(all).toContain(`Замовлення № ${o.number}`);
    expect(all).toContain(`Післяплата: ${money(Math.round(o.total * 100))} грн`);

    // A very long address stays on the one label, cut above the barcode; the COD sum is kept.
    await t.database.db
      .update(orders)
      .set({ branchName: 'Відділення №1 (до 30 кг на одне місце): вул. Дуже Довга, '.repeat(12) })
      .where(eq(orders.id, o.id));
    const long = await read((await pdf(`/api/v1/admin/orders/${o.id}/print/marking`)).raw);
    expect(long.sizes).toEqual([[LABEL, LABEL]]);
    expect(long.all).toContain(`Післяплата: ${money(Math.round(o.total * 100))} грн`);
    expect(long.all).toContain('59001234567890');

    const self = await place({
      delivery_type: 'SelfTTN',
      self_ttn: '20450000999999',
      self_ttn_type: 'UkrPoshta',
      payment_method: 'Prepayment',
      prepayment_sum: 100,
    });
    const s = await read((await pdf(`/api/v1/admin/orders/${self.id}/print/marking`, op, 'ru')).raw);
    expect(s.all).toContain('20450000999999');
    expect(s.all).toContain(`Заказ № ${self.number}`);
    expect(s.all).toContain('Получатель');
  });

  test('no waybill: 400 NoWaybill in the request language', async () => {
    const o = await place();
    const r = await pdf(`/api/v1/admin/orders/${o.id}/print/marking`);
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ code: 'NoWaybill', message: 'У замовлення ще немає накладної' });
    expect((await pdf(`/api/v1/admin/orders/${o.id}/print/marking`, op, 'ru')).json().message).toBe('У заказа ещё нет накладной');
  });
});

describe('the supplier requisites and the invoice', () => {
  test('GET is null at first; PUT validates (422 on a bad IBAN), a manager may read but not change, it is audited', async () => {
    const g = await t.request('GET', '/api/v1/admin/printing/requisites', { token: op });
    expect(g.status).toBe(200);
    expect(g.body.data).toBeNull();
    const bad = await t.request('PUT', '/api/v1/admin/printing/requisites', { token: op, body: { ...REQUISITES, iban: 'UA213223130000026007233566002' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['iban']);
    const manager = await t.user({ role: 'manager', name: 'Менеджер' });
    expect((await t.request('PUT', '/api/v1/admin/printing/requisites', { token: manager.token, body: REQUISITES })).status).toBe(403);
    expect((await t.request('PUT', '/api/v1/admin/printing/requisites', { token: reseller.token, body: REQUISITES })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/printing/requisites', { token: reseller.token })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/printing/requisites', { token: manager.token })).status).toBe(200);
  });

  test('an invoice for a Card order: 400 RequisitesMissing before they are saved, then the supplier, the buyer, the lines and the total to the kopeck, in words', async () => {
    const o = await place({ payment_method: 'Card' }, [
      [1, 3, 170],
      [2, 2, 310],
    ]);
    const missing = await pdf(`/api/v1/admin/orders/${o.id}/print/invoice`);
    expect(missing.status).toBe(400);
    expect(missing.json().code).toBe('RequisitesMissing');

    const accountant = await t.user({ role: 'accountant', name: 'Бухгалтер' });
    const put = await t.request('PUT', '/api/v1/admin/printing/requisites', { token: accountant.token, body: REQUISITES });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.iban).toBe('UA213223130000026007233566001');
    const audit = await t.request('GET', '/api/v1/admin/audit?action=setting.update', { token: op });
    expect(JSON.stringify(audit.body)).toContain('requisites');

    const r = await pdf(`/api/v1/admin/orders/${o.id}/print/invoice`);
    expect(r.status).toBe(200);
    const { all, sizes } = await read(r.raw);
    expect(sizes).toEqual([A4]);
    expect(all).toContain(`Рахунок на оплату № ${o.number}`);
    expect(all).toContain(REQUISITES.name);
    expect(all).toContain('3012345678');
    expect(all).toContain('UA213223130000026007233566001');
    expect(all).toContain('ПриватБанк');
    expect(all).toContain('не є платником ПДВ');
    expect(all).toContain('Магазин Ромашка');
    expect(all).toContain(reseller.email);
    // What the reseller is asked to pay: the order's wholesale sum (its drop prices), to the kopeck.
    const wholesaleKop = Math.round(o.calculations.wholesale_sum * 100);
    const linesKop = o.products.reduce((s: number, p: { drop_price: number; qty: number }) => s + Math.round(p.drop_price * 100) * p.qty, 0);
    expect(linesKop).toBe(wholesaleKop);
    for (const p of o.products) expect(all).toContain(money(Math.round(p.drop_price * 100) * p.qty));
    expect(all).toContain(`Всього до сплати: ${money(wholesaleKop)} грн`);
    expect(all).toContain(amountInWords(wholesaleKop, 'uk'));

    const ru = await read((await pdf(`/api/v1/admin/orders/${o.id}/print/invoice`, op, 'ru')).raw);
    expect(ru.all).toContain(`Счёт на оплату № ${o.number}`);
    expect(ru.all).toContain(amountInWords(wholesaleKop, 'ru'));
  });

  test('an invoice for an order not paid by Card: 400 NotCardOrder', async () => {
    const o = await place();
    const r = await pdf(`/api/v1/admin/orders/${o.id}/print/invoice`);
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ code: 'NotCardOrder', message: 'Рахунок друкується лише для замовлень з оплатою на карту' });
  });
});

describe('many orders in one PDF', () => {
  test('packing: the pick list summing each product across the orders, then one page per order', async () => {
    const a = await place({}, [[1, 2, 160]]);
    const b = await place({}, [
      [1, 3, 160],
      [2, 1, 300],
    ]);
    const r = await pdf(`/api/v1/admin/orders/print/packing?ids=${b.id},${a.id}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe('inline; filename="orders-packing-2.pdf"');
    const { pages } = await read(r.raw);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Лист комплектації');
    expect(pages[0]).toContain(`${b.number}, ${a.number}`);
    const p1 = a.products[0];
    // Product 1: 2 + 3 = 5 across the two orders.
    expect(pages[0]).toMatch(new RegExp(`${p1.vendor_code} ${p1.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} 5 `));
    expect(pages[0]).toContain('Усього одиниць: 6');
    expect(pages[1]).toContain(`Замовлення № ${b.number}`);
    expect(pages[2]).toContain(`Замовлення № ${a.number}`);
  });

  test('markings: NP ones fetched in one call and merged with ours, in the order asked', async () => {
    const a = await place();
    const b = await place();
    const c = await place();
    const ta = await makeNpTtn(a.id);
    await setTtn(b.id, '59009999000011');
    const tc = await makeNpTtn(c.id);
    const r = await pdf(`/api/v1/admin/orders/print/marking?ids=${a.id},${b.id},${c.id}`);
    expect(r.status, r.raw.toString().slice(0, 300)).toBe(200);
    const { pages, sizes } = await read(r.raw);
    expect(sizes).toEqual([
      [LABEL, LABEL],
      [LABEL, LABEL],
      [LABEL, LABEL],
    ]);
    expect(pages[0]).toContain(ta);
    expect(pages[0]).toContain('НОВА ПОШТА');
    expect(pages[1]).toContain('59009999000011');
    expect(pages[1]).toContain(`Замовлення № ${b.number}`);
    expect(pages[2]).toContain(tc);
  });

  test('all or nothing: the first order that cannot be printed refuses with its code, naming it; an unknown id is 404; bad ids 422', async () => {
    const a = await place();
    await setTtn(a.id, '59009999000022');
    const b = await place();
    const r = await pdf(`/api/v1/admin/orders/print/marking?ids=${a.id},${b.id}`);
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ code: 'NoWaybill', number: b.number, message: `№ ${b.number}: У замовлення ще немає накладної` });
    expect((await pdf(`/api/v1/admin/orders/print/marking?ids=${a.id},99999999`)).status).toBe(404);
    expect((await pdf(`/api/v1/admin/orders/print/marking?ids=abc`)).status).toBe(422);
    // Beyond an int4 id or zero: refused before the database (which would fail on the range).
    expect((await pdf(`/api/v1/admin/orders/print/marking?ids=${a.id},9999999999`)).status).toBe(422);
    expect((await pdf(`/api/v1/admin/orders/print/marking?ids=0`)).status).toBe(422);
    expect((await pdf(`/api/v1/admin/orders/print/marking`)).status).toBe(422);
    expect((await pdf(`/api/v1/admin/orders/print/sticker?ids=${a.id}`)).status).toBe(404);
  });

  test('200 orders: packing and our markings in one PDF each, timed', async () => {
    const base = await place({}, [
      [1, 1, 160],
      [2, 2, 300],
    ]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, base.id));
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, base.id));
    const { id: _id, number: _n, ...copy } = row!;
    const made = await t.database.db
      .insert(orders)
      .values(Array.from({ length: 199 }, (_, i) => ({ ...copy, ttn: `5900${String(i).padStart(10, '0')}`, ttnRef: null })))
      .returning({ id: orders.id });
    await t.database.db.insert(orderLines).values(made.flatMap((m) => lines.map(({ id: _l, ...l }) => ({ ...l, orderId: m.id }))));
    await t.database.db
      .update(orders)
      .set({ ttn: '59009999000033' })
      .where(inArray(orders.id, [base.id]));
    const ids = [base.id, ...made.map((m) => m.id)];
    expect(ids).toHaveLength(200);

    let started = performance.now();
    const packing = await pdf(`/api/v1/admin/orders/print/packing?ids=${ids.join(',')}`);
    const packingMs = performance.now() - started;
    expect(packing.status).toBe(200);
    const p = await read(packing.raw);
    expect(p.pages).toHaveLength(201);
    expect(p.pages[0]).toContain('Зведений лист збору: 200 замовлень');
    expect(p.pages[0]).toContain('Усього одиниць: 600');

    started = performance.now();
    const marking = await pdf(`/api/v1/admin/orders/print/marking?ids=${ids.join(',')}`);
    const markingMs = performance.now() - started;
    expect(marking.status).toBe(200);
    const m = await read(marking.raw);
    expect(m.pages).toHaveLength(200);
    expect(m.pages[199]).toContain('59000000000198');
    console.info(
      `200 orders: packing ${Math.round(packingMs)} ms (${packing.raw.length} bytes), markings ${Math.round(markingMs)} ms (${marking.raw.length} bytes)`,
    );
    // Generous bounds for a loaded CI machine; locally both take well under a few seconds.
    expect(packingMs).toBeLessThan(15_000);
    expect(markingMs).toBeLessThan(15_000);
  }, 60_000);
});

describe("the day's shipment register", () => {
  const today = () => {
    const p = kyivParts(new Date());
    return `${p.year}-${p.month}-${p.day}`;
  };

  test("today's waybills (A4 landscape) with totals; a day without shipments says so", async () => {
    const a = await place();
    const ta = await makeNpTtn(a.id);
    const b = await place();
    await setTtn(b.id, '59001111222233');
    const r = await pdf(`/api/v1/admin/orders/print/register?date=${today()}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe(`inline; filename="register-${today()}.pdf"`);
    const { all, sizes } = await read(r.raw);
    expect(sizes[0]).toEqual([A4[1], A4[0]]);
    const [y, mo, d] = today().split('-');
    expect(all).toContain(`Реєстр відправлень за ${d}.${mo}.${y}`);
    expect(all).toContain(ta);
    expect(all).toContain('59001111222233');
    expect(all).toContain(a.number);
    expect(all).toContain(b.number);
    expect(all).toContain('Коваленко Олена Петрівна');
    expect(all).toMatch(/Відправлень: \d+/);

    const empty = await read((await pdf('/api/v1/admin/orders/print/register?date=2020-01-01')).raw);
    expect(empty.all).toContain('За цей день відправлень немає.');
    const emptyRu = await read((await pdf('/api/v1/admin/orders/print/register?date=2020-01-01', op, 'ru')).raw);
    expect(emptyRu.all).toContain('За этот день отправлений нет.');
    expect((await pdf('/api/v1/admin/orders/print/register?date=2020-13-45')).status).toBe(422);
  });
});
