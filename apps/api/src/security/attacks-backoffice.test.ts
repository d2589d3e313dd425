import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { loadCatalogFixture } from '../test/catalog-fixture.ts';
import { orderTools } from '../test/orders.ts';
import { FIXTURES, multipartBody, makeZip, packageFiles } from '../modules/onec/test-kit.ts';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, checkImagePixels } from '../lib/image-limits.ts';

/**
 * Issue 24, points 11-14: exposure and money safety in the back office, each attack replayed
 * over HTTP.
 *  11. The Nova Poshta emulator's control endpoints moved parcels for anyone (an anonymous caller
 *      marked a parcel delivered and a reseller was credited), and production served the emulator
 *      when NP_API_URL was empty.
 *  12. Picture bombs: a 60000×60000 PNG (kilobytes on the wire, 14 GB decoded) was accepted as a
 *      product picture and as a receipt.
 *  13. (web) the status change preselected Cancel: apps/web, admin order page tests.
 *  14. A Card order awaiting payment got a waybill and reached Done unpaid.
 */

let t: TestApp;
let op: string;
let base: string;
let dataDir: string;
let tools: ReturnType<typeof orderTools>;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-attacks-bo-'));
  dataDir = path.join(base, 'data');
  fs.mkdirSync(dataDir);
  t = await buildTestApp({ dataDir, npEmulatorStepSeconds: 0, trackingIntervalSeconds: 3600 });
  // The NP client calls the emulator over HTTP on this server's port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const ledgerOf = async (userId: number) => Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM operations WHERE user_id = ${userId}`))[0]!.n);
const parcel = async (number: string) =>
  (await rows<{ step: number; path: number[] }>(sql`SELECT step, path FROM np_emulator_documents WHERE number = ${number}`))[0]!;
const admin = (method: string, url: string, body?: unknown, token = op) => t.request(method, `/api/v1/admin/orders${url}`, { token, body });

// ---------- 11. the Nova Poshta emulator and dev routes ----------

