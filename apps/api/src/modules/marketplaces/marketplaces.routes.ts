import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkPlaceInput,
  bulkPlaceResult,
  connectionCreateInput,
  connectionDto,
  dataOf,
  listOf,
  marketplaceOrderDto,
  marketplaceOrdersQuery,
  orderDto,
} from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { assertCanUseMarkets } from '../markets/markets.service.ts';
import { createConnection, dismissDraft, getDraft, listConnections, listDrafts, placeDraft, placeDrafts, revokeConnection } from './marketplaces.service.ts';
import { pollNow } from './marketplace-poller.ts';

const tags = ['marketplaces'];
const security = [{ bearer: [] }];

/**
 * /api/v1/marketplace-connections: the reseller's stores connected to Prom.ua, Rozetka and
 * Horoshop (stores are for verified users: 403 NotVerified otherwise). The secret never leaves.
 */
export const marketplaceConnectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.addHook('onRequest', async (req) => assertCanUseMarkets(authedCtx(req).user));

  app.get('/', { schema: { tags, security, response: { 200: dataOf(z.array(connectionDto)) } } }, async (req) => ({
    data: await listConnections(authedCtx(req)),
  }));

  app.post('/', { schema: { tags, security, body: connectionCreateInput, response: { 201: dataOf(connectionDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: await createConnection(authedCtx(req), req.body) }),
  );

  app.post('/:id/poll', { schema: { tags, security, params: idParam, response: { 200: dataOf(connectionDto) } } }, async (req) => ({
    data: await pollNow(authedCtx(req), req.params.id),
  }));

  app.delete('/:id', { schema: { tags, security, params: idParam, response: { 204: z.null() } } }, async (req, reply) => {
    await revokeConnection(authedCtx(req), req.params.id);
    return reply.code(204).send(null);
  });
};

/** /api/v1/marketplace-orders: drafts from the marketplaces, placed one by one or in bulk, or dismissed. */
export const marketplaceOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get('/', { schema: { tags, security, querystring: marketplaceOrdersQuery, response: { 200: listOf(marketplaceOrderDto) } } }, async (req) =>
    listDrafts(authedCtx(req), req.query),
  );

  app.get('/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(marketplaceOrderDto) } } }, async (req) => ({
    data: await getDraft(authedCtx(req), req.params.id),
  }));

  app.post('/:id/place', { schema: { tags, security, params: idParam, response: { 200: dataOf(orderDto) } } }, async (req) => ({
    data: await placeDraft(authedCtx(req), req.params.id),
  }));

  app.post('/place', { schema: { tags, security, body: bulkPlaceInput, response: { 200: dataOf(bulkPlaceResult) } } }, async (req) => ({
    data: await placeDrafts(authedCtx(req), req.body.ids),
  }));

  app.delete('/:id', { schema: { tags, security, params: idParam, response: { 204: z.null() } } }, async (req, reply) => {
    await dismissDraft(authedCtx(req), req.params.id);
    return reply.code(204).send(null);
  });
};
