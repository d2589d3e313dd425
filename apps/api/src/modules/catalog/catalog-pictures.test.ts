import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { pictureHash, picturePaths, smallOf } from '../../lib/pictures.ts';
import { ensurePictureFiles, storeProductImage } from './product-images.ts';

/**
 * Back-office pictures through the API (issue 30): a real-size camera photo (4000×3000 JPEG of a
 * few MB, EXIF orientation 6, GPS) becomes the three variants, served upright, without its
 * location, with an immutable cache; a picture bomb and a non-image are refused with nothing
 * stored; products with the same photo share its files, which go only with the last one; a
 * category picture is the 600 px square; legacy `products/...` uploads are served and removed as
 * before; anything else under /storage is 404 in the user's language.
 */
let t: TestApp;
let op: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-pictures-api-'));
  t = await buildTestApp({ dataDir });
  await loadCatalogFixture(t.database);
  op = await t.operator();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const storage = () => path.join(dataDir, 'storage');
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort()
    : [];

async function upload(url: string, content: Buffer, lang: 'uk' | 'ru' = 'uk') {
  const boundary = `----drop${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_0001.JPG"\r\nContent-Type: image/jpeg\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${op}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-localization': lang },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}
const productPictures = (productId: number) =>
  rows<{ id: number; original: string; medium_centered: string; thumb: string }>(
    sql`SELECT id, original, medium_centered, thumb FROM product_images WHERE product_id = ${productId} ORDER BY sort, id`,
  );

type Rgb = [number, number, number];
const RED: Rgb = [220, 20, 20];
const BLUE: Rgb = [20, 40, 220];

/**
 * A camera-like photo: stored 4000×3000 (the sensor's landscape) with EXIF orientation 6, so it is
 * upright as 3000×4000; noise over a gradient (so it weighs what a photo weighs), a red top-left
 * and a blue top-right corner when upright; EXIF with the camera and a GPS position.
 */
async function cameraPhoto(): Promise<Buffer> {
  const [W, H] = [3000, 4000];
  const raw = Buffer.alloc(W * H * 3);
  let seed = 20_261_128;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const n = ((seed >> 16) % 40) - 20;
      const i = (y * W + x) * 3;
      const corner: Rgb | null = y < 1000 ? (x < 750 ? RED : x >= 2250 ? BLUE : null) : null;
      const base: Rgb = corner ?? [110 + Math.round(60 * Math.sin(x / 350)), 130 + Math.round(50 * Math.cos(y / 260)), 100 + (((x + y) >> 6) % 80)];
      raw[i] = Math.max(0, Math.min(255, base[0] + n));
      raw[i + 1] = Math.max(0, Math.min(255, base[1] + n));
      raw[i + 2] = Math.max(0, Math.min(255, base[2] + n));
    }
  }
  // The sensor's pixels: the upright picture turned 90° anticlockwise (a viewer turns it back for orientation 6).
  const sensor = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .rotate(270)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(sensor.data, { raw: { width: sensor.info.width, height: sensor.info.height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'AcmeCamMakeXYZ', Model: 'Shutterbug 9000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '30/1 31/1 2345/100', GPSMapDatum: 'WGS-84' },
    })
    .toBuffer();
}

async function pixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x: number, y: number): Rgb => [data[(y * info.width + x) * 3]!, data[(y * info.width + x) * 3 + 1]!, data[(y * info.width + x) * 3 + 2]!],
  };
}
const near = (actual: Rgb, expected: Rgb, what: string) => {
  for (let i = 0; i < 3; i++) expect(Math.abs(actual[i]! - expected[i]!), `${what}: ${actual.join(',')} vs ${expected.join(',')}`).toBeLessThan(45);
};

/** A PNG whose header says w×h in a few KB (the bomb). */
function pngClaiming(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(8192))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a camera photo uploaded in the back office', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await cameraPhoto();
  }, 60_000);

  test('4000×3000 JPEG with orientation 6 and GPS: three variants, served with their types and an immutable cache, upright, no location', async () => {
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(photo.length).toBeLessThan(5 * 1024 * 1024);
    const input = await sharp(photo).metadata();
    expect(input).toMatchObject({ width: 4000, height: 3000, orientation: 6 });
    expect(input.exif?.includes('WGS-84')).toBe(true);

    const up = await upload('/api/v1/admin/catalog/products/1/images', photo);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const pictures = await productPictures(1);
    const row = pictures.at(-1)!;
    const expected = picturePaths(pictureHash(photo));
    expect(row).toMatchObject({ original: expected.original, medium_centered: expected.mediumCentered, thumb: expected.thumb });
    expect(up.body.data.images.at(-1)).toMatchObject({ id: row.id, original: `/storage/${expected.original}`, thumb: `/storage/${expected.thumb}` });
    expect(filesUnder(storage())).toEqual([expected.original, expected.mediumCentered, expected.thumb, smallOf(expected.thumb)].sort());

    for (const [rel, type, format, w, h] of [
      [expected.original, 'image/jpeg', 'jpeg', 1536, 2048],
      [expected.mediumCentered, 'image/webp', 'webp', 600, 600],
      [expected.thumb, 'image/webp', 'webp', 200, 200],
      [smallOf(expected.thumb)!, 'image/webp', 'webp', 400, 400],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/storage/${rel}` });
      expect(res.statusCode, rel).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(res.rawPayload.equals(fs.readFileSync(path.join(storage(), rel)))).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format, width: w, height: h });
      expect(meta.orientation, rel).toBeUndefined();
      expect(meta.exif, rel).toBeUndefined();
      expect(meta.xmp, rel).toBeUndefined();
      for (const marker of ['Exif', 'GPS', 'WGS-84', 'AcmeCamMakeXYZ', 'Shutterbug'])
        expect(res.rawPayload.includes(marker), `${rel} carries ${marker}`).toBe(false);
      // Upright: the red corner top-left, the blue one top-right.
      const img = await pixels(res.rawPayload);
      const scale = Math.min(img.width / 3000, img.height / 4000);
      const ox = (img.width - 3000 * scale) / 2;
      const oy = (img.height - 4000 * scale) / 2;
      near(img.at(Math.round(ox + 300 * scale), Math.round(oy + 400 * scale)), RED, `${rel} top-left`);
      near(img.at(Math.round(ox + 2700 * scale), Math.round(oy + 400 * scale)), BLUE, `${rel} top-right`);

      // HEAD: the same headers, no body; a second visit with the ETag: 304.
      const head = await t.app.inject({ method: 'HEAD', url: `/storage/${rel}` });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(res.headers['content-length']);
      expect(head.headers['content-type']).toBe(type);
      expect(head.rawPayload.length).toBe(0);
      const again = await t.app.inject({ method: 'GET', url: `/storage/${rel}`, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    // The bytes that arrived (with the location) are not kept anywhere.
    for (const f of filesUnder(storage())) expect(fs.readFileSync(path.join(storage(), f)).includes('WGS-84'), f).toBe(false);
  });

  test('another product with the same photo shares its files; deleting it from one keeps them for the other; from the last, they go', async () => {
    const before = filesUnder(storage());
    const up = await upload('/api/v1/admin/catalog/products/2/images', photo);
    expect(up.status).toBe(200);
    const [a, b] = [(await productPictures(1)).at(-1)!, (await productPictures(2)).at(-1)!];
    expect(b).toMatchObject({ original: a.original, medium_centered: a.medium_centered, thumb: a.thumb });
    expect(filesUnder(storage())).toEqual(before);

    const del = await t.request('DELETE', `/api/v1/admin/catalog/products/1/images/${a.id}`, { token: op });
    expect(del.status).toBe(200);
    expect(filesUnder(storage())).toEqual(before);
    for (const rel of [b.original, b.medium_centered, b.thumb])
      expect((await t.app.inject({ method: 'GET', url: `/storage/${rel}` })).statusCode, rel).toBe(200);

    // A category with the same photo keeps it too.
    const c = (await t.request('POST', '/api/v1/admin/catalog/categories', { token: op, body: { name_uk: 'Фото', name_ru: 'Фото' } })).body.data;
    const cat = await upload(`/api/v1/admin/catalog/categories/${c.id}/image`, photo);
    expect(cat.status, JSON.stringify(cat.body)).toBe(200);
    expect(cat.body.data.image_url).toBe(`/storage/${b.medium_centered}`);
    expect((await t.request('DELETE', `/api/v1/admin/catalog/products/2/images/${b.id}`, { token: op })).status).toBe(200);
    expect(filesUnder(storage())).toEqual(before);
    // The category was the last: its picture removed, the files go.
    expect((await t.request('DELETE', `/api/v1/admin/catalog/categories/${c.id}/image`, { token: op })).status).toBe(200);
    expect(filesUnder(storage())).toEqual([]);
    for (const rel of [b.original, b.medium_centered, b.thumb])
      expect((await t.app.inject({ method: 'GET', url: `/storage/${rel}` })).statusCode, rel).toBe(404);

    // Uploaded again after it was deleted: made again.
    const back = await upload('/api/v1/admin/catalog/products/2/images', photo);
    expect(back.status).toBe(200);
    expect(filesUnder(storage())).toEqual(before);
    const last = (await productPictures(2)).at(-1)!;
    expect((await t.request('DELETE', `/api/v1/admin/catalog/products/2/images/${last.id}`, { token: op })).status).toBe(200);
    expect(filesUnder(storage())).toEqual([]);
  });
});