describe('11: the emulator control endpoints need an admin; production mounts no emulator or dev route unless asked', () => {
  test('anonymous, forged and reseller calls to every control endpoint: 401/403, the parcel stays, no ledger row', async () => {
    await tools.setStock(1, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.placeConfirmed(u.token, [[1, 2, 160]]);
    const made = await admin('POST', `/${o.id}/ttn`, { weight: 1 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ttn = made.body.data.ttn as string;
    const before = await parcel(ttn);
    const ledgerBefore = await ledgerOf(u.id);
    const calls = [
      ['/emulators/novaposhta/control/scenario', { number: ttn, scenario: 'delivered' }],
      ['/emulators/novaposhta/control/advance', { number: ttn, steps: 1000 }],
    ] as const;
    for (const [url, body] of calls) {
      expect((await t.request('POST', url, { body })).status, `${url} anonymous`).toBe(401);
      expect((await t.request('POST', url, { body, headers: { authorization: 'Bearer forged-token-0123456789' } })).status, `${url} forged`).toBe(401);
      expect((await t.request('POST', url, { body, token: u.token })).status, `${url} reseller`).toBe(403);
    }
    // The tracking job asks the carrier: nothing moved, so nothing is posted.
    expect((await admin('POST', '/tracking/run')).status).toBe(200);
    expect(await parcel(ttn)).toEqual(before);
    expect(await ledgerOf(u.id)).toBe(ledgerBefore);
    const after = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data;
    expect(after).toMatchObject({ status: 'Confirmed', delivery_status: 'CreatedTTN', payment_status: 'NotPaid' });
    // An admin still drives the emulator (tests and demos).
    const ok = await t.request('POST', '/emulators/novaposhta/control/advance', { token: op, body: { number: ttn } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // One code on along the parcel's path (its fate, and so its path, is random at creation).
    expect(before.path.length).toBeGreaterThan(before.step + 1);
    expect(ok.body.status_code).toBe(before.path[before.step + 1]);
    expect((await parcel(ttn)).step).toBe(before.step + 1);
  });

  test('the control endpoints are secured routes in the OpenAPI table (the access matrix covers them)', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    for (const p of ['/emulators/novaposhta/control/scenario', '/emulators/novaposhta/control/advance'])
      expect(spec.paths[p]?.post?.security, p).toEqual([{ bearer: [] }]);
  });

  test('production without NP_API_URL/NP_API_KEY refuses to start, naming them; NP_EMULATOR=1 mounts the emulator; outside production it stays the default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NP_API_URL and NP_API_KEY: required with NODE_ENV=production[\s\S]*NP_EMULATOR=1/);
    expect(() => loadConfig({ NODE_ENV: 'production', NP_API_URL: 'https://api.novaposhta.ua/v2.0/json/' })).toThrow(/NP_API_KEY: required/);
    expect(() => loadConfig({ NODE_ENV: 'production', NP_API_KEY: 'key' })).toThrow(/NP_API_URL: required/);
    // compose.yaml passes empty variables: empty is unset.
    expect(() => loadConfig({ NODE_ENV: 'production', NP_API_URL: '', NP_API_KEY: '' })).toThrow(/NP_API_URL and NP_API_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', NP_API_URL: 'https://api.novaposhta.ua/v2.0/json/', NP_API_KEY: 'key' }).npEmulator).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', NP_EMULATOR: '1' }).npEmulator).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).npEmulator).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', NP_API_URL: 'https://api.novaposhta.ua/v2.0/json/', NP_API_KEY: 'key' }).npEmulator).toBe(false);
    expect(() => loadConfig({ NP_EMULATOR: 'yes' })).toThrow(/NP_EMULATOR/);
  });

  test('production: no /emulators and no /dev routes; development without SMTP has the mailbox (so the 404s are real)', async () => {
    const prod = await buildTestApp(
      { env: 'production', npEmulator: false, npApiUrl: 'http://127.0.0.1:9/v2.0/json/', npApiKey: 'key', smtpUrl: undefined },
      { startJobs: false },
    );
    const dev = await buildTestApp({ env: 'development', smtpUrl: undefined }, { startJobs: false });
    try {
      for (const [method, url] of [
        ['GET', '/dev/mailbox'],
        ['POST', '/emulators/novaposhta/control/advance'],
        ['POST', '/emulators/novaposhta/control/scenario'],
        ['POST', '/emulators/novaposhta/v2.0/json/'],
      ] as const) {
        expect((await prod.request(method, url, { body: method === 'POST' ? {} : undefined })).status, `${method} ${url}`).toBe(404);
      }
      expect((await dev.request('GET', '/dev/mailbox')).status).toBe(200);
      expect((await dev.request('POST', '/emulators/novaposhta/control/advance', { body: {} })).status).toBe(401);
    } finally {
      await prod.close();
      await dev.close();
    }
  });

  test('production with NP_EMULATOR=1 (benchmarks): the emulator is mounted and its control endpoints still need an admin', async () => {
    const bench = await buildTestApp({ env: 'production', npEmulator: true, npApiUrl: undefined, smtpUrl: undefined }, { startJobs: false });
    try {
      expect(
        (
          await bench.request('POST', '/emulators/novaposhta/v2.0/json/', {
            body: { calledMethod: 'searchSettlements', methodProperties: { CityName: 'Київ' } },
          })
        ).status,
      ).toBe(200);
      expect((await bench.request('POST', '/emulators/novaposhta/control/advance', { body: { number: '20450000000000' } })).status).toBe(401);
      expect((await bench.request('GET', '/dev/mailbox')).status).toBe(404);
    } finally {
      await bench.close();
    }
  });

  test('a Config built by hand for production with neither the carrier nor the emulator does not build', async () => {
    await expect(buildTestApp({ env: 'production', npEmulator: false, npApiUrl: undefined }, { startJobs: false })).rejects.toThrow(/NP_API_URL/);
  });
});

// ---------- 12. picture bombs ----------

function crc32(b: Buffer): number {
  let c = ~0;
  for (const x of b) {
    c ^= x;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** A PNG that says w×h: a valid IHDR and a small IDAT (the real attack file compresses to KBs). */
function png(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A baseline JPEG header (SOI, JFIF APP0, SOF0 of w×h, three components) then EOI. */
function jpeg(w: number, h: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 255, w >> 8, w & 255, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}
/** A GIF89a whose logical screen is w×h. */
function gif(w: number, h: number): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(w, 6);
  head.writeUInt16LE(h, 8);
  return Buffer.concat([head, Buffer.from([0x2c, 0, 0, 0, 0, w & 255, w >> 8, h & 255, h >> 8, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b])]);
}
/** An extended WebP (VP8X) whose canvas is w×h. */
function webp(w: number, h: number): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(w - 1, 12, 3);
  vp8x.writeUIntLE(h - 1, 15, 3);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), vp8x, Buffer.alloc(32)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** A HEIC whose image spatial extent (ispe) says w×h. */
function heic(w: number, h: number): Buffer {
  const ispe = Buffer.alloc(12);
  ispe.writeUInt32BE(w, 4);
  ispe.writeUInt32BE(h, 8);
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1'));
  return Buffer.concat([ftyp, box('meta', Buffer.alloc(4), box('iprp', box('ipco', box('ispe', ispe)))), Buffer.alloc(64)]);
}

const BOMB = 60_000;

describe('12: every image upload is refused by pixel count before it is decoded or stored', () => {
  test('the header reader: the bombs and the limits, a sane photo passes, a header that is not what it claims is unreadable', () => {
    for (const [name, bytes, mime] of [
      ['png', png(BOMB, BOMB), 'image/png'],
      ['jpeg', jpeg(BOMB, BOMB), 'image/jpeg'],
      ['gif', gif(BOMB, BOMB), 'image/gif'],
      ['webp', webp(BOMB, BOMB), 'image/webp'],
      ['heic', heic(BOMB, BOMB), 'image/heic'],
      // Within each side, over the area; within the area, over a side.
      ['png area', png(10_000, 10_000), 'image/png'],
      ['png side', png(MAX_IMAGE_SIDE + 1, 1), 'image/png'],
    ] as const) {
      expect(checkImagePixels(bytes, mime), name).toEqual({ ok: false, reason: 'too_big' });
    }
    expect(checkImagePixels(png(8000, 6000), 'image/png')).toEqual({ ok: true, width: 8000, height: 6000 });
    expect(checkImagePixels(jpeg(8688, 5752), 'image/jpeg')).toMatchObject({ ok: true });
    expect(checkImagePixels(webp(4000, 3000), 'image/webp')).toMatchObject({ ok: true });
    expect(checkImagePixels(heic(4032, 3024), 'image/heic')).toMatchObject({ ok: true });
    expect(checkImagePixels(png(MAX_IMAGE_SIDE, Math.floor(MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE)), 'image/png')).toMatchObject({ ok: true });
    // A PNG signature with a broken IHDR; a JPEG named as a PNG; no dimensions at all.
    const broken = png(100, 100);
    broken.write('XXXX', 12, 'latin1');
    expect(checkImagePixels(broken, 'image/png')).toEqual({ ok: false, reason: 'unreadable' });
    expect(checkImagePixels(jpeg(100, 100), 'image/png')).toEqual({ ok: false, reason: 'unreadable' });
    expect(checkImagePixels(png(0, 0), 'image/png')).toEqual({ ok: false, reason: 'unreadable' });
    expect(checkImagePixels(Buffer.from('%PDF-1.4'), 'application/pdf')).toMatchObject({ ok: true });
  });

  /** Multipart upload of one file under the field `file`. */
  const upload = async (url: string, token: string, file: Buffer, name: string, lang: 'uk' | 'ru' = 'uk', fields: Record<string, string> = {}) => {
    const boundary = `----bomb${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    const payload = Buffer.concat(parts);
    const contentType = `multipart/form-data; boundary=${boundary}`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'x-localization': lang },
      payload,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const filesIn = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
      : [];
  const tooBig = (lang: 'uk' | 'ru') =>
    lang === 'uk'
      ? `Зображення завелике: не більше 50 мегапікселів і ${MAX_IMAGE_SIDE} пікселів по стороні`
      : `Изображение слишком большое: не более 50 мегапикселей и ${MAX_IMAGE_SIDE} пикселей по стороне`;

  test('a product picture: each bomb 422 on the file field (uk/ru), nothing stored, the product unchanged; a real-size picture is taken', async () => {
    const before = filesIn(path.join(dataDir, 'storage'));
    const imagesBefore = (await rows<{ n: string }>(sql`SELECT count(*) AS n FROM product_images WHERE product_id = 1`))[0]!.n;
    for (const [name, bytes] of [
      ['bomb.png', png(BOMB, BOMB)],
      ['bomb.jpg', jpeg(BOMB, BOMB)],
      ['bomb.gif', gif(BOMB, BOMB)],
      ['bomb.webp', webp(BOMB, BOMB)],
    ] as const) {
      for (const lang of ['uk', 'ru'] as const) {
        const r = await upload('/api/v1/admin/catalog/products/1/images', op, bytes, name, lang);
        expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(422);
        expect(r.body.errors, name).toEqual({ file: [tooBig(lang)] });
      }
    }
    expect(filesIn(path.join(dataDir, 'storage'))).toEqual(before);
    expect((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM product_images WHERE product_id = 1`))[0]!.n).toBe(imagesBefore);
    // A real picture of that size (pixels to decode: pictures are re-encoded since issue 30) is taken, as its variants.
    const real = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#48a' } })
      .png()
      .toBuffer();
    const ok = await upload('/api/v1/admin/catalog/products/1/images', op, real, 'photo.png');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.images.at(-1).original).toMatch(/^\/storage\/pictures\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
  });

  test('a receipt: each bomb (PNG, JPEG, WebP, HEIC) 422 on the file field, no row, no file', async () => {
    const u = await t.user({ isVerified: true });
    const dir = path.join(dataDir, 'uploads', 'payment-documents', String(u.id));
    for (const [name, bytes] of [
      ['receipt.png', png(BOMB, BOMB)],
      ['receipt.jpg', jpeg(BOMB, BOMB)],
      ['receipt.webp', webp(BOMB, BOMB)],
      ['receipt.heic', heic(BOMB, BOMB)],
    ] as const) {
      const r = await upload('/api/v1/payment-documents', u.token, bytes, name, 'ru');
      expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body.errors, name).toEqual({ file: [tooBig('ru')] });
    }
    // A PNG whose header is broken is not a receipt.
    const broken = png(100, 100);
    broken.write('XXXX', 12, 'latin1');
    const bad = await upload('/api/v1/payment-documents', u.token, broken, 'receipt.png');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['file']);
    expect(filesIn(dir)).toEqual([]);
    expect(Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM payment_documents WHERE user_id = ${u.id}`))[0]!.n)).toBe(0);
    const ok = await upload('/api/v1/payment-documents', u.token, heic(4032, 3024), 'photo.heic');
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  test('an order document: each bomb 422 on the file field, no row, no file', async () => {
    await tools.setStock(4, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.placeConfirmed(u.token, [[4, 1, 80]]);
    for (const [name, bytes] of [
      ['ttn.png', png(BOMB, BOMB)],
      ['ttn.jpg', jpeg(BOMB, BOMB)],
      ['ttn.webp', webp(BOMB, BOMB)],
      ['ttn.heic', heic(BOMB, BOMB)],
    ] as const) {
      const r = await upload('/api/v1/media-files', u.token, bytes, name, 'uk', { order_id: String(o.id), type: 'waybill' });
      expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body.errors, name).toEqual({ file: [tooBig('uk')] });
    }
    expect(filesIn(path.join(dataDir, 'uploads', 'orders', String(o.id)))).toEqual([]);
    expect(Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM media_files WHERE order_id = ${o.id}`))[0]!.n)).toBe(0);
  });

  test('1C pictures in a zip: the bombs are not stored (a warning names each), the real pictures are', async () => {
    const dir = path.join(FIXTURES, 'full');
    const bombs: Record<string, Buffer> = {
      'import_files/d2/d2a7c9e05d4411ee8c990242ac120002_1.jpg': jpeg(BOMB, BOMB),
      'import_files/d2/d2a7c9e05d4411ee8c990242ac120002_2.jpg': png(BOMB, BOMB),
    };
    const pictures = packageFiles(dir)
      .filter((f) => f.name.startsWith('import_files/'))
      .map((f) => (bombs[f.name] ? { ...f, data: bombs[f.name]! } : f));
    const { body, contentType } = multipartBody([
      { field: 'import', filename: 'import.xml', data: fs.readFileSync(path.join(dir, 'import.xml')) },
      { field: 'offers', filename: 'offers.xml', data: fs.readFileSync(path.join(dir, 'offers.xml')) },
      { field: 'pictures', filename: 'pictures.zip', data: makeZip(pictures) },
    ]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/onec/imports',
      headers: { authorization: `Bearer ${op}`, 'content-type': contentType },
      payload: body,
    });
    expect(r.statusCode, r.body).toBe(202);
    const id = JSON.parse(r.body).data.id;
    let run: any;
    for (let i = 0; i < 600 && !['done', 'failed'].includes(run?.status); i++) {
      if (i) await new Promise((res) => setTimeout(res, 50));
      run = (await t.request('GET', `/api/v1/admin/onec/imports/${id}`, { token: op })).body.data;
    }
    expect(run.status, JSON.stringify(run.error)).toBe('done');
    const warned = run.warnings.filter((w: { key: string }) => w.key === 'picture_too_big').map((w: { text: string }) => w.text);
    expect(warned).toHaveLength(2);
    for (const name of Object.keys(bombs))
      expect(
        warned.some((w: string) => w.includes(name)),
        name,
      ).toBe(true);
    expect(run.stats.pictures_stored).toBe(3);
    for (const f of filesIn(path.join(dataDir, 'storage', 'onec')))
      expect(fs.statSync(path.join(dataDir, 'storage', 'onec', f.slice(0, 2), f)).size).toBeLessThan(10_000);
  });
});

