import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserUpdateInput, dataOf, listOf, pageQuery, userDto } from '@drop/shared';
import { authedCtx, requireStaff } from '../../plugins/auth.ts';
import { idParam, pageOf } from '../../lib/http.ts';
import { presentUser } from '../auth/auth.presenter.ts';
import * as admin from './admin.service.ts';

const tags = ['admin'];
const auditDto = z.object({ id: z.number(), actor_id: z.number().nullable(), action: z.string(), changes: z.unknown(), created_at: z.string() });

/** /api/v1/admin: operators and admins only (one guard for the whole prefix). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireStaff);

  app.get(
    '/users',
    { schema: { tags, security: [{ bearer: [] }], querystring: pageQuery.extend({ search: z.string().max(255).optional() }), response: { 200: listOf(userDto) } } },
    async (req) => {
      const { rows, total } = await admin.listUsers(authedCtx(req), req.query.search, req.query.page, req.query.per_page);
      return pageOf(rows.map(presentUser), total, req.query.page, req.query.per_page);
    },
  );

  app.get(
    '/users/:id',
    { schema: { tags, security: [{ bearer: [] }], params: idParam, response: { 200: dataOf(userDto.extend({ audit: z.array(auditDto) })) } } },
    async (req) => {
      const { user, audit } = await admin.getUser(authedCtx(req), req.params.id);
      return {
        data: {
          ...presentUser(user),
          audit: audit.map((a) => ({ id: a.id, actor_id: a.actorId, action: a.action, changes: a.changes, created_at: a.createdAt.toISOString() })),
        },
      };
    },
  );

  app.put(
    '/users/:id',
    { schema: { tags, security: [{ bearer: [] }], params: idParam, body: adminUserUpdateInput, response: { 200: dataOf(userDto) } } },
    async (req) => ({ data: presentUser(await admin.updateUser(authedCtx(req), req.params.id, req.body)) }),
  );
};
