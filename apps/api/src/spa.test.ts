import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';

// A stand-in build of the SPA, so this test does not depend on a web build.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="uk"><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>');
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(20_000))});`);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

test('hashed assets are compressed and cached for a year; the rest revalidates', async () => {
  const r = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-encoding']).toBe('gzip');
  expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(r.rawPayload.length).toBeLessThan(5_000);
  const index = await t.app.inject({ url: '/' });
  expect(index.statusCode).toBe(200);
  expect(index.headers['cache-control']).toBe('no-cache');
  expect(index.body).toContain('<div id="root">');
});

test('unknown non-API paths get the SPA; unknown API paths and missing assets are 404', async () => {
  for (const url of ['/dashboard/profile', '/login?token=abc', '/no/such/page/']) {
    const r = await t.app.inject({ url });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<div id="root">');
  }
  expect((await t.app.inject({ url: '/api/v1/unknown' })).statusCode).toBe(404);
  expect((await t.app.inject({ url: '/assets/index-gone.js' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
});
