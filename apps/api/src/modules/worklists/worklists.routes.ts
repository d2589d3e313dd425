import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, worklistCountsDto } from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { worklistCounts } from './worklists.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** /api/v1/admin/worklists: the navigation's live counters (each role sees the worklists of its areas). */
export const worklistsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'orders.read');
  app.get('/worklists', { schema: { tags, security, response: { 200: dataOf(worklistCountsDto) } } }, async (req) => ({
    data: await worklistCounts(authedCtx(req)),
  }));
};
