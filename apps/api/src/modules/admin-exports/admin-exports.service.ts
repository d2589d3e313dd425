import type { AdminOperationsQuery, AdminOrdersQuery, AdminPaymentsQuery, AdminUsersQuery, AdminWithdrawsQuery, ExportFormat } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { keysetBatches, type TableColumn } from '../../lib/tabular.ts';
import { adminOrderFilter } from '../orders/orders.repository.ts';
import { adminOperationFilter, adminPaymentFilter, adminWithdrawFilter } from '../finance/finance.repository.ts';
import { userFilterOf } from '../admin/admin.service.ts';
import {
  adminExportsRepo,
  type OperationExportRow,
  type OrderExportRow,
  type PaymentExportRow,
  type UserExportRow,
  type WithdrawExportRow,
} from './admin-exports.repository.ts';
import {
  EXPORT_NAMES,
  operationColumns,
  orderColumns,
  paymentColumns,
  payoutColumns,
  userColumns,
  withdrawColumns,
  type OrderLineRow,
} from './admin-exports.columns.ts';

/**
 * The back office's exports (issue 29): each list's rows under the list's own filter (the same
 * WHERE builder the list uses), pulled a keyset page at a time, with the columns in the staff
 * member's language. The route hands the result to sendTable, which streams it.
 */

export const EXPORT_BATCH = 1000;
/** Orders per page of the orders export (each brings its lines). */
const ORDER_BATCH = 500;

export interface Export<R> {
  filename: string;
  sheet: string;
  columns: TableColumn<R>[];
  rows: AsyncIterable<R>;
}

const named = (ctx: AuthedCtx, key: keyof typeof EXPORT_NAMES, format: ExportFormat) => {
  const name = EXPORT_NAMES[key][ctx.locale];
  return { filename: `${name} ${kyivToday()}`, sheet: name, format };
};
const kyivToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());

const cursorOf = (r: { cursor: string; id: number } | undefined) => (r ? { at: r.cursor, id: r.id } : undefined);

export function operationsExport(ctx: AuthedCtx, q: Omit<AdminOperationsQuery, 'page' | 'per_page'> & { format: ExportFormat }) {
  const f = adminOperationFilter(q);
  return {
    ...named(ctx, 'operations', q.format),
    columns: operationColumns(ctx.locale),
    rows: keysetBatches<OperationExportRow>((after, limit) => adminExportsRepo.operations(ctx.db, f, cursorOf(after), limit), EXPORT_BATCH),
  };
}

/** One row per order line (an order without lines: one row with its own columns). */
export function ordersExport(ctx: AuthedCtx, q: Omit<AdminOrdersQuery, 'page' | 'per_page'> & { format: ExportFormat }) {
  const f = adminOrderFilter(q);
  const userId = q.user_id ?? null;
  const orders = keysetBatches<OrderExportRow>((after, limit) => adminExportsRepo.orders(ctx.db, userId, f, cursorOf(after), limit), ORDER_BATCH);
  async function* rows(): AsyncGenerator<OrderLineRow> {
    let batch: OrderExportRow[] = [];
    const flush = async function* () {
      const lines = await adminExportsRepo.lines(
        ctx.db,
        batch.map((o) => o.id),
      );
      const byOrder = new Map<number, typeof lines>();
      for (const l of lines) {
        const list = byOrder.get(l.orderId);
        if (list) list.push(l);
        else byOrder.set(l.orderId, [l]);
      }
      for (const order of batch) {
        const ls = byOrder.get(order.id);
        if (!ls?.length) yield { order, line: undefined };
        else for (const line of ls) yield { order, line };
      }
      batch = [];
    };
    for await (const order of orders) {
      batch.push(order);
      if (batch.length >= ORDER_BATCH) yield* flush();
    }
    if (batch.length) yield* flush();
  }
  return { ...named(ctx, 'orders', q.format), columns: orderColumns(ctx.locale), rows: rows() };
}

export function usersExport(ctx: AuthedCtx, q: Omit<AdminUsersQuery, 'page' | 'per_page'> & { format: ExportFormat }) {
  const f = userFilterOf(q);
  return {
    ...named(ctx, 'users', q.format),
    columns: userColumns(ctx.locale),
    rows: keysetBatches<UserExportRow>((after, limit) => adminExportsRepo.users(ctx.db, f, cursorOf(after), limit), EXPORT_BATCH),
  };
}

export function paymentsExport(ctx: AuthedCtx, q: Omit<AdminPaymentsQuery, 'page' | 'per_page'> & { format: ExportFormat }) {
  const f = adminPaymentFilter(q);
  return {
    ...named(ctx, 'payments', q.format),
    columns: paymentColumns(ctx.locale),
    rows: keysetBatches<PaymentExportRow>((after, limit) => adminExportsRepo.payments(ctx.db, f, after?.id, limit), EXPORT_BATCH),
  };
}

export function withdrawsExport(ctx: AuthedCtx, q: Omit<AdminWithdrawsQuery, 'page' | 'per_page'> & { format: ExportFormat }) {
  const f = adminWithdrawFilter(q);
  return {
    ...named(ctx, 'withdraws', q.format),
    columns: withdrawColumns(ctx.locale),
    rows: keysetBatches<WithdrawExportRow>((after, limit) => adminExportsRepo.withdraws(ctx.db, f, after?.id, limit), EXPORT_BATCH),
  };
}

/** The bank's payout file: the withdrawals to pay (New, oldest first), `ids` narrowing them. No status changes. */
export function payoutsExport(ctx: AuthedCtx, q: { format: ExportFormat; ids?: number[] | undefined }) {
  return {
    ...named(ctx, 'payouts', q.format),
    columns: payoutColumns(ctx.locale),
    rows: keysetBatches<WithdrawExportRow>((after, limit) => adminExportsRepo.payouts(ctx.db, q.ids, after?.id, limit), EXPORT_BATCH),
  };
}
