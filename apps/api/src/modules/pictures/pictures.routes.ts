import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pictureConversionResponse } from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { conversionState, startConversion } from './pictures.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * /api/v1/admin/catalog/pictures (staff of the catalog area): converting the pictures stored
 * before issue 30 into variants, in the background (pictures.job.ts), with its progress.
 */
export const picturesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'catalog');

  app.get('/conversion', { schema: { tags, security, response: { 200: pictureConversionResponse } } }, async (req) => ({
    data: await conversionState(authedCtx(req).db),
  }));
  app.post('/conversion', { schema: { tags, security, response: { 200: pictureConversionResponse } } }, async (req) => {
    const ctx = authedCtx(req);
    return { data: await startConversion(ctx.deps, { startedBy: ctx.user.id }) };
  });
  app.post('/conversion/retry-failed', { schema: { tags, security, response: { 200: pictureConversionResponse } } }, async (req) => {
    const ctx = authedCtx(req);
    return { data: await startConversion(ctx.deps, { startedBy: ctx.user.id, retryFailed: true }) };
  });
};
