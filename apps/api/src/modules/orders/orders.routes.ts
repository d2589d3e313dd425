import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, orderCreateInput, orderDto } from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { confirmOrder, getOrder, placeOrder } from './orders.service.ts';

const tags = ['orders'];
const security = [{ bearer: [] }];

/** /api/v1/orders: placement from the cart, one order, confirmation. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.post('/', { schema: { tags, security, body: orderCreateInput, response: { 201: dataOf(orderDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: await placeOrder(authedCtx(req), req.body) }),
  );
  app.get('/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(orderDto) } } }, async (req) => ({ data: await getOrder(authedCtx(req), req.params.id) }));
  app.post('/:id/confirm', { schema: { tags, security, params: idParam, response: { 200: dataOf(orderDto) } } }, async (req) => ({
    data: await confirmOrder(authedCtx(req), req.params.id),
  }));
};
