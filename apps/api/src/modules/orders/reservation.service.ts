import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Config } from '../../config.ts';
import { embeddedReservations, onecHttpReservations, type ReservationAction, type ReservationSystem } from '../../integrations/onec/reservation-system.ts';
import { ordersRepo } from './orders.repository.ts';

export interface ReservationJob {
  orderId: number;
  action: ReservationAction;
}

/**
 * `commerceml`: 1C pulls new orders through the CommerceML sale exchange (modules/onec/sale.service.ts)
 * and nothing is pushed. runReservation never calls it: the jobs mark the order for the exchange
 * instead (see markForCommerceml).
 */
export const commercemlReservations: ReservationSystem = {
  name: 'commerceml',
  call() {
    return Promise.reject(new Error('commerceml: 1C pulls orders through the sale exchange; nothing is pushed'));
  },
};

/** The configured system. */
export function reservationSystemOf(config: Config): ReservationSystem {
  if (config.reservationSystem === 'onec-http') {
    if (!config.onecUrl) throw new Error('RESERVATION_SYSTEM=onec-http needs ONEC_URL');
    return onecHttpReservations(config.onecUrl, config.onecTimeoutMs);
  }
  if (config.reservationSystem === 'commerceml') return commercemlReservations;
  return embeddedReservations;
}

/**
 * What 1C knows of an order in the sale exchange: `status/payment_status/revision` (revision = the
 * edit counter). Recorded per order in each export batch and kept in orders.onec_state once 1C has
 * it; a job whose order still has that state has nothing new to tell 1C.
 */
export const onecStateSql = (alias: string) => sql.raw(`(${alias}.status || '/' || ${alias}.payment_status || '/' || ${alias}.revision)`);

/**
 * The reservation jobs under RESERVATION_SYSTEM=commerceml, where 1C pulls (nothing is pushed):
 *  - create: the order enters the exchange at onec_revision 1 ('commerceml: waiting for 1C'); a
 *    repeated job changes nothing;
 *  - update, confirm, cancel: when the order's state differs from what 1C has (onec_state), its
 *    onec_revision goes up, so it is due again and the next query sends its new state. A change
 *    1C itself uploaded (sale file) already is 1C's state, so it is not echoed back.
 * An order placed under another system (onec_revision null) stays out of the exchange.
 */
async function markForCommerceml(db: Db, job: ReservationJob): Promise<void> {
  if (job.action === 'create') {
    await db.execute(sql`
      WITH u AS (UPDATE orders SET onec_revision = 1 WHERE id = ${job.orderId} AND onec_revision IS NULL RETURNING id)
      INSERT INTO order_history (order_id, kind, to_value, note)
      SELECT id, 'reservation', 'create', 'commerceml: waiting for 1C' FROM u`);
    return;
  }
  await db.execute(sql`
    WITH u AS (UPDATE orders o SET onec_revision = o.onec_revision + 1
               WHERE o.id = ${job.orderId} AND o.onec_revision IS NOT NULL AND o.onec_state IS DISTINCT FROM ${onecStateSql('o')}
               RETURNING o.id, o.onec_revision)
    INSERT INTO order_history (order_id, kind, to_value, note)
    SELECT id, 'reservation', ${job.action}, 'commerceml: due for export to 1C (version ' || onec_revision || ')' FROM u`);
}

/** Queued in the transaction that changes the order (CreateReserveJob, ConfirmReserveJob ...). */
export async function queueReservation(tx: Db, deps: Deps, orderId: number, action: ReservationAction): Promise<void> {
  await deps.queue.enqueue(tx, 'reservation', { orderId, action });
}

/**
 * Runs one reservation job. Success is written to the order's history (and the reservation
 * number kept); a failure is written too (the same error as the last attempt's counts on its row)
 * and rethrown, so pg-boss retries it with backoff. The
 * call names the order by its number: a retry never makes a second reservation. With `complete`
 * (the queue's worker passes it), the success is written in one transaction with the completion
 * of this attempt of the job: a job retried because its process died before completing it (or
 * whose claim lapsed) records its reservation once.
 */
export async function runReservation(deps: Deps, system: ReservationSystem, job: ReservationJob, complete?: (tx: Db) => Promise<boolean>): Promise<void> {
  if (system === commercemlReservations) return markForCommerceml(deps.db, job);
  const found = await ordersRepo.forReservation(deps.db, job.orderId);
  if (!found) return;
  const { order, lines } = found;
  let reservation: string;
  try {
    ({ reservation } = await system.call(job.action, {
      number: order.number,
      revision: order.revision,
      recipient: `${order.lastName} ${order.firstName}`.trim(),
      comment: order.comment,
      lines: lines.map((l) => ({ code: l.b2bCodeId, vendorCode: l.vendorCode, qty: l.qty, priceKop: l.dropKop })),
    }));
  } catch (err) {
    // The same error again (1C still down) counts on the row that recorded it (repeat_count, last_at).
    await ordersRepo.failure(deps.db, { orderId: order.id, kind: 'reservation_error', to: job.action, note: `${system.name}: ${(err as Error).message}` });
    throw err;
  }
  await deps.db.transaction(async (tx) => {
    await ordersRepo.reserved(tx, order.id, reservation, { kind: 'reservation', to: job.action, note: `${system.name}: ${reservation}` });
    if (complete && !(await complete(tx))) throw new Error(`reservation job of order ${order.id} (${job.action}) is no longer this worker's: nothing recorded`);
  });
}
