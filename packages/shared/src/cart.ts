import { z } from 'zod';
import { MAX_CART_QTY } from './cart-constants.ts';

/**
 * The cart (SPEC section 3 "Cart line", DESIGN.md section 7): one line per product with the
 * reseller's own selling price. Prices in UAH with 2 decimals; drop and recommended prices are
 * today's, for the current user.
 */

const price = z
  .number('invalid_type')
  .gt(0, 'amount_positive')
  .max(10_000_000, 'too_big')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'invalid_value');
const qty = z.number('invalid_type').int('invalid_type').min(1, 'too_small').max(MAX_CART_QTY, 'too_big');

export const cartAddInput = z.strictObject({
  product_id: z.number('required').int('invalid_type').positive('invalid_value').max(2147483647, 'invalid_value'),
  qty,
  retail_price: price,
});
export type CartAddInput = z.infer<typeof cartAddInput>;

/** `PUT /carts/{id}`; `id` may repeat the path's (SPEC: "edit adds id"). */
export const cartUpdateInput = z.strictObject({
  id: z.number('invalid_type').int('invalid_type').positive('invalid_value').max(2147483647, 'invalid_value').optional(),
  qty,
  retail_price: price,
});
export type CartUpdateInput = z.infer<typeof cartUpdateInput>;

export const cartLineDto = z.object({
  id: z.number(),
  product_id: z.number(),
  b2b_code_id: z.number(),
  qty: z.number(),
  /** The reseller's selling price. */
  retail_price: z.number(),
  /** Today's drop price for this user. */
  drop_price: z.number(),
  /** The supplier's recommended retail price. */
  recommended_price: z.number(),
  /** (retail − drop) × qty. */
  profit: z.number(),
  product: z.object({
    name: z.string(),
    vendor_code: z.string(),
    image: z.string().nullable(),
    /** Stock as text ('5', '< 20', '> 100', '-'). */
    quantity: z.string(),
    qty: z.number(),
  }),
});
export type CartLineDto = z.infer<typeof cartLineDto>;

export const cartDto = z.object({
  items: z.array(cartLineDto),
  /** Lines in the cart (the badge). */
  count: z.number(),
  drop_sum: z.number(),
  retail_sum: z.number(),
  profit: z.number(),
});
export type CartDto = z.infer<typeof cartDto>;
