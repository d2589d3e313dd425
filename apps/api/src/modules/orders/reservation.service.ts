import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Config } from '../../config.ts';
import {
  embeddedReservations,
  onecHttpReservations,
  type ReservationAction,
  type ReservationSystem,
} from '../../integrations/onec/reservation-system.ts';
import { ordersRepo } from './orders.repository.ts';

export interface ReservationJob {
  orderId: number;
  action: ReservationAction;
}

/** The configured system; `commerceml` (1C pulls orders) reserves nothing by push, like embedded. */
export function reservationSystemOf(config: Config): ReservationSystem {
  if (config.reservationSystem === 'onec-http') {
    if (!config.onecUrl) throw new Error('RESERVATION_SYSTEM=onec-http needs ONEC_URL');
    return onecHttpReservations(config.onecUrl, config.onecTimeoutMs);
  }
  return embeddedReservations;
}

/** Queued in the transaction that changes the order (CreateReserveJob, ConfirmReserveJob ...). */
export async function queueReservation(tx: Db, deps: Deps, orderId: number, action: ReservationAction): Promise<void> {
  await deps.queue.enqueue(tx, 'reservation', { orderId, action });
}

/**
 * Runs one reservation job. Success is written to the order's history (and the reservation
 * number kept); a failure is written too and rethrown, so pg-boss retries it with backoff. The
 * call names the order by its number: a retry never makes a second reservation.
 */
export async function runReservation(deps: Deps, system: ReservationSystem, job: ReservationJob): Promise<void> {
  const found = await ordersRepo.forReservation(deps.db, job.orderId);
  if (!found) return;
  const { order, lines } = found;
  try {
    const { reservation } = await system.call(job.action, {
      number: order.number,
      recipient: `${order.lastName} ${order.firstName}`.trim(),
      comment: order.comment,
      lines: lines.map((l) => ({ code: l.b2bCodeId, vendorCode: l.vendorCode, qty: l.qty, priceKop: l.dropKop })),
    });
    await ordersRepo.reserved(deps.db, order.id, reservation, { kind: 'reservation', to: job.action, note: `${system.name}: ${reservation}` });
  } catch (err) {
    await ordersRepo.history(deps.db, { orderId: order.id, kind: 'reservation_error', to: job.action, note: `${system.name}: ${(err as Error).message}` });
    throw err;
  }
}
