import {
  EDITABLE_STATUSES,
  LAST_ORDERS_LIMIT,
  canMoveOrder,
  conversionOf,
  kopToUah,
  priceProduct,
  type PricingUser,
  uahToKop,
  type OrderCreateInput,
  type OrderDto,
  type OrdersCountDto,
  type OrdersQuery,
  type OrderStatus,
  type OrderUpdateInput,
  type StatisticsDto,
  type StatisticsSeriesDto,
} from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { pricingUser } from '../catalog/catalog.service.ts';
import { pick } from '../catalog/catalog.presenter.ts';
import { categoryTree } from '../catalog/category-tree.ts';
import { readModelOf } from '../catalog/read-model.ts';
import { cartRepo } from '../cart/cart.repository.ts';
import { presentOrder, presentOrderSummary } from './orders.presenter.ts';
import { ordersRepo, type OrderLineRow, type OrderProduct, type OrderRow } from './orders.repository.ts';
import { queueReservation } from './reservation.service.ts';
import { checkBalanceForAutoConfirm, checkCourierStreet } from './placement-checks.ts';
import { moveOrder, postOrderMoney, pushOrder, setPaymentStatus, type Actor } from './order-lifecycle.ts';
import { nameStockWriter, newOrderId } from '../catalog/catalog-stock.repository.ts';
import { operationStatistics } from '../finance/finance.service.ts';

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

/** An order with its lines, history and documents. Sequential: inside a transaction (PGlite has one connection). */
export async function loadOrder(db: Db, order: OrderRow, locale: AuthedCtx['locale']): Promise<OrderDto> {
  const lines = await ordersRepo.lines(db, order.id);
  const history = await ordersRepo.historyOf(db, order.id);
  const documents = await ordersRepo.documents(db, order.id);
  return presentOrder(order, lines, history, locale, documents);
}
const load = (ctx: AuthedCtx, db: Db, order: OrderRow) => loadOrder(db, order, ctx.locale);
const owner = (ctx: AuthedCtx): Actor => ({ id: ctx.user.id, owner: true });

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
 * Refused before anything is written: a courier street not in the carrier's list (422), and a
 * Balance order that would auto-confirm without the wholesale sum on the balance (400).
 */
export async function placeOrder(ctx: AuthedCtx, input: OrderCreateInput): Promise<OrderDto> {
  input = await checkCourierStreet(ctx, input);
  const user = await pricingUser(ctx.db, ctx.user);
  // A product whose category was hidden after it went into the cart is no longer for sale.
  const { hiddenIds } = await categoryTree(ctx.db);
  const placed = await ctx.db.transaction(async (tx) => {
    // One cart becomes at most one order: a concurrent placement waits here, then finds the cart empty.
    await cartRepo.lockCart(tx, ctx.user.id);
    const rows = await cartRepo.lines(tx, ctx.user.id);
    if (rows.length === 0) throw AppError.business('CartEmpty', 'cart_empty');
    const lines = rows.map(({ line, product }) => ({ product, qty: line.qty, retailKop: line.retailKop }));
    return placeInTx(ctx, tx, input, lines, { user, hiddenIds, clearCart: true });
  });
  return afterPlacement(ctx, placed);
}

export type PlacementProduct = OrderProduct;
export type Placed = Awaited<ReturnType<typeof placeInTx>>;

/**
 * An order from `lines` inside the caller's transaction (the cart's placement above, a
 * marketplace draft's in modules/marketplaces): today's prices are checked again (never below
 * the user's drop price, nor below the recommended one while the supplier enforces it), the sums
 * fixed, the stock reserved (never more than is left) and the reservation queued. Refused before
 * anything is written for a Balance order that would auto-confirm without the wholesale sum on
 * the balance (400).
 */
