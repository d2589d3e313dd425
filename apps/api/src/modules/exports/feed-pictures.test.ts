import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import sharp from 'sharp';
import type { ExportSettingDto } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { FIXTURE, FIXTURE_PRODUCTS } from '../../test/catalog-fixture.ts';
import { parseFeed } from '../../test/feed-xml.ts';
import { writeCatalogue } from '../catalog/demo/demo-writer.ts';
import { pictureHash, picturePaths } from '../../lib/pictures.ts';

/** Feeds point at the JPEG original (issue 30): marketplaces take JPEG, whatever was uploaded. */
const PUBLIC_URL = 'https://drop.example';
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-feed-pictures-'));
  t = await buildTestApp({ dataDir, publicUrl: PUBLIC_URL });
  await writeCatalogue(t.database, { ...FIXTURE, analogueGroups: 1, products: () => FIXTURE_PRODUCTS }, FIXTURE_PRODUCTS.length);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function uploadPicture(token: string, productId: number, content: Buffer) {
  const boundary = `----drop${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/catalog/products/${productId}/images`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

test('a product whose picture was uploaded as a PNG (with transparency) is in the YML feed with <picture> at its JPEG original', async () => {
  const product = FIXTURE_PRODUCTS.find((p) => p.images.length === 0)!;
  // A transparent PNG with an opaque square: what a shop's logo-like product shot often is.
  const rgba = Buffer.alloc(320 * 240 * 4);
  for (let y = 60; y < 180; y++) for (let x = 80; x < 240; x++) rgba.set([30, 90, 200, 255], (y * 320 + x) * 4);
  const png = await sharp(rgba, { raw: { width: 320, height: 240, channels: 4 } })
    .png()
    .toBuffer();
  const up = await uploadPicture(await t.operator(), product.id, png);
  expect(up.statusCode, up.body).toBe(200);
  const original = picturePaths(pictureHash(png)).original;

  const reseller = await t.user({ isVerified: true });
  const created = await t.request('POST', '/api/v1/export-settings', {
    token: reseller.token,
    body: { name: 'Prom.ua', file_type: 'yml', shop: { short_name: 'Мій магазин', company: 'ФОП Коваль', url: 'https://shop.example' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let s: ExportSettingDto = created.body.data;
  for (const deadline = Date.now() + 25_000; s.status !== 'ready';) {
    expect(Date.now(), JSON.stringify(s)).toBeLessThan(deadline);
    expect(s.status).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 100));
    s = (await t.request('GET', `/api/v1/export-settings/${s.id}`, { token: reseller.token })).body.data;
  }
  const file = await t.app.inject({ method: 'GET', url: new URL(s.url!).pathname });
  expect(file.statusCode).toBe(200);
  const offer = parseFeed(file.body).offers.find((o) => o.id === product.b2bCodeId)!;
  expect(offer, `offer ${product.b2bCodeId}`).toBeDefined();
  expect(offer.fields.picture).toEqual([`${PUBLIC_URL}/storage/${original}`]);
  expect(original).toMatch(/^pictures\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
  // What the marketplace downloads there is a JPEG of the picture, transparency on white.
  const picture = await t.app.inject({ method: 'GET', url: new URL(offer.fields.picture![0]!).pathname });
  expect(picture.statusCode).toBe(200);
  expect(picture.headers['content-type']).toBe('image/jpeg');
  expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240, hasAlpha: false });
  const { data } = await sharp(picture.rawPayload).raw().toBuffer({ resolveWithObject: true });
  expect(Math.min(data[0]!, data[1]!, data[2]!)).toBeGreaterThan(235);
});
