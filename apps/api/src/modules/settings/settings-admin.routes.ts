import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSettingDto, adminSettingInput, dataOf, supplierSettingsDto, supplierSettingsInput } from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { sendValidation, zodIssuesToErrors } from '../../plugins/errors.ts';
import { adminSettings, parseSettingValues, supplierSettings, updateSetting, updateSupplierSettings } from './settings.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** /api/v1/admin/settings (content in both languages) and /admin/supplier-settings (switches). */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'content');

  app.get('/settings', { schema: { tags, security, response: { 200: dataOf(z.array(adminSettingDto)) } } }, async () => ({
    data: await adminSettings(app.deps.db),
  }));

  app.put(
    '/settings/:key',
    { schema: { tags, security, params: z.object({ key: z.string().max(64) }), body: adminSettingInput, response: { 200: dataOf(adminSettingDto) } } },
    async (req, reply) => {
      const ctx = authedCtx(req);
      // Both languages are checked before anything is written; errors name the language and the path.
      const parsed = parseSettingValues(req.params.key, req.body);
      if ('issues' in parsed) return sendValidation(reply, ctx.locale, zodIssuesToErrors(parsed.issues, ctx.locale));
      return { data: await updateSetting(ctx, parsed.key, parsed.values) };
    },
  );

  app.get('/supplier-settings', { schema: { tags, security, response: { 200: dataOf(supplierSettingsDto) } } }, async () => ({
    data: await supplierSettings(app.deps.db),
  }));
  app.put('/supplier-settings', { schema: { tags, security, body: supplierSettingsInput, response: { 200: dataOf(supplierSettingsDto) } } }, async (req) => ({
    data: await updateSupplierSettings(authedCtx(req), req.body),
  }));
};