export async function placeInTx(
  ctx: AuthedCtx,
  tx: Db,
  input: OrderCreateInput,
  rows: { product: PlacementProduct; qty: number; retailKop: number }[],
  opts: { user: Awaited<ReturnType<typeof pricingUser>>; hiddenIds: ReadonlySet<number>; clearCart: boolean },
) {
  const { user, hiddenIds } = opts;
  const enforce = user.recommendedFloor;
  let soldOut = false;
  const reservedIds: number[] = [];
  let wholesale = 0;
  let retail = 0;
  const lines = rows.map(({ product, qty, retailKop }) => {
    if (hiddenIds.has(product.categoryId)) throw AppError.business('ProductUnavailable', 'product_unavailable');
    const p = priceProduct(
      {
        dropKop: product.dropKop,
        oldDropKop: product.oldDropKop,
        retailKop: product.retailKop,
        categoryPath: [product.categoryId, product.parentId, product.rootId],
      },
      user,
    );
    if (retailKop < p.dropKop) throw AppError.business('PriceIsLessDrop', 'price_less_drop');
    if (enforce && retailKop < p.retailKop) throw AppError.business('PriceIsLessRecommended', 'price_less_recommended');
    wholesale += p.dropKop * qty;
    retail += retailKop * qty;
    return {
      productId: product.id,
      b2bCodeId: product.b2bCodeId,
      name: pick(ctx.locale, product.nameUk, product.nameRu),
      vendorCode: product.vendorCode,
      qty,
      dropKop: p.dropKop,
      retailKop,
    };
  });
  const prepayment = input.payment_method === 'Prepayment' ? uahToKop(input.prepayment_sum ?? 0) : 0;
  if (prepayment > retail) throw AppError.business('big_prepayment', 'big_prepayment');
  await checkBalanceForAutoConfirm(tx, ctx.user, input.payment_method, wholesale);
  // Cash on delivery and prepayment: the carrier collects the rest, the profit comes back to the balance.
  const expected = input.payment_method === 'COD' || input.payment_method === 'Prepayment' ? retail - prepayment - wholesale : 0;
  // The order's id first, so that the stock history names the order the reservation is for.
  const orderId = await newOrderId(tx);
  await nameStockWriter(tx, { source: 'order', orderId, actorId: ctx.user.id });
  // Reserve in product order so concurrent orders lock rows in one order.
  for (const l of [...lines].sort((a, b) => a.productId - b.productId)) {
    const left = await ordersRepo.reserve(tx, l.productId, l.qty);
    if (left === null) throw AppError.business('QuantityIsLessRemains', 'quantity_less_remains');
    reservedIds.push(l.productId);
    if (left === 0) soldOut = true;
  }
  const order = await ordersRepo.insert(tx, {
    id: orderId,
    userId: ctx.user.id,
    ...recipientFields(input),
    prepaymentKop: prepayment,
    wholesaleKop: wholesale,
    retailKop: retail,
    profitKop: retail - wholesale,
    expectedAccrualKop: expected,
  });
  const written = await ordersRepo.completePlacement(tx, order, lines, ctx.user.id, opts.clearCart);
  await queueReservation(tx, ctx.deps, order.id, 'create');
  return { order, ...written, soldOut, reservedIds };
}

/**
 * After a placement commits: the catalogue forgets the stock it showed, and with
 * auto_confirm_orders the order is confirmed through the same path as the confirm call; if that
 * is refused (e.g. not enough balance) the order stays New with a note.
 */
export async function afterPlacement(ctx: AuthedCtx, placed: Placed): Promise<OrderDto> {
  // Every process hears of the stock change at commit; this one forgets it before answering.
  const catalogue = readModelOf(ctx.db);
  if (placed.soldOut) catalogue.forgetCatalogue();
  else catalogue.forgetProducts(placed.reservedIds);
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
    const locked = await ordersRepo.lockOwned(tx, ctx.user.id, id);
    if (!locked) throw AppError.notFound();
    const order = await confirmLocked(tx, ctx.deps, locked, owner(ctx));
    await pushOrder(tx, ctx.deps, order);
    return load(ctx, tx, order);
  });
}

/**
 * The confirmation itself, on an order locked in `tx`, whoever makes it: the reseller, or staff
 * for them (a non-Balance order, orders-admin.service.ts; their comment goes on the status row).
 * Not New: 400 TransitionNotAllowed.
 */
export async function confirmLocked(tx: Db, deps: Deps, locked: OrderRow, actor: Actor, comment: string | null = null): Promise<OrderRow> {
  if (!canMoveOrder(locked.status as OrderStatus, 'Confirmed')) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
  let order = await moveOrder(tx, deps, locked, 'Confirmed', actor, comment);
  if (order.paymentMethod === 'Balance') {
    await postOrderMoney(tx, deps, order, 'balance', -order.wholesaleKop, `order:${order.id}:balance`, { actorId: actor.id });
    order = await setPaymentStatus(tx, order, 'PaidFromBalance', actor);
  } else if (order.paymentMethod === 'Card') {
    order = await setPaymentStatus(tx, order, 'WaitPaid', actor);
  }
  await queueReservation(tx, deps, order.id, 'confirm');
  return order;
}

