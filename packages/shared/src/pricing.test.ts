import { describe, expect, it } from 'vitest';
import { catalogueDropBounds, liftedByFloor, priceProduct, userDropKop, withMarkup, type PricingMarket, type PricingUser } from './pricing.ts';

const user = (over: Partial<PricingUser> = {}): PricingUser => ({
  discount: 0,
  isVerified: true,
  markup: 0,
  isDropMarkup: false,
  recommendedFloor: false,
  ...over,
});

describe('drop price (SPEC section 9)', () => {
  it.each([
    // [catalogue drop kop, discount %, verified, expected kop]
    [10000, 0, true, 10000],
    [10000, 0, false, 11200], // +12 % for the unverified
    [10000, 10, true, 9000], // VIP discount
    [10000, 10, false, 10080], // 100 - 10 % = 90, then +12 % = 100.80
    [12345, 0, false, 13826], // 138.264 -> 138.26
    [12345, 5, true, 11728], // 117.2775 -> 117.28
    [12345, 5, false, 13135], // 131.3508 -> 131.35
    [999, 2.5, false, 1091], // 9.99 * 0.975 * 1.12 = 10.90908 -> 10.91
    [1, 50, true, 1], // 0.5 kop rounds half away from zero
    [3, 50, true, 2], // 1.5 -> 2
    [10000, 100, false, 0],
    [0, 10, false, 0],
  ])('drop %i with discount %f, verified %s -> %i', (drop, discount, isVerified, expected) => {
    expect(userDropKop(drop, { discount, isVerified })).toBe(expected);
  });
});

describe('markup price and profit', () => {
  const product = { dropKop: 10000, oldDropKop: 12000, retailKop: 15000, categoryPath: [30, 20, 10] };

  it.each([
    // [user, markup kop, profit kop]
    [user(), 15000, 5000], // no markup: the recommended price
    [user({ markup: 10 }), 16500, 6500], // +10 % on the recommended
    [user({ markup: 10, isDropMarkup: true }), 11000, 1000], // +10 % on drop
    [user({ markup: 10, isDropMarkup: true, isVerified: false }), 12320, 1120], // drop 112.00 + 10 %
    [user({ discount: 20, markup: 25, isDropMarkup: true }), 10000, 2000], // drop 80 + 25 %
    [user({ isVerified: false, discount: 0, markup: -30 }), 11200, 0], // below drop: clamped to drop, never a loss
  ])('%o', (u, markup, profit) => {
    const p = priceProduct(product, u);
    expect(p.markupKop).toBe(markup);
    expect(p.profitKop).toBe(profit);
    expect(p.retailKop).toBe(15000);
  });

  it('old drop price follows the same rule', () => {
    expect(priceProduct(product, user({ isVerified: false })).oldDropKop).toBe(13440);
    expect(priceProduct({ ...product, oldDropKop: null }, user()).oldDropKop).toBeNull();
  });

  it('a store: the most specific category markup wins, else the base markup', () => {
    const market = (categoryMarkups: [number, number][], baseType = 1, baseMarkup = 5): PricingMarket => ({
      baseType,
      baseMarkup,
      categoryMarkups: new Map(categoryMarkups),
    });
    expect(priceProduct(product, user(), market([])).markupKop).toBe(10500); // base 5 % on drop
    expect(priceProduct(product, user(), market([], 2)).markupKop).toBe(15750); // base 5 % on recommended
    expect(priceProduct(product, user(), market([[10, 20]])).markupKop).toBe(12000); // root
    expect(
      priceProduct(
        product,
        user(),
        market([
          [10, 20],
          [20, 30],
        ]),
      ).markupKop,
    ).toBe(13000); // parent overrides root
    expect(
      priceProduct(
        product,
        user(),
        market([
          [10, 20],
          [20, 30],
          [30, 40],
        ]),
      ).markupKop,
    ).toBe(14000); // leaf wins
    expect(priceProduct(product, user(), market([[99, 50]])).markupKop).toBe(10500); // unrelated category
  });

  it('the recommended floor lifts every selling price below the recommended one, and only while enforced', () => {
    const store = (baseType: number, baseMarkup: number, cats: [number, number][] = []): PricingMarket => ({
      baseType,
      baseMarkup,
      categoryMarkups: new Map(cats),
    });
    const floor = user({ recommendedFloor: true });
    // The case: a store +20 % from drop (drop 18.30) where the recommended price is 29.00.
    const small = { dropKop: 1830, oldDropKop: null, retailKop: 2900, categoryPath: [30, 20, 10] };
    expect(priceProduct(small, user(), store(1, 20)).markupKop).toBe(2196);
    expect(priceProduct(small, floor, store(1, 20))).toMatchObject({ markupKop: 2900, profitKop: 1070 });
    expect(liftedByFloor(small, floor, store(1, 20))).toBe(true);
    expect(liftedByFloor(small, user(), store(1, 20))).toBe(false);
    // Profile markups on drop, category markups of a store, a markup on the recommended price.
    expect(priceProduct(product, user({ markup: 10, isDropMarkup: true, recommendedFloor: true })).markupKop).toBe(15000);
    expect(priceProduct(product, floor, store(1, 5, [[30, 40]])).markupKop).toBe(15000);
    expect(priceProduct(product, floor, store(1, 60)).markupKop).toBe(16000); // above the floor: untouched
    expect(liftedByFloor(product, floor, store(1, 60))).toBe(false);
    expect(priceProduct(product, floor, store(2, 5)).markupKop).toBe(15750);
    // Never below the user's own drop price either (a recommended price below drop).
    const odd = { dropKop: 20000, oldDropKop: null, retailKop: 15000, categoryPath: [] };
    expect(priceProduct(odd, user({ recommendedFloor: true, isVerified: false })).markupKop).toBe(22400);
  });

  it('withMarkup handles fractional percents with one rounding', () => {
    expect(withMarkup(9999, 12.5)).toBe(11249); // 11248.875
    expect(withMarkup(10001, 0.01)).toBe(10002); // 10002.0001
  });
});

