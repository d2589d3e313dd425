import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceDto, listOf, pageQuery } from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { idParam, pageOf } from '../../lib/http.ts';
import { listDevices, removeDevice } from './devices.service.ts';

const tags = ['devices'];

/** /api/v1/user-devices */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get('/', { schema: { tags, security: [{ bearer: [] }], querystring: pageQuery, response: { 200: listOf(deviceDto) } } }, async (req) => {
    const ctx = authedCtx(req);
    const { rows, total } = await listDevices(ctx, req.query.page, req.query.per_page);
    const data = rows.map((d) => ({
      id: d.id,
      name: d.name,
      ip_address: d.ipAddress,
      used_at: d.usedAt.toISOString(),
      created_at: d.createdAt.toISOString(),
      is_current: d.id === ctx.deviceId,
    }));
    return pageOf(data, total, req.query.page, req.query.per_page);
  });

  app.delete('/:id', { schema: { tags, security: [{ bearer: [] }], params: idParam, response: { 204: z.null() } } }, async (req, reply) => {
    await removeDevice(authedCtx(req), req.params.id);
    return reply.code(204).send(null);
  });
};
