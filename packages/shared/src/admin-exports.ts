import { z } from 'zod';
import { isoDateInput, pageQuery } from './api.ts';
import { WITHDRAW_STATUSES } from './config.ts';
import { OPERATION_TYPES, TOP_UP_STATUSES } from './finance.ts';

/**
 * Exports of back-office lists (issue 29): `GET /api/v1/admin/{list}/export?format=csv|xlsx`
 * with the list's own filters (page and per_page are ignored: the whole filtered list is
 * streamed). Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) are written with a leading apostrophe; numbers stay numbers.
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
