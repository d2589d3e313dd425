import { LAST_ORDERS_LIMIT, REALTIME_EVENTS, canMoveOrder, kopToUah, priceProduct, uahToKop, type OrderCreateInput, type OrderDto, type OrdersQuery } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { pricingUser } from '../catalog/catalog.service.ts';
import { pick } from '../catalog/catalog.presenter.ts';
import { readModelOf } from '../catalog/read-model.ts';
import { cartRepo } from '../cart/cart.repository.ts';
import { ledger } from '../finance/ledger.ts';
import { pushToUser } from '../notifications/notifications.service.ts';
import { supplierSetting } from '../settings/supplier-settings.ts';
import { presentOrder, presentOrderSummary } from './orders.presenter.ts';
import { ordersRepo, type OrderRow } from './orders.repository.ts';
import { queueReservation } from './reservation.service.ts';

/** A page of the reseller's orders (DESIGN.md section 3's list envelope), without lines and history. */
export async function listOrders(ctx: AuthedCtx, q: OrdersQuery) {
  const { rows, total } = await ordersRepo.page(
    ctx.db,
    ctx.user.id,
    { status: q.status, paymentStatus: q.payment_status, deliveryStatus: q.delivery_status, dateFrom: q.date_from, dateTo: q.date_to, search: q.search },
    q.page,
    q.per_page,
  );
  const lastPage = Math.max(1, Math.ceil(total / q.per_page));
  return {
    data: rows.map((o) => presentOrderSummary(o, ctx.locale)),
    meta: { current_page: q.page, per_page: q.per_page, total, last_page: lastPage },
    pagination: { last_page: lastPage },
  };
}

/** The dashboard home's last orders. */
export async function lastOrders(ctx: AuthedCtx) {
  const rows = await ordersRepo.latest(ctx.db, ctx.user.id, LAST_ORDERS_LIMIT);
  return rows.map((o) => presentOrderSummary(o, ctx.locale));
}

async function load(ctx: AuthedCtx, db: Db, order: OrderRow): Promise<OrderDto> {
  const [lines, history] = await Promise.all([ordersRepo.lines(db, order.id), ordersRepo.historyOf(db, order.id)]);
  return presentOrder(order, lines, history, ctx.locale);
}

export async function getOrder(ctx: AuthedCtx, id: number): Promise<OrderDto> {
  const order = await ordersRepo.owned(ctx.db, ctx.user.id, id);
  if (!order) throw AppError.notFound();
  return load(ctx, ctx.db, order);
}

/**
 * The cart becomes an order in one transaction: today's prices are checked again, the sums are
 * fixed, the stock is reserved (never more than is left), and the cart is emptied only if all of
 * it commits. With auto_confirm_orders the order is then confirmed through the same path as the
 * confirm call; if that is refused (e.g. not enough balance) the order stays New with a note.
 */
