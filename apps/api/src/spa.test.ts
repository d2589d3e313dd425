import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';

// A stand-in build of the SPA, so this test does not depend on a web build.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
const indexHtml = `<!doctype html><html lang="uk"><head><meta name="description" content="${'Drop '.repeat(400)}"></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;
fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(20_000))});`);
// What the web build writes next to each text file (vite.config.ts `precompress`): served as is.
const vendorJs = `export const v = ${JSON.stringify('y'.repeat(30_000))};`;
fs.writeFileSync(path.join(dist, 'assets/vendor-def456.js'), vendorJs);
fs.writeFileSync(path.join(dist, 'assets/vendor-def456.js.br'), zlib.brotliCompressSync(vendorJs));
fs.writeFileSync(path.join(dist, 'assets/vendor-def456.js.gz'), zlib.gzipSync(vendorJs, { level: 9 }));

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

test("brotli is preferred; the build's precompressed files are served as they are", async () => {
  const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('console.log');

  const pre = await t.app.inject({ url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(pre.statusCode).toBe(200);
  expect(pre.headers['content-encoding']).toBe('br');
  expect(pre.headers['content-type']).toContain('javascript');
  expect(pre.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(pre.headers.vary).toMatch(/accept-encoding/i);
  expect(pre.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets/vendor-def456.js.br')))).toBe(true);
  const gz = await t.app.inject({ url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(vendorJs);
  const plain = await t.app.inject({ url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(vendorJs);
});

test("/ serves the build's landing.html when there is one (index.html with the landing page's preloads)", async () => {
  const landingHtml = indexHtml.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/landing-page-1.js"></head>');
  fs.writeFileSync(path.join(dist, 'landing.html'), landingHtml);
  try {
    const r = await t.app.inject({ url: '/' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body).toBe(landingHtml);
    // Every other page gets index.html.
    expect((await t.app.inject({ url: '/dashboard/catalog' })).body).toBe(indexHtml);
  } finally {
    fs.rmSync(path.join(dist, 'landing.html'));
  }
});

test("the dashboard's pages get the build's dashboard.html when there is one (the shell's preloads); the rest index.html", async () => {
  const dashboardHtml = indexHtml.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js"></head>');
  fs.writeFileSync(path.join(dist, 'dashboard.html'), dashboardHtml);
  try {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/catalog/5/products?page=2', '/dashboard/cart']) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body, url).toBe(dashboardHtml);
    }
    for (const url of ['/login', '/admin/orders', '/dashboards', '/register']) expect((await t.app.inject({ url })).body, url).toBe(indexHtml);
  } finally {
    fs.rmSync(path.join(dist, 'dashboard.html'));
  }
  // Without one (an older build), index.html.
  expect((await t.app.inject({ url: '/dashboard/cart' })).body).toBe(indexHtml);
});

test("a page of pages.json gets its own HTML (the shell's and the page's preloads); other dashboard pages dashboard.html", async () => {
  const dashboardHtml = indexHtml.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js"></head>');
  const listHtml = indexHtml.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/product-list-1.js"></head>');
  const cartHtml = indexHtml.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/cart-1.js"></head>');
  fs.mkdirSync(path.join(dist, 'pages'));
  fs.writeFileSync(path.join(dist, 'dashboard.html'), dashboardHtml);
  fs.writeFileSync(path.join(dist, 'pages/product-list.html'), listHtml);
  fs.writeFileSync(path.join(dist, 'pages/cart.html'), cartHtml);
  const table = {
    '/dashboard/catalog/:id/products': 'pages/product-list.html',
    '/dashboard/favorites': 'pages/product-list.html',
    '/dashboard/cart': 'pages/cart.html',
    '/dashboard/orders': 'pages/missing.html',
    '/dashboard/evil': '../../etc/passwd',
  };
  fs.writeFileSync(path.join(dist, 'pages.json'), JSON.stringify(table));
  try {
    const expected: [string, string][] = [
      ['/dashboard/catalog/53/products', listHtml],
      ['/dashboard/catalog/53/products/', listHtml],
      ['/dashboard/catalog/53/products?page=2&filters=1_2', listHtml],
      ['/dashboard/favorites', listHtml],
      ['/dashboard/cart', cartHtml],
      ['/dashboard/catalog/53', dashboardHtml],
      ['/dashboard/catalog/53/products/7', dashboardHtml],
      ['/dashboard/orders', dashboardHtml], // its file is missing
      ['/dashboard/evil', dashboardHtml], // not a pages/ file
      ['/dashboard', dashboardHtml],
      ['/login', indexHtml],
      ['/cart', indexHtml],
    ];
    for (const [url, html] of expected) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.body, url).toBe(html);
    }
    // A rebuilt SPA with another table is picked up without a restart.
    fs.writeFileSync(path.join(dist, 'pages.json'), JSON.stringify({ '/dashboard/cart': 'pages/product-list.html' }));
    fs.utimesSync(path.join(dist, 'pages.json'), new Date(), new Date(Date.now() + 5000));
    expect((await t.app.inject({ url: '/dashboard/cart' })).body).toBe(listHtml);
    // An unreadable table: the shell's HTML.
    fs.writeFileSync(path.join(dist, 'pages.json'), '{not json');
    fs.utimesSync(path.join(dist, 'pages.json'), new Date(), new Date(Date.now() + 10_000));
    expect((await t.app.inject({ url: '/dashboard/cart' })).body).toBe(dashboardHtml);
  } finally {
    for (const f of ['dashboard.html', 'pages.json']) fs.rmSync(path.join(dist, f));
    fs.rmSync(path.join(dist, 'pages'), { recursive: true });
  }
});

test('index.html and the SPA fallback are compressed and revalidated on every visit', async () => {
  for (const url of ['/', '/index.html', '/dashboard/catalog/5/products']) {
    const r = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.statusCode, url).toBe(200);
    expect(r.headers['content-type'], url).toContain('text/html');
    expect(r.headers['cache-control'], url).toBe('no-cache');
    expect(r.headers['content-encoding'], url).toBe('br');
    expect(zlib.brotliDecompressSync(r.rawPayload).toString(), url).toBe(indexHtml);
  }
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
