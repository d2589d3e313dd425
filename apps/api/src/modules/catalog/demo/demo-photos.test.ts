import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { rawQuery } from '../../../db/raw.ts';
import { pictureHash, picturePaths, variantsOf } from '../../../lib/pictures.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PHOTO_COUNT, DEMO_PHOTO_VERSION, demoPhotoPool, drawDemoPhoto, installDemoPhotos, type DemoPhotoPool } from './demo-photos.ts';
import { loadDemoCatalogue } from './demo-writer.ts';

const MB = 1024 * 1024;
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(d);
  return d;
};
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// The machine's pool (drawn here once when the machine has none: up to a minute on two cores).
let pool: DemoPhotoPool;
beforeAll(async () => {
  pool = await demoPhotoPool({ seed: 1 });
}, 240_000);

describe('demo photo pool', () => {
  test('camera-size JPEG sources of 1-5 MB, stored as the three variants of the picture pipeline', async () => {
    expect(pool.photos).toHaveLength(DEMO_PHOTO_COUNT);
    const shapes = new Set<string>();
    for (const p of pool.photos) {
      expect(p.sourceBytes).toBeGreaterThanOrEqual(1 * MB);
      expect(p.sourceBytes).toBeLessThanOrEqual(5 * MB);
      expect([p.sourceWidth, p.sourceHeight].sort()).toEqual([3000, 4000]);
      shapes.add(p.sourceWidth > p.sourceHeight ? 'landscape' : 'portrait');
      expect(variantsOf(p.original)).toEqual({ original: p.original, mediumCentered: p.mediumCentered, thumb: p.thumb });
      const o = await sharp(path.join(pool.dir, 'storage', p.original)).metadata();
      expect(o.format).toBe('jpeg');
      expect(Math.max(o.width, o.height)).toBe(2048);
      const m = await sharp(path.join(pool.dir, 'storage', p.mediumCentered)).metadata();
      expect([m.format, m.width, m.height]).toEqual(['webp', 600, 600]);
      const t = await sharp(path.join(pool.dir, 'storage', p.thumb)).metadata();
      expect([t.format, t.width, t.height]).toEqual(['webp', 200, 200]);
    }
    expect(shapes).toEqual(new Set(['landscape', 'portrait']));
    expect(new Set(pool.photos.map((p) => p.original)).size).toBe(DEMO_PHOTO_COUNT);
  });

  test('drawn deterministically from the seed: the same bytes (hence names) again, others for another seed', async () => {
    for (const i of [0, DEMO_PHOTO_COUNT - 1]) {
      const bytes = await drawDemoPhoto(1, i);
      expect(bytes.length).toBe(pool.photos[i]!.sourceBytes);
      expect(picturePaths(pictureHash(bytes)).original).toBe(pool.photos[i]!.original);
    }
    const other = await drawDemoPhoto(2, 0);
    expect(picturePaths(pictureHash(other)).original).not.toBe(pool.photos[0]!.original);
  }, 60_000);

  test('several processes seeding at once on a machine without the cache draw it once', async () => {
    const parent = tempDir('drop-demo-photos-test-');
    const [a, b] = await Promise.all([demoPhotoPool({ seed: 5, count: 2, cacheParent: parent }), demoPhotoPool({ seed: 5, count: 2, cacheParent: parent })]);
    expect([a.drawn, b.drawn].sort()).toEqual([false, true]);
    expect(a.photos).toEqual(b.photos);
    const again = await demoPhotoPool({ seed: 5, count: 2, cacheParent: parent });
    expect(again).toEqual({ ...a, drawn: false });
    // A seed on a machine with the cache copies its files and draws nothing.
    const dataDir = tempDir('drop-demo-photos-data-');
    const t0 = Date.now();
    const installed = await installDemoPhotos(dataDir, { seed: 5, count: 2, cacheParent: parent });
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(installed.drawn).toBe(false);
    for (const p of installed.photos) {
      for (const rel of [p.original, p.mediumCentered, p.thumb]) {
        expect(fs.readFileSync(path.join(dataDir, 'storage', rel))).toEqual(
          fs.readFileSync(path.join(parent, `drop-demo-photos-v${DEMO_PHOTO_VERSION}`, 'seed-5', 'storage', rel)),
        );
      }
    }
  }, 120_000);
});

describe('demo catalogue with the photo pool', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir('drop-demo-catalogue-');
    t = await buildTestApp({ dataDir });
  });
  afterAll(() => t?.close());

  test('products show 1-3 pool pictures each, reused across products, stored in DATA_DIR and served', async () => {
    const t0 = Date.now();
    const { pool: used } = await loadDemoCatalogue(t.database, 400, { dataDir, seed: 1 });
    // The machine's cache exists (beforeAll above): the seed adds well under a second for its pictures.
    expect(used?.drawn).toBe(false);
    expect(Date.now() - t0).toBeLessThan(30_000);
    const known = new Map(pool.photos.map((p) => [p.original, p]));
    const rows = await rawQuery<{ product_id: number; original: string; medium_centered: string; thumb: string }>(
      t.database,
      'SELECT product_id, original, medium_centered, thumb FROM product_images ORDER BY product_id, sort',
    );
    const byProduct = new Map<number, string[]>();
    for (const r of rows) {
      const p = known.get(r.original);
      expect(p, r.original).toBeDefined();
      expect([r.medium_centered, r.thumb]).toEqual([p!.mediumCentered, p!.thumb]);
      byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r.original]);
    }
    for (const list of byProduct.values()) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(3);
      expect(new Set(list).size).toBe(list.length);
    }
    expect(byProduct.size).toBeGreaterThan(350);
    const uses = new Map<string, number>();
    for (const r of rows) uses.set(r.original, (uses.get(r.original) ?? 0) + 1);
    expect(uses.size).toBe(DEMO_PHOTO_COUNT);
    expect(Math.min(...uses.values())).toBeGreaterThan(10);
    const [flags] = await rawQuery<{ wrong: number }>(
      t.database,
      'SELECT count(*)::int AS wrong FROM products p WHERE p.has_images <> EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id)',
    );
    expect(flags!.wrong).toBe(0);

    for (const p of pool.photos) {
      for (const [rel, type] of [
        [p.original, 'image/jpeg'],
        [p.mediumCentered, 'image/webp'],
        [p.thumb, 'image/webp'],
      ] as const) {
        const file = fs.readFileSync(path.join(dataDir, 'storage', rel));
        const res = await t.app.inject({ method: 'GET', url: `/storage/${rel}` });
        expect(res.statusCode, rel).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.rawPayload.equals(file)).toBe(true);
      }
    }
  }, 120_000);

  test('DEMO_PICTURES=0 (pictures: false) keeps the SVGs drawn on request', async () => {
    const { clearCatalogue } = await import('./demo-writer.ts');
    await clearCatalogue(t.database);
    const other = tempDir('drop-demo-catalogue-svg-');
    const { pool: none } = await loadDemoCatalogue(t.database, 30, { dataDir: other, pictures: false });
    expect(none).toBeNull();
    const rows = await rawQuery<{ original: string }>(t.database, 'SELECT original FROM product_images');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.original).toMatch(/^demo\/p\/\d+-\d-o\.svg$/);
    expect(fs.existsSync(path.join(other, 'storage'))).toBe(false);
  }, 60_000);
});