// ---------- 14. unpaid Card orders must not ship ----------

describe('14: a waybill or Complected needs a Paid Card order, unless an admin overrides with a reason', () => {
  const docsCount = async () => Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM np_emulator_documents`))[0]!.n);
  const cardOrder = async () => {
    await tools.setStock(4, 100);
    const u = await t.user({ isVerified: true });
    const o = await tools.placeConfirmed(u.token, [[4, 1, 80]], { payment_method: 'Card' });
    expect(o.payment_status).toBe('WaitPaid');
    return { u, o };
  };

  test('the attack replayed: a WaitPaid Card order gets no waybill (made or set) and no Complected; nothing changes, no parcel is made', async () => {
    const { u, o } = await cardOrder();
    const parcels = await docsCount();
    const made = await admin('POST', `/${o.id}/ttn`, { weight: 1 });
    expect(made.status, JSON.stringify(made.body)).toBe(400);
    expect(made.body).toMatchObject({ code: 'OrderNotPaid', message: expect.stringContaining('не оплачене') });
    const set = await admin('PUT', `/${o.id}/ttn`, { ttn: '20450000999999' });
    expect(set.status).toBe(400);
    expect(set.body.code).toBe('OrderNotPaid');
    const moved = await admin('POST', `/${o.id}/status`, { status: 'Complected' });
    expect(moved.status).toBe(400);
    expect(moved.body.code).toBe('OrderNotPaid');
    // In Russian too.
    const ru = await t.request('POST', `/api/v1/admin/orders/${o.id}/status`, {
      token: op,
      body: { status: 'Complected' },
      headers: { 'x-localization': 'ru' },
    });
    expect(ru.body.message).toContain('не оплачен');
    expect(await docsCount()).toBe(parcels);
    const now = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data;
    expect(now).toMatchObject({ status: 'Confirmed', payment_status: 'WaitPaid', delivery_status: 'New', ttn: null });
    // An empty reason is no reason.
    expect((await admin('POST', `/${o.id}/status`, { status: 'Complected', override_reason: '   ' })).body.code).toBe('OrderNotPaid');
    // Cancelling stays possible.
    expect((await admin('POST', `/${o.id}/status`, { status: 'Canceled' })).status).toBe(200);
  });

  test('a manager (operator) with a reason: 403, nothing changes', async () => {
    const { o } = await cardOrder();
    const staff = await t.user({ role: 'manager' });
    const parcels = await docsCount();
    expect((await admin('POST', `/${o.id}/ttn`, { weight: 1, override_reason: 'client paid cash' }, staff.token)).status).toBe(403);
    expect((await admin('PUT', `/${o.id}/ttn`, { ttn: '20450000999998', override_reason: 'client paid cash' }, staff.token)).status).toBe(403);
    expect((await admin('POST', `/${o.id}/status`, { status: 'Complected', override_reason: 'client paid cash' }, staff.token)).status).toBe(403);
    expect(await docsCount()).toBe(parcels);
    expect((await admin('GET', `/${o.id}`)).body.data).toMatchObject({ status: 'Confirmed', ttn: null });
  });

  test('an admin with a reason: the waybill and Complected go through, each written to the audit log and the history with the reason', async () => {
    const { o } = await cardOrder();
    const made = await admin('POST', `/${o.id}/ttn`, { weight: 1, override_reason: 'Оплата готівкою в офісі' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.ttn).toMatch(/^2045\d{10}$/);
    const moved = await admin('POST', `/${o.id}/status`, { status: 'Complected', override_reason: 'Оплата готівкою в офісі' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'Complected', payment_status: 'WaitPaid' });
    const audit = await rows<{ action: string; changes: any }>(
      sql`SELECT action, changes FROM audit_log WHERE entity = 'order' AND entity_id = ${o.id} ORDER BY id`,
    );
    expect(audit.map((a) => [a.action, a.changes.override])).toEqual([
      ['order.ttn_created', { rule: 'card_not_paid', to: 'ttn', reason: 'Оплата готівкою в офісі', payment_status: 'WaitPaid' }],
      ['order.status', { rule: 'card_not_paid', to: 'Complected', reason: 'Оплата готівкою в офісі', payment_status: 'WaitPaid' }],
    ]);
    const history = await rows<{ kind: string; to_value: string; note: string }>(
      sql`SELECT kind, to_value, note FROM order_history WHERE order_id = ${o.id} AND kind = 'override' ORDER BY id`,
    );
    expect(history).toEqual([
      { kind: 'override', to_value: 'ttn', note: 'Оплата готівкою в офісі' },
      { kind: 'override', to_value: 'Complected', note: 'Оплата готівкою в офісі' },
    ]);
  });

  test('an admin sets a waybill by hand with a reason', async () => {
    const { o } = await cardOrder();
    const set = await admin('PUT', `/${o.id}/ttn`, { ttn: '20450000999997', override_reason: 'Гарантійний лист' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM order_history WHERE order_id = ${o.id} AND kind = 'override'`))[0]!.n)).toBe(1);
  });

  test('once the invoice is Paid the Card order ships without a reason', async () => {
    const { o } = await cardOrder();
    expect((await admin('POST', `/${o.id}/payment`, { payment_status: 'Paid' })).status).toBe(200);
    expect((await admin('POST', `/${o.id}/ttn`, { weight: 1 })).status).toBe(200);
    expect((await admin('POST', `/${o.id}/status`, { status: 'Complected' })).status).toBe(200);
  });

  test('Prepayment and COD orders ship NotPaid (the carrier collects the rest)', async () => {
    await tools.setStock(4, 100);
    const u = await t.user({ isVerified: true });
    const pre = await tools.placeConfirmed(u.token, [[4, 1, 100]], { payment_method: 'Prepayment', prepayment_sum: 30 });
    expect(pre.payment_status).toBe('NotPaid');
    const made = await admin('POST', `/${pre.id}/ttn`, { weight: 1 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await admin('POST', `/${pre.id}/status`, { status: 'Complected' })).status).toBe(200);
    const cod = await tools.placeConfirmed(u.token, [[4, 1, 100]]);
    expect((await admin('PUT', `/${cod.id}/ttn`, { ttn: '20450000999996' })).status).toBe(200);
    expect((await admin('POST', `/${cod.id}/status`, { status: 'Complected' })).status).toBe(200);
  });
});
