import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { STAFF_VIEWS_MAX } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';

/** Saved views (issue 29 point 3): each staff member's own, validated, limited, named once. */
let t: TestApp;
let admin: string;
let manager: string;
let warehouse: string;
let reseller: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.operator();
  manager = (await t.user({ role: 'manager', name: 'Менеджерка', email: 'manager@views.test' })).token;
  warehouse = (await t.user({ role: 'warehouse', name: 'Комірник', email: 'warehouse@views.test' })).token;
  reseller = (await t.user({ isVerified: true })).token;
});
afterAll(() => t.close());

const params = {
  filters: { payment_method: 'COD', date_from: '2026-03-01', date_to: '2026-03-31', user_id: 7 },
  columns: ['created_at', 'client', 'total', 'payment_method'],
  sort: '-total',
  per_page: 50,
};
const create = (token: string, body: unknown) => t.request('POST', '/api/v1/admin/views', { token, body });
const listOf = async (token: string) => {
  const r = await t.request('GET', '/api/v1/admin/views?list=orders', { token });
  expect(r.status).toBe(200);
  return r.body.data as { id: number; name: string; params: unknown }[];
};
const rowsInDb = async (where: string) => {
  const r = (await t.database.db.execute(sql.raw(`SELECT id, name, params FROM staff_views WHERE ${where} ORDER BY id`))) as unknown as {
    rows: { id: number; name: string; params: unknown }[];
  };
  return r.rows.map((x) => ({ ...x, id: Number(x.id), params: typeof x.params === 'string' ? JSON.parse(x.params) : x.params }));
};

test('a view is saved, listed, renamed, its params replaced and deleted; the row in the table follows', async () => {
  const c = await create(admin, { list: 'orders', name: '  Наложка за березень ', params });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  expect(c.body.data).toMatchObject({ list: 'orders', name: 'Наложка за березень', params });
  const id = c.body.data.id;
  const [row] = await rowsInDb(`id = ${id}`);
  expect(row).toMatchObject({ name: 'Наложка за березень', params });
  expect((await listOf(admin)).map((v) => v.id)).toContain(id);

  const renamed = await t.request('PUT', `/api/v1/admin/views/${id}`, { token: admin, body: { name: 'COD березень' } });
  expect(renamed.status).toBe(200);
  expect(renamed.body.data).toMatchObject({ name: 'COD березень', params });
  const replaced = await t.request('PUT', `/api/v1/admin/views/${id}`, { token: admin, body: { params: { ...params, sort: 'created_at', per_page: 20 } } });
  expect(replaced.status).toBe(200);
  expect((await rowsInDb(`id = ${id}`))[0]!.params).toMatchObject({ sort: 'created_at', per_page: 20 });

  expect((await t.request('DELETE', `/api/v1/admin/views/${id}`, { token: admin })).status).toBe(204);
  expect(await rowsInDb(`id = ${id}`)).toEqual([]);
  expect((await t.request('DELETE', `/api/v1/admin/views/${id}`, { token: admin })).status).toBe(404);
});

test("another staff member's view is invisible and untouchable (404); a reseller gets 403", async () => {
  const mine = (await create(manager, { list: 'orders', name: 'Мої', params })).body.data;
  expect((await listOf(warehouse)).map((v) => v.id)).not.toContain(mine.id);
  expect((await listOf(admin)).map((v) => v.id)).not.toContain(mine.id);
  expect((await t.request('PUT', `/api/v1/admin/views/${mine.id}`, { token: warehouse, body: { name: 'Чуже' } })).status).toBe(404);
  expect((await t.request('PUT', `/api/v1/admin/views/${mine.id}`, { token: admin, body: { name: 'Чуже' } })).status).toBe(404);
  expect((await t.request('DELETE', `/api/v1/admin/views/${mine.id}`, { token: warehouse })).status).toBe(404);
  expect((await rowsInDb(`id = ${mine.id}`))[0]!.name).toBe('Мої');
  // The same name is fine for another person.
  expect((await create(warehouse, { list: 'orders', name: 'Мої', params })).status).toBe(201);

  expect((await t.request('GET', '/api/v1/admin/views?list=orders', { token: reseller })).status).toBe(403);
  expect((await create(reseller, { list: 'orders', name: 'x', params })).status).toBe(403);
  expect((await t.request('PUT', `/api/v1/admin/views/${mine.id}`, { token: reseller, body: { name: 'x' } })).status).toBe(403);
  expect((await t.request('DELETE', `/api/v1/admin/views/${mine.id}`, { token: reseller })).status).toBe(403);
  expect((await t.request('GET', '/api/v1/admin/views?list=orders')).status).toBe(401);
});

