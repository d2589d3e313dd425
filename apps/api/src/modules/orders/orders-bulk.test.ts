/**
 * Issue 28 point 2: POST /admin/orders/bulk. Each row runs through the single action's function in
 * its own transaction: a mix of rows that succeed and fail (a Card order not paid, a wrong status,
 * an unknown id, a waybill Nova Poshta refuses), each ok row audited as the single action is, the
 * order of results the order of ids, the filter mode (a worklist included) and its 422 too_many,
 * the role's areas (403 for the request, Forbidden per row for a move the role may not make), and a
 * bulk sent twice at once giving no order a second waybill. Waybills through the strict NP emulator.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { BULK_MAX, translate } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools } from '../../test/orders.ts';

let t: TestApp;
let op: string;
let tools: ReturnType<typeof orderTools>;
const staff = {} as Record<'manager' | 'accountant' | 'warehouse', string>;

beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0, trackingIntervalSeconds: 3600 });
  // The NP client calls the emulator over HTTP on this server's port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
  await tools.setStock(1, 1000);
  for (const role of ['manager', 'accountant', 'warehouse'] as const)
    staff[role] = (await t.user({ role, name: `Працівник ${role}`, email: `${role}@bulk.test` })).token;
});
afterAll(() => t.close());

const LINES: [number, number, number][] = [[1, 1, 160]];
const bulk = (body: unknown, token = op, lang = 'uk') => t.request('POST', '/api/v1/admin/orders/bulk', { token, body, headers: { 'accept-language': lang } });
const order = async (id: number) =>
  (
    (await t.database.db.execute(sql`SELECT status, ttn, delivery_status FROM orders WHERE id = ${id}`)) as unknown as {
      rows: { status: string; ttn: string | null; delivery_status: string }[];
    }
  ).rows[0]!;
const audits = async (id: number, action: string) =>
  Number(
    (
      (await t.database.db.execute(
        sql`SELECT count(*) AS n FROM audit_log WHERE entity = 'order' AND entity_id = ${id} AND action = ${action}`,
      )) as unknown as { rows: { n: string }[] }
    ).rows[0]!.n,
  );
const row = (id: number, code: string, lang: 'uk' | 'ru' = 'uk', key = code.replace(/[A-Z]/g, (c, i) => (i ? '_' : '') + c.toLowerCase())) => ({
  id,
  ok: false,
  code,
  error: translate(key as never, lang),
});

describe('status', () => {
  test('a mix: moved rows, a Card order not paid, a wrong status, an unknown id; each ok row audited once; sent again, nothing is done twice', async () => {
    const u = await t.user({ isVerified: true });
    const a = await tools.placeConfirmed(u.token, LINES);
    const card = await tools.placeConfirmed(u.token, LINES, { payment_method: 'Card' });
    const fresh = await tools.place(u.token, LINES);
    const b = await tools.placeConfirmed(u.token, LINES);
    const ids = [a.id, card.id, fresh.id, 999_999, b.id];

    const r = await bulk({ action: 'status', ids, status: 'Complected', comment: 'Зібрано' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      data: [{ id: a.id, ok: true }, row(card.id, 'OrderNotPaid'), row(fresh.id, 'TransitionNotAllowed'), row(999_999, 'NotFound'), { id: b.id, ok: true }],
      meta: { total: 5, ok: 2, failed: 3 },
    });
    expect((await order(a.id)).status).toBe('Complected');
    expect((await order(b.id)).status).toBe('Complected');
    expect((await order(card.id)).status).toBe('Confirmed');
    expect((await order(fresh.id)).status).toBe('New');
    expect([
      await audits(a.id, 'order.status'),
      await audits(b.id, 'order.status'),
      await audits(card.id, 'order.status'),
      await audits(fresh.id, 'order.status'),
    ]).toEqual([1, 1, 0, 0]);
    // The comment reached each moved order's history, as the single move writes it.
    const detail = await t.request('GET', `/api/v1/admin/orders/${a.id}`, { token: op });
    expect(JSON.stringify(detail.body.data.history)).toContain('Зібрано');

    // The same bulk again (a double submit): the moved rows are now refused, nothing moves or is audited twice.
    const again = await bulk({ action: 'status', ids, status: 'Complected' }, op, 'ru');
    expect(again.body.meta).toEqual({ total: 5, ok: 0, failed: 5 });
    expect(again.body.data[0]).toEqual(row(a.id, 'TransitionNotAllowed', 'ru'));
    expect(again.body.data[1]).toEqual(row(card.id, 'OrderNotPaid', 'ru'));
    expect([await audits(a.id, 'order.status'), await audits(b.id, 'order.status')]).toEqual([1, 1]);
  });

  test('staff confirm New orders in bulk (not a Balance one: its reseller confirms it)', async () => {
    const u = await t.user({ isVerified: true });
    const cod = await tools.place(u.token, LINES);
    const balance = await tools.place(u.token, LINES);
    await t.database.db.execute(sql`UPDATE orders SET payment_method = 'Balance' WHERE id = ${balance.id}`);
    const r = await bulk({ action: 'status', ids: [cod.id, balance.id], status: 'Confirmed' });
    expect(r.body.data).toEqual([{ id: cod.id, ok: true }, row(balance.id, 'BalanceConfirmByReseller')]);
    expect(await audits(cod.id, 'order.confirm')).toBe(1);
    expect((await order(balance.id)).status).toBe('New');
  });

  test("roles: warehouse packs in bulk but each cancel is its row's Forbidden; an accountant may not move orders at all (403)", async () => {
    const u = await t.user({ isVerified: true });
    const a = await tools.placeConfirmed(u.token, LINES);
    const b = await tools.placeConfirmed(u.token, LINES);
    const cancel = await bulk({ action: 'status', ids: [a.id, b.id], status: 'Canceled' }, staff.warehouse);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toEqual([row(a.id, 'Forbidden'), row(b.id, 'Forbidden')]);
    expect((await order(a.id)).status).toBe('Confirmed');
    const pack = await bulk({ action: 'status', ids: [a.id, b.id], status: 'Complected' }, staff.warehouse);
    expect(pack.body.meta).toEqual({ total: 2, ok: 2, failed: 0 });

    for (const body of [
      { action: 'status', ids: [a.id], status: 'Delivered' },
      { action: 'ttn', ids: [a.id] },
    ]) {
      const r = await bulk(body, staff.accountant);
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.body.code).toBe('Forbidden');
    }
    expect((await order(a.id)).status).toBe('Complected');
    expect((await bulk({ action: 'status', ids: [a.id], status: 'Delivered' }, u.token)).status).toBe(403);
  });
});

describe('filter mode', () => {
  test('every order the filter matches (a worklist included); more than BULK_MAX is 422 filter too_many; ids and filter together or neither is 422', async () => {
    const u = await t.user({ isVerified: true });
    const c1 = await tools.placeConfirmed(u.token, LINES);
    const c2 = await tools.placeConfirmed(u.token, LINES);
    const fresh = await tools.place(u.token, LINES);
    const r = await bulk({ action: 'status', filter: { user_id: u.id, worklist: 'to_pack' }, status: 'Complected' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual([
      { id: c2.id, ok: true },
      { id: c1.id, ok: true },
    ]);
    expect((await order(fresh.id)).status).toBe('New');
    // Nothing left in the worklist: an empty result, not an error.
    expect((await bulk({ action: 'status', filter: { user_id: u.id, worklist: 'to_pack' }, status: 'Complected' })).body).toEqual({
      data: [],
      meta: { total: 0, ok: 0, failed: 0 },
    });

    // BULK_MAX + 1 matching orders: refused whole, nothing moved.
    const many = await t.user({ isVerified: true });
    const seed = await tools.placeConfirmed(many.token, LINES);
    await t.database.db.execute(sql`
      INSERT INTO orders (user_id, status, payment_method, payment_delivery, delivery_service, delivery_method, delivery_type, last_name, first_name, phone, city_ref, branch_ref, wholesale_kop, retail_kop, profit_kop, expected_accrual_kop)
      SELECT user_id, status, payment_method, payment_delivery, delivery_service, delivery_method, delivery_type, last_name, first_name, phone, city_ref, branch_ref, wholesale_kop, retail_kop, profit_kop, expected_accrual_kop
      FROM orders, generate_series(1, ${BULK_MAX}) g WHERE id = ${seed.id}`);
    const tooMany = await bulk({ action: 'status', filter: { user_id: many.id, status: 'Confirmed' }, status: 'Complected' });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.filter).toEqual([translate('too_many', 'uk', { max: BULK_MAX })]);
    expect((await order(seed.id)).status).toBe('Confirmed');
    // Exactly BULK_MAX matching is taken (a print: checks only).
    await t.database.db.execute(sql`UPDATE orders SET status = 'Canceled' WHERE id = ${seed.id}`);
    const exactly = await bulk({ action: 'print', filter: { user_id: many.id, status: 'Confirmed' }, kind: 'packing' });
    expect(exactly.status, JSON.stringify(exactly.body).slice(0, 300)).toBe(200);
    expect(exactly.body.meta).toMatchObject({ total: BULK_MAX, ok: BULK_MAX, failed: 0 });

    const both = await bulk({ action: 'status', ids: [c1.id], filter: { user_id: u.id }, status: 'Delivered' });
    expect(both.status).toBe(422);
    expect(both.body.errors.ids).toEqual([translate('ids_or_filter', 'uk')]);
    expect((await bulk({ action: 'status', status: 'Delivered' })).status).toBe(422);
    expect((await bulk({ action: 'status', ids: Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1), status: 'Delivered' })).status).toBe(422);
    expect((await bulk({ action: 'status', filter: { worklist: 'nope' }, status: 'Delivered' })).status).toBe(422);
  });
});

describe('ttn (Nova Poshta)', () => {
  test('waybills for a mix: made rows, one NP refuses, one in the wrong status; results in the order of the ids; each made one audited', async () => {
    const u = await t.user({ isVerified: true });
    const a = await tools.placeConfirmed(u.token, LINES);
    const refused = await tools.placeConfirmed(u.token, LINES);
    // A branch Nova Poshta does not know: NP refuses that waybill (and only that one).
    await t.database.db.execute(sql`UPDATE orders SET branch_ref = '3f0e6f2e-0000-4000-8000-00000000dead' WHERE id = ${refused.id}`);
    const b = await tools.placeConfirmed(u.token, LINES);
    const fresh = await tools.place(u.token, LINES);
    const c = await tools.placeConfirmed(u.token, LINES);
    const card = await tools.placeConfirmed(u.token, LINES, { payment_method: 'Card' });
    const ids = [a.id, refused.id, b.id, fresh.id, c.id, card.id];

    const r = await bulk({ action: 'ttn', ids, weight: 1.5, seats: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.map((x: { id: number }) => x.id)).toEqual(ids);
    expect(r.body.data.map((x: { ok: boolean; code?: string }) => x.code ?? 'ok')).toEqual([
      'ok',
      'CarrierRefused',
      'ok',
      'TransitionNotAllowed',
      'ok',
      'OrderNotPaid',
    ]);
    expect(r.body.data[1].error).toMatch(/^Нова Пошта не прийняла накладну: .+/);
    expect(r.body.meta).toEqual({ total: 6, ok: 3, failed: 3 });
    for (const o of [a, b, c]) {
      expect(await order(o.id)).toMatchObject({ ttn: expect.stringMatching(/^2045\d{10}$/), delivery_status: 'CreatedTTN' });
      expect(await audits(o.id, 'order.ttn_created')).toBe(1);
    }
    for (const o of [refused, fresh, card]) {
      expect((await order(o.id)).ttn).toBeNull();
      expect(await audits(o.id, 'order.ttn_created')).toBe(0);
    }
    // In Russian, NP's refusal reads in Russian.
    const ru = await bulk({ action: 'ttn', ids: [refused.id] }, op, 'ru');
    expect(ru.body.data[0].error).toMatch(/^Новая Почта не приняла накладную: .+/);
  });

  test('the same ttn bulk sent twice at once: every order gets exactly one waybill, NP keeps exactly one parcel per order', async () => {
    const u = await t.user({ isVerified: true });
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await tools.placeConfirmed(u.token, LINES));
    const ids = orders.map((o) => o.id);
    const live = async () =>
      Number(
        ((await t.database.db.execute(sql`SELECT count(*) AS n FROM np_emulator_documents WHERE NOT deleted`)) as unknown as { rows: { n: string }[] }).rows[0]!
          .n,
      );
    const before = await live();

    const [x, y] = await Promise.all([bulk({ action: 'ttn', ids }), bulk({ action: 'ttn', ids })]);
    expect([x.status, y.status]).toEqual([200, 200]);
    // Each order: ok in exactly one of the two answers, TtnExists in the other.
    for (let i = 0; i < ids.length; i++) {
      const pair = [x.body.data[i], y.body.data[i]];
      expect(
        pair.filter((p) => p.ok),
        `order ${ids[i]}`,
      ).toHaveLength(1);
      expect(pair.find((p) => !p.ok).code).toBe('TtnExists');
    }
    expect(x.body.meta.ok + y.body.meta.ok).toBe(ids.length);
    const ttns = await Promise.all(ids.map(async (id) => (await order(id)).ttn));
    expect(new Set(ttns).size).toBe(ids.length);
    for (const id of ids) expect(await audits(id, 'order.ttn_created')).toBe(1);
    // A waybill made at NP for an order that got one meanwhile was deleted there again.
    expect((await live()) - before).toBe(ids.length);
  });
});

describe('print', () => {
  test("each order checked for the kind, audited as printed; meta.file is the one PDF of the printable ones; printing is warehouse's and accountant's too", async () => {
    const u = await t.user({ isVerified: true });
    const withTtn = await tools.placeConfirmed(u.token, LINES);
    expect((await t.request('PUT', `/api/v1/admin/orders/${withTtn.id}/ttn`, { token: op, body: { ttn: '20450000001234' } })).status).toBe(200);
    const noTtn = await tools.placeConfirmed(u.token, LINES);
    const r = await bulk({ action: 'print', ids: [withTtn.id, noTtn.id, 999_999], kind: 'marking' }, staff.warehouse);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      data: [{ id: withTtn.id, ok: true }, row(noTtn.id, 'NoWaybill'), row(999_999, 'NotFound')],
      meta: { total: 3, ok: 1, failed: 2, file: `/api/v1/admin/orders/print/marking?ids=${withTtn.id}` },
    });
    expect(await audits(withTtn.id, 'order.print')).toBe(1);
    expect(await audits(noTtn.id, 'order.print')).toBe(0);

    const packing = await bulk({ action: 'print', ids: [noTtn.id, withTtn.id], kind: 'packing' }, staff.accountant);
    expect(packing.body.meta).toEqual({ total: 2, ok: 2, failed: 0, file: `/api/v1/admin/orders/print/packing?ids=${noTtn.id},${withTtn.id}` });
    // An invoice is for Card orders only; none printable: no file.
    const invoice = await bulk({ action: 'print', ids: [noTtn.id], kind: 'invoice' });
    expect(invoice.body).toEqual({ data: [row(noTtn.id, 'NotCardOrder')], meta: { total: 1, ok: 0, failed: 1 } });
    expect((await bulk({ action: 'print', ids: [noTtn.id], kind: 'packing' }, u.token)).status).toBe(403);
  });
});