describe('catalogueDropBounds matches userDropKop exactly', () => {
  const users = [user(), user({ isVerified: false }), user({ discount: 7.5 }), user({ discount: 33.33, isVerified: false })];
  for (const u of users) {
    it(`discount ${u.discount}, verified ${u.isVerified}`, () => {
      for (const [from, to] of [
        [1000, 2000],
        [1120, 1120],
        [1, 50],
        [0, 999],
        [5555, 5601],
      ] as const) {
        const b = catalogueDropBounds(u, from, to);
        for (let d = 0; d <= 3000; d++) {
          const price = userDropKop(d, u);
          const inRange = price >= from && price <= to;
          const inBounds = !b.empty && (b.minKop === undefined || d >= b.minKop) && (b.maxKop === undefined || d <= b.maxKop);
          if (inRange !== inBounds) throw new Error(`drop ${d}: price ${price}, range ${from}..${to}, bounds ${JSON.stringify(b)}`);
        }
      }
    });
  }
  it('a reversed range is empty', () => {
    expect(catalogueDropBounds(user(), 2000, 1000).empty).toBe(true);
  });
});

describe('exact arithmetic: the double fast path equals BigInt arithmetic', () => {
  /** The reference: round(value * (10000 + h) / 10000) half away from zero in BigInt. */
  const reference = (value: number, percent: number) => {
    const n = BigInt(value) * BigInt(10000 + Math.round(percent * 100));
    const a = n < 0n ? -n : n;
    const q = (a * 2n + 10000n) / 20000n;
    return Number(n < 0n ? -q : q);
  };
  it('random prices and percents, small and near the 2^52 switch', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 20000; i++) {
      const big = i % 4 === 0;
      const value = Math.floor(rnd() * (big ? 2 ** 48 : 1e9)) * (i % 7 === 0 ? -1 : 1);
      const percent = (Math.round(rnd() * 2000 - 500) / 100) * (big ? 1 : 1);
      expect(withMarkup(value, percent)).toBe(reference(value, percent));
    }
    // Exactly at the half: 0.5 kop rounds away from zero on both paths.
    expect(withMarkup(1, -50)).toBe(1);
    expect(withMarkup(-1, -50)).toBe(-1);
    expect(withMarkup(2 ** 50 + 1, 0.01)).toBe(reference(2 ** 50 + 1, 0.01));
  });
});
