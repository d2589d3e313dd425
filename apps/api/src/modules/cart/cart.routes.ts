import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartAddInput, cartDto, cartUpdateInput, dataOf } from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { addToCart, getCart, removeCartLine, updateCartLine } from './cart.service.ts';

const tags = ['cart'];
const security = [{ bearer: [] }];
const response = { 200: dataOf(cartDto) };

/** /api/v1/carts: every call answers the whole cart. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.get('/', { schema: { tags, security, response } }, async (req) => ({ data: await getCart(authedCtx(req)) }));
  app.post('/', { schema: { tags, security, body: cartAddInput, response } }, async (req) => ({ data: await addToCart(authedCtx(req), req.body) }));
  app.put('/:id', { schema: { tags, security, params: idParam, body: cartUpdateInput, response } }, async (req) => ({
    data: await updateCartLine(authedCtx(req), req.params.id, req.body),
  }));
  app.delete('/:id', { schema: { tags, security, params: idParam, response } }, async (req) => ({ data: await removeCartLine(authedCtx(req), req.params.id) }));
};
