/**
 * The one price rule of SPEC section 9 and DESIGN.md section 7. Every price a reseller sees
 * (lists, product page, search, analogues, promo, cart defaults) is computed here, in kopecks,
 * with exact integer arithmetic and a single rounding (half away from zero) per price.
 */
import type { Kopecks } from './money.ts';

/** The supplier's recommended-price floor (`enforce_recommended_price`) until an operator sets it. */
export const RECOMMENDED_FLOOR_DEFAULT = true;

/** The unverified surcharge of SPEC section 9: +12 %. */
export const UNVERIFIED_SURCHARGE_PERCENT = 12;

export interface PricingUser {
  /** Discount percent (0..100, may have 2 decimals). */
  discount: number;
  isVerified: boolean;
  /** Markup percent of the user's profile (may have 2 decimals). */
  markup: number;
  /** The profile markup applies to the drop price (else to the recommended price). */
  isDropMarkup: boolean;
  /**
   * The supplier enforces the recommended price (supplier setting `enforce_recommended_price`):
   * every selling price computed here is lifted to at least the recommended retail price.
   */
  recommendedFloor: boolean;
}

/** A store's price settings (the stores issue fills them). */
export interface PricingMarket {
  /** 1 = the markup starts from the drop price; anything else: from the recommended price. */
  baseType: number;
  /** Base markup percent. */
  baseMarkup: number;
  /** Category id -> markup percent. */
  categoryMarkups: ReadonlyMap<number, number>;
}

export interface PricingProduct {
  dropKop: Kopecks;
  oldDropKop: Kopecks | null;
  /** Recommended retail price. */
  retailKop: Kopecks;
  /** The product's category chain, most specific first (leaf, parent, root). */
  categoryPath: readonly (number | null | undefined)[];
}

export interface ProductPrices {
  dropKop: Kopecks;
  oldDropKop: Kopecks | null;
  retailKop: Kopecks;
  markupKop: Kopecks;
  profitKop: Kopecks;
}

/** Percent with up to 2 decimals as an integer number of hundredths of a percent. */
function hundredths(percent: number): number {
  if (!Number.isFinite(percent)) throw new RangeError('pricing: percent is not finite');
  return Math.round(percent * 100);
}

/** Below this, integer products and quotients in doubles are exact (feeds price millions of offers: no BigInt on the hot path). */
const EXACT = 2 ** 52;

/**
 * round(value * num / den), half away from zero, exact for any safe integer input. `num` and
 * `den` are integers, `den` > 0. Small operands take exact double arithmetic; larger ones BigInt.
 */
function mulDiv(value: Kopecks, num: number, den: number): Kopecks {
  const v = Math.trunc(value);
  const n = v * num;
  const a = Math.abs(n);
  if (a * 2 + den < EXACT) {
    // a, den and 2a + den are exact integers below 2^52, so the floored quotient is exact too.
    const q = Math.floor((a * 2 + den) / (2 * den));
    return n < 0 ? -q : q;
  }
  const bn = BigInt(v) * BigInt(num);
  const ba = bn < 0n ? -bn : bn;
  const d = BigInt(den);
  const q = (ba * 2n + d) / (2n * d);
  return Number(bn < 0n ? -q : q);
}

/** Drop price for the user: catalogue drop minus the discount, then +12 % if unverified; one rounding. */
export function userDropKop(dropKop: Kopecks, user: Pick<PricingUser, 'discount' | 'isVerified'>): Kopecks {
  const discount = hundredths(Math.min(Math.max(user.discount, 0), 100));
  const surcharge = user.isVerified ? 100 : 100 + UNVERIFIED_SURCHARGE_PERCENT;
  return mulDiv(dropKop, (10000 - discount) * surcharge, 1_000_000);
}

/** base + percent, one rounding. */
export function withMarkup(baseKop: Kopecks, percent: number): Kopecks {
  return mulDiv(baseKop, 10000 + hundredths(percent), 10000);
}

