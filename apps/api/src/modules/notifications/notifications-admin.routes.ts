import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { broadcastInput, broadcastResultDto, dataOf } from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { broadcast } from './broadcast.service.ts';

/** /api/v1/admin/notifications: a broadcast to every reseller or to chosen users. */
export const notificationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'content');
  app.post(
    '/broadcast',
    { schema: { tags: ['admin'], security: [{ bearer: [] }], body: broadcastInput, response: { 200: dataOf(broadcastResultDto) } } },
    async (req) => ({
      data: await broadcast(authedCtx(req), req.body),
    }),
  );
};
