import { z } from 'zod';
import { isoDateInput } from './api.ts';
import { DELIVERY_STATUSES, ORDER_STATUSES, PAY_STATUSES } from './config.ts';
import type { StaffArea } from './staff.ts';
import { orderListFilterFields } from './order-list.ts';

/**
 * The back office's worklists (issue 28): queues a person works through, each with a live counter
 * in the navigation. An order worklist is a filter of the orders list (`worklist=<name>`); the money
 * ones are the pending top-ups and the withdrawals to pay. A role sees the counters of the areas it
 * may open (WORKLIST_AREAS); the others are absent from `GET /admin/worklists`.
 */
export const ORDER_WORKLISTS = [
  /** New orders waiting for the reseller's (or staff's) confirmation. */
  'to_confirm',
  /** Confirmed orders waiting to be packed (Complected). */
  'to_pack',
  /** Confirmed or packed orders with no waybill yet (or a deleted one). */
  'to_ship',
  /** Parcels in trouble: refused, or waiting at the branch with paid storage near or begun. */
  'trouble',
  /** Orders whose 1C reservation job failed (attempts spent). */
  'onec_failed',
] as const;
export type OrderWorklist = (typeof ORDER_WORKLISTS)[number];
export const MONEY_WORKLISTS = ['topups', 'withdrawals'] as const;
export type MoneyWorklist = (typeof MONEY_WORKLISTS)[number];
export const WORKLISTS = [...ORDER_WORKLISTS, ...MONEY_WORKLISTS] as const;
export type Worklist = (typeof WORKLISTS)[number];

/** The area a role needs to see (and work) a worklist. */
export const WORKLIST_AREAS: Record<Worklist, StaffArea> = {
  to_confirm: 'orders.status',
  to_pack: 'orders.status',
  to_ship: 'orders.waybill',
  trouble: 'orders.read',
  onec_failed: 'orders.reservation',
  topups: 'money',
  withdrawals: 'money',
};

/** A parcel waiting at the branch is in trouble this many days before its paid storage begins. */
export const STORAGE_WARNING_DAYS = 1;

/** `GET /admin/worklists`: how many items each worklist the role may see holds now. */
export const worklistCountsDto = z.object(
  Object.fromEntries(WORKLISTS.map((w) => [w, z.number().int().optional()])) as Record<Worklist, z.ZodOptional<z.ZodNumber>>,
);
export type WorklistCountsDto = z.infer<typeof worklistCountsDto>;

// ---------- bulk actions ----------

/** At most this many rows in one bulk action (ids, or the rows a filter matches: more is 422 `too_many`). */
export const BULK_MAX = 200;

