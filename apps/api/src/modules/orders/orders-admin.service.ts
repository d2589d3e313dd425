import {
  OPERATOR_ORDER_MOVES,
  SHIPPING_MOVES,
  canMoveOrder,
  staffOrderMoves,
  mustBePaidToShip,
  kopToUah,
  uahToKop,
  type AdminOrderDto,
  type AdminOrdersQuery,
  type OrderStatus,
  type PayMethod,
  type PayStatus,
} from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { CarrierError } from '../../integrations/novaposhta/client.ts';
import { carrierAppError, npSenderAddress } from '../settings/np-sender.ts';
import { presentOrderSummary } from './orders.presenter.ts';
import { adminOrderFilter, ordersRepo, type OrderRow } from './orders.repository.ts';
import { confirmLocked, loadOrder } from './orders.service.ts';
import { chargeDelivery, moveOrder, pushOrder, setDeliveryStatus, setPaymentStatus, settleCash, type Actor } from './order-lifecycle.ts';
import { trackOnce } from './tracking.service.ts';
import { financeRepo } from '../finance/finance.repository.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { JobInfo } from '../../jobs/queue.ts';
import type { ReservationJobDto } from '@drop/shared';

const staff = (ctx: AuthedCtx): Actor => ({ id: ctx.user.id, owner: false });
/** A waybill is set or made once the order is confirmed and before it is on its way. */
const TTN_STATUSES: readonly string[] = ['Confirmed', 'Complected'];

export async function listAdminOrders(ctx: AuthedCtx, q: AdminOrdersQuery) {
  const { rows, total } = await ordersRepo.page(ctx.db, q.user_id ?? null, adminOrderFilter(q), q.page, q.per_page, q.sort);
  const lastPage = Math.max(1, Math.ceil(total / q.per_page));
  const names = await ordersRepo.userNames(ctx.db, [...new Set(rows.map((o) => o.userId))]);
  return {
    data: rows.map((o) => ({ ...presentOrderSummary(o, ctx.locale), user_id: o.userId, user_name: names.get(o.userId) ?? '' })),
    meta: { current_page: q.page, per_page: q.per_page, total, last_page: lastPage },
    pagination: { last_page: lastPage },
  };
}

async function presentAdmin(ctx: AuthedCtx, db: Db, o: OrderRow): Promise<AdminOrderDto> {
  const dto = await loadOrder(db, o, ctx.locale);
  const u = await financeRepo.recipient(db, o.userId);
  const phone = await ordersRepo.ownerPhone(db, o.userId);
  return {
    ...dto,
    user: { id: o.userId, name: u?.name ?? '', email: u?.email ?? '', phone: phone ?? '' },
    np_status_code: o.npStatusCode,
    return_ttn: o.returnTtn,
  };
}

export async function getAdminOrder(ctx: AuthedCtx, id: number): Promise<AdminOrderDto> {
  const o = await ordersRepo.byId(ctx.db, id);
  if (!o) throw AppError.notFound();
  return presentAdmin(ctx, ctx.db, o);
}

const AUDITED: readonly (keyof OrderRow)[] = ['status', 'paymentStatus', 'deliveryStatus', 'ttn', 'deliveryCostKop'];
const AUDIT_NAMES: Partial<Record<keyof OrderRow, string>> = {
  paymentStatus: 'payment_status',
  deliveryStatus: 'delivery_status',
  deliveryCostKop: 'delivery_cost_kop',
};

/**
 * The order locked, changed by `fn`, pushed to its owner, and the change written to the audit log
 * as `action` (with whatever `fn` adds to `extra`, e.g. an override's reason).
 */
async function withLocked(
  ctx: AuthedCtx,
  id: number,
  action: string,
  fn: (tx: Db, o: OrderRow, extra: Record<string, unknown>) => Promise<OrderRow>,
): Promise<AdminOrderDto> {
  return ctx.db.transaction(async (tx) => {
    const o = await ordersRepo.lock(tx, id);
    if (!o) throw AppError.notFound();
    const extra: Record<string, unknown> = {};
    const updated = await fn(tx, o, extra);
    const changes: Record<string, unknown> = { number: o.number, ...extra };
    for (const k of AUDITED) if (o[k] !== updated[k]) changes[AUDIT_NAMES[k] ?? k] = [o[k], updated[k]];
    await writeAudit(tx, { actorId: ctx.user.id, action, entity: 'order', entityId: o.id, changes });
    await pushOrder(tx, ctx.deps, updated);
    return presentAdmin(ctx, tx, updated);
  });
}

