import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderDto,
  adminOrderMoveInput,
  adminOrderPaymentInput,
  adminOrdersQuery,
  adminOrderSummaryDto,
  adminTtnCreateInput,
  adminTtnInput,
  adminOrderStatsDto,
  adminOrdersBulkInput,
  bulkResultDto,
  dataOf,
  reservationJobDto,
  listOf,
} from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { bulkOrders } from './orders-bulk.service.ts';
import {
  createTtn,
  getAdminOrder,
  listAdminOrders,
  markInvoicePaid,
  moveAdminOrder,
  orderJobs,
  orderStats,
  retryOrderJob,
  runTrackingNow,
  setTtn,
} from './orders-admin.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** /api/v1/admin/orders: the back office's side of orders (each route names the staff area it belongs to). */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'orders.read');
  app.get('/', { schema: { tags, security, querystring: adminOrdersQuery, response: { 200: listOf(adminOrderSummaryDto) } } }, async (req) =>
    listAdminOrders(authedCtx(req), req.query),
  );
  app.post(
    '/tracking/run',
    { config: { access: 'orders.waybill' }, schema: { tags, security, response: { 200: dataOf(z.object({ asked: z.number() })) } } },
    async (req) => ({ data: { asked: await runTrackingNow(authedCtx(req)) } }),
  );
  // One action on many orders (issue 28): the action's own area (orders.status, orders.waybill, printing) is checked inside;
  // an Idempotency-Key makes a double submit answer the first result again.
  app.post('/bulk', { config: { idempotent: true }, schema: { tags, security, body: adminOrdersBulkInput, response: { 200: bulkResultDto } } }, async (req) =>
    bulkOrders(authedCtx(req), req.body),
  );
  app.get('/stats', { schema: { tags, security, response: { 200: dataOf(adminOrderStatsDto) } } }, async (req) => ({ data: await orderStats(authedCtx(req)) }));
  app.get(
    '/:id/jobs',
    { config: { access: 'orders.reservation' }, schema: { tags, security, params: idParam, response: { 200: dataOf(z.array(reservationJobDto)) } } },
    async (req) => ({
      data: await orderJobs(authedCtx(req), req.params.id),
    }),
  );
  app.post(
    '/:id/jobs/:jobId/retry',
    {
      config: { access: 'orders.reservation' },
      schema: { tags, security, params: idParam.extend({ jobId: z.uuid('invalid_value') }), response: { 200: dataOf(reservationJobDto) } },
    },
    async (req) => ({ data: await retryOrderJob(authedCtx(req), req.params.id, req.params.jobId) }),
  );
  app.get('/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(adminOrderDto) } } }, async (req) => ({
    data: await getAdminOrder(authedCtx(req), req.params.id),
  }));
  app.post(
    '/:id/status',
    { config: { access: 'orders.status' }, schema: { tags, security, params: idParam, body: adminOrderMoveInput, response: { 200: dataOf(adminOrderDto) } } },
    async (req) => ({
      data: await moveAdminOrder(authedCtx(req), req.params.id, req.body.status, req.body.comment || null, req.body.override_reason || undefined),
    }),
  );
  app.post(
    '/:id/payment',
    {
      config: { idempotent: true, access: 'orders.payment' },
      schema: { tags, security, params: idParam, body: adminOrderPaymentInput, response: { 200: dataOf(adminOrderDto) } },
    },
    async (req) => ({
      data: await markInvoicePaid(authedCtx(req), req.params.id),
    }),
  );
  app.put(
    '/:id/ttn',
    { config: { access: 'orders.waybill' }, schema: { tags, security, params: idParam, body: adminTtnInput, response: { 200: dataOf(adminOrderDto) } } },
    async (req) => ({
      data: await setTtn(authedCtx(req), req.params.id, req.body.ttn, req.body.cost, req.body.override_reason || undefined),
    }),
  );
  app.post(
    '/:id/ttn',
    { config: { access: 'orders.waybill' }, schema: { tags, security, params: idParam, body: adminTtnCreateInput, response: { 200: dataOf(adminOrderDto) } } },
    async (req) => ({
      data: await createTtn(authedCtx(req), req.params.id, { ...req.body, override_reason: req.body.override_reason || undefined }),
    }),
  );
};