/** The markup percent and its base for a product under a store: the most specific category wins. */
export function marketMarkup(market: PricingMarket, categoryPath: PricingProduct['categoryPath']): number {
  for (const id of categoryPath) {
    if (id === null || id === undefined) continue;
    const m = market.categoryMarkups.get(id);
    if (m !== undefined) return m;
  }
  return market.baseMarkup;
}

/**
 * Prices of one product for one user (and optionally a store). The selling (markup) price never
 * falls below the user's drop price and, while the supplier enforces the recommended price
 * (`user.recommendedFloor`), never below the recommended retail price either, so a default cart
 * line, a feed's price and the price a reseller is shown are always prices the cart accepts.
 */
export function priceProduct(product: PricingProduct, user: PricingUser, market?: PricingMarket | null): ProductPrices {
  const dropKop = userDropKop(product.dropKop, user);
  const oldDropKop = product.oldDropKop === null ? null : userDropKop(product.oldDropKop, user);
  const retailKop = product.retailKop;
  let markupKop: Kopecks;
  if (market) {
    const base = market.baseType === 1 ? dropKop : retailKop;
    markupKop = withMarkup(base, marketMarkup(market, product.categoryPath));
  } else {
    markupKop = withMarkup(user.isDropMarkup ? dropKop : retailKop, user.markup);
  }
  if (user.recommendedFloor && markupKop < retailKop) markupKop = retailKop;
  if (markupKop < dropKop) markupKop = dropKop;
  return { dropKop, oldDropKop, retailKop, markupKop, profitKop: markupKop - dropKop };
}

/** Catalogue prices with no user (the public promo grid): verified, no discount, no markup. */
export const PUBLIC_PRICING_USER: PricingUser = { discount: 0, isVerified: true, markup: 0, isDropMarkup: false, recommendedFloor: false };

/** Whether the floor lifted a selling price: the unlifted price is below the recommended one. */
export function liftedByFloor(product: PricingProduct, user: PricingUser, market?: PricingMarket | null): boolean {
  if (!user.recommendedFloor) return false;
  const unlifted = priceProduct(product, { ...user, recommendedFloor: false }, market);
  return unlifted.markupKop < unlifted.retailKop;
}

/**
 * Turns a range on the user's drop price (what the reseller filters by) into exact bounds on
 * the catalogue drop price, so the database filters with an index-friendly comparison.
 * Returns `empty: true` when nothing can match.
 */
export function catalogueDropBounds(
  user: Pick<PricingUser, 'discount' | 'isVerified'>,
  fromKop?: Kopecks,
  toKop?: Kopecks,
): { minKop?: Kopecks; maxKop?: Kopecks; empty: boolean } {
  const discount = BigInt(hundredths(Math.min(Math.max(user.discount, 0), 100)));
  const num = (10000n - discount) * (user.isVerified ? 100n : BigInt(100 + UNVERIFIED_SURCHARGE_PERCENT));
  const den = 1_000_000n;
  const out: { minKop?: Kopecks; maxKop?: Kopecks; empty: boolean } = { empty: false };
  if (num === 0n) {
    // Every user price is 0.
    out.empty = (fromKop !== undefined && fromKop > 0) || (toKop !== undefined && toKop < 0);
    return out;
  }
  const ceilDiv = (a: bigint, b: bigint) => (a >= 0n ? (a + b - 1n) / b : -(-a / b));
  if (fromKop !== undefined && fromKop > 0) out.minKop = Number(ceilDiv(den * (2n * BigInt(fromKop) - 1n), 2n * num));
  if (toKop !== undefined) {
    if (toKop < 0) out.empty = true;
    else out.maxKop = Number(ceilDiv(den * (2n * BigInt(toKop) + 1n), 2n * num) - 1n);
  }
  if (out.minKop !== undefined && out.maxKop !== undefined && out.minKop > out.maxKop) out.empty = true;
  return out;
}
