import { z } from 'zod';
import {
  FEED_FILE_TYPES,
  FEED_PRICE_SOURCES,
  FEED_NAME_FORMATS,
  FEED_EXTRA_FIELD_TYPES,
  FEED_INTERVALS,
  DEFAULT_FEED_INTERVAL,
  FEED_STATUSES,
  FEED_BUILD_STATUSES,
  FEED_BUILD_TRIGGERS,
  FEED_WARNING_KINDS,
  MAX_FEED_NAME,
  MAX_FEED_SHOP_FIELD,
  MAX_FEED_CATEGORIES,
  MAX_FEED_EXTRA_FIELDS,
  MAX_FEED_EXTRA_VALUE,
  MAX_FEED_MARKUP,
  FEED_RESERVED_FIELDS,
  FEED_FIELD_NAME,
} from './feeds.ts';

/** The contracts of product feeds (constants and the price rule: feeds.ts). */
/** 'required' when the key is missing, else `key`. */
const orRequired = (key: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined ? 'required' : key) });
const trimmed = (max: number) => z.string(orRequired('invalid_type')).trim().max(max, 'too_long');
const money = z.number(orRequired('invalid_type')).min(0, 'too_small').max(100_000_000, 'too_big');
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

export const feedShopSchema = z.strictObject(
  {
    short_name: trimmed(MAX_FEED_SHOP_FIELD).min(1, 'required'),
    company: trimmed(MAX_FEED_SHOP_FIELD).default(''),
    url: trimmed(MAX_FEED_SHOP_FIELD)
      .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'invalid_url')
      .default(''),
  },
  orRequired('invalid_type'),
);

export const feedExtraFieldSchema = z
  .strictObject(
    {
      type: z.enum(FEED_EXTRA_FIELD_TYPES, orRequired('invalid_value')),
      param: trimmed(100).min(1, 'required'),
      value: trimmed(MAX_FEED_EXTRA_VALUE).default(''),
    },
    orRequired('invalid_type'),
  )
  .superRefine((f, ctx) => {
    if (f.type !== 'field') return;
    if (!FEED_FIELD_NAME.test(f.param)) ctx.addIssue({ code: 'custom', message: 'feed_field_name', path: ['param'] });
    else if ((FEED_RESERVED_FIELDS as readonly string[]).some((r) => r.toLowerCase() === f.param.toLowerCase()))
      ctx.addIssue({ code: 'custom', message: 'feed_field_reserved', path: ['param'] });
  });

/**
 * `POST /export-settings` and `PUT /export-settings/{id}` (the whole setting each time).
 * `price_from`/`price_to` bound the user's drop price (as the product list filter does);
 * `categories` are category ids with everything below them (none = the whole catalogue);
 * `markup` applies to `drop_markup` and `recommended_markup`; `market_id` is the store whose
 * markups `market` uses (kept only with that price source).
 */
export const exportSettingInput = z
  .strictObject({
    name: trimmed(MAX_FEED_NAME).min(1, 'required'),
    file_type: z.enum(FEED_FILE_TYPES, orRequired('invalid_value')),
    shop: feedShopSchema,
    market_id: z.number('invalid_type').int('invalid_type').positive('invalid_value').max(2147483647, 'invalid_value').nullable().optional(),
    price_from: money.nullable().optional(),
    price_to: money.nullable().optional(),
    categories: z
      .array(z.number('invalid_type').int('invalid_type').positive('invalid_value').max(2147483647, 'invalid_value'), orRequired('invalid_type'))
      .max(MAX_FEED_CATEGORIES, 'too_big')
      .default([]),
    extra_fields: z.array(feedExtraFieldSchema, orRequired('invalid_type')).max(MAX_FEED_EXTRA_FIELDS, 'too_big').default([]),
    name_format: z.enum(FEED_NAME_FORMATS, orRequired('invalid_value')).default('name'),
    price_source: z.enum(FEED_PRICE_SOURCES, orRequired('invalid_value')).default('recommended'),
    markup: z.number(orRequired('invalid_type')).min(0, 'too_small').max(MAX_FEED_MARKUP, 'too_big').refine(twoDecimals, 'invalid_value').default(0),
    interval_hours: z
      .number(orRequired('invalid_type'))
      .refine((v) => (FEED_INTERVALS as readonly number[]).includes(v), 'invalid_value')
      .default(DEFAULT_FEED_INTERVAL),
  })
  .superRefine((v, ctx) => {
    if (v.price_source === 'market' && (v.market_id === null || v.market_id === undefined))
      ctx.addIssue({ code: 'custom', message: 'required', path: ['market_id'] });
    if (v.price_from !== null && v.price_from !== undefined && v.price_to !== null && v.price_to !== undefined && v.price_from > v.price_to)
      ctx.addIssue({ code: 'custom', message: 'price_range', path: ['price_to'] });
  });
