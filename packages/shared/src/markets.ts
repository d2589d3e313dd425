import { z } from 'zod';
import type { PricingMarket } from './pricing.ts';

/**
 * Stores (markets, SPEC section 3 "Store"): a reseller's price settings. Verified users only
 * (others get 403 `NotVerified`), at most MAX_MARKETS (constants.ts) each (a sixth is 400 `MarketsLimit`).
 * The selected store travels as `market_id` on every product, search and analogue call
 * (DESIGN.md section 7); `null` in the selector means the user's markup profile.
 */
export const MAX_MARKET_NAME = 100;
export const MAX_MARKET_MARKUP = 1000;
export const MAX_CATEGORY_MARKUPS = 500;

/** base_markup.type: where the markup starts. */
export const MARKET_BASE_TYPES = { fromDrop: 1, fromRecommended: 2 } as const;
export type MarketBaseType = 1 | 2;

/** 'required' when the key is missing, else `key`. */
const orRequired = (key: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined ? 'required' : key) });

/** Percent 0..1000 with at most 2 decimals. */
const percent = z
  .number(orRequired('invalid_type'))
  .min(0, 'too_small')
  .max(MAX_MARKET_MARKUP, 'too_big')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'invalid_value');

const categoryId = z.number(orRequired('invalid_type')).int('invalid_type').positive('invalid_value').max(2147483647, 'invalid_value');

export const baseMarkupSchema = z.strictObject(
  {
    type: z.literal([1, 2], orRequired('invalid_value')),
    markup: percent,
  },
  orRequired('invalid_type'),
);

export const categoryMarkupSchema = z.strictObject({ id: categoryId, markup: percent }, orRequired('invalid_type'));

/**
 * `POST /markets` and `PUT /markets/{id}`. On PUT, `catalog_markup` replaces the store's category
 * markups when present (`[]` clears them) and leaves them as they are when omitted.
 */
export const marketInput = z.strictObject({
  name: z.string(orRequired('invalid_type')).trim().min(1, 'required').max(MAX_MARKET_NAME, 'too_long'),
  base_markup: baseMarkupSchema,
  catalog_markup: z
    .array(categoryMarkupSchema, orRequired('invalid_type'))
    .max(MAX_CATEGORY_MARKUPS, 'too_big')
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((m, i) => {
        if (seen.has(m.id)) ctx.addIssue({ code: 'custom', message: 'duplicate_category', path: [i, 'id'] });
        seen.add(m.id);
      });
    })
    .optional(),
});
export type MarketInput = z.infer<typeof marketInput>;

export const marketDto = z.object({
  id: z.number(),
  name: z.string(),
  base_markup: z.object({ type: z.union([z.literal(1), z.literal(2)]), markup: z.number() }),
  /** Category markups, by category id. */
  catalog_markup: z.array(z.object({ id: z.number(), markup: z.number() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MarketDto = z.infer<typeof marketDto>;

/** A store's DTO as the pricing rule takes it (the web can preview prices with priceProduct). */
export function pricingMarketOf(m: Pick<MarketDto, 'base_markup' | 'catalog_markup'>): PricingMarket {
  return {
    baseType: m.base_markup.type,
    baseMarkup: m.base_markup.markup,
    categoryMarkups: new Map(m.catalog_markup.map((c) => [c.id, c.markup])),
  };
}