/**
 * Cancel (New, Confirmed, Complected): the stock is released, CancelReserveJob queued, and
 * whatever the order took from the balance refunded (DESIGN.md section 7).
 */
export async function cancelOrder(ctx: AuthedCtx, id: number): Promise<OrderDto> {
  const result = await ctx.db.transaction(async (tx) => {
    const order = await ordersRepo.lockOwned(tx, ctx.user.id, id);
    if (!order) throw AppError.notFound();
    const updated = await moveOrder(tx, ctx.deps, order, 'Canceled', owner(ctx));
    await pushOrder(tx, ctx.deps, updated);
    return load(ctx, tx, updated);
  });
  readModelOf(ctx.db).forgetProducts(result.products.flatMap((l) => (l.product_id === null ? [] : [l.product_id])));
  return result;
}

interface PricedLine {
  productId: number;
  b2bCodeId: number;
  name: string;
  vendorCode: string;
  qty: number;
  dropKop: number;
  retailKop: number;
}

/** Today's price check of one line (the cart's rules): never below drop; below recommended only if the supplier allows. */
function checkPrice(line: { dropKop: number; retailKop: number }, recommendedKop: number | null, enforce: boolean): void {
  if (line.retailKop < line.dropKop) throw AppError.business('PriceIsLessDrop', 'price_less_drop');
  if (enforce && recommendedKop !== null && line.retailKop < recommendedKop) throw AppError.business('PriceIsLessRecommended', 'price_less_recommended');
}

function sums(lines: PricedLine[], paymentMethod: string, prepaymentKop: number) {
  const wholesale = lines.reduce((a, l) => a + l.dropKop * l.qty, 0);
  const retail = lines.reduce((a, l) => a + l.retailKop * l.qty, 0);
  if (prepaymentKop > retail) throw AppError.business('big_prepayment', 'big_prepayment');
  const expected = paymentMethod === 'COD' || paymentMethod === 'Prepayment' ? retail - prepaymentKop - wholesale : 0;
  return { wholesaleKop: wholesale, retailKop: retail, profitKop: retail - wholesale, expectedAccrualKop: expected, prepaymentKop };
}

/** The recipient, delivery and payment fields of an order from the form (as placement stores them). */
function recipientFields(input: OrderCreateInput) {
  const selfTtn = input.delivery_type === 'SelfTTN';
  const branch = input.delivery_method === 'Branch';
  return {
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
    branchRef: branch ? (input.branch_ref ?? null) : null,
    branchName: branch ? input.branch_name || null : null,
    streetRef: branch ? null : (input.street_ref ?? null),
    streetName: branch ? null : input.street_name || null,
    house: branch ? null : input.house || null,
    appt: branch ? null : input.appt || null,
    comment: input.comment || null,
  };
}

/**
 * Edit (New and Confirmed): the lines, recipient, delivery and payment. A product already in the
 * order keeps the drop price it was ordered at; a new one takes today's. Stock follows the
 * quantities (more is reserved, less released); a confirmed Balance order is debited or credited
 * the difference of its wholesale sum; UpdateReserveJob carries the change to 1C.
 */