describe('removal and upload of the same photo at once', () => {
  test('the last product losing a photo while another gets it: the other keeps complete files, every time', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const set = picturePaths(pictureHash(jpeg));
    for (let round = 0; round < 6; round++) {
      expect((await upload('/api/v1/admin/catalog/products/6/images', jpeg)).status).toBe(200);
      const gone = (await productPictures(6)).at(-1)!;
      const [del, up] = await Promise.all([
        t.request('DELETE', `/api/v1/admin/catalog/products/6/images/${gone.id}`, { token: op }),
        upload('/api/v1/admin/catalog/products/7/images', jpeg),
      ]);
      expect([del.status, up.status]).toEqual([200, 200]);
      for (const rel of [set.original, set.mediumCentered, set.thumb]) expect(fs.existsSync(path.join(storage(), rel)), `round ${round}: ${rel}`).toBe(true);
      const kept = (await productPictures(7)).at(-1)!;
      expect((await t.request('DELETE', `/api/v1/admin/catalog/products/7/images/${kept.id}`, { token: op })).status).toBe(200);
      for (const rel of [set.original, set.mediumCentered, set.thumb])
        expect(fs.existsSync(path.join(storage(), rel)), `round ${round}: ${rel} after the last`).toBe(false);
    }
  });

  test('files deleted between storing and referring to them are made again in the referring transaction', async () => {
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#a2a' } })
      .png()
      .toBuffer();
    const stored = (await storeProductImage(dataDir, png))!;
    fs.rmSync(path.join(storage(), stored.thumb));
    fs.rmSync(path.join(storage(), stored.original));
    await t.database.db.transaction((tx) => ensurePictureFiles(tx, dataDir, stored, png));
    for (const rel of [stored.original, stored.mediumCentered, stored.thumb]) expect(fs.existsSync(path.join(storage(), rel)), rel).toBe(true);
    for (const rel of [stored.original, stored.mediumCentered, stored.thumb]) fs.rmSync(path.join(storage(), rel));
  });
});

