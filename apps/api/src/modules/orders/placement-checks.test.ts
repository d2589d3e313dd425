/**
 * Issue 26, point 6: checkout refuses what would fail later. A courier street is one of Nova
 * Poshta's streets of the city (422 on street_ref otherwise, uk/ru); a Balance order is refused
 * at placement only when it would confirm at once (auto_confirm_orders) and the balance is short,
 * leaving cart, stock and balance as they were; without auto-confirm it is placed and the confirm
 * step refuses as before.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { KYIV, KYIV_STREET, branchOrder, orderTools } from '../../test/orders.ts';
import { EMULATOR_DATA } from '../../integrations/novaposhta/emulator-data.ts';

let t: TestApp;
let op: string;
let tools: ReturnType<typeof orderTools>;
beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0 });
  // The NP client asks the built-in emulator over HTTP on this server's port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
});
afterAll(() => t.close());

const kyivStreet = EMULATOR_DATA.streets.find((s) => s.ref === KYIV_STREET)!;
const lviv = EMULATOR_DATA.cities.find((c) => c.name === 'Львів')!;
const lvivStreet = EMULATOR_DATA.streets.find((s) => s.cityRef === lviv.ref && s.description === kyivStreet.description)!;
const courier = {
  ...branchOrder,
  delivery_method: 'Courier',
  branch_ref: undefined,
  branch_name: undefined,
  street_ref: KYIV_STREET,
  street_name: `${kyivStreet.type} ${kyivStreet.description}`,
  house: '7а',
  appt: '12',
};
const place = (token: string, body: Record<string, unknown>, lang = 'uk') =>
  t.request('POST', '/api/v1/orders', { token, body, headers: { 'accept-language': lang } });
const cartCount = async (token: string) => (await t.request('GET', '/api/v1/carts', { token })).body.data.count as number;
const ordersTotal = async (token: string) => (await t.request('GET', '/api/v1/orders', { token })).body.meta.total as number;

describe('a courier street comes from the carrier', () => {
  test('without a street ref (a typed name) the order is refused with 422 on street_ref, in uk and ru; nothing changes', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true });
    await tools.fill(u.token, [[4, 1, 80]]);
    const typed = { ...courier, street_ref: undefined, street_name: 'вул. Вигадана' };
    const uk = await place(u.token, typed);
    expect(uk.status).toBe(422);
    expect(uk.body.errors).toEqual({ street_ref: ['Оберіть вулицю зі списку Нової Пошти'] });
    const ru = await place(u.token, typed, 'ru');
    expect(ru.status).toBe(422);
    expect(ru.body.errors).toEqual({ street_ref: ['Выберите улицу из списка Новой Почты'] });
    expect(await cartCount(u.token)).toBe(1);
    expect(await tools.stock(4)).toEqual({ qty: 30, reserved: 0 });
    expect(await ordersTotal(u.token)).toBe(0);
  });

  test('an unknown ref, or a street of another city, is refused with 422 on street_ref', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true });
    await tools.fill(u.token, [[4, 1, 80]]);
    const unknown = await place(u.token, { ...courier, street_ref: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ street_ref: ['Оберіть вулицю зі списку Нової Пошти'] });
    // The same street name in Lviv: a real NP street, but not one of Kyiv's.
    const otherCity = await place(u.token, { ...courier, street_ref: lvivStreet.ref }, 'ru');
    expect(otherCity.status).toBe(422);
    expect(otherCity.body.errors).toEqual({ street_ref: ['Выберите улицу из списка Новой Почты'] });
    // A malformed ref never reaches the carrier.
    const malformed = await place(u.token, { ...courier, street_ref: 'вул. Шевченка' });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors)).toEqual(['street_ref']);
    expect(await cartCount(u.token)).toBe(1);
    expect(await tools.stock(4)).toEqual({ qty: 30, reserved: 0 });
  });

  test("a street picked from the carrier's list is placed, its name as the carrier spells it; an edit keeps to the same rule", async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true });
    await tools.fill(u.token, [[4, 1, 80]]);
    const r = await place(u.token, { ...courier, street_name: kyivStreet.description });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.delivery).toMatchObject({
      city_ref: KYIV,
      street_ref: KYIV_STREET,
      street_name: `${kyivStreet.type} ${kyivStreet.description}`,
      house: '7а',
      appt: '12',
    });

    const products = r.body.data.products.map((l: { product_id: number; qty: number; retail_price: number }) => ({
      product_id: l.product_id,
      qty: l.qty,
      retail_price: l.retail_price,
    }));
    const edit = (body: Record<string, unknown>) => t.request('PUT', `/api/v1/orders/${r.body.data.id}`, { token: u.token, body: { ...body, products } });
    const typed = await edit({ ...courier, street_ref: undefined, street_name: 'вул. Вигадана' });
    expect(typed.status).toBe(422);
    expect(Object.keys(typed.body.errors)).toEqual(['street_ref']);
    const otherCity = await edit({ ...courier, street_ref: lvivStreet.ref });
    expect(otherCity.status).toBe(422);
    const ok = await edit({ ...courier, house: '9' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.delivery).toMatchObject({ street_ref: KYIV_STREET, house: '9' });
  });
});

describe('Balance payment at placement', () => {
  test('short of money without auto-confirm: placed (New, NotPaid, nothing debited); the confirm step refuses as before', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true });
    await tools.fill(u.token, [[4, 2, 80]]);
    const r = await place(u.token, { ...branchOrder, payment_method: 'Balance' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'New', payment_status: 'NotPaid', calculations: { wholesale_sum: 100 } });
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 0, ledgerKop: 0 });
    const confirm = await t.request('POST', `/api/v1/orders/${r.body.data.id}/confirm`, { token: u.token });
    expect(confirm.status).toBe(400);
    expect(confirm.body.code).toBe('InsufficientBalance');
  });

  test('short of money with auto-confirm: refused with InsufficientBalance naming both sums (uk, ru); cart, stock, balance and orders unchanged', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true, autoConfirmOrders: true });
    await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 60, comment: 'Поповнення' } });
    await tools.fill(u.token, [[4, 2, 80]]);
    const uk = await place(u.token, { ...branchOrder, payment_method: 'Balance' });
    expect(uk.status).toBe(400);
    expect(uk.body).toEqual({
      code: 'InsufficientBalance',
      message:
        'Недостатньо коштів на балансі: до списання 100.00 грн., на балансі 60.00 грн. Замовлення підтверджується одразу (автопідтвердження в профілі), тож спершу поповніть баланс',
    });
    const ru = await place(u.token, { ...branchOrder, payment_method: 'Balance' }, 'ru');
    expect(ru.status).toBe(400);
    expect(ru.body.code).toBe('InsufficientBalance');
    expect(ru.body.message).toContain('к списанию 100.00 грн., на балансе 60.00 грн.');
    expect(await cartCount(u.token)).toBe(1);
    expect(await tools.stock(4)).toEqual({ qty: 30, reserved: 0 });
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 6000, ledgerKop: 6000 });
    expect(await ordersTotal(u.token)).toBe(0);

    // Other payment methods are not held back by the balance.
    const cod = await place(u.token, branchOrder);
    expect(cod.status).toBe(201);
    expect(cod.body.data.status).toBe('Confirmed');
  });

  test('enough money with auto-confirm: placed and confirmed at once, the wholesale sum debited', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true, autoConfirmOrders: true });
    await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 100, comment: 'Поповнення' } });
    await tools.fill(u.token, [[4, 2, 80]]);
    const r = await place(u.token, { ...branchOrder, payment_method: 'Balance' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'Confirmed', payment_status: 'PaidFromBalance' });
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 0, ledgerKop: 0 });
  });
});
