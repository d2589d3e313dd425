import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, marketDto, marketInput } from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { presentMarket } from './markets.presenter.ts';
import { assertCanUseMarkets, createMarket, deleteMarket, getMarket, listMarkets, updateMarket } from './markets.service.ts';

const tags = ['markets'];
const security = [{ bearer: [] }];

/** /api/v1/markets: the signed-in reseller's stores (verified users only). */
export const marketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  // Before body validation: an unverified user learns 403 NotVerified, not field errors.
  app.addHook('onRequest', async (req) => assertCanUseMarkets(authedCtx(req).user));

  app.get('/', { schema: { tags, security, response: { 200: dataOf(z.array(marketDto)) } } }, async (req) => ({
    data: (await listMarkets(authedCtx(req))).map(presentMarket),
  }));

  app.post('/', { schema: { tags, security, body: marketInput, response: { 201: dataOf(marketDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: presentMarket(await createMarket(authedCtx(req), req.body)) }),
  );

  app.get('/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(marketDto) } } }, async (req) => ({
    data: presentMarket(await getMarket(authedCtx(req), req.params.id)),
  }));

  app.put('/:id', { schema: { tags, security, params: idParam, body: marketInput, response: { 200: dataOf(marketDto) } } }, async (req) => ({
    data: presentMarket(await updateMarket(authedCtx(req), req.params.id, req.body)),
  }));

  app.delete('/:id', { schema: { tags, security, params: idParam, response: { 204: z.null() } } }, async (req, reply) => {
    await deleteMarket(authedCtx(req), req.params.id);
    return reply.code(204).send(null);
  });
};
