import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, staffViewCreateInput, staffViewDto, staffViewsQuery, staffViewUpdateInput } from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { createView, deleteView, listViews, updateView } from './staff-views.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * /api/v1/admin/views: a staff member's saved views of a back-office list (issue 29 point 3), any
 * staff role (the lists they belong to are orders.read). Each person sees and changes only their own.
 */
export const staffViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'orders.read');
  app.get('/views', { schema: { tags, security, querystring: staffViewsQuery, response: { 200: dataOf(z.array(staffViewDto)) } } }, async (req) => ({
    data: await listViews(authedCtx(req), req.query.list),
  }));
  app.post('/views', { schema: { tags, security, body: staffViewCreateInput, response: { 201: dataOf(staffViewDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: await createView(authedCtx(req), req.body) }),
  );
  app.put('/views/:id', { schema: { tags, security, params: idParam, body: staffViewUpdateInput, response: { 200: dataOf(staffViewDto) } } }, async (req) => ({
    data: await updateView(authedCtx(req), req.params.id, req.body),
  }));
  app.delete('/views/:id', { schema: { tags, security, params: idParam, response: { 204: z.null() } } }, async (req, reply) => {
    await deleteView(authedCtx(req), req.params.id);
    return reply.code(204).send(null);
  });
};
