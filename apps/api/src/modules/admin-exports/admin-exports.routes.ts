import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOperationsQuery,
  adminOrdersQuery,
  adminPayoutsQuery,
  adminPaymentsQuery,
  adminUsersQuery,
  adminWithdrawsQuery,
  exportFormatQuery,
} from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { sendTable } from '../../lib/tabular.ts';
import * as exportsService from './admin-exports.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const produces = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/** Each export takes its list's own query (page and per_page are ignored) plus `format`. */
const ordersExportQuery = adminOrdersQuery.safeExtend(exportFormatQuery.shape);
const operationsExportQuery = adminOperationsQuery.safeExtend(exportFormatQuery.shape);
const usersExportQuery = adminUsersQuery.extend(exportFormatQuery.shape);
const paymentsExportQuery = adminPaymentsQuery.safeExtend(exportFormatQuery.shape);
const withdrawsExportQuery = adminWithdrawsQuery.safeExtend(exportFormatQuery.shape);

const send = <R>(reply: FastifyReply, x: exportsService.Export<R> & { format: 'csv' | 'xlsx' }) =>
  sendTable(reply, { format: x.format, filename: x.filename, sheet: x.sheet, columns: x.columns, rows: x.rows });

/**
 * /api/v1/admin/{list}/export?format=csv|xlsx (issue 29): the filtered list as a file, streamed;
 * each in the access area of its list. And the bank's payout file of the withdrawals to pay.
 */
export const adminExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'money');

  app.get('/orders/export', { config: { access: 'orders.read' }, schema: { tags, security, produces, querystring: ordersExportQuery } }, async (req, reply) =>
    send(reply, exportsService.ordersExport(authedCtx(req), req.query)),
  );
  app.get('/operations/export', { config: { access: 'money' }, schema: { tags, security, produces, querystring: operationsExportQuery } }, async (req, reply) =>
    send(reply, exportsService.operationsExport(authedCtx(req), req.query)),
  );
  app.get('/users/export', { config: { access: 'resellers.read' }, schema: { tags, security, produces, querystring: usersExportQuery } }, async (req, reply) =>
    send(reply, exportsService.usersExport(authedCtx(req), req.query)),
  );
  app.get('/payments/export', { config: { access: 'money' }, schema: { tags, security, produces, querystring: paymentsExportQuery } }, async (req, reply) =>
    send(reply, exportsService.paymentsExport(authedCtx(req), req.query)),
  );
  app.get('/withdraws/export', { config: { access: 'money' }, schema: { tags, security, produces, querystring: withdrawsExportQuery } }, async (req, reply) =>
    send(reply, exportsService.withdrawsExport(authedCtx(req), req.query)),
  );
  // The bank's mass card payout file: withdrawals in status New (optionally `ids`); changes no status.
  app.get('/withdraws/payouts', { config: { access: 'money' }, schema: { tags, security, produces, querystring: adminPayoutsQuery } }, async (req, reply) =>
    send(reply, exportsService.payoutsExport(authedCtx(req), req.query)),
  );
};
