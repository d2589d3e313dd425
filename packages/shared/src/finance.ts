import { z } from 'zod';
import { isoDateInput, pageQuery } from './api.ts';
import { WITHDRAW_STATUSES } from './config.ts';

/**
 * The balance (issue 5): a ledger of operations, top-ups by receipt and withdrawals to a card.
 * Amounts travel as UAH numbers with 2 decimals (SPEC); the API keeps integer kopecks.
 */

export const OPERATION_TYPES = ['order', 'payment', 'withdrawal', 'correction', 'user_operation'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export const operationDto = z.object({
  id: z.number(),
  type: z.enum(OPERATION_TYPES),
  /** Signed: positive credits the balance, negative debits it. */
  amount: z.number(),
  /** The same signed amount (SPEC: "sum or amount"). */
  sum: z.number(),
  /** The balance right after this operation. */
  balance: z.number(),
  comment: z.string().nullable(),
  description: z.string(),
  operationable_type: z.string().nullable(),
  operationable_id: z.number().nullable(),
  created_at: z.string(),
});
export type OperationDto = z.infer<typeof operationDto>;

const isoDate = isoDateInput;

/** `GET /operations` and `/operations/grouped`: type and a date range (inclusive, Kyiv days). */
export const operationsQuery = pageQuery
  .extend({
    type: z.enum(OPERATION_TYPES, 'invalid_value').optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: 'date_range', path: ['date_to'] });
export type OperationsQuery = z.infer<typeof operationsQuery>;

/** `GET /operations/grouped`: a page of operations, grouped by day (newest first). */
export const operationsDayDto = z.object({ date: z.string(), total: z.number(), operations: z.array(operationDto) });

/** A 7-day series (SPEC Statistics): labels DD.MM, values, the maximum and the day it was reached. */
export const statisticsSeriesDto = z.object({
  labels: z.array(z.string()),
  values: z.array(z.number()),
  max: z.number(),
  at: z.string().nullable(),
});
export type StatisticsSeriesDto = z.infer<typeof statisticsSeriesDto>;

/**
 * `GET /statistics` (the dashboard home): orders per Kyiv day for the last 7 days, the all-time
 * order counters and the balance at the end of each of the last 7 days.
 */
export const statisticsDto = z.object({
  last_week: statisticsSeriesDto,
  orders_count: z.object({ total_count: z.number(), count_delivered: z.number(), count_done: z.number(), count_return: z.number(), conversion: z.number() }),
  operation_statistics: statisticsSeriesDto,
});
export type StatisticsDto = z.infer<typeof statisticsDto>;

// ---------- top-ups ----------

export const TOP_UP_STATUSES = ['Pending', 'Approved', 'Declined'] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];
export const TOP_UP_TRANSITIONS: Record<TopUpStatus, readonly TopUpStatus[]> = { Pending: ['Approved', 'Declined'], Approved: [], Declined: [] };

/** Receipts: images or PDF, checked by content, 10 MB at most. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;

export const paymentDocumentDto = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** Authenticated download (the owner or an operator). */
  url: z.string(),
  created_at: z.string(),
});
export type PaymentDocumentDto = z.infer<typeof paymentDocumentDto>;

/** UAH with at most 2 decimals, above 0. */
const money = (max: number) =>
  z
    .number('invalid_type')
    // At least a kopeck: 1e-300 passes `> 0` and the two-decimals check, and would be stored as 0.
    .gte(0.01, 'amount_positive')
    .max(max, 'too_big')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'invalid_value');

export const MAX_TOP_UP_UAH = 1_000_000;
export const paymentInput = z.strictObject({
  amount: money(MAX_TOP_UP_UAH),
  payment_document_id: z.number('required').int('invalid_type').positive('invalid_value').max(2_147_483_647, 'invalid_value'),
  comment: z.string('invalid_type').trim().max(500, 'too_long').optional(),
});
export type PaymentInput = z.infer<typeof paymentInput>;

