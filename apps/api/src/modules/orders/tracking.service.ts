import type { FastifyBaseLogger } from 'fastify';
import { canMoveDelivery, uahToKop, type DeliveryStatus } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import type { NpTracking } from '../../integrations/novaposhta/client.ts';
import { NP_MONEY_CODES, NP_RECEIVED_CODES, deliveryStatusOfNpCode } from '../../integrations/novaposhta/status-codes.ts';
import { ordersRepo, type OrderRow } from './orders.repository.ts';
import { nameStockWriter } from '../catalog/catalog-stock.repository.ts';
import { SYSTEM, advanceOrderTo, chargeDelivery, chargeRefusal, postOrderMoney, pushOrder, setDeliveryStatus, settleCash } from './order-lifecycle.ts';

/** NP answers about at most 100 documents per call; one pass asks about this many orders. */
export const TRACKING_BATCH = 100;
/** Of the tracking interval: how long a parcel asked about waits before any process asks again. */
const TRACKING_MIN_AGE = 0.8;

const CASH: readonly string[] = ['COD', 'Prepayment'];

/**
 * Applies what the carrier says about one order's parcel (and its return), inside the order's
 * lock. Idempotent: the same answer twice changes nothing the second time (statuses only move by
 * the tables, postings carry keys naming the order).
 */
export async function applyTracking(tx: Db, deps: Deps, locked: OrderRow, fwd: NpTracking, ret: NpTracking | undefined): Promise<OrderRow> {
  let o = locked;
  if (!o.tracking || !o.ttn) return o;
  // Paid storage is named while the parcel waits at the branch; once it moves on, the date goes.
  const patch: Partial<OrderRow> = { npStatusCode: fwd.statusCode, trackingStatus: fwd.status, trackedAt: new Date(), npStorageAt: fwd.storageAt ?? null };
  if (fwd.returnNumber && !o.returnTtn) patch.returnTtn = fwd.returnNumber;
  const learnedCost = o.deliveryCostKop === null && fwd.documentCost !== null;
  if (learnedCost) patch.deliveryCostKop = uahToKop(fwd.documentCost!);
  o = await ordersRepo.update(tx, o.id, patch);
  if (learnedCost) await chargeDelivery(tx, deps, o, o.deliveryCostKop!, null);

  let target: DeliveryStatus | null = deliveryStatusOfNpCode(fwd.statusCode);
  if (ret && NP_RECEIVED_CODES.includes(ret.statusCode)) target = 'ReturnReceived';
  const before = o.deliveryStatus;
  if (target && target !== o.deliveryStatus) {
    // The carrier may report a later state than the last one seen (a parcel refused and already back).
    if (
      target === 'ReturnReceived' &&
      !canMoveDelivery(o.deliveryStatus as DeliveryStatus, target) &&
      canMoveDelivery(o.deliveryStatus as DeliveryStatus, 'Refusal')
    ) {
      o = await setDeliveryStatus(tx, deps, o, 'Refusal', SYSTEM, fwd.status);
    }
    if (canMoveDelivery(o.deliveryStatus as DeliveryStatus, target))
      o = await setDeliveryStatus(tx, deps, o, target, SYSTEM, target === 'ReturnReceived' ? (ret?.status ?? null) : fwd.status);
  }
  const changed = o.deliveryStatus !== before;

  switch (o.deliveryStatus) {
    case 'Wait':
    case 'OnMyWay':
      o = await advanceOrderTo(tx, deps, o, 'Delivered', SYSTEM);
      break;
    case 'Received': {
      o = await advanceOrderTo(tx, deps, o, 'Delivered', SYSTEM);
      const cash = CASH.includes(o.paymentMethod);
      // With cash on delivery the money is there at codes 10/11; a fully prepaid parcel settles on receipt.
      const moneyIn = !cash || o.codKop === 0 || NP_MONEY_CODES.includes(fwd.statusCode);
      if (moneyIn) {
        if (cash) o = await settleCash(tx, deps, o);
        o = await advanceOrderTo(tx, deps, o, 'Done', SYSTEM);
        o = await ordersRepo.update(tx, o.id, { tracking: false });
      }
      break;
    }
    case 'Refusal':
      o = await advanceOrderTo(tx, deps, o, 'Delivered', SYSTEM);
      await chargeRefusal(tx, deps, o, o.deliveryCostKop ?? 0);
      if (o.returnCostKop === null) o = await ordersRepo.update(tx, o.id, { returnCostKop: o.deliveryCostKop ?? 0 });
      break;
    case 'ReturnReceived':
      await chargeRefusal(tx, deps, o, o.returnCostKop ?? o.deliveryCostKop ?? 0);
      o = await advanceOrderTo(tx, deps, o, 'Return', SYSTEM);
      if (changed) {
        // The parcel is back at the warehouse: its goods are free stock again (1C's next offers file sets qty absolutely anyway).
        await nameStockWriter(tx, { source: 'return', orderId: o.id, note: o.returnTtn ?? o.ttn ?? null });
        for (const l of await ordersRepo.lines(tx, o.id)) if (l.productId !== null) await ordersRepo.restock(tx, l.productId, l.qty);
      }
      o = await ordersRepo.update(tx, o.id, { tracking: false });
      break;
    case 'Deleted':
      // NP does not charge for a waybill deleted before it moved: a delivery charge comes back.
      if (o.paymentDelivery === 'Balance' && o.deliveryCostKop && (await ordersRepo.posted(tx, `order:${o.id}:delivery:${o.ttn}`))) {
        await postOrderMoney(tx, deps, o, 'delivery_refund', o.deliveryCostKop, `order:${o.id}:delivery-refund:${o.ttn}`);
      }
      o = await ordersRepo.update(tx, o.id, { tracking: false });
      break;
  }
  if (changed || o.status !== locked.status || o.paymentStatus !== locked.paymentStatus) await pushOrder(tx, deps, o);
  return o;
}

