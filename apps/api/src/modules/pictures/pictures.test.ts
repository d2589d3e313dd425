import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { picturesRepo } from './pictures.repository.ts';
import { runPictureConversionJob } from './pictures.job.ts';
import { resumeConversionAtBoot } from './pictures.service.ts';

/**
 * Converting the pictures stored before issue 30 (issue 30 point 1, "pictures already stored are
 * converted by a background job with its progress visible to operators"). Real raw files under
 * DATA_DIR/storage/products and /onec as the old code wrote them (a JPEG with EXIF orientation and
 * a GPS position, PNGs, a 1C picture shared by two products, a category and a 1C mapping), a
 * missing file, a picture bomb's header and text named .jpg; the job runs through the real queue.
 */
let t: TestApp;
let op: string;
let reseller: string;
let dataDir: string;
let operatorId: number;

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const storage = (rel: string) => path.join(dataDir, 'storage', rel);
const exists = (rel: string) => fs.existsSync(storage(rel));
const put = (rel: string, bytes: Buffer) => {
  fs.mkdirSync(path.dirname(storage(rel)), { recursive: true });
  fs.writeFileSync(storage(rel), bytes);
};
const uploadPath = (ext: string) => {
  const id = crypto.randomUUID();
  return `products/${id.slice(0, 2)}/${id}.${ext}`;
};
const onecPath = (bytes: Buffer, ext: string) => {
  const h = crypto.createHash('sha256').update(bytes).digest('hex');
  return `onec/${h.slice(0, 2)}/${h}.${ext}`;
};
const VARIANT = {
  original: /^pictures\/([0-9a-f]{2})\/\1[0-9a-f]{62}\.jpg$/,
  medium: /^pictures\/[0-9a-f]{2}\/[0-9a-f]{64}-m\.webp$/,
  thumb: /^pictures\/[0-9a-f]{2}\/[0-9a-f]{64}-t\.webp$/,
};