export async function updateOrder(ctx: AuthedCtx, id: number, input: OrderUpdateInput): Promise<OrderDto> {
  input = await checkCourierStreet(ctx, input);
  const user = await pricingUser(ctx.db, ctx.user);
  const enforce = user.recommendedFloor;
  const { hiddenIds } = await categoryTree(ctx.db);
  const touched: number[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const order = await ordersRepo.lockOwned(tx, ctx.user.id, id);
    if (!order) throw AppError.notFound();
    if (!EDITABLE_STATUSES.includes(order.status as OrderStatus)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
    if (order.status !== 'New' && input.payment_method !== order.paymentMethod) throw AppError.field('payment_method', 'payment_locked');
    const old = await ordersRepo.lines(tx, order.id);
    const oldByProduct = new Map(old.filter((l) => l.productId !== null).map((l) => [l.productId!, l]));
    const catalogue = new Map(
      (
        await ordersRepo.products(
          tx,
          input.products.map((l) => l.product_id),
        )
      ).map((p) => [p.id, p]),
    );
    const lines: PricedLine[] = input.products.map((l, i) => {
      const product = catalogue.get(l.product_id);
      const before = oldByProduct.get(l.product_id);
      // A line already in the order stays; a product of a hidden category cannot be added.
      if (!product || (!before && hiddenIds.has(product.categoryId))) throw AppError.field(`products.${i}.product_id`, 'product_unavailable');
      const today = priceOf(product, user);
      const retailKop = uahToKop(l.retail_price);
      const line = {
        productId: product.id,
        b2bCodeId: product.b2bCodeId,
        name: before?.name ?? pick(ctx.locale, product.nameUk, product.nameRu),
        vendorCode: product.vendorCode,
        qty: l.qty,
        dropKop: before ? before.dropKop : today.dropKop,
        retailKop,
      };
      // A price the reseller did not touch stays valid even if the recommended price rose since.
      checkPrice(line, before && before.retailKop === retailKop ? null : today.retailKop, enforce);
      return line;
    });
    // Stock: the difference per product, in product order (concurrent orders lock rows in one order).
    const deltas = new Map<number, number>();
    for (const l of old) if (l.productId !== null) deltas.set(l.productId, -l.qty);
    for (const l of lines) deltas.set(l.productId, (deltas.get(l.productId) ?? 0) + l.qty);
    await nameStockWriter(tx, { source: 'order', orderId: order.id, actorId: ctx.user.id });
    for (const [productId, delta] of [...deltas].sort((a, b) => a[0] - b[0])) {
      if (delta > 0 && (await ordersRepo.reserve(tx, productId, delta)) === null) throw AppError.business('QuantityIsLessRemains', 'quantity_less_remains');
      if (delta < 0) await ordersRepo.release(tx, productId, -delta);
      if (delta !== 0) touched.push(productId);
    }
    const prepayment = input.payment_method === 'Prepayment' ? uahToKop(input.prepayment_sum ?? 0) : 0;
    const money = sums(lines, input.payment_method, prepayment);
    const revision = order.revision + 1;
    let updated = await ordersRepo.update(tx, order.id, { ...recipientFields(input), ...money, revision });
    await ordersRepo.replaceLines(tx, order.id, lines);
    if (order.paymentStatus === 'PaidFromBalance') {
      await postOrderMoney(tx, ctx.deps, updated, 'adjust', order.wholesaleKop - money.wholesaleKop, `order:${order.id}:rev:${revision}`, {
        actorId: ctx.user.id,
      });
    }
    await ordersRepo.history(tx, { orderId: order.id, kind: 'edit', note: editSummary(old, lines, order, money.retailKop), actorId: ctx.user.id });
    await queueReservation(tx, ctx.deps, order.id, 'update');
    updated = (await ordersRepo.byId(tx, order.id))!;
    await pushOrder(tx, ctx.deps, updated);
    return load(ctx, tx, updated);
  });
  readModelOf(ctx.db).forgetProducts(touched);
  return result;
}

function editSummary(old: OrderLineRow[], lines: PricedLine[], order: OrderRow, retailKop: number): string {
  const parts = [`${old.length} → ${lines.length}`];
  if (order.retailKop !== retailKop) parts.push(`${kopToUah(order.retailKop).toFixed(2)} → ${kopToUah(retailKop).toFixed(2)}`);
  return parts.join('; ');
}

function priceOf(product: OrderProduct, user: PricingUser) {
  return priceProduct(
    {
      dropKop: product.dropKop,
      oldDropKop: product.oldDropKop,
      retailKop: product.retailKop,
      categoryPath: [product.categoryId, product.parentId, product.rootId],
    },
    user,
  );
}

/**
 * Copy: a new order in New with the same recipient, delivery, payment and lines at today's
 * prices: today's drop price, and the reseller's retail price unless it is now below what is
 * allowed (then today's minimum: the recommended price when enforced, else the drop price).
 */