export const paymentDto = z.object({
  id: z.number(),
  amount: z.number(),
  status: z.enum(TOP_UP_STATUSES),
  comment: z.string().nullable(),
  decline_reason: z.string().nullable(),
  /** What was credited when the operator approved another amount than `amount` (the claim); null: the claim. */
  credited_amount: z.number().nullable(),
  /** Why the credited amount differs from the claim (null when it does not). */
  credit_reason: z.string().nullable(),
  document: paymentDocumentDto.nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

// ---------- withdrawals ----------

export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
export const WITHDRAW_TRANSITIONS: Record<WithdrawStatus, readonly WithdrawStatus[]> = { New: ['Paid', 'Declined'], Paid: [], Declined: [] };

/** Card numbers: 13-19 digits (spaces and dashes ignored) passing the Luhn check. */
export function cardDigits(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}
export function luhnValid(raw: string): boolean {
  const digits = cardDigits(raw);
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
/** '4149 **** **** 1234' */
export function maskCard(raw: string): string {
  const d = cardDigits(raw);
  return d.length < 8 ? d : `${d.slice(0, 4)} **** **** ${d.slice(-4)}`;
}

export const MAX_WITHDRAW_UAH = 1_000_000;
export const withdrawInput = z.strictObject({
  requisites: z.string('required').trim().min(1, 'required').max(40, 'too_long').refine(luhnValid, 'invalid_card'),
  amount: money(MAX_WITHDRAW_UAH),
  code: z
    .string('invalid_type')
    .regex(/^\d{6}$/, 'code_format')
    .optional(),
});
export type WithdrawInput = z.infer<typeof withdrawInput>;

export const withdrawDto = z.object({
  id: z.number(),
  /** The card, masked. */
  requisites: z.string(),
  amount: z.number(),
  status: z.enum(WITHDRAW_STATUSES),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type WithdrawDto = z.infer<typeof withdrawDto>;

/** `POST /withdraws`: with withdraw_2fa on and no code, a code is mailed first. */
export const withdrawCreateResponse = z.object({ data: z.union([z.object({ requires_code: z.literal(true) }), withdrawDto]) });

// ---------- operator ----------

/**
 * `PUT /admin/payments/{id}`. Approving may name the `amount` actually received (UAH, 2 decimals):
 * when it differs from the claim a `reason` is required (checked by the service, which knows the
 * claim: 422 on `reason`). A decline credits nothing, so an `amount` with it is refused (422).
 */
export const paymentDecisionInput = z
  .strictObject({
    status: z.enum(['Approved', 'Declined'], 'invalid_value'),
    reason: z.string('invalid_type').trim().max(500, 'too_long').optional(),
    amount: money(MAX_TOP_UP_UAH).optional(),
  })
  .refine((v) => v.status !== 'Declined' || !!v.reason, { message: 'reason_required', path: ['reason'] })
  .refine((v) => v.status !== 'Declined' || v.amount === undefined, { message: 'invalid_value', path: ['amount'] });
export type PaymentDecisionInput = z.infer<typeof paymentDecisionInput>;
export const withdrawDecisionInput = z
  .strictObject({ status: z.enum(['Paid', 'Declined'], 'invalid_value'), reason: z.string('invalid_type').trim().max(500, 'too_long').optional() })
  .refine((v) => v.status !== 'Declined' || !!v.reason, { message: 'reason_required', path: ['reason'] });
export const correctionInput = z.strictObject({
  amount: z
    .number('invalid_type')
    // Not zero once in kopecks (a tiny amount like 1e-300 would reach the ledger as 0).
    .refine((v) => Math.round(v * 100) !== 0, 'invalid_value')
    .refine((v) => Math.abs(v) <= 1_000_000, 'too_big')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'invalid_value'),
  comment: z.string('required').trim().min(1, 'required').max(500, 'too_long'),
});
