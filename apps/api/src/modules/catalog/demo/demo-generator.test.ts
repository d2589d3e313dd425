import { describe, it, expect } from 'vitest';
import { rawQuery } from '../../../db/raw.ts';
import { openTestDatabase } from '../../../test/app.ts';
import { analogueGroupCount, generateDemoCatalogue } from './demo-generator.ts';
import { loadDemoCatalogue } from './demo-writer.ts';
import type { DemoProductRow } from './demo-types.ts';

const N = 2000;
const cat = generateDemoCatalogue(N, 7);
const products: DemoProductRow[] = [...cat.products()];
const byId = new Map(cat.categories.map((c) => [c.id, c]));
const valueType = new Map(cat.propertyValues.map((v) => [v.id, v.propertyTypeId]));

describe('demo catalogue generator', () => {
  it('is deterministic and independent of count for the tree and for each product', () => {
    const again = generateDemoCatalogue(N, 7);
    expect(again.categories).toEqual(cat.categories);
    expect(again.propertyValues).toEqual(cat.propertyValues);
    expect([...again.products()]).toEqual(products);
    const shorter = [...generateDemoCatalogue(500, 7).products()];
    expect(shorter).toEqual(products.slice(0, 500));
    const other = [...generateDemoCatalogue(50, 8).products()];
    expect(other.map((p) => p.nameUk)).not.toEqual(products.slice(0, 50).map((p) => p.nameUk));
  });

  it('builds a three-level tree with ids 1..N, icons on roots and images everywhere', () => {
    const cats = cat.categories;
    expect(cats.map((c) => c.id)).toEqual(cats.map((_, i) => i + 1));
    const roots = cats.filter((c) => c.depth === 0);
    const leaves = cats.filter((c) => c.depth === 2);
    expect(roots.length).toBeGreaterThanOrEqual(9);
    expect(leaves.length).toBeGreaterThanOrEqual(100);
    for (const c of cats) {
      expect(c.image).toBe(`demo/c/${c.id}.svg`);
      expect(c.nameUk && c.nameRu).toBeTruthy();
      if (c.depth === 0) {
        expect(c.parentId).toBeNull();
        expect(c.icon).toBeTruthy();
        expect(c.iconColor).toMatch(/^#[0-9a-f]{6}$/);
      } else {
        expect(byId.get(c.parentId!)?.depth).toBe(c.depth - 1);
        expect(c.icon).toBeNull();
        expect(c.iconColor).toBeNull();
      }
    }
    for (const r of roots) {
      const mids = cats.filter((c) => c.parentId === r.id);
      expect(mids.length).toBeGreaterThanOrEqual(3);
      expect(mids.length).toBeLessThanOrEqual(5);
      expect(mids.map((m) => m.sort)).toEqual(mids.map((_, i) => i));
      for (const m of mids) expect(cats.filter((c) => c.parentId === m.id).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives unique ids and codes', () => {
    expect(products.map((p) => p.id)).toEqual(products.map((_, i) => i + 1));
    for (const key of ['b2bCodeId', 'codeId', 'vendorCode'] as const) {
      expect(new Set(products.map((p) => p[key])).size).toBe(N);
    }
    expect(products.some((p) => p.b2bCodeId === p.codeId)).toBe(false);
  });

  it('places products in leaves with the right parent and root', () => {
    for (const p of products) {
      const leaf = byId.get(p.categoryId)!;
      expect(leaf.depth).toBe(2);
      expect(p.parentId).toBe(leaf.parentId);
      expect(byId.get(p.parentId!)?.parentId).toBe(p.rootId);
    }
  });

  it('gives one value per property type of the leaf, 4-8 of them', () => {
    const leafTypes = new Map<number, string>();
    for (const p of products) {
      const types = p.propertyValueIds.map((v) => valueType.get(v));
      expect(types.every((t) => t !== undefined)).toBe(true);
      expect(new Set(types).size).toBe(types.length);
      expect(types.length).toBeGreaterThanOrEqual(4);
      expect(types.length).toBeLessThanOrEqual(8);
      const key = types.join(',');
      expect(leafTypes.get(p.categoryId) ?? key).toBe(key);
      leafTypes.set(p.categoryId, key);
    }
  });

  it('every property type has values and every name is filled in both languages', () => {
    for (const t of cat.propertyTypes) expect(cat.propertyValues.some((v) => v.propertyTypeId === t.id)).toBe(true);
    for (const v of cat.propertyValues) expect(v.valueUk && v.valueRu).toBeTruthy();
    for (const p of products) {
      expect(p.nameUk.trim()).not.toBe('');
      expect(p.nameRu.trim()).not.toBe('');
      expect(p.descriptionUk.length).toBeGreaterThan(40);
      expect(p.descriptionRu.length).toBeGreaterThan(40);
      expect(p.nameUk).not.toMatch(/#|undefined|null/);
      expect(p.nameRu).not.toMatch(/#|undefined|null/);
    }
  });

  it('spreads prices, stock, specials, novelties and images', () => {
    const frac = (f: (p: DemoProductRow) => boolean) => products.filter(f).length / N;
    expect(frac((p) => p.qty === 0)).toBeGreaterThan(0.05);
    expect(frac((p) => p.qty > 100)).toBeGreaterThan(0.1);
    expect(frac((p) => p.oldDropKop !== null)).toBeGreaterThan(0.03);
    expect(frac((p) => p.isNew)).toBeGreaterThan(0.05);
    expect(frac((p) => p.images.length === 0)).toBeGreaterThan(0);
    for (const p of products) {
      expect(Number.isInteger(p.dropKop) && p.dropKop > 0).toBe(true);
      expect(p.retailKop).toBeGreaterThan(p.dropKop);
      expect(p.retailKop % 100).toBe(0);
      if (p.oldDropKop !== null) expect(p.oldDropKop).toBeGreaterThan(p.dropKop);
      expect(p.reserved).toBeGreaterThanOrEqual(0);
      expect(p.reserved).toBeLessThanOrEqual(Math.min(p.qty, 5));
      expect(p.inPack).toBeGreaterThanOrEqual(p.inetPack);
      expect(p.images.length).toBeLessThanOrEqual(3);
      p.images.forEach((im, i) =>
        expect(im).toEqual({
          original: `demo/p/${p.id}-${i + 1}-o.svg`,
          mediumCentered: `demo/p/${p.id}-${i + 1}-m.svg`,
          thumb: `demo/p/${p.id}-${i + 1}-t.svg`,
        }),
      );
    }
  });

  it('with a picture pool, products show 1-3 distinct pool pictures, reused, and are otherwise the same', () => {
    const pool = Array.from({ length: 6 }, (_, i) => ({
      original: `pictures/0${i}/x${i}.jpg`,
      mediumCentered: `pictures/0${i}/x${i}-m.webp`,
      thumb: `pictures/0${i}/x${i}-t.webp`,
    }));
    const withPool = [...generateDemoCatalogue(N, 7, pool).products()];
    const uses = new Map<string, number>();
    withPool.forEach((p, i) => {
      const plain = products[i]!;
      expect({ ...p, images: [] }).toEqual({ ...plain, images: [] });
      expect(p.images.length).toBe(plain.images.length);
      expect(new Set(p.images.map((im) => im.original)).size).toBe(p.images.length);
      for (const im of p.images) {
        expect(pool).toContainEqual(im);
        uses.set(im.original, (uses.get(im.original) ?? 0) + 1);
      }
    });
    expect(uses.size).toBe(pool.length);
    expect(Math.min(...uses.values())).toBeGreaterThan(N / pool.length / 2);
    expect([...generateDemoCatalogue(50, 7, pool).products()]).toEqual(withPool.slice(0, 50));
  });

  it('forms analogue groups of 2+ products within one leaf', () => {
    const groups = new Map<number, DemoProductRow[]>();
    for (const p of products) if (p.analogueGroupId !== null) groups.set(p.analogueGroupId, [...(groups.get(p.analogueGroupId) ?? []), p]);
    for (const g of groups.values()) {
      expect(g.length).toBeGreaterThanOrEqual(2);
      expect(g.length).toBeLessThanOrEqual(5);
      expect(new Set(g.map((p) => p.categoryId)).size).toBe(1);
    }
    const grouped = products.filter((p) => p.analogueGroupId !== null).length / N;
    expect(grouped).toBeGreaterThan(0.2);
    expect(grouped).toBeLessThan(0.4);
    expect(Math.max(...groups.keys())).toBe(cat.analogueGroups);
    for (const count of [0, 1, 2, 10, 11, 12, 25]) {
      const ps = [...generateDemoCatalogue(count).products()];
      const ids = ps.map((p) => p.analogueGroupId).filter((g): g is number => g !== null);
      expect(Math.max(0, ...ids)).toBe(analogueGroupCount(count));
      for (const g of new Set(ids)) expect(ids.filter((x) => x === g).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('knows brand spellings and has unbranded and Cyrillic brands', () => {
    const samsung = products.find((p) => p.brand === 'Samsung');
    expect(samsung?.brandAliases).toContain('Самсунг');
    const xiaomi = products.find((p) => p.brand === 'Xiaomi');
    expect(xiaomi?.brandAliases).toContain('Сяомі');
    expect(products.some((p) => p.brand === null && p.brandAliases.length === 0)).toBe(true);
    const cyr = products.find((p) => p.brand !== null && /^[А-ЯІЇЄҐ]/.test(p.brand));
    expect(cyr?.brandAliases.some((a) => /^[A-Z]/.test(a))).toBe(true);
  });

  it('loads into the database through the writer', async () => {
    const { database } = await openTestDatabase();
    try {
      await loadDemoCatalogue(database, 300, { seed: 7, batchSize: 120 });
      const [row] = await rawQuery<{ p: number; c: number; pp: number; ag: number }>(
        database,
        `SELECT (SELECT count(*)::int FROM products) AS p, (SELECT count(*)::int FROM categories) AS c,
                (SELECT count(*)::int FROM product_properties) AS pp, (SELECT count(*)::int FROM analogue_groups) AS ag`,
      );
      expect(row).toEqual({
        p: 300,
        c: cat.categories.length,
        pp: products.slice(0, 300).reduce((n, p) => n + p.propertyValueIds.length, 0),
        ag: analogueGroupCount(300),
      });
    } finally {
      await database.close();
    }
  });
});
