/**
 * `npm run dev` (scripts/dev.mjs): the web's Vite dev server in front of the API. A page opened
 * there works as it does behind the API only if Vite passes every path the API serves besides the
 * SPA: here the real Vite dev server, with apps/web/vite.config.ts, in front of a real API.
 */
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { REALTIME_PATH } from '@drop/shared';
import { buildTestApp, type TestApp } from './test/app.ts';
import { storePicture } from './lib/pictures.ts';

const webRoot = path.resolve(import.meta.dirname, '../../web');

let t: TestApp;
let vite: ViteDevServer;
let api: string;
let web: string;

beforeAll(async () => {
  t = await buildTestApp();
  api = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const before = process.env.API_URL;
  process.env.API_URL = api;
  try {
    vite = await createServer({
      configFile: path.join(webRoot, 'vite.config.ts'),
      root: webRoot,
      logLevel: 'silent',
      // No dependency scan: nothing here asks for the app's modules.
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { port: 0, host: '127.0.0.1', hmr: false },
    });
    await vite.listen();
  } finally {
    if (before === undefined) delete process.env.API_URL;
    else process.env.API_URL = before;
  }
  const address = vite.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite did not listen');
  web = `http://127.0.0.1:${address.port}`;
}, 60_000);

afterAll(async () => {
  await vite?.close();
  await t?.close();
});

/** The same request straight to the API and through the dev server: status, type and bytes. */
async function both(url: string, init: RequestInit = {}) {
  const [direct, proxied] = await Promise.all([fetch(api + url, init), fetch(web + url, init)]);
  return {
    direct: { status: direct.status, type: direct.headers.get('content-type'), body: Buffer.from(await direct.arrayBuffer()) },
    proxied: { status: proxied.status, type: proxied.headers.get('content-type'), body: Buffer.from(await proxied.arrayBuffer()) },
  };
}

describe('the dev server passes the API its paths (issue 32, point 7)', () => {
  test('a catalogue picture, each of its variants', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const stored = await storePicture(t.app.deps.config.dataDir, jpeg);
    if (!stored.ok) throw new Error(stored.reason);
    for (const file of [stored.picture.original, stored.picture.mediumCentered, stored.picture.thumb]) {
      const { direct, proxied } = await both(`/storage/${file}`);
      expect(direct.status, file).toBe(200);
      expect(proxied).toEqual(direct);
      expect(proxied.type).toMatch(/^image\/(jpeg|webp)/);
    }
  });

  test("a reseller's public feed", async () => {
    const u = await t.user();
    const created = await t.request('POST', '/api/v1/export-settings', {
      token: u.token,
      body: { name: 'Prom.ua', file_type: 'yml', shop: { short_name: 'Мій магазин', company: 'ФОП Коваль', url: 'https://shop.example' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const deadline = Date.now() + 25_000;
    let url: string | null = null;
    while (!url) {
      const s = (await t.request('GET', `/api/v1/export-settings/${id}`, { token: u.token })).body.data as { status: string; url: string };
      if (s.status === 'ready') url = new URL(s.url).pathname;
      else if (Date.now() > deadline) throw new Error(`feed not built: ${JSON.stringify(s)}`);
      else await new Promise((r) => setTimeout(r, 100));
    }
    const { direct, proxied } = await both(url);
    expect(direct.status).toBe(200);
    expect(proxied).toEqual(direct);
    expect(proxied.body.toString('utf8')).toContain('<yml_catalog');
  });

  test("the JSON API, 1C exchange, the realtime socket and the Nova Poshta emulator; the SPA stays Vite's", async () => {
    const config = await both('/api/v1/config');
    expect(config.direct.status).toBe(200);
    expect(JSON.parse(config.proxied.body.toString('utf8'))).toEqual(JSON.parse(config.direct.body.toString('utf8')));
    // 1C asks for its session with basic auth: refused without it, by the API (not a Vite 404).
    const onec = await both('/1c/exchange?type=catalog&mode=checkauth');
    expect(onec.direct.status).toBe(401);
    expect(onec.proxied.status).toBe(401);
    // Socket.IO's polling handshake.
    const socket = await fetch(`${web}${REALTIME_PATH}/?EIO=4&transport=polling`);
    expect(socket.status).toBe(200);
    expect(await socket.text()).toMatch(/^0\{"sid":/);
    const emulator = await both('/emulators/novaposhta/v2.0/json/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ modelName: 'Address', calledMethod: 'searchSettlements', methodProperties: { CityName: 'Київ', Limit: 1 } }),
    });
    expect(emulator.direct.status).toBe(200);
    expect(emulator.proxied.status).toBe(200);
    // A page of the SPA is Vite's index.html (with its HMR client), not the API's.
    const page = await fetch(`${web}/dashboard/catalog`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
  });
});