/**
 * One tracking pass: claims the parcels due, asks NP about them (and their returns) in calls of
 * at most 100 documents, and applies each answer in its own transaction. A carrier failure
 * leaves the orders for the next pass. Answers how many orders were asked about.
 */
export async function trackOnce(deps: Deps, log: FastifyBaseLogger, opts: { minAgeSeconds?: number; limit?: number } = {}): Promise<number> {
  // A parcel asked about is not due again for 0.8 of the interval, whichever API process looks:
  // with several processes (passes at other moments) it is still asked about once per interval,
  // and one process's next pass (a full interval later) never misses it.
  const due = await ordersRepo.claimForTracking(
    deps.db,
    opts.limit ?? TRACKING_BATCH,
    opts.minAgeSeconds ?? deps.config.trackingIntervalSeconds * TRACKING_MIN_AGE,
  );
  if (due.length === 0) return 0;
  const numbers = due.flatMap((o) => [o.ttn, o.returnTtn].filter((n): n is string => !!n));
  const answers = new Map((await deps.novaPoshta.trackDocuments(numbers)).map((t) => [t.number, t]));
  for (const d of due) {
    const fwd = d.ttn ? answers.get(d.ttn) : undefined;
    if (!fwd) continue;
    try {
      await deps.db.transaction(async (tx) => {
        const locked = await ordersRepo.lock(tx, d.id);
        if (locked) await applyTracking(tx, deps, locked, fwd, d.returnTtn ? answers.get(d.returnTtn) : undefined);
      });
    } catch (err) {
      log.error({ err, order: d.id }, 'tracking update failed; retried on the next pass');
    }
  }
  return due.length;
}

/** Runs tracking passes every `intervalMs` (and again at once while passes come back full). */
export function startTracking(deps: Deps, log: FastifyBaseLogger, intervalMs: number): () => Promise<void> {
  return repeatEvery(intervalMs, async () => (await trackOnce(deps, log)) === TRACKING_BATCH, log, 'tracking pass');
}
