import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONFIG_LIST_NAMES, buildConfigLists, dataOf, settingDto } from '@drop/shared';
import { requestLocale } from '../../plugins/locale.ts';
import { supplierSetting } from './supplier-settings.ts';
import { publicSetting } from './settings.service.ts';
import { RECOMMENDED_FLOOR_DEFAULT } from '@drop/shared/pricing';

const configResponse = dataOf(
  z.object({
    ...Object.fromEntries(CONFIG_LIST_NAMES.map((n) => [n, z.array(z.object({ id: z.string(), name: z.string(), color: z.string() }))])),
    /** The supplier's price floor: every selling price the portal computes is at least the recommended one. */
    enforce_recommended_price: z.boolean(),
  }),
);

/** GET /api/v1/config and GET /api/v1/settings/{key}: public reference data in the request's language. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  let lastFloor: boolean = RECOMMENDED_FLOOR_DEFAULT;
  app.get('/config', { schema: { tags: ['config'], response: { 200: configResponse } } }, async (req, reply) => {
    // The lists need no database; the switch does. While the database is away (a restart) the
    // reference data still answers, with the last switch this process knew, and is not cached.
    let floor = lastFloor;
    try {
      floor = lastFloor = await supplierSetting(app.deps.db, 'enforce_recommended_price');
      reply.header('Cache-Control', 'private, max-age=60');
    } catch (err) {
      req.log.warn({ err }, 'config: the supplier settings are unavailable; the last known price floor is answered');
      reply.header('Cache-Control', 'no-store');
    }
    return { data: { ...buildConfigLists(requestLocale(req)), enforce_recommended_price: floor } };
  });

  app.get(
    '/settings/:key',
    { schema: { tags: ['config'], params: z.object({ key: z.string().max(64) }), response: { 200: dataOf(settingDto) } } },
    async (req) => ({ data: await publicSetting(app.deps.db, req.params.key, requestLocale(req)) }),
  );
};