describe('refused uploads', () => {
  test('a picture bomb: 422 image_too_big (uk, ru), no row, no file; a non-image: 422 not_an_image as before', async () => {
    const rowsBefore = (await productPictures(3)).length;
    const filesBefore = filesUnder(dataDir);
    for (const bomb of [pngClaiming(60_000, 60_000), pngClaiming(8000, 6300)]) {
      for (const [lang, message] of [
        ['uk', 'Зображення завелике: не більше 50 мегапікселів і 16384 пікселів по стороні'],
        ['ru', 'Изображение слишком большое: не более 50 мегапикселей и 16384 пикселей по стороне'],
      ] as const) {
        const started = performance.now();
        const r = await upload('/api/v1/admin/catalog/products/3/images', bomb, lang);
        expect(r.status).toBe(422);
        expect(r.body.errors).toEqual({ file: [message] });
        expect(performance.now() - started).toBeLessThan(2000);
      }
    }
    for (const [lang, message] of [
      ['uk', 'Завантажте зображення JPG, PNG, WebP або GIF'],
      ['ru', 'Загрузите изображение JPG, PNG, WebP или GIF'],
    ] as const) {
      for (const junk of [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        Buffer.from('%PDF-1.4\n%%EOF\n'),
        (
          await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } })
            .jpeg()
            .toBuffer()
        ).subarray(0, 300),
      ]) {
        const r = await upload('/api/v1/admin/catalog/products/3/images', junk, lang);
        expect(r.status).toBe(422);
        expect(r.body.errors).toEqual({ file: [message] });
      }
      const cat = await upload('/api/v1/admin/catalog/categories/1/image', pngClaiming(60_000, 60_000), lang);
      expect(cat.status).toBe(422);
    }
    expect((await productPictures(3)).length).toBe(rowsBefore);
    expect(filesUnder(dataDir)).toEqual(filesBefore);
  });
});

