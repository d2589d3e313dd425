import { describe, expect, it } from 'vitest';
import { marketInput, pricingMarketOf, type MarketDto } from './markets.ts';
import { priceProduct, type PricingUser } from './pricing.ts';

const user: PricingUser = { discount: 0, isVerified: true, markup: 50, isDropMarkup: false, recommendedFloor: false };
// drop 100.00, recommended 150.00; category chain leaf 3 -> parent 2 -> root 1.
const product = { dropKop: 10000, oldDropKop: null, retailKop: 15000, categoryPath: [3, 2, 1] };

const store = (type: 1 | 2, markup: number, catalog: [number, number][] = []): Pick<MarketDto, 'base_markup' | 'catalog_markup'> => ({
  base_markup: { type, markup },
  catalog_markup: catalog.map(([id, m]) => ({ id, markup: m })),
});
const markupOf = (s: ReturnType<typeof store>, u: PricingUser = user) => priceProduct(product, u, pricingMarketOf(s));

describe('store prices (DESIGN.md section 7)', () => {
  it('type 1 starts from the drop price, type 2 from the recommended price', () => {
    expect(markupOf(store(1, 10))).toMatchObject({ markupKop: 11000, profitKop: 1000 }); // 100 + 10 %
    expect(markupOf(store(2, 10))).toMatchObject({ markupKop: 16500, profitKop: 6500 }); // 150 + 10 %
    // The profile (+50 % on the recommended price) is ignored while a store is in use.
    expect(priceProduct(product, user, null).markupKop).toBe(22500);
  });

  it('the most specific category markup wins: leaf, then parent, then root, else base', () => {
    expect(markupOf(store(1, 10, [[1, 20]])).markupKop).toBe(12000); // root
    expect(
      markupOf(
        store(1, 10, [
          [1, 20],
          [2, 30],
        ]),
      ).markupKop,
    ).toBe(13000); // parent over root
    expect(
      markupOf(
        store(1, 10, [
          [1, 20],
          [2, 30],
          [3, 40],
        ]),
      ).markupKop,
    ).toBe(14000); // leaf over both
    expect(
      markupOf(
        store(1, 10, [
          [3, 40],
          [1, 20],
        ]),
      ).markupKop,
    ).toBe(14000); // order of the list does not matter
    expect(markupOf(store(1, 10, [[4, 70]])).markupKop).toBe(11000); // a sibling category: base
    expect(markupOf(store(2, 10, [[2, 0]])).markupKop).toBe(15000); // a 0 % category markup still overrides the base
  });

  it('works on the user drop price (discount, unverified surcharge) and with 2-decimal percents', () => {
    // drop 100 * 0.9 = 90.00; + 12.5 % = 101.25
    expect(markupOf(store(1, 12.5), { ...user, discount: 10 })).toMatchObject({ dropKop: 9000, markupKop: 10125, profitKop: 1125 });
    // recommended 150.00 + 0.01 % = 150.015 -> 150.02 (half away from zero)
    expect(markupOf(store(2, 0.01)).markupKop).toBe(15002);
  });
});

describe('marketInput', () => {
  const ok = { name: '  Мій магазин ', base_markup: { type: 1, markup: 15.5 }, catalog_markup: [{ id: 3, markup: 20 }] };
  const issues = (v: unknown) => {
    const r = marketInput.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts a valid store and trims the name; catalog_markup is optional', () => {
    expect(marketInput.parse(ok)).toEqual({ ...ok, name: 'Мій магазин' });
    expect(marketInput.parse({ name: 'A', base_markup: { type: 2, markup: 0 } }).catalog_markup).toBeUndefined();
  });

  it('names the field and the message key of each error', () => {
    expect(issues({})).toEqual(expect.arrayContaining(['name:required', 'base_markup:required']));
    expect(issues({ ...ok, name: '   ' })).toEqual(['name:required']);
    expect(issues({ ...ok, name: 'x'.repeat(101) })).toEqual(['name:too_long']);
    expect(issues({ ...ok, base_markup: { type: 3, markup: 1 } })).toEqual(['base_markup.type:invalid_value']);
    expect(issues({ ...ok, base_markup: { markup: 1 } })).toEqual(['base_markup.type:required']);
    expect(issues({ ...ok, base_markup: { type: 1, markup: -1 } })).toEqual(['base_markup.markup:too_small']);
    expect(issues({ ...ok, base_markup: { type: 1, markup: 1000.01 } })).toEqual(['base_markup.markup:too_big']);
    expect(issues({ ...ok, base_markup: { type: 1, markup: 1.005 } })).toEqual(['base_markup.markup:invalid_value']);
    expect(issues({ ...ok, base_markup: { type: 1, markup: '10' } })).toEqual(['base_markup.markup:invalid_type']);
    expect(
      issues({
        ...ok,
        catalog_markup: [
          { id: 3, markup: 1 },
          { id: 3, markup: 2 },
        ],
      }),
    ).toEqual(['catalog_markup.1.id:duplicate_category']);
    expect(issues({ ...ok, catalog_markup: [{ id: 0, markup: 1 }] })).toEqual(['catalog_markup.0.id:invalid_value']);
    expect(issues({ ...ok, catalog_markup: [{ markup: 1 }] })).toEqual(['catalog_markup.0.id:required']);
    expect(issues({ ...ok, catalog_markup: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, markup: 1 })) })).toEqual(['catalog_markup:too_big']);
    expect(issues({ ...ok, extra: 1 })).toHaveLength(1);
    expect(issues({ ...ok, base_markup: { type: 1, markup: 1, x: 1 } })).toHaveLength(1);
  });
});
