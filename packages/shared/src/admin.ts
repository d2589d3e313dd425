import { z } from 'zod';
import { isoDateInput, pageQuery } from './api.ts';
import { ROLES } from './auth.ts';

/**
 * Back-office contracts (`/api/v1/admin/...`, operators and admins). Money in DTOs is hryvnia
 * (numbers with 2 decimals); inputs take hryvnia with at most 2 decimals.
 */

const boolParam = z.enum(['true', 'false'], 'invalid_value').transform((v) => v === 'true');
const isoDate = isoDateInput;
const id = z.coerce.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value');

// ---------- resellers ----------

/** `GET /admin/users`: search by name, e-mail, phone or id; filters. */
/** Back-office lists count at most this many rows; a total above it means "more than this". */
export const ADMIN_COUNT_CAP = 10_000;

export const adminUsersQuery = pageQuery.extend({
  search: z.string('invalid_type').trim().max(255, 'too_long').optional(),
  role: z.enum(ROLES, 'invalid_value').optional(),
  is_verified: boolParam.optional(),
  blocked: boolParam.optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** `GET /admin/users/{id}/devices`. */
export const adminDeviceDto = z.object({
  id: z.number(),
  name: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  used_at: z.string(),
  created_at: z.string(),
});
export type AdminDeviceDto = z.infer<typeof adminDeviceDto>;

/** A summary of the reseller for the detail page: `GET /admin/users/{id}/summary`. */
export const adminUserSummaryDto = z.object({
  orders_total: z.number(),
  orders_by_status: z.record(z.string(), z.number()),
  /** Sum of delivered orders' profit, hryvnia. */
  profit_total: z.number(),
  pending_top_ups: z.number(),
  pending_withdrawals: z.number(),
  markets: z.number(),
  feeds: z.number(),
});
export type AdminUserSummaryDto = z.infer<typeof adminUserSummaryDto>;

// ---------- audit log ----------

export const auditEntryDto = z.object({
  id: z.number(),
  actor: z.object({ id: z.number(), name: z.string(), email: z.string(), role: z.string() }).nullable(),
  /** e.g. user.update, payment.approved, withdraw.paid, balance.correction, money.order, order.status, product.update, setting.update, broadcast, onec.import */
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  /** `{field: [before, after]}` for changes; other keys describe the event. */
  changes: z.unknown(),
  created_at: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

/** `GET /admin/audit`: newest first; `action` matches a prefix (`money.` = every money event). */
export const auditQuery = pageQuery
  .extend({
    actor_id: id.optional(),
    action: z.string('invalid_type').trim().max(64, 'too_long').optional(),
    entity: z.string('invalid_type').trim().max(32, 'too_long').optional(),
    entity_id: id.optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: 'date_range', path: ['date_to'] });
export type AuditQuery = z.infer<typeof auditQuery>;

// ---------- orders board ----------

/** `GET /admin/orders/stats`: how many orders are in each status (the board's columns). */
export const adminOrderStatsDto = z.object({ by_status: z.record(z.string(), z.number()), total: z.number() });

/** `GET /admin/orders/{id}/jobs`: the order's reservation jobs (pg-boss), newest first. */
export const RESERVATION_JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const reservationJobDto = z.object({
  id: z.string(),
  /** CreateReserveJob, UpdateReserveJob, ConfirmReserveJob, CancelReserveJob */
  action: z.string(),
  state: z.enum(RESERVATION_JOB_STATES),
  retry_count: z.number(),
  retry_limit: z.number(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** When a waiting job (created, retry) is due: a retrying job's next attempt; null in other states. */
  next_attempt_at: z.string().nullable(),
  /** The last error of a failed or retrying job. */
  error: z.string().nullable(),
});
export type ReservationJobDto = z.infer<typeof reservationJobDto>;

// ---------- catalogue ----------

const name = z.string('required').trim().min(1, 'required').max(255, 'too_long');
const description = z.string('invalid_type').max(20_000, 'too_long');
const uah = z
  .number('invalid_type')
  .min(0, 'too_small')
  .max(10_000_000, 'too_big')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'invalid_value');

/** `GET /admin/catalog/categories`: the whole tree, flat, parents before children. */
export const adminCategoryDto = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  depth: z.number(),
  name_uk: z.string(),
  name_ru: z.string(),
  sort: z.number(),
  products_count: z.number(),
  /** Not shown to resellers (neither it nor anything below it) until published. */
  hidden: z.boolean(),
  /** The category of 1C goods without a group: operators move its goods to their categories. */
  unsorted: z.boolean(),
  /** THE archive category (hidden, created on the first archiving): archived products live in it. */
  archive: z.boolean(),
  /** The picture's URL (`/storage/...`), or null. */
  image_url: z.string().nullable(),
  /** A name from CATEGORY_ICONS, or null. */
  icon: z.string().nullable(),
  /** `#RRGGBB`, or null. */
  icon_color: z.string().nullable(),
  /** Subcategories directly below it. */
  children_count: z.number(),
});
export type AdminCategoryDto = z.infer<typeof adminCategoryDto>;

/**
 * The Material icon names a category may carry (the reseller catalogue draws them; anything else
 * is refused with 422 on `icon`).
 */
export const CATEGORY_ICONS = [
  'Backpack',
  'Brush',
  'Build',
  'Category',
  'Checkroom',
  'ChildCare',
  'Computer',
  'Devices',
  'DirectionsCar',
  'FitnessCenter',
  'Home',
  'Kitchen',
  'LocalGroceryStore',
  'Pets',
  'PhoneIphone',
  'Spa',
  'SportsSoccer',
  'Toys',
  'Tv',
  'Yard',
] as const;
export type CategoryIconName = (typeof CATEGORY_ICONS)[number];
/** The names THE archive category is created with. */
export const ARCHIVE_CATEGORY = { uk: 'Архів', ru: 'Архив' } as const;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** `POST /admin/catalog/categories`, `PUT /admin/catalog/categories/{id}` (partial on PUT). */
export const categoryInput = z.strictObject({
  name_uk: name,
  name_ru: name,
  parent_id: z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value').nullable().optional(),
  sort: z.number('invalid_type').int('invalid_type').min(0, 'too_small').max(1_000_000, 'too_big').optional(),
  /** One of CATEGORY_ICONS; null removes it. */
  icon: z.enum(CATEGORY_ICONS, 'invalid_value').nullable().optional(),
  /** `#RRGGBB`; null removes it. */
  icon_color: z.string('invalid_type').regex(HEX_COLOR, 'invalid_value').nullable().optional(),
});
export type CategoryInput = z.infer<typeof categoryInput>;
/**
 * `PUT`/`PATCH /admin/catalog/categories/{id}`: any subset; `hidden: false` publishes the category
 * to resellers (never the archive's). The picture is `POST`/`DELETE /admin/catalog/categories/{id}/image`;
 * `DELETE /admin/catalog/categories/{id}` removes an empty category (204).
 */
export const categoryUpdateInput = categoryInput.partial().extend({ hidden: z.boolean('invalid_type').optional() });
export type CategoryUpdateInput = z.infer<typeof categoryUpdateInput>;

export const adminProductsQuery = pageQuery.extend({
  /** Name (uk or ru), vendor code or code. */
  search: z.string('invalid_type').trim().max(255, 'too_long').optional(),
  category_id: id.optional(),
  in_stock: boolParam.optional(),
  is_new: boolParam.optional(),
  /** Products with an old drop price (specials). */
  specials: boolParam.optional(),
  /** `false` (the default): live products only; `true`: archived ones only; `all`: both. */
  archived: z.enum(['true', 'false', 'all'], 'invalid_value').default('false'),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuery>;

export const adminProductSummaryDto = z.object({
  id: z.number(),
  b2b_code_id: z.number(),
  code_id: z.number(),
  vendor_code: z.string(),
  name_uk: z.string(),
  name_ru: z.string(),
  category_id: z.number(),
  drop_price: z.number(),
  old_drop_price: z.number().nullable(),
  retail_price: z.number(),
  qty: z.number(),
  reserved: z.number(),
  is_new: z.boolean(),
  /** Pieces per pack sold online (SPEC inet_pack) and per carton (in_pack). */
  inet_pack: z.number(),
  in_pack: z.number(),
  /** When it was archived (it is in the archive category then), or null. */
  archived_at: z.string().nullable(),
  /** The category it was archived from (restored on unarchive), or null. */
  archived_from_category_id: z.number().nullable(),
  /** The first image's thumbnail URL. */
  thumb: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminProductSummaryDto = z.infer<typeof adminProductSummaryDto>;

export const adminProductImageDto = z.object({ id: z.number(), sort: z.number(), original: z.string(), thumb: z.string() });
export const adminProductDto = adminProductSummaryDto.extend({
  description_uk: z.string(),
  description_ru: z.string(),
  brand: z.string().nullable(),
  images: z.array(adminProductImageDto),
  /** The product's property values (one or more per type). */
  properties: z.array(z.object({ property_type_id: z.number(), property_value_id: z.number(), value_uk: z.string(), value_ru: z.string() })),
});
export type AdminProductDto = z.infer<typeof adminProductDto>;

/**
 * `PUT /admin/catalog/products/{id}`: any subset. `old_drop_price` set makes the product a
 * special, null removes it. `qty` going from 0 to above 0 fires the back-in-stock alerts.
 * `property_value_ids` replaces the product's properties.
 */
const pack = z.number('invalid_type').int('invalid_type').min(1, 'too_small').max(100_000, 'too_big');
const vendorCode = z.string('invalid_type').trim().max(200, 'too_long');
export const productUpdateInput = z.strictObject({
  name_uk: name.optional(),
  name_ru: name.optional(),
  description_uk: description.optional(),
  description_ru: description.optional(),
  brand: z.string('invalid_type').trim().max(255, 'too_long').nullable().optional(),
  category_id: z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value').optional(),
  drop_price: uah.refine((v) => v >= 0.01, 'amount_positive').optional(),
  retail_price: uah.refine((v) => v >= 0.01, 'amount_positive').optional(),
  old_drop_price: uah.nullable().optional(),
  qty: z.number('invalid_type').int('invalid_type').min(0, 'too_small').max(10_000_000, 'too_big').optional(),
  is_new: z.boolean('invalid_type').optional(),
  property_value_ids: z
    .array(z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value'), 'invalid_type')
    .max(200, 'too_big')
    .optional(),
  vendor_code: vendorCode.optional(),
  inet_pack: pack.optional(),
  in_pack: pack.optional(),
});
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

/**
 * `POST /admin/catalog/products`: a product made by hand (201 with it). Its b2b code (= etalon
 * code_id) is the next number of the code sequence 1C's new goods use too, so it is never shared.
 * `qty` is its stock on hand, recorded as the first line of its stock history.
 */
export const productCreateInput = productUpdateInput.extend({
  name_uk: name,
  name_ru: name,
  category_id: z.number('required').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value'),
  drop_price: z
    .number('required')
    .pipe(uah)
    .refine((v) => v >= 0.01, 'amount_positive'),
  retail_price: z
    .number('required')
    .pipe(uah)
    .refine((v) => v >= 0.01, 'amount_positive'),
});
export type ProductCreateInput = z.infer<typeof productCreateInput>;

/**
 * `POST /admin/catalog/products/{id}/archive`: moves it into the archive category (hidden from
 * resellers: catalogue, search, cart, orders, feeds), remembering where it came from. Orders that
 * name it keep it. `POST .../unarchive` puts it back there, or into `category_id` (required when
 * that category is gone: 422 on category_id).
 */
export const productUnarchiveInput = z.strictObject({
  category_id: z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value').optional(),
});
export type ProductUnarchiveInput = z.infer<typeof productUnarchiveInput>;

/** `POST /admin/catalog/products/move`: moves the chosen products into one category (e.g. out of the unsorted one). */
export const productsMoveInput = z.strictObject({
  product_ids: z
    .array(z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value'), 'invalid_type')
    .min(1, 'required')
    .max(200, 'too_big'),
  category_id: z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value'),
});
export type ProductsMoveInput = z.infer<typeof productsMoveInput>;

/** `GET /admin/catalog/properties` (types) and `GET /admin/catalog/properties/{id}/values?search=`. */
export const adminPropertyTypeDto = z.object({ id: z.number(), name_uk: z.string(), name_ru: z.string(), values_count: z.number() });
export const adminPropertyValueDto = z.object({ id: z.number(), property_type_id: z.number(), value_uk: z.string(), value_ru: z.string() });
export type AdminPropertyTypeDto = z.infer<typeof adminPropertyTypeDto>;
export type AdminPropertyValueDto = z.infer<typeof adminPropertyValueDto>;

// ---------- content ----------

/** `GET /admin/settings`: every content setting in both languages. */
export const adminSettingDto = z.object({
  key: z.string(),
  uk: z.unknown(),
  ru: z.unknown(),
  updated_at: z.string().nullable(),
  updated_by: z.number().nullable(),
});
export type AdminSettingDto = z.infer<typeof adminSettingDto>;

/** `PUT /admin/settings/{key}`: both languages; each value is checked against the key's shape (changelogValue, faqValue, legalValue). */
export const adminSettingInput = z.strictObject({ uk: z.unknown(), ru: z.unknown() });

/** `POST /admin/notifications/broadcast`: to every reseller, or only to `user_ids`. */
export const broadcastInput = z.strictObject({
  title_uk: z.string('required').trim().min(1, 'required').max(120, 'too_long'),
  title_ru: z.string('required').trim().min(1, 'required').max(120, 'too_long'),
  message_uk: z.string('required').trim().min(1, 'required').max(2000, 'too_long'),
  message_ru: z.string('required').trim().min(1, 'required').max(2000, 'too_long'),
  user_ids: z
    .array(z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value'), 'invalid_type')
    .min(1, 'required')
    .max(1000, 'too_big')
    .optional(),
  /** Also e-mail it. */
  mail: z.boolean('invalid_type').optional(),
});
export type BroadcastInput = z.infer<typeof broadcastInput>;
export const broadcastResultDto = z.object({ recipients: z.number() });

/** `GET/PUT /admin/supplier-settings`: the supplier's switches (PUT takes any subset). */
export const supplierSettingsDto = z.object({ enforce_recommended_price: z.boolean() });
export const supplierSettingsInput = z.strictObject({ enforce_recommended_price: z.boolean('invalid_type').optional() });
export type SupplierSettingsDto = z.infer<typeof supplierSettingsDto>;
