/**
 * Checks that refuse at placement what would fail later (issue 26, point 6):
 *  - a courier street must be one of the carrier's streets of the order's city (its ref), or
 *    the waybill is refused at Address.save;
 *  - a Balance order that confirms at once (the user's auto_confirm_orders) needs the wholesale
 *    sum on the balance now, as the confirm step does (400 InsufficientBalance).
 */
import { eq } from 'drizzle-orm';
import { formatMoney, kopToUah, type OrderCreateInput } from '@drop/shared';
import type { AuthedCtx, UserRow } from '../../lib/ctx.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { CarrierError } from '../../integrations/novaposhta/client.ts';

/** How many of the carrier's matches are looked through for the ref (NP ranks the closest first). */
const STREET_LOOKUP_LIMIT = 50;

/** A street label as the checkout shows it ('вул. Хрещатик') without its type: what NP's FindByString matches. */
const withoutType = (name: string) => name.replace(/^\s*[\p{L}-]+\.\s*/u, '').trim();

/**
 * A Nova Poshta courier order: the street ref must be one of the carrier's streets of the city
 * (asked by the chosen name), else 422 on street_ref. Returns the input with the street's name as
 * the carrier spells it. Anything else passes unchanged; a carrier that does not answer is 503.
 */
export async function checkCourierStreet<T extends OrderCreateInput>(ctx: AuthedCtx, input: T): Promise<T> {
  if (input.delivery_type === 'SelfTTN' || input.delivery_method !== 'Courier' || input.delivery_service !== 'NovaPoshta') return input;
  const ref = input.street_ref;
  const cityRef = input.city_ref;
  // The shared schema already asks for both; this guards callers that skip it.
  if (!ref || !cityRef) throw AppError.field('street_ref', 'street_not_in_list');
  const name = input.street_name ?? '';
  const searches = [...new Set([withoutType(name), name.trim()].filter(Boolean))];
  for (const search of searches) {
    let found;
    try {
      found = await ctx.deps.novaPoshta.getStreet(cityRef, search, STREET_LOOKUP_LIMIT);
    } catch (err) {
      if (err instanceof CarrierError) throw new AppError(503, 'CarrierUnavailable', 'carrier_unavailable');
      throw err;
    }
    const street = found.find((s) => s.Ref === ref);
    if (street) return { ...input, street_name: street.StreetsType ? `${street.StreetsType} ${street.Description}` : street.Description };
  }
  throw AppError.field('street_ref', 'street_not_in_list');
}

/**
 * A Balance order of a user with auto_confirm_orders is confirmed right after placement, which
 * debits the wholesale sum: short of it, placement is refused (400 InsufficientBalance, the
 * confirm step's code) before anything is written. Without auto-confirm the order is placed and
 * the balance is needed at confirmation, as before. Call inside the placement's transaction.
 */
export async function checkBalanceForAutoConfirm(
  tx: Db,
  user: Pick<UserRow, 'id' | 'autoConfirmOrders'>,
  paymentMethod: OrderCreateInput['payment_method'],
  wholesaleKop: number,
): Promise<void> {
  if (paymentMethod !== 'Balance' || !user.autoConfirmOrders) return;
  const [row] = await tx.select({ balanceKop: users.balanceKop }).from(users).where(eq(users.id, user.id));
  const balanceKop = Number(row?.balanceKop ?? 0);
  if (balanceKop >= wholesaleKop) return;
  throw new AppError(400, 'InsufficientBalance', 'insufficient_balance_auto_confirm', undefined, {
    debit: formatMoney(kopToUah(wholesaleKop)),
    balance: formatMoney(kopToUah(balanceKop)),
  });
}