test('bad input is 422 on its field: name, list, params (filters, columns, sort, per_page)', async () => {
  const bad: [unknown, string][] = [
    [{ list: 'orders', name: '', params }, 'name'],
    [{ list: 'orders', name: 'x'.repeat(61), params }, 'name'],
    [{ list: 'ledger', name: 'x', params }, 'list'],
    [{ list: 'orders', name: 'x' }, 'params'],
    [{ list: 'orders', name: 'x', params: { ...params, filters: { payment_method: 'Cash' } } }, 'params.filters.payment_method'],
    [{ list: 'orders', name: 'x', params: { ...params, filters: { hacked: true } } }, 'params.filters'],
    [{ list: 'orders', name: 'x', params: { ...params, columns: ['total', 'password_hash'] } }, 'params.columns.1'],
    [{ list: 'orders', name: 'x', params: { ...params, columns: ['total', 'total'] } }, 'params.columns'],
    [{ list: 'orders', name: 'x', params: { ...params, sort: 'drop table' } }, 'params.sort'],
    [{ list: 'orders', name: 'x', params: { ...params, per_page: 30 } }, 'params.per_page'],
    [{ list: 'orders', name: 'x', params: { ...params, extra: 1 } }, 'params'],
  ];
  for (const [body, field] of bad) {
    const r = await create(admin, body);
    expect(r.status, JSON.stringify(body)).toBe(422);
    expect(Object.keys(r.body.errors), JSON.stringify(r.body)).toContain(field);
  }
  const v = (await create(admin, { list: 'orders', name: 'Для правок', params })).body.data;
  const r = await t.request('PUT', `/api/v1/admin/views/${v.id}`, { token: admin, body: { params: { ...params, per_page: 7 } } });
  expect(r.status).toBe(422);
  expect(Object.keys(r.body.errors)).toContain('params.per_page');
  expect((await t.request('PUT', `/api/v1/admin/views/${v.id}`, { token: admin, body: {} })).status).toBe(422);
  expect((await t.request('GET', '/api/v1/admin/views?list=nope', { token: admin })).status).toBe(422);
  expect((await t.request('PUT', '/api/v1/admin/views/abc', { token: admin, body: { name: 'x' } })).status).toBe(404);
});

test('a second view of the same name is 422 on name (create and rename); at most STAFF_VIEWS_MAX per list', async () => {
  const who = (await t.user({ role: 'accountant', name: 'Бухгалтерка', email: 'accountant@views.test' })).token;
  expect((await create(who, { list: 'orders', name: 'Один', params })).status).toBe(201);
  const dup = await create(who, { list: 'orders', name: 'Один', params });
  expect(dup.status).toBe(422);
  expect(dup.body.errors.name).toEqual(['Вигляд з такою назвою вже є']);
  const two = (await create(who, { list: 'orders', name: 'Два', params })).body.data;
  const rename = await t.request('PUT', `/api/v1/admin/views/${two.id}`, { token: who, body: { name: 'Один' } });
  expect(rename.status).toBe(422);
  expect(Object.keys(rename.body.errors)).toEqual(['name']);

  for (let i = 3; i <= STAFF_VIEWS_MAX; i++) expect((await create(who, { list: 'orders', name: `Вигляд ${i}`, params })).status).toBe(201);
  const over = await create(who, { list: 'orders', name: 'Зайвий', params });
  expect(over.status).toBe(422);
  expect(Object.keys(over.body.errors)).toEqual(['name']);
  expect(await rowsInDb(`user_id = (SELECT id FROM users WHERE email = 'accountant@views.test')`)).toHaveLength(STAFF_VIEWS_MAX);
  expect(await listOf(who)).toHaveLength(STAFF_VIEWS_MAX);
});
