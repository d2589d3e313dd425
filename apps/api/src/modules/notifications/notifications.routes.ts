import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsCountResponse, notificationsQuery, notificationsResponse } from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { listNotifications, removeAllNotifications, removeNotification } from './notifications.service.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** /api/v1/notifications */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get('/', { schema: { tags, security, querystring: notificationsQuery, response: { 200: notificationsResponse } } }, async (req) =>
    listNotifications(authedCtx(req), req.query.limit),
  );

  app.delete('/:id', { schema: { tags, security, params: idParam, response: { 200: notificationsCountResponse } } }, async (req) => ({
    data: await removeNotification(authedCtx(req), req.params.id),
  }));

  app.delete('/', { schema: { tags, security, response: { 200: notificationsCountResponse } } }, async (req) => ({
    data: await removeAllNotifications(authedCtx(req)),
  }));
};
