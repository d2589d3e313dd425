import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MEDIA_FILE_MAX_BYTES,
  dataOf,
  listOf,
  mediaFileDto,
  orderCreateInput,
  orderDto,
  orderSummaryDto,
  ordersQuery,
  orderUpdateInput,
  statisticsDto,
} from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { readUpload } from '../../lib/uploads.ts';
import { cancelOrder, confirmOrder, copyOrder, dashboardStatistics, getOrder, lastOrders, listOrders, placeOrder, updateOrder } from './orders.service.ts';
import { deleteMediaFile, mediaFile, uploadMediaFile } from './media-files.service.ts';

const tags = ['orders'];
const security = [{ bearer: [] }];

/** /api/v1/orders: the list, the last few, placement from the cart, one order, edit, confirm, copy, cancel. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.get('/', { schema: { tags, security, querystring: ordersQuery, response: { 200: listOf(orderSummaryDto) } } }, async (req) =>
    listOrders(authedCtx(req), req.query),
  );
  app.get('/last', { schema: { tags, security, response: { 200: dataOf(z.array(orderSummaryDto)) } } }, async (req) => ({
    data: await lastOrders(authedCtx(req)),
  }));
  app.post('/', { config: { idempotent: true }, schema: { tags, security, body: orderCreateInput, response: { 201: dataOf(orderDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: await placeOrder(authedCtx(req), req.body) }),
  );
  app.get('/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(orderDto) } } }, async (req) => ({
    data: await getOrder(authedCtx(req), req.params.id),
  }));
  app.put('/:id', { schema: { tags, security, params: idParam, body: orderUpdateInput, response: { 200: dataOf(orderDto) } } }, async (req) => ({
    data: await updateOrder(authedCtx(req), req.params.id, req.body),
  }));
  app.post('/:id/confirm', { config: { idempotent: true }, schema: { tags, security, params: idParam, response: { 200: dataOf(orderDto) } } }, async (req) => ({
    data: await confirmOrder(authedCtx(req), req.params.id),
  }));
  app.post(
    '/:id/copy',
    { config: { idempotent: true }, schema: { tags, security, params: idParam, response: { 201: dataOf(orderDto) } } },
    async (req, reply) => reply.code(201).send({ data: await copyOrder(authedCtx(req), req.params.id) }),
  );
  app.delete('/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(orderDto) } } }, async (req) => ({
    data: await cancelOrder(authedCtx(req), req.params.id),
  }));
};

/** /api/v1/statistics: the dashboard home's cards (orders per day, order counters, the balance per day). */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.get('/statistics', { schema: { tags: ['finance'], security, response: { 200: dataOf(statisticsDto) } } }, async (req) => ({
    data: await dashboardStatistics(authedCtx(req)),
  }));
};

/** /api/v1/media-files: an order's documents (multipart `file`, `order_id`, `type`). */
export const mediaFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  await app.register(multipart, { limits: { fileSize: MEDIA_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  app.post('/', { schema: { tags, security, response: { 201: dataOf(mediaFileDto) } } }, async (req, reply) => {
    const { file, fields } = await readUpload(req);
    return reply.code(201).send({ data: await uploadMediaFile(authedCtx(req), fields, file) });
  });
  app.get('/:id/file', { schema: { tags, security, params: idParam } }, async (req, reply) => {
    const { doc, abs } = await mediaFile(authedCtx(req), req.params.id);
    reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(doc.name)}`);
    reply.header('cache-control', 'private, max-age=3600');
    return reply.type(doc.mime).send(fs.createReadStream(abs));
  });
  app.delete('/:id', { schema: { tags, security, params: idParam } }, async (req, reply) => {
    await deleteMediaFile(authedCtx(req), req.params.id);
    return reply.code(204).send();
  });
};