export async function placeOrder(ctx: AuthedCtx, input: OrderCreateInput): Promise<OrderDto> {
  const user = pricingUser(ctx.user);
  const enforce = await supplierSetting(ctx.db, 'enforce_recommended_price');
  let soldOut = false;
  const reservedIds: number[] = [];
  const placed = await ctx.db.transaction(async (tx) => {
    const rows = await cartRepo.lines(tx, ctx.user.id);
    if (rows.length === 0) throw AppError.business('CartEmpty', 'cart_empty');
    let wholesale = 0;
    let retail = 0;
    const lines = rows.map(({ line, product }) => {
      const p = priceProduct({ dropKop: product.dropKop, oldDropKop: product.oldDropKop, retailKop: product.retailKop, categoryPath: [product.categoryId, product.parentId, product.rootId] }, user);
      if (line.retailKop < p.dropKop) throw AppError.business('PriceIsLessDrop', 'price_less_drop');
      if (enforce && line.retailKop < p.retailKop) throw AppError.business('PriceIsLessRecommended', 'price_less_recommended');
      wholesale += p.dropKop * line.qty;
      retail += line.retailKop * line.qty;
      return { productId: product.id, b2bCodeId: product.b2bCodeId, name: pick(ctx.locale, product.nameUk, product.nameRu), vendorCode: product.vendorCode, qty: line.qty, dropKop: p.dropKop, retailKop: line.retailKop };
    });
    const prepayment = input.payment_method === 'Prepayment' ? uahToKop(input.prepayment_sum ?? 0) : 0;
    if (prepayment > retail) throw AppError.business('big_prepayment', 'big_prepayment');
    // Cash on delivery and prepayment: the carrier collects the rest, the profit comes back to the balance.
    const expected = input.payment_method === 'COD' || input.payment_method === 'Prepayment' ? retail - prepayment - wholesale : 0;
    // Reserve in product order so concurrent orders lock rows in one order.
    for (const l of [...lines].sort((a, b) => a.productId - b.productId)) {
      const left = await ordersRepo.reserve(tx, l.productId, l.qty);
      if (left === null) throw AppError.business('QuantityIsLessRemains', 'quantity_less_remains');
      reservedIds.push(l.productId);
      if (left === 0) soldOut = true;
    }
    const selfTtn = input.delivery_type === 'SelfTTN';
    const order = await ordersRepo.insert(tx, {
      userId: ctx.user.id,
      paymentMethod: input.payment_method,
      paymentDelivery: input.payment_delivery,
      deliveryService: input.delivery_service,
      deliveryMethod: input.delivery_method,
      deliveryType: input.delivery_type,
      selfTtn: selfTtn ? input.self_ttn! : null,
      selfTtnType: selfTtn ? input.self_ttn_type! : null,
      lastName: input.last_name,
      firstName: input.first_name,
      middleName: input.middle_name || null,
      phone: input.phone,
      cityRef: input.city_ref ?? null,
      cityName: input.city_name || null,
      branchRef: input.delivery_method === 'Branch' ? (input.branch_ref ?? null) : null,
      branchName: input.delivery_method === 'Branch' ? input.branch_name || null : null,
      streetRef: input.delivery_method === 'Courier' ? (input.street_ref ?? null) : null,
      streetName: input.delivery_method === 'Courier' ? input.street_name || null : null,
      house: input.delivery_method === 'Courier' ? input.house || null : null,
      appt: input.delivery_method === 'Courier' ? input.appt || null : null,
      comment: input.comment || null,
      prepaymentKop: prepayment,
      wholesaleKop: wholesale,
      retailKop: retail,
      profitKop: retail - wholesale,
      expectedAccrualKop: expected,
    });
    const written = await ordersRepo.completePlacement(tx, order, lines, ctx.user.id);
    await queueReservation(tx, ctx.deps, order.id, 'create');
    return { order, ...written };
  });
  // Every process hears of the stock change at commit; this one forgets it before answering.
  const catalogue = readModelOf(ctx.db);
  if (soldOut) catalogue.forgetCatalogue();
  else catalogue.forgetProducts(reservedIds);
  if (ctx.user.autoConfirmOrders) {
    try {
      return await confirmOrder(ctx, placed.order.id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await ordersRepo.history(ctx.db, { orderId: placed.order.id, kind: 'auto_confirm', note: err.code });
      return getOrder(ctx, placed.order.id);
    }
  }
  // Answered from what was just written: nothing to read back.
  return presentOrder(placed.order, placed.lines, [{ h: placed.history, actor: ctx.user.name }], ctx.locale);
}

/**
 * New -> Confirmed. Money per payment method (DESIGN.md section 7): Balance debits the wholesale
 * sum now (400 InsufficientBalance if short) and the order is PaidFromBalance; Card waits for the
 * invoice to be paid (WaitPaid); COD and Prepayment are settled when the carrier pays.
 */
export async function confirmOrder(ctx: AuthedCtx, id: number): Promise<OrderDto> {
  return ctx.db.transaction(async (tx) => {
    const order = await ordersRepo.lockOwned(tx, ctx.user.id, id);
    if (!order) throw AppError.notFound();
    if (!canMoveOrder(order.status as never, 'Confirmed')) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
    let paymentStatus = order.paymentStatus;
    if (order.paymentMethod === 'Balance') {
      await ledger.debit(tx, ctx.deps, {
        userId: ctx.user.id,
        type: 'order',
        amountKop: order.wholesaleKop,
        key: `order:${order.id}:balance`,
        descriptionUk: `Оплата замовлення №${order.number} з балансу`,
        descriptionRu: `Оплата заказа №${order.number} с баланса`,
        operationable: { type: 'order', id: order.id },
      });
      paymentStatus = 'PaidFromBalance';
    } else if (order.paymentMethod === 'Card') {
      paymentStatus = 'WaitPaid';
    }
    const updated = await ordersRepo.update(tx, order.id, { status: 'Confirmed', paymentStatus });
    await ordersRepo.history(tx, { orderId: order.id, kind: 'status', from: order.status, to: 'Confirmed', actorId: ctx.user.id });
    if (paymentStatus !== order.paymentStatus) {
      await ordersRepo.history(tx, { orderId: order.id, kind: 'payment_status', from: order.paymentStatus, to: paymentStatus, note: order.paymentMethod === 'Balance' ? `${kopToUah(order.wholesaleKop).toFixed(2)}` : null });
    }
    await queueReservation(tx, ctx.deps, order.id, 'confirm');
    await pushToUser(tx, ctx.deps, ctx.user.id, REALTIME_EVENTS.ordersUpdated, { id: order.id, status: 'Confirmed', payment_status: paymentStatus });
    return load(ctx, tx, updated);
  });
}
