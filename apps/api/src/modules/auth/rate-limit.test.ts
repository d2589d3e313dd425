import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ limits: { ...loadConfig({}).limits, loginPerEmail: 3, loginPerIp: 8, windowSeconds: 60 } });
});
afterAll(() => t.close());

test('login is limited per e-mail, then per IP, with Retry-After', async () => {
  const u = await t.user(); // one successful login
  for (let i = 0; i < 2; i++) {
    expect((await t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: 'wrong-one' } })).status).toBe(422);
  }
  const limited = await t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: u.password } });
  expect(limited.status).toBe(429);
  expect(limited.body.code).toBe('TooManyAttempts');
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  // Other e-mails from the same IP still pass until the per-IP limit.
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    statuses.push((await t.request('POST', '/api/v1/auth/login', { body: { email: `x${i}@example.com`, password: 'wrong-one' } })).status);
  }
  expect(statuses).toEqual([422, 422, 422, 422, 429]);
});

test('RATE_LIMIT_PER_IP sets the per-address limits (60 by default); per e-mail stays 10', () => {
  expect(loadConfig({}).limits).toMatchObject({ loginPerIp: 60, codePerIp: 60, loginPerEmail: 10, codePerEmail: 10 });
  expect(loadConfig({ RATE_LIMIT_PER_IP: '500' }).limits).toMatchObject({ loginPerIp: 500, codePerIp: 500, loginPerEmail: 10 });
  expect(() => loadConfig({ RATE_LIMIT_PER_IP: '0' })).toThrow();
});
