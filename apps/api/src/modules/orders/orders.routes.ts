import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, listOf, orderCreateInput, orderDto, orderSummaryDto, ordersQuery } from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { confirmOrder, getOrder, lastOrders, listOrders, placeOrder } from './orders.service.ts';

const tags = ['orders'];
const security = [{ bearer: [] }];

/** /api/v1/orders: the list, the last few, placement from the cart, one order, confirmation. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.get('/', { schema: { tags, security, querystring: ordersQuery, response: { 200: listOf(orderSummaryDto) } } }, async (req) => listOrders(authedCtx(req), req.query));
  app.get('/last', { schema: { tags, security, response: { 200: dataOf(z.array(orderSummaryDto)) } } }, async (req) => ({ data: await lastOrders(authedCtx(req)) }));
  app.post('/', { schema: { tags, security, body: orderCreateInput, response: { 201: dataOf(orderDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: await placeOrder(authedCtx(req), req.body) }),
  );
  app.get('/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(orderDto) } } }, async (req) => ({ data: await getOrder(authedCtx(req), req.params.id) }));
  app.post('/:id/confirm', { schema: { tags, security, params: idParam, response: { 200: dataOf(orderDto) } } }, async (req) => ({
    data: await confirmOrder(authedCtx(req), req.params.id),
  }));
};
