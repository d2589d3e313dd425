import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, npSenderDto, npSenderInput, npSenderQuery } from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { npSender, pickNpSenderAddress } from './settings.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * /api/v1/admin/novaposhta/sender: who sends the waybills, as Nova Poshta knows the API key's
 * account (staff read it; `?refresh=1` asks NP again), and the supplier's pick of the sender
 * address (admins set it; it must be one of the sender's addresses, or null for "the only one").
 */
export const npSenderRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'novaposhta');

  app.get('/novaposhta/sender', { schema: { tags, security, querystring: npSenderQuery, response: { 200: dataOf(npSenderDto) } } }, async (req) => ({
    data: await npSender(app.deps, req.query.refresh === '1'),
  }));

  app.put(
    '/novaposhta/sender',
    { config: { access: 'novaposhta.write' }, schema: { tags, security, body: npSenderInput, response: { 200: dataOf(npSenderDto) } } },
    async (req) => ({ data: await pickNpSenderAddress(authedCtx(req), req.body.address_ref) }),
  );
};
