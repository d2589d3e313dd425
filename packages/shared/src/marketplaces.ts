import { z } from 'zod';

/**
 * Marketplace orders (issue 33): a reseller connects a store (market) to Prom.ua, Rozetka or
 * Horoshop; the portal polls each connection and turns the marketplace's new orders into drafts
 * (`/marketplace-orders`) that the reseller places one by one or in bulk (with
 * auto_confirm_orders, clean drafts are placed and confirmed by the poller). The waybill and the
 * status go back to the marketplace order.
 */
export const MARKETPLACES = ['prom', 'rozetka', 'horoshop'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

export const MARKETPLACE_NAMES: Record<Marketplace, string> = { prom: 'Prom.ua', rozetka: 'Rozetka', horoshop: 'Horoshop' };

export const CONNECTION_STATUSES = ['active', 'failing', 'unauthorized', 'revoked'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const MARKETPLACE_ORDER_STATUSES = ['draft', 'placed', 'dismissed'] as const;
export type MarketplaceOrderStatus = (typeof MARKETPLACE_ORDER_STATUSES)[number];

/** At most this many drafts in one bulk placement. */
export const MAX_BULK_PLACE = 50;

/**
 * What would stop a draft from being placed, as the review list shows it (codes translated by the
 * web): a line whose offer id names none of our products, a product out of stock or hidden, a
 * price below the reseller's drop price or (while the supplier enforces it) the recommended one,
 * an address the carrier does not know, a carrier we do not ship with, a phone that is not a
 * Ukrainian mobile number.
 */
export const DRAFT_PROBLEMS = [
  'unmatched_line',
  'product_unavailable',
  'out_of_stock',
  'price_below_drop',
  'price_below_recommended',
  'unknown_city',
  'unknown_branch',
  'unknown_street',
  'not_nova_poshta',
  'bad_phone',
  'missing_name',
  'no_lines',
] as const;
export type DraftProblem = (typeof DRAFT_PROBLEMS)[number];

const orRequired = (key: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined ? 'required' : key) });
const text = (max: number) => z.string(orRequired('invalid_type')).trim().min(1, 'required').max(max, 'too_long');
const marketId = z.number(orRequired('invalid_type')).int('invalid_type').positive('invalid_value').max(2147483647, 'invalid_value');

/** A Horoshop site: its domain as the reseller types it (scheme and path are dropped). */
export const horoshopDomain = z
  .string(orRequired('invalid_type'))
  .trim()
  .toLowerCase()
  .transform((v) =>
    v
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .replace(/:\d+$/, ''),
  )
  .pipe(
    z
      .string()
      .min(1, 'required')
      .max(253, 'too_long')
      .regex(/^(?=.{1,253}$)([a-z0-9à-ÿа-яіїєґ]([a-z0-9à-ÿа-яіїєґ-]{0,61}[a-z0-9à-ÿа-яіїєґ])?\.)+[a-zа-яіїєґ]{2,63}$/u, 'invalid_value'),
  );

/** A token as marketplaces issue them: visible ASCII, no spaces (it travels in an HTTP header). */
const token = text(200).regex(/^[\x21-\x7e]+$/, 'invalid_value');

/** `POST /marketplace-connections`: checked at once against the marketplace (422 `credentials_refused` on the secret's field when it says no). */
export const connectionCreateInput = z.discriminatedUnion(
  'marketplace',
  [
    z.strictObject({ marketplace: z.literal('prom'), market_id: marketId, token }),
    z.strictObject({ marketplace: z.literal('rozetka'), market_id: marketId, username: text(100), password: text(200) }),
    z.strictObject({ marketplace: z.literal('horoshop'), market_id: marketId, domain: horoshopDomain, login: text(100), password: text(200) }),
  ],
  { error: (iss) => (iss.input === undefined ? 'required' : 'invalid_value') },
);
export type ConnectionCreateInput = z.infer<typeof connectionCreateInput>;

export const connectionDto = z.object({
  id: z.number(),
  marketplace: z.enum(MARKETPLACES),
  market_id: z.number().nullable(),
  market_name: z.string().nullable(),
  /** The account and the masked secret as the reseller sees them. */
  display: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  last_error: z.string().nullable(),
  last_polled_at: z.string().nullable(),
  next_poll_at: z.string().nullable(),
  created_at: z.string(),
  drafts: z.number(),
});
export type ConnectionDto = z.infer<typeof connectionDto>;

export const marketplaceLineDto = z.object({
  ref: z.string(),
  offer_id: z.string(),
  sku: z.string(),
  name: z.string(),
  qty: z.number(),
  /** The marketplace's price: the reseller's selling price. */
  price: z.number(),
  product_id: z.number().nullable(),
  /** Our product's name and the reseller's drop price today (null when the line matches nothing). */
  product_name: z.string().nullable(),
  drop_price: z.number().nullable(),
  problems: z.array(z.enum(DRAFT_PROBLEMS)),
});

export const marketplaceOrderDto = z.object({
  id: z.number(),
  marketplace: z.enum(MARKETPLACES),
  connection_id: z.number(),
  market_name: z.string().nullable(),
  external_id: z.string(),
  status: z.enum(MARKETPLACE_ORDER_STATUSES),
  order_id: z.number().nullable(),
  order_number: z.string().nullable(),
  ordered_at: z.string().nullable(),
  created_at: z.string(),
  client: z.object({ last_name: z.string(), first_name: z.string(), middle_name: z.string().nullable(), phone: z.string() }),
  delivery: z.object({
    service: z.string(),
    method: z.string(),
    carrier_name: z.string(),
    city_name: z.string().nullable(),
    branch_name: z.string().nullable(),
    street_name: z.string().nullable(),
    house: z.string().nullable(),
    appt: z.string().nullable(),
  }),
  payment: z.enum(['cod', 'prepaid']),
  total: z.number(),
  comment: z.string().nullable(),
  lines: z.array(marketplaceLineDto),
  /** Everything that stops the draft today (empty: it can be placed). */
  problems: z.array(z.enum(DRAFT_PROBLEMS)),
  /** The business code of the last refused automatic or bulk placement. */
  place_error: z.string().nullable(),
});
export type MarketplaceOrderDto = z.infer<typeof marketplaceOrderDto>;

export const marketplaceOrdersQuery = z.object({
  status: z.enum(MARKETPLACE_ORDER_STATUSES, 'invalid_value').default('draft'),
  page: z.coerce.number('invalid_type').int('invalid_type').min(1, 'too_small').max(100_000, 'too_big').default(1),
  per_page: z.coerce
    .number('invalid_type')
    .int('invalid_type')
    .refine((v) => [10, 20, 30, 50, 100].includes(v), 'invalid_value')
    .default(20),
});
export type MarketplaceOrdersQuery = z.infer<typeof marketplaceOrdersQuery>;

export const bulkPlaceInput = z.strictObject({
  ids: z
    .array(z.number('invalid_type').int('invalid_type').positive('invalid_value').max(2147483647, 'invalid_value'), orRequired('invalid_type'))
    .min(1, 'required')
    .max(MAX_BULK_PLACE, 'too_big'),
});
export type BulkPlaceInput = z.infer<typeof bulkPlaceInput>;

export const bulkPlaceResult = z.object({
  placed: z.array(z.object({ id: z.number(), order_id: z.number(), order_number: z.string() })),
  failed: z.array(z.object({ id: z.number(), code: z.string(), message: z.string() })),
});
export type BulkPlaceResult = z.infer<typeof bulkPlaceResult>;
