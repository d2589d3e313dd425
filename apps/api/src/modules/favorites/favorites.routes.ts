import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, favoriteDto, favoriteInput, listOf, pageQuery, productNotificationDto, productNotificationInput } from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { idParam, pageOf } from '../../lib/http.ts';
import { presentFavorite, presentSubscription } from './favorites.presenter.ts';
import { addFavorite, listFavorites, listSubscriptions, removeFavorite, subscribe, unsubscribe } from './favorites.service.ts';

const security = [{ bearer: [] }];
/** /api/v1/favorite-products: DELETE takes the product id (DESIGN.md section 7). */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['favorites'];

  app.get('/', { schema: { tags, security, querystring: pageQuery, response: { 200: listOf(favoriteDto) } } }, async (req) => {
    const { rows, total } = await listFavorites(authedCtx(req), req.query.page, req.query.per_page);
    return pageOf(rows.map(presentFavorite), total, req.query.page, req.query.per_page);
  });
  app.post('/', { schema: { tags, security, body: favoriteInput, response: { 201: dataOf(favoriteDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: presentFavorite(await addFavorite(authedCtx(req), req.body.product_id)) }),
  );
  app.delete('/:id', { schema: { tags, security, params: idParam, response: { 204: z.null() } } }, async (req, reply) => {
    await removeFavorite(authedCtx(req), req.params.id);
    return reply.code(204).send(null);
  });
};

/** /api/v1/product-notifications: back-in-stock subscriptions by code_id. */
export const productNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['favorites'];

  app.get('/', { schema: { tags, security, querystring: pageQuery, response: { 200: listOf(productNotificationDto) } } }, async (req) => {
    const { rows, total } = await listSubscriptions(authedCtx(req), req.query.page, req.query.per_page);
    return pageOf(rows.map(presentSubscription), total, req.query.page, req.query.per_page);
  });
  app.post('/', { schema: { tags, security, body: productNotificationInput, response: { 201: dataOf(productNotificationDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: presentSubscription(await subscribe(authedCtx(req), req.body.code_id)) }),
  );
  app.delete('/:id', { schema: { tags, security, params: idParam, response: { 204: z.null() } } }, async (req, reply) => {
    await unsubscribe(authedCtx(req), req.params.id);
    return reply.code(204).send(null);
  });
};