const CONVERSION = '/api/v1/admin/catalog/pictures/conversion';
const state = async () => {
  const r = await t.request('GET', CONVERSION, { token: op });
  expect(r.status).toBe(200);
  return r.body.data as { pending: number; failed: number; failed_by_reason: Record<string, number>; run: null | Record<string, any> };
};
/** Polls the API until run `id` is no longer running. */
async function waitDone(id: number, ms = 90_000) {
  const until = Date.now() + ms;
  for (;;) {
    const s = await state();
    if (s.run && s.run.id === id && s.run.status !== 'running') return s;
    if (s.run && s.run.id > id) throw new Error(`a newer run ${s.run.id} than ${id}`);
    if (Date.now() > until) throw new Error(`run ${id} still running: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function photo(width: number, height: number, quality = 85): Promise<Buffer> {
  // Noise blurred a little: compresses like a photograph, not like a flat colour.
  return sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(1.2)
    .jpeg({ quality })
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
/** A PNG that claims 60000x60000 pixels (a decompression bomb's header; 14 GB decoded). */
function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(64)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const legacy = {} as Record<'exif' | 'png' | 'onec' | 'category' | 'missing' | 'bomb' | 'text', string>;
const ONEC_EXTERNAL = 'import_files/3f/3f0a-photo.jpg';
let imageIds: Record<string, number[]> = {};

async function insertImage(productId: number, sort: number, rel: string): Promise<number> {
  return (
    await rows<{ id: number }>(
      sql`INSERT INTO product_images (product_id, sort, original, medium_centered, thumb) VALUES (${productId}, ${sort}, ${rel}, ${rel}, ${rel}) RETURNING id`,
    )
  )[0]!.id;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-pictures-'));
  t = await buildTestApp({ dataDir });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  reseller = (await t.user({ isVerified: true })).token;
  operatorId = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'admin@test.local'`))[0]!.id;

  // A phone photo lying on its side (EXIF orientation 6: shown 480 wide, 640 high) with where it was taken.
  const exif = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'LegacyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '30/1 31/1 0/1' } })
    .toBuffer();
  const meta = await sharp(exif).metadata();
  expect(meta.orientation).toBe(6);
  expect(meta.exif!.includes(Buffer.from([0x88, 0x25])) || meta.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD is there
  legacy.exif = uploadPath('jpg');
  put(legacy.exif, exif);
  // A transparent PNG upload.
  legacy.png = uploadPath('png');
  put(
    legacy.png,
    await sharp({ create: { width: 300, height: 150, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer(),
  );
  // A 1C picture (named by its hash), on two products, a category and the 1C mapping.
  const onec = await photo(800, 600);
  legacy.onec = onecPath(onec, 'jpg');
  put(legacy.onec, onec);
  // A category's own picture.
  legacy.category = uploadPath('png');
  put(
    legacy.category,
    await sharp({ create: { width: 120, height: 120, channels: 3, background: { r: 10, g: 200, b: 10 } } })
      .png()
      .toBuffer(),
  );
  legacy.missing = uploadPath('jpg');
  legacy.bomb = uploadPath('png');
  put(legacy.bomb, bombPng());
  legacy.text = uploadPath('jpg');
  put(legacy.text, Buffer.from('not a picture at all, just words that were named .jpg\n'.repeat(10)));

  await rows(sql`DELETE FROM product_images WHERE product_id IN (1, 2, 3, 4)`);
  imageIds = {
    exif: [await insertImage(1, 0, legacy.exif)],
    png: [await insertImage(1, 1, legacy.png)],
    onec: [await insertImage(2, 0, legacy.onec), await insertImage(3, 0, legacy.onec)],
    missing: [await insertImage(3, 1, legacy.missing)],
    bomb: [await insertImage(4, 0, legacy.bomb)],
    text: [await insertImage(4, 1, legacy.text)],
  };
  await rows(sql`UPDATE categories SET image = ${legacy.category} WHERE id = 3`);
  await rows(sql`UPDATE categories SET image = ${legacy.onec} WHERE id = 4`);
  await rows(sql`INSERT INTO onec_external_ids (kind, external_id, name) VALUES ('picture', ${ONEC_EXTERNAL}, ${legacy.onec})`);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The reseller's view of a product: its pictures' paths by type, and that each is served. */
async function resellerPictures(id: number) {
  const r = await t.request('GET', `/api/v1/products/${id}`, { token: reseller });
  expect(r.status).toBe(200);
  const images = r.body.data.images as { type: string; path: string }[];
  return images;
}

describe('access', () => {
  test('staff without the catalogue area and resellers get 403, visitors 401', async () => {
    const accountant = (await t.user({ role: 'accountant', name: 'Бухгалтер', email: 'acc@pictures.test' })).token;
    const warehouse = (await t.user({ role: 'warehouse', name: 'Склад', email: 'wh@pictures.test' })).token;
    for (const [method, url] of [
      ['GET', CONVERSION],
      ['POST', CONVERSION],
      ['POST', `${CONVERSION}/retry-failed`],
    ] as const) {
      for (const token of [accountant, warehouse, reseller]) expect((await t.request(method, url, { token })).status, `${method} ${url}`).toBe(403);
      expect((await t.request(method, url)).status).toBe(401);
    }
    expect(await rows(sql`SELECT id FROM picture_conversions`)).toEqual([]);
  });
});

describe('the conversion', () => {
  test('before: the legacy pictures are pending and served as they were', async () => {
    const s = await state();
    expect(s).toEqual({ pending: 9, failed: 0, failed_by_reason: { missing: 0, not_image: 0, too_big: 0 }, run: null });
    const images = await resellerPictures(1);
    expect(images.map((i) => i.path).sort()).toEqual([legacy.exif, legacy.exif, legacy.exif, legacy.png, legacy.png, legacy.png].sort());
    const served = await t.app.inject({ method: 'GET', url: `/storage/${legacy.exif}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(fs.readFileSync(storage(legacy.exif)))).toBe(true);
  });

  test('a run slice by slice: mid-run the reseller still sees every picture; then the worker finishes it', async () => {
    // The first slice by hand (two rows, then it queues the next slice); the queue's worker does the rest.
    const runId = await t.database.db.transaction((tx) => picturesRepo.createRun(tx, 9, operatorId));
    await runPictureConversionJob(t.app.deps, { runId }, t.app.log, { sliceMs: 0, batch: 2 });
    const mid = (
      await rows<{ status: string; converted: number; failed: number }>(sql`SELECT status, converted, failed FROM picture_conversions WHERE id = ${runId}`)
    )[0]!;
    expect(mid.status === 'running' || mid.converted + mid.failed === 9).toBe(true);
    expect(mid.converted).toBeGreaterThanOrEqual(2);
    // Product 1's two pictures (the lowest ids) are variants now; every product still has its pictures.
    for (const id of [1, 2, 3, 4]) {
      const images = await resellerPictures(id);
      expect(images.length, `product ${id}`).toBeGreaterThan(0);
    }
    const p1 = await resellerPictures(1);
    expect(p1.every((i) => i.path.startsWith('pictures/'))).toBe(true);

    const s = await waitDone(runId);
    expect(s.run).toMatchObject({ id: runId, status: 'done', total: 9, converted: 6, failed: 3, started_by: operatorId, started_by_name: expect.any(String) });
    expect(s.run!.finished_at).not.toBeNull();
    expect(Date.parse(s.run!.updated_at)).toBeGreaterThanOrEqual(Date.parse(s.run!.started_at));
    expect(s.run!.last_error).toMatch(/: (missing|not_image|too_big)$/);
    expect(s).toMatchObject({ pending: 0, failed: 3, failed_by_reason: { missing: 1, not_image: 1, too_big: 1 } });
  }, 120_000);

  test('after: rows carry the three variants, the files exist with the right size, format and orientation, no metadata', async () => {
    type Img = { id: number; original: string; medium_centered: string; thumb: string; variant_error: string | null };
    const byId = new Map(
      (await rows<Img>(sql`SELECT id, original, medium_centered, thumb, variant_error FROM product_images WHERE product_id IN (1, 2, 3, 4)`)).map((r) => [
        r.id,
        r,
      ]),
    );
    for (const key of ['exif', 'png', 'onec'] as const) {
      for (const id of imageIds[key]!) {
        const r = byId.get(id)!;
        expect(r.original, key).toMatch(VARIANT.original);
        expect(r.medium_centered).toMatch(VARIANT.medium);
        expect(r.thumb).toMatch(VARIANT.thumb);
        expect(r.variant_error).toBeNull();
        for (const rel of [r.original, r.medium_centered, r.thumb]) expect(exists(rel), rel).toBe(true);
      }
    }
    // The two products of the 1C picture share one set.
    const [a, b] = imageIds.onec!.map((id) => byId.get(id)!);
    expect(a!.original).toBe(b!.original);

    const exif = byId.get(imageIds.exif![0]!)!;
    const original = await sharp(storage(exif.original)).metadata();
    expect([original.format, original.width, original.height]).toEqual(['jpeg', 480, 640]); // turned upright
    expect(original.exif).toBeUndefined(); // the GPS position is gone
    expect(fs.readFileSync(storage(exif.original)).includes(Buffer.from('LegacyCam'))).toBe(false);
    const medium = await sharp(storage(exif.medium_centered)).metadata();
    expect([medium.format, medium.width, medium.height]).toEqual(['webp', 600, 600]);
    const thumb = await sharp(storage(exif.thumb)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 200, 200]);
    // The upright photo sits in the middle of the square: white on the sides, red in the centre.
    const { data, info } = await sharp(storage(exif.medium_centered)).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(px(10, 300).every((v) => v > 240)).toBe(true);
    expect(px(300, 300)[0]).toBeGreaterThan(150);
    expect(px(300, 300)[1]).toBeLessThan(90);
    const png = await sharp(storage(byId.get(imageIds.png![0]!)!.original)).metadata();
    expect([png.format, png.width, png.height, png.hasAlpha]).toEqual(['jpeg', 300, 150, false]);

    // Legacy files deleted once nothing refers to them; the failed ones stay (still served).
    for (const key of ['exif', 'png', 'onec', 'category'] as const) expect(exists(legacy[key]), key).toBe(false);
    for (const key of ['bomb', 'text'] as const) expect(exists(legacy[key]), key).toBe(true);

    // Failed rows keep their path and say why.
    expect(byId.get(imageIds.missing![0]!)).toMatchObject({ original: legacy.missing, variant_error: 'missing' });
    expect(byId.get(imageIds.bomb![0]!)).toMatchObject({ original: legacy.bomb, thumb: legacy.bomb, variant_error: 'too_big' });
    expect(byId.get(imageIds.text![0]!)).toMatchObject({ original: legacy.text, variant_error: 'not_image' });
    const bombServed = await t.app.inject({ method: 'GET', url: `/storage/${legacy.bomb}` });
    expect(bombServed.statusCode).toBe(200);

    // Categories point at the medium variant; the 1C mapping at the new original.
    const cats = await rows<{ id: number; image: string }>(sql`SELECT id, image FROM categories WHERE id IN (3, 4) ORDER BY id`);
    expect(cats[0]!.image).toMatch(VARIANT.medium);
    expect(exists(cats[0]!.image)).toBe(true);
    expect(cats[1]!.image).toBe(a!.medium_centered);
    const mapping = await rows<{ name: string }>(sql`SELECT name FROM onec_external_ids WHERE kind = 'picture' AND external_id = ${ONEC_EXTERNAL}`);
    expect(mapping).toEqual([{ name: a!.original }]);

    // The reseller sees the variants by type.
    const p2 = await resellerPictures(2);
    expect(Object.fromEntries(p2.map((i) => [i.type, i.path]))).toEqual({ original: a!.original, medium_centered: a!.medium_centered, thumb: a!.thumb });
    const p4 = await resellerPictures(4);
    expect(p4.map((i) => i.path)).toContain(legacy.bomb);
  });

  test('a second run does nothing: POST says nothing is pending; a run forced by hand converts and fails nothing', async () => {
    const before = await rows<{ id: number; original: string }>(sql`SELECT id, original FROM product_images ORDER BY id`);
    const r = await t.request('POST', CONVERSION, { token: op, headers: { 'x-localization': 'ru' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 'PictureConversionNothing', message: 'Нет изображений для преобразования' });
    const uk = await t.request('POST', CONVERSION, { token: op });
    expect(uk.body.message).toBe('Немає зображень для перетворення');
    const runId = await t.database.db.transaction((tx) => picturesRepo.createRun(tx, 0, null));
    await runPictureConversionJob(t.app.deps, { runId }, t.app.log);
    expect((await rows(sql`SELECT status, converted, failed FROM picture_conversions WHERE id = ${runId}`))[0]).toEqual({
      status: 'done',
      converted: 0,
      failed: 0,
    });
    expect(await rows<{ id: number; original: string }>(sql`SELECT id, original FROM product_images ORDER BY id`)).toEqual(before);
  });

  test('two runs started at once make one run; a run is refused while one runs', async () => {
    // New legacy pictures arrive (as an old process would have stored them).
    const more = [uploadPath('jpg'), uploadPath('jpg')];
    for (const rel of more) put(rel, await photo(1200, 900));
    for (const rel of more) await insertImage(5, 0, rel);
    const runsBefore = (await rows(sql`SELECT id FROM picture_conversions`)).length;
    const [x, y] = await Promise.all([t.request('POST', CONVERSION, { token: op }), t.request('POST', CONVERSION, { token: op })]);
    expect([x.status, y.status].sort()).toEqual([200, 400]);
    const refused = x.status === 400 ? x : y;
    expect(refused.body.code).toBe('PictureConversionRunning');
    const started = (x.status === 200 ? x : y).body.data;
    expect(started.run).toMatchObject({ status: 'running', total: 2, started_by: operatorId });
    expect((await rows(sql`SELECT id FROM picture_conversions`)).length).toBe(runsBefore + 1);
    const s = await waitDone(started.run.id);
    expect(s.run).toMatchObject({ status: 'done', total: 2, converted: 2, failed: 0 });
    for (const rel of more) expect(exists(rel)).toBe(false);
    // The queue lets one job be active at a time in every process together.
    expect(await rows(sql`SELECT policy FROM pgboss.queue WHERE name = 'picture-conversion'`)).toEqual([{ policy: 'stately' }]);
    // One job was queued for the run, though two asked.
    const jobs = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'picture-conversion' AND (data->>'runId')::int = ${started.run.id}`,
    );
    expect(jobs[0]!.n).toBe(1);
  }, 120_000);

  test('retry the failed: the reasons are cleared, a picture that came back converts, the others fail again', async () => {
    const photoBytes = await photo(900, 700);
    put(legacy.missing, photoBytes);
    const r = await t.request('POST', `${CONVERSION}/retry-failed`, { token: op });
    expect(r.status).toBe(200);
    expect(r.body.data.run).toMatchObject({ status: 'running', total: 3 });
    const s = await waitDone(r.body.data.run.id);
    expect(s.run).toMatchObject({ status: 'done', total: 3, converted: 1, failed: 2 });
    expect(s).toMatchObject({ pending: 0, failed: 2, failed_by_reason: { missing: 0, not_image: 1, too_big: 1 } });
    const back = (
      await rows<{ original: string; variant_error: string | null }>(
        sql`SELECT original, variant_error FROM product_images WHERE id = ${imageIds.missing![0]!}`,
      )
    )[0]!;
    expect(back.original).toMatch(VARIANT.original);
    expect(exists(legacy.missing)).toBe(false);
  }, 120_000);
});

describe('throughput', () => {
  test('real-size photos (4000x3000 JPEG, 2-5 MB): pictures per second', async () => {
    const N = 8;
    const rels: string[] = [];
    let bytes = 0;
    // Two photos made (slow), each stored four times with a different trailer after the JPEG's end
    // (ignored by decoders, new bytes: a new picture to make).
    const made = [await photo(4000, 3000, 88), await photo(4000, 3000, 90)];
    for (let i = 0; i < N; i++) {
      const buf = Buffer.concat([made[i % 2]!, Buffer.from(`trailer ${i}`)]);
      bytes += buf.length;
      const rel = uploadPath('jpg');
      put(rel, buf);
      rels.push(rel);
      await insertImage(6, i, rel);
    }
    const r = await t.request('POST', CONVERSION, { token: op });
    expect(r.status).toBe(200);
    const s = await waitDone(r.body.data.run.id, 300_000);
    expect(s.run).toMatchObject({ status: 'done', total: N, converted: N, failed: 0 });
    const seconds = (Date.parse(s.run!.finished_at) - Date.parse(s.run!.started_at)) / 1000;
    console.log(
      `picture conversion: ${N} photos of 4000x3000 (${(bytes / N / 1024 / 1024).toFixed(1)} MB on average) in ${seconds.toFixed(1)} s: ${(N / seconds).toFixed(2)} pictures/s`,
    );
    for (const rel of rels) expect(exists(rel)).toBe(false);
  }, 300_000);
});

describe('at boot', () => {
  test('legacy pictures pending: one run starts, however many ask at once; a broken category picture left by a finished run is not retried at every start', async () => {
    const rel = uploadPath('png');
    put(
      rel,
      await sharp({ create: { width: 50, height: 80, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .png()
        .toBuffer(),
    );
    const imageId = await insertImage(6, 20, rel);
    const runsBefore = (await rows<{ id: number }>(sql`SELECT id FROM picture_conversions`)).length;
    // Two processes starting and an operator pressing the button at the same moment.
    const [, , posted] = await Promise.all([
      resumeConversionAtBoot(t.app.deps, t.app.log),
      resumeConversionAtBoot(t.app.deps, t.app.log),
      t.request('POST', CONVERSION, { token: op }),
    ]);
    const runs = await rows<{ id: number; started_by: number | null; total: number }>(sql`SELECT id, started_by, total FROM picture_conversions ORDER BY id`);
    expect(runs.length).toBe(runsBefore + 1);
    const run = runs.at(-1)!;
    expect(run.total).toBe(1);
    expect([200, 400]).toContain(posted.status);
    if (posted.status === 400) expect(posted.body.code).toBe('PictureConversionRunning');
    expect(run.started_by).toBe(posted.status === 200 ? operatorId : null);
    expect((await waitDone(run.id)).run).toMatchObject({ status: 'done', converted: 1, failed: 0 });
    expect((await rows<{ original: string }>(sql`SELECT original FROM product_images WHERE id = ${imageId}`))[0]!.original).toMatch(VARIANT.original);

    // A category picture whose file is gone: a run counts it failed and leaves the category as it was.
    const broken = uploadPath('png');
    await rows(sql`UPDATE categories SET image = ${broken} WHERE id = 7`);
    const r = await t.request('POST', CONVERSION, { token: op });
    expect(r.status).toBe(200);
    expect((await waitDone(r.body.data.run.id)).run).toMatchObject({ status: 'done', total: 1, converted: 0, failed: 1, last_error: `${broken}: missing` });
    expect((await rows(sql`SELECT image FROM categories WHERE id = 7`))[0]).toEqual({ image: broken });
    expect((await state()).pending).toBe(1);
    // The next start of the server does not try it again by itself.
    const count = (await rows(sql`SELECT id FROM picture_conversions`)).length;
    await resumeConversionAtBoot(t.app.deps, t.app.log);
    expect((await rows(sql`SELECT id FROM picture_conversions`)).length).toBe(count);
  }, 120_000);
});
