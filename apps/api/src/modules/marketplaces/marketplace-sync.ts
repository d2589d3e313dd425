import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { MpAuthError, type MpStatus, type MpUpdate } from '../../integrations/marketplaces/types.ts';
import { ordersRepo, type OrderRow } from '../orders/orders.repository.ts';
import { marketplacesRepo } from './marketplaces.repository.ts';
import { credentialsOf } from './marketplaces.service.ts';

/**
 * Back to the marketplace (issue 33, point 4): after every change of an order placed from a
 * marketplace order (order-lifecycle.ts pushOrder queues `marketplace-sync` in the change's
 * transaction), the job works out what the marketplace should show (accepted, shipped with the
 * waybill, delivered, cancelled, returned), compares it with what the marketplace last accepted,
 * and sends the difference. A refusal, a marketplace away or a limit fails the job, which pg-boss
 * retries with a growing delay (for about a day); one job per order runs at a time (a stately
 * queue per order). Each exchange is a row of the order's history: accepted, or refused (the same
 * refusal again counts on its row).
 */

/** What the marketplace should say of the order now; null while it is New (nothing to tell yet). */
export function desiredUpdate(o: Pick<OrderRow, 'status' | 'deliveryStatus' | 'ttn'>): MpUpdate | null {
  const ttn = o.ttn ?? null;
  if (o.status === 'Canceled') return { status: 'cancelled', ttn: null };
  if (o.status === 'Return' || o.status === 'PartReturn' || o.deliveryStatus === 'Refusal' || o.deliveryStatus === 'ReturnReceived')
    return { status: 'returned', ttn };
  if (o.status === 'Done' || o.status === 'Exchange' || o.deliveryStatus === 'Received') return { status: 'delivered', ttn };
  if (ttn && o.deliveryStatus !== 'Deleted') return { status: 'shipped', ttn };
  if (o.status === 'New') return null;
  return { status: 'accepted', ttn: null };
}

const encode = (u: MpUpdate) => `${u.status}|${u.ttn ?? ''}`;
function decode(s: string | null): MpUpdate | null {
  if (!s) return null;
  const [status, ttn] = s.split('|');
  return { status: status as MpStatus, ttn: ttn || null };
}

export const SYNC_HISTORY_KINDS = ['marketplace', 'marketplace_error'] as const;

export async function runMarketplaceSync(deps: Deps, log: FastifyBaseLogger, job: { orderId: number }): Promise<void> {
  const { db } = deps;
  const link = await marketplacesRepo.ofOrder(db, job.orderId);
  if (!link) return;
  const order = await ordersRepo.byId(db, job.orderId);
  if (!order) return;
  const want = desiredUpdate(order);
  if (!want) return;
  const previous = decode(link.synced);
  if (previous && encode(previous) === encode(want)) return;
  const conn = await marketplacesRepo.liveFor(db, link.userId, link.marketplace, link.account);
  const creds = conn ? credentialsOf(deps, conn) : null;
  if (!conn || !creds) {
    // Nothing to send it with: the next change after a reconnection sends the state of then.
    await ordersRepo.failure(db, { orderId: order.id, kind: 'marketplace_error', to: want.status, note: 'no_connection', family: SYNC_HISTORY_KINDS });
    return;
  }
  try {
    await deps.marketplaces[link.marketplace as keyof Deps['marketplaces']].push(creds, link.externalId, want, previous);
  } catch (err) {
    const message = (err as Error).message.slice(0, 500);
    if (err instanceof MpAuthError) await marketplacesRepo.updateConnection(db, conn.id, { status: 'unauthorized', lastError: message });
    await ordersRepo.failure(db, { orderId: order.id, kind: 'marketplace_error', to: want.status, note: message, family: SYNC_HISTORY_KINDS });
    log.warn({ err: { message }, order: order.id, marketplace: link.marketplace }, 'marketplace update refused; retried later');
    throw err;
  }
  await marketplacesRepo.update(db, link.id, { synced: encode(want) });
  await ordersRepo.history(db, { orderId: order.id, kind: 'marketplace', from: link.marketplace, to: want.status, note: want.ttn });
}
