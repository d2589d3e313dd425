import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  REPORT_KINDS,
  codReportDto,
  dataOf,
  reportExportQuery,
  reportQuery,
  returnsByResellerReportDto,
  returnsReportDto,
  salesByResellerReportDto,
  salesReportDto,
  topProductsReportDto,
  type ReportKind,
} from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { requestLocale } from '../../plugins/locale.ts';
import { sendTable } from '../../lib/tabular.ts';
import { REPORTS, resolveQuery } from './reports.service.ts';
import { reportTable } from './reports.export.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const DTO = {
  sales: salesReportDto,
  'sales-by-reseller': salesByResellerReportDto,
  cod: codReportDto,
  returns: returnsReportDto,
  'returns-by-reseller': returnsByResellerReportDto,
  'top-products': topProductsReportDto,
} as const satisfies Record<ReportKind, z.ZodType>;

/**
 * /api/v1/admin/reports (area `reports`: admin, manager, accountant): `GET /{kind}` the report as
 * JSON, `GET /{kind}/export?format=csv|xlsx` the same table as a file (its rows and a totals row).
 * Query: reportQuery (date_from, date_to Kyiv days, default the current month; group; user_id;
 * limit; sort). Definitions: packages/shared/src/reports.ts.
 */
export const reportsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'reports');
  for (const kind of REPORT_KINDS) {
    app.get(`/${kind}`, { schema: { tags, security, querystring: reportQuery, response: { 200: dataOf(DTO[kind]) } } }, async (req) => ({
      data: await REPORTS[kind](authedCtx(req), resolveQuery(req.query)),
    }));
    app.get(`/${kind}/export`, { schema: { tags, security, querystring: reportExportQuery } }, async (req, reply) => {
      const report = (await REPORTS[kind](authedCtx(req), resolveQuery(req.query))) as Parameters<typeof reportTable>[1];
      return sendTable(reply, { format: req.query.format, ...reportTable(kind, report, requestLocale(req)) });
    });
  }
};
