import { z } from 'zod';
import { isoDateInput, pageQuery } from './api.ts';
import { WITHDRAW_STATUSES } from './config.ts';
import { OPERATION_TYPES, TOP_UP_STATUSES, operationDto } from './finance.ts';

/**
 * Exports of back-office lists (issue 29): `GET /api/v1/admin/{list}/export?format=csv|xlsx`
 * with the list's own filters (page and per_page are ignored: the whole filtered list is
 * streamed). Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) are written with a leading apostrophe, in CSV and in XLSX (a
 * string cell there, but one edit or a copy into CSV would run it). Numbers (a negative amount
 * too) stay numbers.
 */
export const EXPORT_LISTS = ['orders', 'operations', 'users', 'payments', 'withdraws'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatQuery = z.object({ format: z.enum(EXPORT_FORMATS, 'invalid_value').default('csv') });

const id = z.coerce.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value');
const dateRange = <T extends { date_from?: string | undefined; date_to?: string | undefined }>(q: T) => !q.date_from || !q.date_to || q.date_from <= q.date_to;

/** `GET /api/v1/admin/operations`: the ledger of every reseller, newest first (Kyiv days). */
export const adminOperationsQuery = pageQuery
  .extend({
    user_id: id.optional(),
    type: z.enum(OPERATION_TYPES, 'invalid_value').optional(),
    date_from: isoDateInput.optional(),
    date_to: isoDateInput.optional(),
  })
  .refine(dateRange, { message: 'date_range', path: ['date_to'] });
export type AdminOperationsQuery = z.infer<typeof adminOperationsQuery>;
/** A row of the ledger of every reseller: the reseller's operation and whose it is. */
export const adminOperationDto = operationDto.extend({ user_id: z.number(), user_name: z.string() });
export type AdminOperationDto = z.infer<typeof adminOperationDto>;

/** `GET /api/v1/admin/payments` (top-ups) filters. */
export const adminPaymentsQuery = pageQuery
  .extend({
    status: z.enum(TOP_UP_STATUSES, 'invalid_value').optional(),
    user_id: id.optional(),
    date_from: isoDateInput.optional(),
    date_to: isoDateInput.optional(),
  })
  .refine(dateRange, { message: 'date_range', path: ['date_to'] });
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuery>;

/** `GET /api/v1/admin/withdraws` filters. */
export const adminWithdrawsQuery = pageQuery
  .extend({
    status: z.enum(WITHDRAW_STATUSES, 'invalid_value').optional(),
    user_id: id.optional(),
    date_from: isoDateInput.optional(),
    date_to: isoDateInput.optional(),
  })
  .refine(dateRange, { message: 'date_range', path: ['date_to'] });
export type AdminWithdrawsQuery = z.infer<typeof adminWithdrawsQuery>;

/**
 * `GET /api/v1/admin/withdraws/payouts?format=csv|xlsx[&ids=1,2]`: the bank's payout file of the
 * withdrawals to pay (status New; `ids` narrows them). Reading it changes no status.
 */
export const adminPayoutsQuery = exportFormatQuery.extend({
  ids: z
    .string('invalid_type')
    .max(20_000, 'too_long')
    .transform((s, c) => {
      const parts = s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const ids = parts.map(Number);
      if (!ids.length || ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
        c.addIssue({ code: 'custom', message: 'invalid_value' });
        return z.NEVER;
      }
      return [...new Set(ids)];
    })
    .optional(),
});
export type AdminPayoutsQuery = z.infer<typeof adminPayoutsQuery>;