/**
 * The paid-Card rule (issue 24): a Card order gets a waybill or goes to Complected only when its
 * invoice is Paid (Prepayment and COD ship NotPaid: the carrier collects). Else 400 OrderNotPaid,
 * unless an admin gives a reason: answers that reason (to record), or null when the order may ship.
 * Another staff member's reason is 403: only an admin overrides.
 */
function shipGate(ctx: AuthedCtx, o: OrderRow, overrideReason: string | undefined): string | null {
  if (!mustBePaidToShip({ payment_method: o.paymentMethod as PayMethod, payment_status: o.paymentStatus as PayStatus })) return null;
  if (!overrideReason) throw AppError.business('OrderNotPaid', 'order_not_paid');
  if (ctx.user.role !== 'admin') throw AppError.forbidden();
  return overrideReason;
}

/** An admin's override of the paid-Card rule: in the order's history and in the audit entry, with its reason. */
async function recordOverride(ctx: AuthedCtx, tx: Db, o: OrderRow, what: string, reason: string, extra: Record<string, unknown>): Promise<void> {
  await ordersRepo.history(tx, { orderId: o.id, kind: 'override', from: o.paymentStatus, to: what, note: reason, actorId: ctx.user.id });
  extra.override = { rule: 'card_not_paid', to: what, reason, payment_status: o.paymentStatus };
}

/**
 * Staff move an order (OPERATOR_ORDER_MOVES) by the transition table. The role decides which moves
 * (staffOrderMoves): a warehouse person only packs and ships (Complected, Delivered) and gets 403
 * for any other move, cancelling included. Confirmed is the reseller's confirmation made for them
 * (the same path as theirs: reservation, a Card invoice WaitPaid; audited as `order.confirm`),
 * never for a Balance order, whose confirmation debits the reseller (400 BalanceConfirmByReseller).
 * Done on a cash order nobody tracks (another carrier, the reseller's own waybill) means the money
 * came: it is settled as the carrier's report would.
 */
