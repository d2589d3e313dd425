import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, npSenderDto, npSenderInput, npSenderQuery, type NpSenderDto } from '@drop/shared';
import type { NpSenderProfile } from '../../integrations/novaposhta/client.ts';
import { AppError } from '../../lib/errors.ts';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { writeAudit } from '../../lib/audit.ts';
import { carrierAppError, npSenderAddress, setNpSenderAddress } from './np-sender.ts';
import type { Deps } from '../../lib/deps.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

async function profileOf(deps: Pick<Deps, 'novaPoshta'>, refresh: boolean): Promise<NpSenderProfile> {
  try {
    return await deps.novaPoshta.senderProfile(refresh);
  } catch (err) {
    throw carrierAppError(err, 'np_refused');
  }
}

function present(p: NpSenderProfile, selected: string | null): NpSenderDto {
  const picked = p.addresses.find((a) => a.ref === selected) ?? (p.addresses.length === 1 ? p.addresses[0] : undefined);
  return {
    counterparty: { ref: p.counterparty.ref, description: p.counterparty.description, city_ref: p.counterparty.cityRef },
    contact: { ref: p.contact.ref, description: p.contact.description, phone: p.contact.phone },
    addresses: p.addresses.map((a) => ({ ref: a.ref, description: a.description, city_ref: a.cityRef, city: a.cityDescription })),
    selected_address_ref: selected,
    address_ref: picked?.ref ?? null,
    needs_choice: !picked && p.addresses.length > 1,
  };
}

/**
 * /api/v1/admin/novaposhta/sender: who sends the waybills, as Nova Poshta knows the API key's
 * account (staff read it; `?refresh=1` asks NP again), and the supplier's pick of the sender
 * address (admins set it; it must be one of the sender's addresses, or null for "the only one").
 */
export const npSenderRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'novaposhta');

  app.get('/novaposhta/sender', { schema: { tags, security, querystring: npSenderQuery, response: { 200: dataOf(npSenderDto) } } }, async (req) => {
    const profile = await profileOf(app.deps, req.query.refresh === '1');
    return { data: present(profile, await npSenderAddress(app.deps.db)) };
  });

  app.put(
    '/novaposhta/sender',
    { config: { access: 'novaposhta.write' }, schema: { tags, security, body: npSenderInput, response: { 200: dataOf(npSenderDto) } } },
    async (req) => {
      const ctx = authedCtx(req);
      if (ctx.user.role !== 'admin') throw AppError.forbidden();
      const profile = await profileOf(app.deps, false);
      const next = req.body.address_ref;
      if (next !== null && !profile.addresses.some((a) => a.ref === next)) throw AppError.field('address_ref', 'invalid_value');
      const before = await npSenderAddress(ctx.db);
      if (before !== next) {
        await ctx.db.transaction(async (tx) => {
          await setNpSenderAddress(tx, next, ctx.user.id);
          await writeAudit(tx, {
            actorId: ctx.user.id,
            action: 'setting.update',
            entity: 'setting',
            entityId: null,
            changes: { key: 'np_sender_address', value: [before, next] },
          });
        });
      }
      return { data: present(profile, next) };
    },
  );
};
