import { REALTIME_EVENTS, canMoveDelivery, canMoveOrder, canMovePayment, kopToUah, type DeliveryStatus, type OrderStatus, type PayStatus } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ledger } from '../finance/ledger.ts';
import { notify, pushToUser } from '../notifications/notifications.service.ts';
import { financeRepo } from '../finance/finance.repository.ts';
import { readModelOf } from '../catalog/read-model.ts';
import { nameStockWriter } from '../catalog/catalog-stock.repository.ts';
import { ordersRepo, type OrderRow } from './orders.repository.ts';
import { queueReservation } from './reservation.service.ts';

/**
 * The order's state machine and its money (DESIGN.md section 7, docs/decisions/0006-order-lifecycle.md). Every
 * change goes through here, whoever makes it (the reseller, an operator, the tracking job): the
 * transition tables of packages/shared are checked, the history records who did what, the ledger
 * posts each amount once under a key naming the order, and the reseller hears of it
 * (`.orders.updated`, and a notification when someone else made the change).
 */

/** Who made a change: a user, or null for the system (the carrier, the tracking job). */
export interface Actor {
  id: number | null;
  /** True when the order's owner made it (no notification about their own action). */
  owner: boolean;
}
export const SYSTEM: Actor = { id: null, owner: false };

const PAYMENT_FOR_CASH: readonly string[] = ['COD', 'Prepayment'];

export async function pushOrder(tx: Db, deps: Deps, o: OrderRow): Promise<void> {
  // An order from a marketplace: its new state goes back there (modules/marketplaces/marketplace-sync.ts).
  if (o.source) await deps.queue.enqueue(tx, 'marketplace-sync', { orderId: o.id });
  await pushToUser(tx, deps, o.userId, REALTIME_EVENTS.ordersUpdated, {
    id: o.id,
    status: o.status,
    payment_status: o.paymentStatus,
    delivery_status: o.deliveryStatus,
  });
}

async function recipientOf(tx: Db, userId: number) {
  const r = await financeRepo.recipient(tx, userId);
  if (!r) throw new Error(`order owner ${userId} is gone`);
  return r;
}

export type MoneyKind = 'balance' | 'cod' | 'delivery' | 'delivery_refund' | 'return_costs' | 'refund' | 'adjust' | 'invoice_refund';

const MONEY_TEXT: Record<MoneyKind, { uk: string; ru: string }> = {
  balance: { uk: 'Оплата замовлення №{n} з балансу', ru: 'Оплата заказа №{n} с баланса' },
  cod: { uk: 'Розрахунок за замовленням №{n} (накладений платіж)', ru: 'Расчёт по заказу №{n} (наложенный платёж)' },
  delivery: { uk: 'Доставка замовлення №{n}', ru: 'Доставка заказа №{n}' },
  delivery_refund: { uk: 'Повернення оплати доставки замовлення №{n}', ru: 'Возврат оплаты доставки заказа №{n}' },
  return_costs: { uk: 'Витрати на доставку і повернення замовлення №{n} (відмова)', ru: 'Расходы на доставку и возврат заказа №{n} (отказ)' },
  refund: { uk: 'Повернення коштів за скасоване замовлення №{n}', ru: 'Возврат средств за отменённый заказ №{n}' },
  adjust: { uk: 'Зміна суми замовлення №{n}', ru: 'Изменение суммы заказа №{n}' },
  invoice_refund: { uk: 'Повернення оплати рахунку за скасоване замовлення №{n}', ru: 'Возврат оплаты счёта за отменённый заказ №{n}' },
};

/**
 * Posts a signed amount for an order (credit when positive, debit when negative) under `key`,
 * once: a repeated key changes nothing and answers false. Rules that may take the balance below
 * zero (costs the supplier carried, a negative cash-on-delivery settlement) say `allowNegative`.
 */