export async function moveAdminOrder(ctx: AuthedCtx, id: number, to: OrderStatus, comment: string | null, overrideReason?: string) {
  if (!OPERATOR_ORDER_MOVES.includes(to)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
  if (!staffOrderMoves(ctx.user.role).includes(to)) throw AppError.forbidden();
  if (to === 'Confirmed') {
    return withLocked(ctx, id, 'order.confirm', async (tx, o) => {
      if (!canMoveOrder(o.status as OrderStatus, 'Confirmed')) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
      if (o.paymentMethod === 'Balance') throw AppError.business('BalanceConfirmByReseller', 'balance_confirm_by_reseller');
      return confirmLocked(tx, ctx.deps, o, staff(ctx), comment);
    });
  }
  return withLocked(ctx, id, 'order.status', async (tx, o, extra) => {
    const override = SHIPPING_MOVES.includes(to) && canMoveOrder(o.status as OrderStatus, to) ? shipGate(ctx, o, overrideReason) : null;
    if (override) await recordOverride(ctx, tx, o, to, override, extra);
    let order = await moveOrder(tx, ctx.deps, o, to, staff(ctx), comment);
    if (to === 'Done') order = await settleCash(tx, ctx.deps, order);
    if (to === 'Done' || to === 'Return') order = await ordersRepo.update(tx, order.id, { tracking: false });
    return order;
  });
}

/** A Card invoice paid (WaitPaid -> Paid). */
export async function markInvoicePaid(ctx: AuthedCtx, id: number) {
  return withLocked(ctx, id, 'order.paid', async (tx, o) => {
    if (o.paymentMethod !== 'Card' || o.paymentStatus !== 'WaitPaid') throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
    return setPaymentStatus(tx, o, 'Paid', staff(ctx), 'invoice');
  });
}

async function recordTtn(ctx: AuthedCtx, tx: Db, o: OrderRow, ttn: string, ref: string | null, costKop: number | null, codKop: number): Promise<OrderRow> {
  let order = await ordersRepo.update(tx, o.id, {
    ttn,
    ttnRef: ref,
    deliveryCostKop: costKop,
    codKop,
    returnTtn: null,
    returnCostKop: null,
    npStatusCode: null,
    npStorageAt: null,
    trackingStatus: null,
    // Nova Poshta parcels are followed by the tracking job; other carriers are moved by hand.
    tracking: isTracked(o),
    trackedAt: null,
  });
  await ordersRepo.history(tx, { orderId: o.id, kind: 'ttn', to: ttn, note: costKop === null ? null : kopToUah(costKop).toFixed(2), actorId: ctx.user.id });
  order = await setDeliveryStatus(tx, ctx.deps, order, 'CreatedTTN', staff(ctx));
  if (costKop !== null) await chargeDelivery(tx, ctx.deps, order, costKop, ctx.user.id);
  return order;
}
const isTracked = (o: OrderRow) => o.deliveryService === 'NovaPoshta' && o.deliveryType === 'NovaPoshta';

function checkTtnAllowed(o: OrderRow): void {
  if (!TTN_STATUSES.includes(o.status)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
  if (o.ttn && o.deliveryStatus !== 'Deleted') throw AppError.business('TtnExists', 'ttn_exists');
}

/** A waybill made elsewhere: its number and, when known, its cost. */
export async function setTtn(ctx: AuthedCtx, id: number, ttn: string, cost: number | undefined, overrideReason?: string) {
  return withLocked(ctx, id, 'order.ttn', async (tx, o, extra) => {
    checkTtnAllowed(o);
    const override = shipGate(ctx, o, overrideReason);
    if (override) await recordOverride(ctx, tx, o, 'ttn', override, extra);
    return recordTtn(ctx, tx, o, ttn, null, cost === undefined ? null : uahToKop(cost), codOf(o));
  });
}

/** The cash the recipient pays the carrier: the whole retail sum for COD, the rest after a prepayment. */
export function codOf(o: Pick<OrderRow, 'paymentMethod' | 'retailKop' | 'prepaymentKop'>): number {
  if (o.paymentMethod === 'COD') return o.retailKop;
  if (o.paymentMethod === 'Prepayment') return Math.max(0, o.retailKop - o.prepaymentKop);
  return 0;
}

/**
 * A waybill made now through Nova Poshta (InternetDocument.save): the recipient, the branch or
 * address, the declared value (the retail sum), who pays delivery and, for cash orders, the
 * backward delivery of the money. The carrier is called outside the transaction; if another
 * operator set a waybill meanwhile, the new one is deleted at NP and the call refused.
 */
export async function createTtn(ctx: AuthedCtx, id: number, opts: { weight: number; seats: number; description?: string; override_reason?: string }) {
  const o = await ordersRepo.byId(ctx.db, id);
  if (!o) throw AppError.notFound();
  checkTtnAllowed(o);
  // Before the carrier is called: no parcel exists for an order that may not ship.
  shipGate(ctx, o, opts.override_reason);
  if (!isTracked(o) || !o.cityRef) throw AppError.business('TtnNotPossible', 'ttn_not_possible');
  const cod = codOf(o);
  let waybill;
  try {
    const senderAddressRef = await npSenderAddress(ctx.db);
    waybill = await ctx.deps.novaPoshta.createWaybill({
      senderAddressRef,
      payerType: o.paymentDelivery === 'Recipient' ? 'Recipient' : 'Sender',
      declaredValue: kopToUah(o.retailKop),
      weight: opts.weight,
      seats: opts.seats,
      description: opts.description || `Замовлення №${o.number}`,
      serviceType: o.deliveryMethod === 'Courier' ? 'WarehouseDoors' : 'WarehouseWarehouse',
      cityRecipientRef: o.cityRef,
      recipientAddressRef: o.branchRef,
      streetRef: o.streetRef,
      house: o.house,
      flat: o.appt,
      recipientName: [o.lastName, o.firstName, o.middleName].filter(Boolean).join(' '),
      recipient: { lastName: o.lastName, firstName: o.firstName, middleName: o.middleName },
      recipientPhone: o.phone.replace(/\D/g, ''),
      codAmount: kopToUah(cod),
    });
  } catch (err) {
    // NP's refusal is a 422 naming what it refused; only an outage is 503 (another try may work).
    throw carrierAppError(err, 'np_waybill_refused');
  }
  try {
    return await withLocked(ctx, id, 'order.ttn_created', async (tx, locked, extra) => {
      checkTtnAllowed(locked);
      const override = shipGate(ctx, locked, opts.override_reason);
      if (override) await recordOverride(ctx, tx, locked, 'ttn', override, extra);
      return recordTtn(ctx, tx, locked, waybill.number, waybill.ref, uahToKop(waybill.cost), cod);
    });
  } catch (err) {
    await ctx.deps.novaPoshta.deleteWaybill(waybill.ref).catch((e: unknown) => ctx.log.warn({ err: e }, 'could not delete an unused waybill'));
    throw err;
  }
}

/** Runs a tracking pass now (the scheduled one runs every TRACKING_INTERVAL_SECONDS). */
export async function runTrackingNow(ctx: AuthedCtx): Promise<number> {
  try {
    return await trackOnce(ctx.deps, ctx.log, { minAgeSeconds: 0 });
  } catch (err) {
    if (err instanceof CarrierError) throw new AppError(503, 'CarrierUnavailable', 'carrier_unavailable');
    throw err;
  }
}

// ---------- the board and reservation jobs ----------

/** How many orders are in each status (the board's columns). */
export async function orderStats(ctx: AuthedCtx) {
  const byStatus = await ordersRepo.counts(ctx.db, null);
  return { by_status: byStatus, total: Object.values(byStatus).reduce((a, b) => a + b, 0) };
}

const JOB_ACTIONS: Record<string, string> = {
  create: 'CreateReserveJob',
  update: 'UpdateReserveJob',
  confirm: 'ConfirmReserveJob',
  cancel: 'CancelReserveJob',
};

function presentJob(j: JobInfo): ReservationJobDto {
  const data = j.data as { action?: string };
  const out = j.output as { message?: unknown } | null;
  return {
    id: j.id,
    action: JOB_ACTIONS[data.action ?? ''] ?? String(data.action),
    state: j.state,
    retry_count: j.retryCount,
    retry_limit: j.retryLimit,
    created_at: j.createdOn.toISOString(),
    started_at: j.startedOn ? j.startedOn.toISOString() : null,
    completed_at: j.completedOn ? j.completedOn.toISOString() : null,
    next_attempt_at: j.state === 'retry' || j.state === 'created' ? j.startAfter.toISOString() : null,
    error: j.state === 'failed' || j.state === 'retry' ? (typeof out?.message === 'string' ? out.message : null) : null,
  };
}

/** The order's reservation jobs (CreateReserveJob ...), newest first. */
export async function orderJobs(ctx: AuthedCtx, id: number): Promise<ReservationJobDto[]> {
  const o = await ordersRepo.byId(ctx.db, id);
  if (!o) throw AppError.notFound();
  return (await ctx.deps.queue.reservationJobs(id)).map(presentJob);
}

/**
 * "Retry now" on a reservation job of the order: a failed one (attempts spent) gets another
 * attempt, one waiting for its next attempt (backoff) runs at once. The same job runs again (no
 * second job, so no second reservation). Written to the order's history (who asked) and the audit
 * log in the transaction that makes the job due; an active, completed or cancelled job is refused
 * with 400 JobNotRetryable.
 */
export async function retryOrderJob(ctx: AuthedCtx, id: number, jobId: string): Promise<ReservationJobDto> {
  const jobs = await ctx.deps.queue.reservationJobs(id);
  const o = await ordersRepo.byId(ctx.db, id);
  const job = jobs.find((j) => j.id === jobId);
  if (!o || !job) throw AppError.notFound();
  const action = (job.data as { action?: string }).action ?? null;
  await ctx.db.transaction(async (tx) => {
    const was = await ctx.deps.queue.runNow(tx, 'reservation', jobId);
    if (!was) throw AppError.business('JobNotRetryable', 'job_not_retryable');
    await ordersRepo.history(tx, { orderId: id, kind: 'reservation_retry', to: action, note: null, actorId: ctx.user.id });
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'order.job_retry',
      entity: 'order',
      entityId: id,
      changes: { number: o.number, job_id: jobId, action, state: [was, was === 'failed' ? 'retry' : was], attempts: job.retryCount },
    });
  });
  const after = (await ctx.deps.queue.reservationJobs(id)).find((j) => j.id === jobId) ?? job;
  return presentJob(after);
}