export async function copyOrder(ctx: AuthedCtx, id: number): Promise<OrderDto> {
  const user = await pricingUser(ctx.db, ctx.user);
  const enforce = user.recommendedFloor;
  const { hiddenIds } = await categoryTree(ctx.db);
  const reserved: number[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const source = await ordersRepo.owned(tx, ctx.user.id, id);
    if (!source) throw AppError.notFound();
    const old = await ordersRepo.lines(tx, source.id);
    const catalogue = new Map(
      (
        await ordersRepo.products(
          tx,
          old.flatMap((l) => (l.productId === null ? [] : [l.productId])),
        )
      ).map((p) => [p.id, p]),
    );
    const lines: PricedLine[] = old.map((l) => {
      const product = l.productId === null ? undefined : catalogue.get(l.productId);
      if (!product || hiddenIds.has(product.categoryId)) throw AppError.business('ProductUnavailable', 'product_unavailable');
      const today = priceOf(product, user);
      const floor = enforce ? Math.max(today.dropKop, today.retailKop) : today.dropKop;
      return {
        productId: product.id,
        b2bCodeId: product.b2bCodeId,
        name: pick(ctx.locale, product.nameUk, product.nameRu),
        vendorCode: product.vendorCode,
        qty: l.qty,
        dropKop: today.dropKop,
        retailKop: Math.max(l.retailKop, floor),
      };
    });
    const orderId = await newOrderId(tx);
    await nameStockWriter(tx, { source: 'order', orderId, actorId: ctx.user.id });
    for (const l of [...lines].sort((a, b) => a.productId - b.productId)) {
      if ((await ordersRepo.reserve(tx, l.productId, l.qty)) === null) throw AppError.business('QuantityIsLessRemains', 'quantity_less_remains');
      reserved.push(l.productId);
    }
    const money = sums(lines, source.paymentMethod, source.paymentMethod === 'Prepayment' ? source.prepaymentKop : 0);
    const { id: _id, number: _n, createdAt: _c, updatedAt: _u, ...rest } = source;
    const order = await ordersRepo.insert(tx, {
      ...rest,
      id: orderId,
      ...money,
      status: 'New',
      paymentStatus: 'NotPaid',
      deliveryStatus: 'New',
      reservationNumber: null,
      revision: 0,
      ttn: null,
      ttnRef: null,
      returnTtn: null,
      deliveryCostKop: null,
      returnCostKop: null,
      codKop: 0,
      npStatusCode: null,
      trackingStatus: null,
      tracking: false,
      trackedAt: null,
    });
    await ordersRepo.completePlacement(tx, order, lines, ctx.user.id, false);
    await ordersRepo.history(tx, { orderId: order.id, kind: 'copy', to: source.number, note: 'from', actorId: ctx.user.id });
    await ordersRepo.history(tx, { orderId: source.id, kind: 'copy', to: order.number, note: 'to', actorId: ctx.user.id });
    await queueReservation(tx, ctx.deps, order.id, 'create');
    await pushOrder(tx, ctx.deps, order);
    return load(ctx, tx, order);
  });
  readModelOf(ctx.db).forgetProducts(reserved);
  return result;
}

// ---------- statistics (the dashboard home) ----------

export const STATISTICS_DAYS = 7;

/** Orders per Kyiv day for the last 7 days, the maximum and the day it was reached. */
async function ordersLastWeek(ctx: AuthedCtx): Promise<StatisticsSeriesDto> {
  const series = await ordersRepo.perDay(ctx.db, ctx.user.id, STATISTICS_DAYS);
  const labels = series.map((s) => `${s.day.slice(8, 10)}.${s.day.slice(5, 7)}`);
  const values = series.map((s) => s.n);
  const max = Math.max(0, ...values);
  return { labels, values, max, at: max > 0 ? labels[values.indexOf(max)]! : null };
}

/** All-time counters: delivering (Delivered), done, returned (Return, PartReturn); conversion = done / (done + return). */
async function ordersCount(ctx: AuthedCtx): Promise<OrdersCountDto> {
  const by = await ordersRepo.counts(ctx.db, ctx.user.id);
  const n = (s: string) => by[s] ?? 0;
  const total = Object.values(by).reduce((a, b) => a + b, 0);
  const done = n('Done');
  const returned = n('Return') + n('PartReturn');
  return { total_count: total, count_delivered: n('Delivered'), count_done: done, count_return: returned, conversion: conversionOf(done, returned) };
}

/** The dashboard home's three cards (sequential: PGlite has one connection). */
export async function dashboardStatistics(ctx: AuthedCtx): Promise<StatisticsDto> {
  const last_week = await ordersLastWeek(ctx);
  const orders_count = await ordersCount(ctx);
  const operation_statistics = await operationStatistics(ctx);
  return { last_week, orders_count, operation_statistics };
}