describe('/storage', () => {
  test('legacy uploads (products/...) are still served as they are and removed with their picture', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const rel = `products/ab/${randomUUID()}.png`;
    fs.mkdirSync(path.join(storage(), 'products/ab'), { recursive: true });
    fs.writeFileSync(path.join(storage(), rel), png);
    const [row] = await rows<{ id: number }>(
      sql`INSERT INTO product_images (product_id, sort, original, medium_centered, thumb) VALUES (4, 50, ${rel}, ${rel}, ${rel}) RETURNING id`,
    );
    const res = await t.app.inject({ method: 'GET', url: `/storage/${rel}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.request('DELETE', `/api/v1/admin/catalog/products/4/images/${row!.id}`, { token: op })).status).toBe(200);
    expect(fs.existsSync(path.join(storage(), rel))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/storage/${rel}` })).statusCode).toBe(404);
  });

  test('anything but a stored variant or legacy upload (traversal, a directory not matching the hash, another extension): 404 in the user language', async () => {
    const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const up = await upload('/api/v1/admin/catalog/products/5/images', jpeg);
    expect(up.status).toBe(200);
    const set = picturePaths(pictureHash(jpeg));
    const hash = pictureHash(jpeg);
    expect((await t.app.inject({ method: 'GET', url: `/storage/${set.original}` })).statusCode).toBe(200);
    const wrongDir = hash.startsWith('00') ? '01' : '00';
    // A copy where a wrong directory would find it: still refused by name.
    fs.mkdirSync(path.join(storage(), 'pictures', wrongDir), { recursive: true });
    fs.copyFileSync(path.join(storage(), set.original), path.join(storage(), 'pictures', wrongDir, `${hash}.jpg`));
    for (const url of [
      `/storage/pictures/${wrongDir}/${hash}.jpg`,
      `/storage/pictures/${hash.slice(0, 2)}/${hash}.png`,
      `/storage/pictures/${hash.slice(0, 2)}/${hash}-x.webp`,
      `/storage/pictures/${hash.slice(0, 2)}/${hash.toUpperCase()}.jpg`,
      `/storage/pictures/${hash.slice(0, 2)}/${'0'.repeat(64)}.jpg`,
      `/storage/pictures/${hash.slice(0, 2)}/..%2F${hash.slice(0, 2)}%2F${hash}.jpg`,
      `/storage/pictures/${hash.slice(0, 2)}/..%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      '/storage/pictures/..%2f..%2f..%2fetc%2fpasswd',
      `/storage/pictures/${hash.slice(0, 2)}/`,
      '/storage/pictures',
    ]) {
      for (const [lang, message] of [
        ['uk', 'Не знайдено'],
        ['ru', 'Не найдено'],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'x-localization': lang } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message, code: 'NotFound' });
      }
    }
    fs.rmSync(path.join(storage(), 'pictures', wrongDir, `${hash}.jpg`));
  });
});
