import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const chrome = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' };
const iphone = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};

test('devices list the sign-ins; deleting one signs that device out', async () => {
  const u = await t.user();
  const laptop = await t.login(u.email, u.password, 'fp-laptop', chrome);
  const phone = await t.login(u.email, u.password, 'fp-phone', iphone);
  // Signing in again on the same fingerprint reuses the device.
  const phone2 = await t.login(u.email, u.password, 'fp-phone', iphone);

  const list = await t.request('GET', '/api/v1/user-devices', { token: laptop });
  expect(list.status).toBe(200);
  expect(list.body.meta).toMatchObject({ current_page: 1, total: 3, last_page: 1 });
  const names = list.body.data.map((d: { name: string }) => d.name);
  expect(names).toEqual(expect.arrayContaining(['Chrome on Windows', 'Safari on iOS']));
  const current = list.body.data.filter((d: { is_current: boolean }) => d.is_current);
  expect(current).toHaveLength(1);
  expect(current[0].name).toBe('Chrome on Windows');
  const phoneDevice = list.body.data.find((d: { name: string }) => d.name === 'Safari on iOS');

  expect((await t.request('DELETE', `/api/v1/user-devices/${phoneDevice.id}`, { token: laptop })).status).toBe(204);
  expect((await t.request('GET', '/api/v1/auth/user', { token: phone })).status).toBe(401);
  expect((await t.request('GET', '/api/v1/auth/user', { token: phone2 })).status).toBe(401);
  expect((await t.request('GET', '/api/v1/auth/user', { token: laptop })).status).toBe(200);
  const after = await t.request('GET', '/api/v1/user-devices/', { token: laptop });
  expect(after.body.data.map((d: { id: number }) => d.id)).not.toContain(phoneDevice.id);
});

test("another reseller's device id is answered 404 and stays signed in", async () => {
  const me = await t.user();
  const other = await t.user();
  const theirs = await t.request('GET', '/api/v1/user-devices', { token: other.token });
  const id = theirs.body.data[0].id;
  const r = await t.request('DELETE', `/api/v1/user-devices/${id}`, { token: me.token });
  expect(r.status).toBe(404);
  expect(r.body.message).toBe('Не знайдено');
  expect((await t.request('GET', '/api/v1/auth/user', { token: other.token })).status).toBe(200);
  expect((await t.request('DELETE', '/api/v1/user-devices/abc', { token: me.token })).status).toBe(404);
  expect((await t.request('DELETE', '/api/v1/user-devices/99999999', { token: me.token })).status).toBe(404);
  expect((await t.request('GET', '/api/v1/user-devices')).status).toBe(401);
});

test('pagination is bounded', async () => {
  const u = await t.user();
  const r = await t.request('GET', '/api/v1/user-devices?per_page=1000', { token: u.token });
  expect(r.status).toBe(422);
  expect(r.body.errors.per_page).toBeDefined();
});