export async function postOrderMoney(
  tx: Db,
  deps: Deps,
  o: OrderRow,
  kind: MoneyKind,
  amountKop: number,
  key: string,
  opts: { allowNegative?: boolean; actorId?: number | null } = {},
): Promise<boolean> {
  if (amountKop === 0) return false;
  const text = MONEY_TEXT[kind];
  const posting = {
    userId: o.userId,
    type: 'order' as const,
    amountKop: Math.abs(amountKop),
    key,
    descriptionUk: text.uk.replace('{n}', o.number),
    descriptionRu: text.ru.replace('{n}', o.number),
    operationable: { type: 'order', id: o.id },
    actorId: opts.actorId ?? null,
    allowNegative: opts.allowNegative,
  };
  const { duplicate } = amountKop > 0 ? await ledger.credit(tx, deps, posting) : await ledger.debit(tx, deps, posting);
  if (!duplicate) await ordersRepo.history(tx, { orderId: o.id, kind: 'money', to: kind, note: kopToUah(amountKop).toFixed(2), actorId: opts.actorId ?? null });
  return !duplicate;
}

export async function setPaymentStatus(tx: Db, o: OrderRow, to: PayStatus, actor: Actor, note: string | null = null): Promise<OrderRow> {
  if (o.paymentStatus === to) return o;
  if (!canMovePayment(o.paymentStatus as PayStatus, to)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
  const updated = await ordersRepo.update(tx, o.id, { paymentStatus: to });
  await ordersRepo.history(tx, { orderId: o.id, kind: 'payment_status', from: o.paymentStatus, to, note, actorId: actor.id });
  return updated;
}

export async function setDeliveryStatus(tx: Db, deps: Deps, o: OrderRow, to: DeliveryStatus, actor: Actor, note: string | null = null): Promise<OrderRow> {
  if (o.deliveryStatus === to) return o;
  if (!canMoveDelivery(o.deliveryStatus as DeliveryStatus, to)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
  const updated = await ordersRepo.update(tx, o.id, { deliveryStatus: to });
  await ordersRepo.history(tx, { orderId: o.id, kind: 'delivery_status', from: o.deliveryStatus, to, note, actorId: actor.id });
  if (!actor.owner)
    await notify(tx, deps, await recipientOf(tx, o.userId), 'delivery_status', { order_id: o.id, number: o.number, ttn: o.ttn ?? o.selfTtn ?? '', status: to });
  return updated;
}

/**
 * Moves the order's status by the transition table, with what each move does:
 *  - Delivered: the goods left the warehouse, so they are no longer held in reserve;
 *  - Canceled: the stock is released, the reservation cancelled in 1C, the waybill dropped and
 *    whatever the order took from the balance refunded.
 */
export async function moveOrder(tx: Db, deps: Deps, o: OrderRow, to: OrderStatus, actor: Actor, comment: string | null = null): Promise<OrderRow> {
  if (!canMoveOrder(o.status as OrderStatus, to)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
  let order = o;
  const lines = to === 'Delivered' || to === 'Canceled' ? await ordersRepo.lines(tx, o.id) : [];
  if (lines.length) await nameStockWriter(tx, { source: 'order', orderId: o.id, actorId: actor.id });
  if (to === 'Delivered') {
    for (const l of lines) if (l.productId !== null) await ordersRepo.ship(tx, l.productId, l.qty);
  }
  if (to === 'Canceled') {
    for (const l of [...lines].sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0)))
      if (l.productId !== null) await ordersRepo.release(tx, l.productId, l.qty);
    readModelOf(tx).forgetProducts(lines.flatMap((l) => (l.productId === null ? [] : [l.productId])));
    // A waybill not yet on its way is dropped; its delivery charge comes back with the refund below.
    if (order.ttn && canMoveDelivery(order.deliveryStatus as DeliveryStatus, 'Deleted'))
      order = await setDeliveryStatus(tx, deps, order, 'Deleted', { ...actor, owner: true }, null);
    await ordersRepo.update(tx, order.id, { tracking: false });
    const net = await ordersRepo.moneyNet(tx, order.id);
    if (net < 0) await postOrderMoney(tx, deps, order, 'refund', -net, `order:${order.id}:cancel-refund`, { actorId: actor.id });
    if (order.paymentMethod === 'Card' && order.paymentStatus === 'Paid') {
      // The invoice was paid to the supplier outside the portal: it comes back to the balance.
      await postOrderMoney(tx, deps, order, 'invoice_refund', order.wholesaleKop, `order:${order.id}:invoice-refund`, { actorId: actor.id });
    }
    if (order.paymentStatus !== 'NotPaid') order = await setPaymentStatus(tx, order, 'NotPaid', actor, 'refund');
    await queueReservation(tx, deps, order.id, 'cancel');
  }
  const updated = await ordersRepo.update(tx, order.id, { status: to });
  await ordersRepo.history(tx, { orderId: order.id, kind: 'status', from: o.status, to, note: comment, actorId: actor.id });
  if (!actor.owner) await notify(tx, deps, await recipientOf(tx, o.userId), 'order_status', { order_id: o.id, number: o.number, status: to, comment });
  return updated;
}

/** Moves along the table through the steps in between (Confirmed -> Complected -> Delivered) when the carrier is ahead of the operator. */
export async function advanceOrderTo(tx: Db, deps: Deps, o: OrderRow, target: OrderStatus, actor: Actor, comment: string | null = null): Promise<OrderRow> {
  const chain: OrderStatus[] = ['Confirmed', 'Complected', 'Delivered'];
  let order = o;
  if (target === 'Delivered' || target === 'Done' || target === 'Return') {
    for (const step of chain) {
      const at = chain.indexOf(order.status as OrderStatus);
      if (at === -1 || chain.indexOf(step) <= at) continue;
      if (canMoveOrder(order.status as OrderStatus, step)) order = await moveOrder(tx, deps, order, step, actor, comment);
    }
  }
  if (order.status !== target && canMoveOrder(order.status as OrderStatus, target)) order = await moveOrder(tx, deps, order, target, actor, comment);
  return order;
}

/**
 * Cash on delivery or prepayment settled: the carrier has the recipient's money, so the order is
 * Paid and the reseller's share is posted: retail - prepayment - wholesale (a debit when the
 * prepayment the reseller kept exceeds their profit).
 */
export async function settleCash(tx: Db, deps: Deps, o: OrderRow): Promise<OrderRow> {
  if (!PAYMENT_FOR_CASH.includes(o.paymentMethod)) return o;
  const amount = o.retailKop - o.prepaymentKop - o.wholesaleKop;
  const posted = await postOrderMoney(tx, deps, o, 'cod', amount, `order:${o.id}:cod`, { allowNegative: true });
  let order = o;
  if (order.paymentStatus === 'NotPaid') order = await setPaymentStatus(tx, order, 'Paid', SYSTEM, 'cod_received');
  if (posted) {
    await notify(tx, deps, await recipientOf(tx, o.userId), 'order_settled', {
      order_id: o.id,
      number: o.number,
      amount: kopToUah(amount).toFixed(2),
      abs: kopToUah(Math.abs(amount)).toFixed(2),
    });
  }
  return order;
}

/** The delivery charge the waybill gave, when the reseller pays delivery from the balance. */
export async function chargeDelivery(tx: Db, deps: Deps, o: OrderRow, costKop: number, actorId: number | null): Promise<void> {
  if (o.paymentDelivery !== 'Balance' || !o.ttn) return;
  await postOrderMoney(tx, deps, o, 'delivery', -costKop, `order:${o.id}:delivery:${o.ttn}`, { allowNegative: true, actorId });
}

/**
 * A refused parcel: the reseller carries what the supplier paid the carrier: the forward cost
 * (unless the reseller already paid it from the balance) and the return.
 */
export async function chargeRefusal(tx: Db, deps: Deps, o: OrderRow, returnCostKop: number): Promise<void> {
  const forward = o.paymentDelivery === 'Balance' ? 0 : (o.deliveryCostKop ?? 0);
  await postOrderMoney(tx, deps, o, 'return_costs', -(forward + returnCostKop), `order:${o.id}:return-costs`, { allowNegative: true });
}
