import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

test('security headers on API answers: CSP (no framing, no plugins, blob: frames only for receipt previews), nosniff, no referrer leaks', async () => {
  const r = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
  const csp = String(r.headers['content-security-policy']);
  const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['script-src']).toEqual(["'self'"]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['frame-src']).toEqual(["'self'", 'blob:']);
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(r.headers['referrer-policy']).toBe('no-referrer');
  expect(String(r.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
});
