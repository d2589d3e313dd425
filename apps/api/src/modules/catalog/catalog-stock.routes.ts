import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkChangeInput, bulkChangeResultDto, dataOf, lowStockQuery, lowStockResponse, stockHistoryQuery, stockHistoryResponse } from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { applyBulkChange, previewBulkChange } from './catalog-bulk.service.ts';
import { lowStock, stockHistory } from './catalog-stock.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * /api/v1/admin/catalog (staff of the catalog area): a product's stock history, the low-stock
 * list, and bulk changes of prices or stock for a filter (a preview, then the change itself).
 */
export const catalogStockRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'catalog');

  app.get(
    '/products/:id/stock-history',
    { schema: { tags, security, params: idParam, querystring: stockHistoryQuery, response: { 200: stockHistoryResponse } } },
    async (req) => stockHistory(authedCtx(req), req.params.id, req.query),
  );
  app.get('/low-stock', { schema: { tags, security, querystring: lowStockQuery, response: { 200: lowStockResponse } } }, async (req) =>
    lowStock(authedCtx(req), req.query),
  );
  app.post(
    '/products/bulk-change/preview',
    { schema: { tags, security, body: bulkChangeInput, response: { 200: dataOf(bulkChangeResultDto) } } },
    async (req) => ({
      data: await previewBulkChange(authedCtx(req), req.body),
    }),
  );
  app.post(
    '/products/bulk-change',
    { config: { idempotent: true }, schema: { tags, security, body: bulkChangeInput, response: { 200: dataOf(bulkChangeResultDto) } } },
    async (req) => ({
      data: await applyBulkChange(authedCtx(req), req.body),
    }),
  );
};