export type ExportSettingInput = z.input<typeof exportSettingInput>;
export type ExportSettingValues = z.output<typeof exportSettingInput>;

export const feedWarningSample = z.object({ kind: z.enum(FEED_WARNING_KINDS), offer_id: z.number(), product_id: z.number(), name: z.string() });
export type FeedWarningSample = z.infer<typeof feedWarningSample>;

export const exportBuildDto = z.object({
  id: z.number(),
  trigger: z.enum(FEED_BUILD_TRIGGERS),
  status: z.enum(FEED_BUILD_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Offers written so far (the progress while running). */
  offers: z.number(),
  bytes: z.number(),
  /** Offers in the catalogue slice this build is going through (known once it starts). */
  total: z.number().nullable(),
  warnings_count: z.number(),
  /** Warnings by kind (complete counts). */
  warnings: z.record(z.string(), z.number()),
  /** The first FEED_WARNING_SAMPLES warned offers. */
  warning_samples: z.array(feedWarningSample),
  error: z.string().nullable(),
});
export type ExportBuildDto = z.infer<typeof exportBuildDto>;

export const exportSettingDto = z.object({
  id: z.number(),
  name: z.string(),
  file_type: z.enum(FEED_FILE_TYPES),
  shop: z.object({ short_name: z.string(), company: z.string(), url: z.string() }),
  market_id: z.number().nullable(),
  market_name: z.string().nullable(),
  price_from: z.number().nullable(),
  price_to: z.number().nullable(),
  categories: z.array(z.number()),
  extra_fields: z.array(z.object({ type: z.enum(FEED_EXTRA_FIELD_TYPES), param: z.string(), value: z.string() })),
  name_format: z.enum(FEED_NAME_FORMATS),
  price_source: z.enum(FEED_PRICE_SOURCES),
  markup: z.number(),
  interval_hours: z.number(),
  status: z.enum(FEED_STATUSES),
  /** Offers in the published file. */
  products_count: z.number(),
  /** Size of the published file in bytes. */
  file_size: z.number(),
  /** Public address of the file (no sign-in). */
  url: z.string(),
  last_generated_at: z.string().nullable(),
  /** When a marketplace (or anyone with the link) last downloaded the file. */
  last_requested_at: z.string().nullable(),
  next_build_at: z.string().nullable(),
  /** The last build's failure, in the request's language; null when it went through. */
  last_error: z.string().nullable(),
  /** The build in progress, if any. */
  build: exportBuildDto.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExportSettingDto = z.infer<typeof exportSettingDto>;

export const feedProviderDto = z.object({
  id: z.enum(FEED_FILE_TYPES),
  name: z.string(),
  description: z.string(),
  marketplaces: z.array(z.string()),
  name_max: z.number(),
  checks: z.array(z.enum(FEED_WARNING_KINDS)),
});
export type FeedProviderDto = z.infer<typeof feedProviderDto>;
