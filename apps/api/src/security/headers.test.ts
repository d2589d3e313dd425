import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EARLY_DATA_SCRIPT, PRERENDER_GATE_SCRIPT } from '@drop/shared';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

test('security headers on API answers: CSP (no framing, no plugins, blob: frames only for receipt previews), nosniff, no referrer leaks', async () => {
  const r = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
  const csp = String(r.headers['content-security-policy']);
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );
  expect(directives['default-src']).toEqual(["'self'"]);
  // Our own files, plus exactly two inline scripts by their hashes: the prerendered landing page's
  // locale gate and the dashboard HTML's early reads.
  const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  expect(directives['script-src']).toEqual(["'self'", hash(PRERENDER_GATE_SCRIPT), hash(EARLY_DATA_SCRIPT)]);
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['frame-src']).toEqual(["'self'", 'blob:']);
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(r.headers['referrer-policy']).toBe('no-referrer');
  expect(String(r.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
});

test('the same security headers on refusals, unknown paths and pages', async () => {
  const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
  for (const url of ['/api/v1/auth/user', '/api/v1/no-such-route', '/login']) {
    const r = await t.app.inject({ method: 'GET', url });
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'strict-transport-security',
      'cross-origin-opener-policy',
    ]) {
      expect(r.headers[name], `${url} ${name}`).toBe(config.headers[name]);
    }
  }
  // Each header once (not a list joined from two sources).
  expect(String(config.headers['content-security-policy']).match(/default-src/g)).toHaveLength(1);
});
