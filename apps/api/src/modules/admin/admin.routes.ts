import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDeviceDto,
  adminUserSummaryDto,
  adminUserUpdateInput,
  adminUsersQuery,
  auditEntryDto,
  auditQuery,
  dataOf,
  listOf,
  operationDto,
  pageQuery,
  userDto,
} from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { idParam, pageOf } from '../../lib/http.ts';
import { presentUser } from '../auth/auth.presenter.ts';
import * as admin from './admin.service.ts';

const tags = ['admin'];
const auditDto = z.object({ id: z.number(), actor_id: z.number().nullable(), action: z.string(), changes: z.unknown(), created_at: z.string() });

/** /api/v1/admin/users and /audit: resellers for the staff who read them (editing: resellers.write), the audit log for admins. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'resellers.read');

  app.get('/users', { schema: { tags, security: [{ bearer: [] }], querystring: adminUsersQuery, response: { 200: listOf(userDto) } } }, async (req) => {
    const { rows, total } = await admin.listUsers(authedCtx(req), req.query);
    return pageOf(rows.map(presentUser), total, req.query.page, req.query.per_page);
  });

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
    {
      config: { access: 'resellers.write' },
      schema: { tags, security: [{ bearer: [] }], params: idParam, body: adminUserUpdateInput, response: { 200: dataOf(userDto) } },
    },
    async (req) => ({ data: presentUser(await admin.updateUser(authedCtx(req), req.params.id, req.body)) }),
  );

  app.get(
    '/users/:id/devices',
    { schema: { tags, security: [{ bearer: [] }], params: idParam, response: { 200: dataOf(z.array(adminDeviceDto)) } } },
    async (req) => ({ data: await admin.userDevices(authedCtx(req), req.params.id) }),
  );

  app.get(
    '/users/:id/operations',
    { schema: { tags, security: [{ bearer: [] }], params: idParam, querystring: pageQuery, response: { 200: listOf(operationDto) } } },
    async (req) => {
      const { data, total } = await admin.userOperations(authedCtx(req), req.params.id, req.query.page, req.query.per_page);
      return pageOf(data, total, req.query.page, req.query.per_page);
    },
  );

  app.get(
    '/users/:id/summary',
    { schema: { tags, security: [{ bearer: [] }], params: idParam, response: { 200: dataOf(adminUserSummaryDto) } } },
    async (req) => ({ data: await admin.userSummary(authedCtx(req), req.params.id) }),
  );

  app.get(
    '/audit',
    { config: { access: 'audit' }, schema: { tags, security: [{ bearer: [] }], querystring: auditQuery, response: { 200: listOf(auditEntryDto) } } },
    async (req) => {
      const { data, total } = await admin.auditPage(authedCtx(req), req.query);
      return pageOf(data, total, req.query.page, req.query.per_page);
    },
  );
};