const bulkIds = z
  .array(z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value'), 'invalid_type')
  .min(1, 'required')
  .max(BULK_MAX, 'too_many');

/** The orders list's filters (GET /admin/orders without paging): "all rows matching the filter". */
export const adminOrdersFilter = z.strictObject({
  status: z.enum(ORDER_STATUSES, 'invalid_value').optional(),
  payment_status: z.enum(PAY_STATUSES, 'invalid_value').optional(),
  delivery_status: z.enum(DELIVERY_STATUSES, 'invalid_value').optional(),
  date_from: isoDateInput.optional(),
  date_to: isoDateInput.optional(),
  search: z.string('invalid_type').trim().max(100, 'too_long').optional(),
  user_id: z.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value').optional(),
  worklist: z.enum(ORDER_WORKLISTS, 'invalid_value').optional(),
  ...orderListFilterFields,
});
export type AdminOrdersFilter = z.infer<typeof adminOrdersFilter>;

/** What the printing makes: the carrier's marking (100×100 mm), a pick and packing list, a Card order's invoice (A4). */
export const ORDER_PRINT_KINDS = ['marking', 'packing', 'invoice'] as const;
export type OrderPrintKind = (typeof ORDER_PRINT_KINDS)[number];

const oneTarget = <T extends { ids?: unknown; filter?: unknown }>(v: T) => (v.ids === undefined) !== (v.filter === undefined);
const targetIssue = { message: 'ids_or_filter', path: ['ids'] };

/**
 * `POST /admin/orders/bulk`: one action on the chosen orders (`ids`) or on every order the filter
 * matches (`filter`), never both. `status` moves each order as the single move would (the role's
 * moves, the paid-Card rule); `ttn` makes a Nova Poshta waybill for each (the same weight and seats
 * for all); `print` checks each order can be printed as `kind` and answers the one PDF's address.
 */
export const adminOrdersBulkInput = z
  .discriminatedUnion(
    'action',
    [
      z.strictObject({
        action: z.literal('status'),
        ids: bulkIds.optional(),
        filter: adminOrdersFilter.optional(),
        /** One of OPERATOR_ORDER_MOVES (another is TransitionNotAllowed on every row, as the single move). */
        status: z.enum(ORDER_STATUSES, 'invalid_value'),
        comment: z.string('invalid_type').trim().max(500, 'too_long').optional(),
      }),
      z.strictObject({
        action: z.literal('ttn'),
        ids: bulkIds.optional(),
        filter: adminOrdersFilter.optional(),
        weight: z.number('invalid_type').min(0.1, 'too_small').max(1000, 'too_big').default(1),
        seats: z.number('invalid_type').int('invalid_type').min(1, 'too_small').max(100, 'too_big').default(1),
        description: z.string('invalid_type').trim().max(100, 'too_long').optional(),
      }),
      z.strictObject({
        action: z.literal('print'),
        ids: bulkIds.optional(),
        filter: adminOrdersFilter.optional(),
        kind: z.enum(ORDER_PRINT_KINDS, 'invalid_value'),
      }),
    ],
    'invalid_value',
  )
  .refine(oneTarget, targetIssue);
export type AdminOrdersBulkInput = z.infer<typeof adminOrdersBulkInput>;

/** `POST /admin/payments/bulk`: approve the chosen pending top-ups (each for the amount claimed), or all pending ones. */
export const adminPaymentsBulkInput = z
  .strictObject({
    action: z.literal('approve', 'invalid_value'),
    ids: bulkIds.optional(),
    filter: z.strictObject({ status: z.literal('Pending', 'invalid_value') }).optional(),
  })
  .refine(oneTarget, targetIssue);
export type AdminPaymentsBulkInput = z.infer<typeof adminPaymentsBulkInput>;

/** `POST /admin/withdraws/bulk`: mark the chosen new withdrawals paid, or all new ones. */
export const adminWithdrawsBulkInput = z
  .strictObject({
    action: z.literal('paid', 'invalid_value'),
    ids: bulkIds.optional(),
    filter: z.strictObject({ status: z.literal('New', 'invalid_value') }).optional(),
  })
  .refine(oneTarget, targetIssue);
export type AdminWithdrawsBulkInput = z.infer<typeof adminWithdrawsBulkInput>;

/**
 * One row's result: `ok`, or the refusal as the single call would give it (`code`, e.g.
 * `OrderNotPaid`, `TransitionNotAllowed`, `CarrierRefused`; `error`, its text in the user's language).
 */
export const bulkRowResultDto = z.object({ id: z.number(), ok: z.boolean(), code: z.string().optional(), error: z.string().optional() });
export type BulkRowResultDto = z.infer<typeof bulkRowResultDto>;
/** A bulk action's answer; a `print` adds `meta.file`, the address of one PDF with every printable order. */
export const bulkResultDto = z.object({
  data: z.array(bulkRowResultDto),
  meta: z.object({ total: z.number(), ok: z.number(), failed: z.number(), file: z.string().optional() }),
});
export type BulkResultDto = z.infer<typeof bulkResultDto>;

// ---------- printing ----------

/** `GET /admin/orders/print/{kind}?ids=1,2,3`: many orders in one PDF. */
export const printIdsQuery = z.object({
  ids: z
    .string('invalid_type')
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'invalid_value')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((a) => a.every((id) => id >= 1 && id <= 2_147_483_647), 'invalid_value')
    .refine((a) => a.length <= BULK_MAX, 'too_many'),
});
/** `GET /admin/orders/print/register?date=YYYY-MM-DD`: the day's shipments (waybills made that Kyiv day). */
export const printRegisterQuery = z.object({ date: isoDateInput });

/** The supplier's requisites printed on invoices and the register (`GET/PUT /admin/printing/requisites`). */
export const supplierRequisitesInput = z.strictObject({
  /** ФОП Іваненко І. І. / ТОВ «…» */
  name: z.string('invalid_type').trim().min(2, 'too_short').max(200, 'too_long'),
  /** ЄДРПОУ (8 digits) or РНОКПП (10 digits). */
  code: z
    .string('invalid_type')
    .trim()
    .regex(/^(\d{8}|\d{10})$/, 'invalid_value'),
  /** UA + 27 digits, with a valid ISO 13616 check (mod 97). */
  iban: z
    .string('invalid_type')
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .refine((s) => /^UA\d{27}$/.test(s) && ibanValid(s), 'invalid_value'),
  bank: z.string('invalid_type').trim().min(2, 'too_short').max(200, 'too_long'),
  address: z.string('invalid_type').trim().min(5, 'too_short').max(300, 'too_long'),
  phone: z.string('invalid_type').trim().max(30, 'too_long').optional().default(''),
  /** E.g. "Не є платником ПДВ" / "Платник єдиного податку 3 групи". */
  tax_note: z.string('invalid_type').trim().max(300, 'too_long').optional().default(''),
});
export type SupplierRequisitesInput = z.input<typeof supplierRequisitesInput>;
export const supplierRequisitesDto = z.object({
  name: z.string(),
  code: z.string(),
  iban: z.string(),
  bank: z.string(),
  address: z.string(),
  phone: z.string(),
  tax_note: z.string(),
});
export type SupplierRequisitesDto = z.infer<typeof supplierRequisitesDto>;

/** ISO 13616: the IBAN moved four characters, letters as numbers, mod 97 is 1. */
export function ibanValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}
