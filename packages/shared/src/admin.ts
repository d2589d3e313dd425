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
});
export type AdminCategoryDto = z.infer<typeof adminCategoryDto>;

/** `POST /admin/catalog/categories`, `PUT /admin/catalog/categories/{id}` (partial on PUT). */
export const categoryInput = z.strictObject({
  name_uk: name,
  name_ru: name,
  parent_id: z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value').nullable().optional(),
  sort: z.number('invalid_type').int('invalid_type').min(0, 'too_small').max(1_000_000, 'too_big').optional(),
});
export type CategoryInput = z.infer<typeof categoryInput>;
/** `PUT`/`PATCH /admin/catalog/categories/{id}`: any subset; `hidden: false` publishes the category to resellers. */
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
  property_value_ids: z.array(z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value'), 'invalid_type').max(200, 'too_big').optional(),
});
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

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
  user_ids: z.array(z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value'), 'invalid_type').min(1, 'required').max(1000, 'too_big').optional(),
  /** Also e-mail it. */
  mail: z.boolean('invalid_type').optional(),
});
export type BroadcastInput = z.infer<typeof broadcastInput>;
export const broadcastResultDto = z.object({ recipients: z.number() });

/** `GET/PUT /admin/supplier-settings`: the supplier's switches (PUT takes any subset). */
export const supplierSettingsDto = z.object({ enforce_recommended_price: z.boolean() });
export const supplierSettingsInput = z.strictObject({ enforce_recommended_price: z.boolean('invalid_type').optional() });
export type SupplierSettingsDto = z.infer<typeof supplierSettingsDto>;
