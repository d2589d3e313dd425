import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, listOf, staffCreateInput, staffDto, staffInviteResponse, staffListQuery, staffUpdateInput } from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { idParam, pageOf } from '../../lib/http.ts';
import { presentStaff } from './staff.presenter.ts';
import * as staff from './staff.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * /api/v1/admin/staff: the supplier's staff accounts, admins only (DESIGN.md section 8, "Staff
 * roles"). People are created with an invitation and blocked, never deleted (no DELETE route).
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'staff');

  app.get('/staff', { schema: { tags, security, querystring: staffListQuery, response: { 200: listOf(staffDto) } } }, async (req) => {
    const { rows, total } = await staff.listStaff(authedCtx(req), req.query);
    return pageOf(rows.map(presentStaff), total, req.query.page, req.query.per_page);
  });

  app.post('/staff', { schema: { tags, security, body: staffCreateInput, response: { 201: dataOf(staffDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: presentStaff(await staff.createStaff(authedCtx(req), req.body)) }),
  );

  app.get('/staff/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(staffDto) } } }, async (req) => ({
    data: presentStaff(await staff.getStaff(authedCtx(req), req.params.id)),
  }));

  app.put('/staff/:id', { schema: { tags, security, params: idParam, body: staffUpdateInput, response: { 200: dataOf(staffDto) } } }, async (req) => ({
    data: presentStaff(await staff.updateStaff(authedCtx(req), req.params.id, req.body)),
  }));

  app.post('/staff/:id/invite', { schema: { tags, security, params: idParam, response: { 200: dataOf(staffInviteResponse) } } }, async (req) => ({
    data: await staff.reinvite(authedCtx(req), req.params.id),
  }));
};
