import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  emptyOnecImportProgress,
  buildConfigLists,
  mustBePaidToShip,
  translate,
  type ConfigItem,
  type OnecMessage,
  type OrderStatus,
  type PayMethod,
  type PayStatus,
} from '@drop/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { onecImportRuns, onecSaleBatches, orderHistory, orderLines, orders, products, users } from '../../db/schema/index.ts';
import { ordersRepo, type OrderRow } from '../orders/orders.repository.ts';
import { SYSTEM, advanceOrderTo, moveOrder, postOrderMoney, pushOrder, setDeliveryStatus, setPaymentStatus } from '../orders/order-lifecycle.ts';
import { codOf } from '../orders/orders-admin.service.ts';
import { onecStateSql } from '../orders/reservation.service.ts';
import { FILE_LIMIT, sessionDir } from './exchange-session.ts';
import { exchangeDirOf } from './import-runner.ts';
import { onecRepo, type OnecImportRunRow, type OnecSessionRow } from './onec.repository.ts';
import { SaleFileError, amount, documentComplete, parseSaleUpload, writeSaleDocuments, type SaleDocument, type UploadedOrder } from './sale-xml.ts';

/**
 * The CommerceML `type=sale` exchange (RESERVATION_SYSTEM=commerceml, DESIGN.md section 7): 1C
 * polls /1c/exchange (exchange.routes.ts) for new orders and uploads what it did with them.
 *
 * Which orders 1C gets (mode=query): every order due for export, i.e. onec_revision >
 * onec_exported_revision. CreateReserveJob puts a new order in at version 1; UpdateReserveJob,
 * ConfirmReserveJob and CancelReserveJob raise the version when the order's state
 * (status/payment status/edit revision) differs from what 1C has, so an order the reseller edits,
 * confirms or cancels after 1C received it is sent again with its new state (1C sees the
 * cancellation as 'Отменен' = true). Moves that do not queue a reservation job (an operator's
 * Complected/Delivered/Done, waybills, the carrier's tracking) are not sent: the warehouse
 * progress is 1C's own. Changes 1C uploads itself are not echoed back to it.
 *
 * Exactly once per confirmed exchange: each query answers all due orders (oldest first, at most
 * BATCH_LIMIT) and records them with their versions as a batch; mode=success confirms the newest
 * batch only, marking those orders exported at those versions. A query repeated without success
 * answers the same orders again (1C lost the answer); an order placed or changed after the query
 * stays due and goes in the next one.
 *
 * The query answers orders only while RESERVATION_SYSTEM=commerceml: under another system the
 * orders reach 1C through it, never twice.
 */

/** At most this many orders per answer; the rest come in the next exchange. */
export const BATCH_LIMIT = 500;
/** Confirmed batches are kept this long (which orders went to 1C when). */
const BATCH_KEEP_DAYS = 30;

const UK = buildConfigLists('uk');
const label = (list: ConfigItem[], id: string | null) => (id ? (list.find((i) => i.id === id)?.name ?? id) : null);

/** Kyiv wall-clock date and time of an instant, as CommerceML writes them. */
function kyiv(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Kyiv',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

const bool = (v: boolean) => (v ? 'true' : 'false');
const joined = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(', ');

type DueOrder = { o: OrderRow; u: { name: string; email: string; phone: string | null; city: string | null }; state: string };
type DueLine = { orderId: number; b2bCodeId: number; externalId: string | null; vendorCode: string; name: string; qty: number; dropKop: number };

function saleDocument({ o, u }: DueOrder, lines: DueLine[]): SaleDocument {
  const { date, time } = kyiv(o.createdAt);
  const recipient = joined([o.lastName, o.firstName, o.middleName].filter(Boolean).join(' '), o.phone);
  const address = o.deliveryMethod === 'Courier' ? joined(o.streetName, o.house, o.appt ? `кв. ${o.appt}` : null) : o.branchName;
  const ttn = o.ttn ?? o.selfTtn;
  const cod = codOf(o);
  const delivery =
    o.deliveryType === 'SelfTTN'
      ? joined(label(UK.delivery_type_list, o.deliveryType), label(UK.self_ttn_type_list, o.selfTtnType), o.selfTtn)
      : joined(label(UK.delivery_service_list, o.deliveryService), label(UK.delivery_method_list, o.deliveryMethod), o.cityName, address);
  return {
    id: o.number,
    number: o.number,
    date,
    time,
    sumKop: o.wholesaleKop,
    counterparty: { id: `drop-user-${o.userId}`, name: u.name, email: u.email, phone: u.phone, city: u.city },
    comment: [`Отримувач: ${recipient}`, `Доставка: ${delivery}`, o.comment ? `Коментар: ${o.comment}` : null].filter(Boolean).join('. '),
    lines: lines.map((l) => ({ id: l.externalId || String(l.b2bCodeId), vendorCode: l.vendorCode, name: l.name, priceKop: l.dropKop, qty: l.qty })),
    requisites: [
      ['Статус заказа', label(UK.order_status_list, o.status)],
      ['Отменен', bool(o.status === 'Canceled')],
      ['Заказ оплачен', bool(o.paymentStatus === 'Paid' || o.paymentStatus === 'PaidFromBalance')],
      ['Статус оплаты', label(UK.pay_status_list, o.paymentStatus)],
      ['Метод оплаты', label(UK.pay_method_list, o.paymentMethod)],
      ['Сумма наложенного платежа', cod > 0 ? amount(cod) : null],
      ['Предоплата', o.prepaymentKop > 0 ? amount(o.prepaymentKop) : null],
      ['Розничная сумма', amount(o.retailKop)],
      ['Способ доставки', label(UK.delivery_method_list, o.deliveryMethod)],
      ['Служба доставки', o.deliveryType === 'SelfTTN' ? label(UK.self_ttn_type_list, o.selfTtnType) : label(UK.delivery_service_list, o.deliveryService)],
      ['Тип доставки', label(UK.delivery_type_list, o.deliveryType)],
      ['Доставку оплачивает', label(UK.delivery_pay_method_list, o.paymentDelivery)],
      ['Получатель', [o.lastName, o.firstName, o.middleName].filter(Boolean).join(' ')],
      ['Телефон получателя', o.phone],
      ['Город', o.cityName],
      ['Ref города НП', o.cityRef],
      ['Отделение', o.branchName],
      ['Ref отделения НП', o.branchRef],
      ['Адрес доставки', o.deliveryMethod === 'Courier' ? address : null],
      ['Номер ТТН', ttn],
      ['Комментарий покупателя', o.comment],
      ['Версия заказа', o.onecRevision === null ? null : String(o.onecRevision)],
    ],
  };
}

/** mode=query: the CommerceML document of the orders due for 1C, recorded as the newest batch. */
export async function saleQuery(db: Db, deps: Deps): Promise<Buffer> {
  const generatedAt = kyiv(new Date());
  return db.transaction(async (tx) => {
    // One exchange at a time: a query and a success never interleave.
    await tx.execute(sql`LOCK TABLE onec_sale_batches IN EXCLUSIVE MODE`);
    const due: DueOrder[] =
      deps.config.reservationSystem !== 'commerceml'
        ? []
        : await tx
            .select({
              o: orders,
              u: { name: users.name, email: users.email, phone: users.phone, city: users.city },
              state: sql<string>`${onecStateSql('orders')}`,
            })
            .from(orders)
            .innerJoin(users, eq(users.id, orders.userId))
            .where(sql`${orders.onecRevision} > coalesce(${orders.onecExportedRevision}, 0)`)
            .orderBy(asc(orders.id))
            .limit(BATCH_LIMIT);
    const ids = due.map((d) => d.o.id);
    const lines: DueLine[] = ids.length
      ? await tx
          .select({
            orderId: orderLines.orderId,
            b2bCodeId: orderLines.b2bCodeId,
            // The product's 1C Ид when the catalogue came from 1C.
            externalId: products.externalId,
            vendorCode: orderLines.vendorCode,
            name: orderLines.name,
            qty: orderLines.qty,
            dropKop: orderLines.dropKop,
          })
          .from(orderLines)
          .leftJoin(products, eq(products.id, orderLines.productId))
          .where(inArray(orderLines.orderId, ids))
          .orderBy(asc(orderLines.orderId), asc(orderLines.id))
      : [];
    const byOrder = Map.groupBy(lines, (l) => l.orderId);
    const xml = writeSaleDocuments(
      due.map((d) => saleDocument(d, byOrder.get(d.o.id) ?? [])),
      `${generatedAt.date}T${generatedAt.time}`,
    );
    // Only the newest batch can be confirmed: the unconfirmed ones before it go, confirmed ones are kept a while (audit).
    await tx
      .delete(onecSaleBatches)
      .where(sql`${onecSaleBatches.confirmedAt} IS NULL OR ${onecSaleBatches.confirmedAt} < now() - make_interval(days => ${BATCH_KEEP_DAYS})`);
    await tx.insert(onecSaleBatches).values({ orders: due.map((d) => ({ id: d.o.id, revision: d.o.onecRevision!, state: d.state })) });
    return Buffer.from(xml, 'utf8');
  });
}

/**
 * mode=success: the newest batch is confirmed, its orders exported at the versions it carried (an
 * order changed since stays due). A success with no unconfirmed newest batch changes nothing.
 */
export async function saleSuccess(db: Db, _deps: Deps): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE onec_sale_batches IN EXCLUSIVE MODE`);
    const [batch] = await tx.select().from(onecSaleBatches).orderBy(desc(onecSaleBatches.id)).limit(1);
    if (!batch || batch.confirmedAt) return;
    if (batch.orders.length) {
      await tx.execute(sql`
        WITH b AS (SELECT * FROM json_to_recordset(${JSON.stringify(batch.orders)}::json) AS x(id int, revision int, state text) ORDER BY id),
        u AS (UPDATE orders o SET onec_exported_revision = b.revision, onec_exported_at = now(), onec_state = b.state
              FROM b WHERE o.id = b.id AND coalesce(o.onec_exported_revision, 0) < b.revision
              RETURNING o.id, b.revision)
        INSERT INTO order_history (order_id, kind, to_value, note)
        SELECT id, 'reservation', 'export', 'commerceml: 1C received version ' || revision FROM u ORDER BY id`);
    }
    // An empty answer confirmed leaves nothing worth keeping (1C polls every few minutes).
    if (batch.orders.length) await tx.update(onecSaleBatches).set({ confirmedAt: new Date() }).where(eq(onecSaleBatches.id, batch.id));
    else await tx.delete(onecSaleBatches).where(eq(onecSaleBatches.id, batch.id));
  });
}

// ---------- mode=file: what 1C did with the orders ----------

/**
 * The requisites 1C (УТ 11, БАС, КА, the common site-exchange extensions) writes on an order and
 * what they mean here. Names and values are matched without case; a status may carry a code
 * prefix ('[F] Отгружен'). Unknown statuses are ignored (the flags still count).
 *  - 'Проведен' / 'Проведён' = true: 1C posted the order, it is reserved -> Confirmed;
 *  - 'Отгружен' / 'Відвантажено' = true (УТ 11: the shipment is posted) -> Delivered, through
 *    Confirmed and Complected, each step in the order's history; where no Отгружен is written
 *    (older 1C, CommerceML 2.0x), a 'Номер отгрузки по 1С' or 'Дата отгрузки по 1С' means the same;
 *  - 'Отменен' / 'Скасовано' / 'ПометкаУдаления' = true, or the element `<ПометкаУдаления>` of
 *    the document (УТ 11) = true -> Canceled;
 *  - 'Статус заказа' / 'Статус замовлення' / 'Статус': see STATUS_NAMES;
 *  - 'Номер по 1С' (also 'Номер в 1С', 'Номер 1С'), else the element `<Номер1С>` (УТ 11, padded
 *    with spaces: trimmed): the reservation number, kept in reservation_number;
 *  - 'Номер ТТН' (also 'ТТН', 'Номер декларации', 'Номер ЭН', 'Номер накладной перевозчика'): the waybill;
 *  - 'Номер отгрузки по 1С' and 'Дата отгрузки по 1С' (УТ 11): named in the note of the move to Delivered.
 */
const FLAG_TRUE = /^(true|истина|да|так|yes|1)$/i;
const POSTED = ['проведен', 'проведён', 'проведено'];
const CANCELED = ['отменен', 'отменён', 'скасовано', 'скасований', 'пометкаудаления', 'пометка удаления'];
const SHIPPED = ['отгружен', 'отгружён', 'відвантажено', 'відвантажений'];
const SHIPMENT_NUMBER = ['номер отгрузки по 1с', 'номер отгрузки по 1c', 'номер відвантаження по 1с'];
const SHIPMENT_DATE = ['дата отгрузки по 1с', 'дата отгрузки по 1c', 'дата відвантаження по 1с'];
const STATUS = ['статус заказа', 'статус замовлення', 'статус'];
const RESERVATION = ['номер по 1с', 'номер по 1c', 'номер в 1с', 'номер в 1c', 'номер 1с', 'номер 1c'];
const TTN = ['номер ттн', 'ттн', 'номер декларации', 'номер декларації', 'номер эн', 'номер ен', 'номер накладной перевозчика'];

/** 1C status names (ru/uk, УТ 11 and БАС enumerations, our own labels) -> our order status. */
export const STATUS_NAMES: Record<string, OrderStatus> = Object.fromEntries(
  (
    [
      [
        'Confirmed',
        [
          'подтвержден',
          'подтверждён',
          'підтверджено',
          'підтверджене',
          'принят',
          'прийнято',
          'к обеспечению',
          'до забезпечення',
          'в резерве',
          'в резерві',
          'зарезервирован',
          'зарезервовано',
          'confirmed',
        ],
      ],
      ['Complected', ['к отгрузке', 'до відвантаження', 'собран', 'зібрано', 'укомплектован', 'укомплектовано', 'укомплектоване', 'complected']],
      // 'Доставлен' (a site's final status, e.g. '[F] Доставлен'): the goods left; Done stays the carrier's (tracking).
      [
        'Delivered',
        [
          'отгружен',
          'відвантажено',
          'відвантажене',
          'доставляется',
          'доставляється',
          'передан в доставку',
          'передано в доставку',
          'доставлен',
          'доставлено',
          'shipped',
          'delivered',
        ],
      ],
      ['Canceled', ['отменен', 'отменён', 'скасовано', 'скасоване', 'аннулирован', 'анульовано', 'canceled', 'cancelled']],
    ] as const
  ).flatMap(([status, names]) => names.map((n) => [n, status])),
);

const RANK: Record<OrderStatus, number> = { New: 0, Confirmed: 1, Complected: 2, Delivered: 3, Done: 4, Return: 4, Exchange: 4, PartReturn: 4, Canceled: 5 };
const TTN_STATUSES: readonly string[] = ['Confirmed', 'Complected'];
const ORDER_OPERATIONS = ['', 'заказ товара'];

const first = (req: Map<string, string>, names: string[]) => names.map((n) => req.get(n)).find((v) => v !== undefined && v !== '');
const flagged = (req: Map<string, string>, names: string[]) => names.some((n) => FLAG_TRUE.test(req.get(n)?.trim() ?? ''));

/**
 * Whether 1C shipped the order: its Отгружен requisite where it writes one (УТ 11); else, as an
 * older 1C (УТ 10, КА, ERP with CommerceML 2.0x) tells it and the sites read it, a shipment
 * number or date (Номер/Дата отгрузки по 1С: the posted sales document).
 */
function shipped(req: Map<string, string>): boolean {
  if (SHIPPED.some((n) => (req.get(n)?.trim() ?? '') !== '')) return flagged(req, SHIPPED);
  return Boolean(first(req, SHIPMENT_NUMBER)?.trim() || first(req, SHIPMENT_DATE)?.trim());
}

/** The status 1C's document asks for (null: nothing beyond what it may say about the number or waybill). */
export function targetOf(doc: UploadedOrder): OrderStatus | null {
  const statusText = first(doc.requisites, STATUS)
    ?.replace(/^\[[^\]]*\]\s*/, '')
    .trim()
    .toLowerCase();
  const named = statusText ? (STATUS_NAMES[statusText] ?? null) : null;
  if (named === 'Canceled' || doc.deletionMark || flagged(doc.requisites, CANCELED)) return 'Canceled';
  if (shipped(doc.requisites) && (!named || RANK[named] < RANK.Delivered)) return 'Delivered';
  if (flagged(doc.requisites, POSTED) && (!named || RANK[named] < RANK.Confirmed)) return 'Confirmed';
  return named;
}

/** A business rule refused a step (not enough balance, a transition): kept in the history once, the rest of the file goes on. */
async function conflict(tx: Db, orderId: number, step: string, note: string): Promise<void> {
  const [last] = await tx.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(desc(orderHistory.id)).limit(1);
  if (last && last.kind === 'reservation_error' && last.to === step && last.note === note) return;
  await ordersRepo.history(tx, { orderId, kind: 'reservation_error', to: step, note });
}

/** Runs a step in a savepoint: refused by a business rule, it leaves nothing behind and answers the rule's code. */
async function step(
  tx: Db,
  orderId: number,
  name: string,
  fn: (sp: Db) => Promise<OrderRow>,
): Promise<{ order: OrderRow; refused?: undefined } | { order: null; refused: Refusal }> {
  try {
    return { order: await tx.transaction(fn) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await conflict(tx, orderId, name, err.code);
    return {
      order: null,
      refused: { reason: err.code, reason_uk: translate(err.messageKey, 'uk', err.params), reason_ru: translate(err.messageKey, 'ru', err.params) },
    };
  }
}

/** Why a business rule refused a step: its code and its text in both languages (the run's warning shows them). */
type Refusal = { reason: string; reason_uk: string; reason_ru: string };

/** 1C confirmed (posted) the order: New -> Confirmed with the money of a confirmation (DESIGN.md section 7). */
async function confirmBy1C(tx: Db, deps: Deps, o: OrderRow): Promise<OrderRow> {
  let order = await moveOrder(tx, deps, o, 'Confirmed', SYSTEM, '1С');
  if (order.paymentMethod === 'Balance') {
    await postOrderMoney(tx, deps, order, 'balance', -order.wholesaleKop, `order:${order.id}:balance`);
    order = await setPaymentStatus(tx, order, 'PaidFromBalance', SYSTEM);
  } else if (order.paymentMethod === 'Card') {
    order = await setPaymentStatus(tx, order, 'WaitPaid', SYSTEM);
  }
  return order;
}

/** The waybill 1C made (as an operator's setTtn: from Confirmed or Complected, replacing only a deleted one). */
async function ttnBy1C(tx: Db, deps: Deps, o: OrderRow, ttn: string): Promise<OrderRow> {
  if (!TTN_STATUSES.includes(o.status)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
  if (o.ttn && o.deliveryStatus !== 'Deleted') throw AppError.business('TtnExists', 'ttn_exists');
  notPaidCard(o);
  const order = await ordersRepo.update(tx, o.id, {
    ttn,
    ttnRef: null,
    deliveryCostKop: null,
    codKop: codOf(o),
    returnTtn: null,
    returnCostKop: null,
    npStatusCode: null,
    trackingStatus: null,
    // Nova Poshta parcels are followed by the tracking job.
    tracking: o.deliveryService === 'NovaPoshta' && o.deliveryType === 'NovaPoshta',
    trackedAt: null,
  });
  await ordersRepo.history(tx, { orderId: o.id, kind: 'ttn', to: ttn, note: '1С' });
  return setDeliveryStatus(tx, deps, order, 'CreatedTTN', SYSTEM);
}

/**
 * The paid-Card rule, as for an operator (issue 24): 1C cannot override it, so an unpaid Card
 * order's waybill or move to Complected and beyond is refused (written to the order's history).
 */
function notPaidCard(o: OrderRow): void {
  if (mustBePaidToShip({ payment_method: o.paymentMethod as PayMethod, payment_status: o.paymentStatus as PayStatus }))
    throw AppError.business('OrderNotPaid', 'order_not_paid');
}

/** What a file did: orders whose status moved, and the warnings (documents skipped, steps refused). */
export interface SaleFileResult {
  moved: number;
  warnings: OnecMessage[];
}

/** Applies one document of 1C's to its (locked) order; answers whether the order's status moved and whether a step was refused. */
async function applyDocument(tx: Db, deps: Deps, o: OrderRow, doc: UploadedOrder): Promise<{ moved: boolean; refused: Refusal | null }> {
  let order = o;
  const reservation = (first(doc.requisites, RESERVATION) ?? doc.number1c).trim();
  if (reservation && reservation !== order.reservationNumber) {
    order = await ordersRepo.update(tx, order.id, { reservationNumber: reservation });
    await ordersRepo.history(tx, { orderId: order.id, kind: 'reservation', to: 'confirm', note: `commerceml: ${reservation}` });
  }
  const target = targetOf(doc);
  const ttn = first(doc.requisites, TTN)?.replace(/\s+/g, '');
  const shipment = [first(doc.requisites, SHIPMENT_NUMBER)?.trim(), first(doc.requisites, SHIPMENT_DATE)?.trim()].filter(Boolean).join(' ');
  const before = { status: order.status, paymentStatus: order.paymentStatus };
  const current = () => order.status as OrderStatus;
  let refused: Refusal | null = null;
  const run = async (name: string, fn: (sp: Db) => Promise<OrderRow>) => {
    const r = await step(tx, order.id, name, fn);
    if (r.order) order = r.order;
    else refused = r.refused;
  };
  if (target === 'Canceled') {
    // Already cancelled: nothing to do; further on (delivered, done): 1C cannot take it back.
    if (current() !== 'Canceled') await run('cancel', (sp) => moveOrder(sp, deps, order, 'Canceled', SYSTEM, '1С'));
  } else if (target && current() !== 'Canceled') {
    if (current() === 'New') await run('confirm', (sp) => confirmBy1C(sp, deps, order));
    if (!refused && ttn && ttn !== order.ttn && ttn !== order.selfTtn) await run('ttn', (sp) => ttnBy1C(sp, deps, order, ttn));
    if (!refused && RANK[target] > RANK[current()])
      await run('status', async (sp) => {
        if (RANK[target] >= RANK.Complected && RANK[current()] < RANK.Complected) notPaidCard(order);
        // Each step in between is in the history; the shipment 1C names goes with the move to Delivered.
        let moved = order;
        if (target === 'Delivered' && RANK[current()] < RANK.Complected) moved = await advanceOrderTo(sp, deps, moved, 'Complected', SYSTEM, '1С');
        return advanceOrderTo(sp, deps, moved, target, SYSTEM, target === 'Delivered' && shipment ? `1С: ${shipment}` : '1С');
      });
  } else if (ttn && ttn !== order.ttn && ttn !== order.selfTtn && current() !== 'Canceled') {
    await run('ttn', (sp) => ttnBy1C(sp, deps, order, ttn));
  }
  const moved = order.status !== before.status;
  if (moved || order.paymentStatus !== before.paymentStatus) {
    // 1C has this status now: the cancel job it causes must not send it back (the edit revision 1C has stays).
    await tx.execute(
      sql`UPDATE orders SET onec_state = status || '/' || payment_status || '/' || split_part(onec_state, '/', 3) WHERE id = ${order.id} AND onec_state IS NOT NULL`,
    );
    await pushOrder(tx, deps, order);
  }
  return { moved, refused };
}

/** How a warning names a document: its number (or Ид), 1C's own number and its date, as the file has them. */
function documentName(d: UploadedOrder): string {
  const extra = [d.number1c, [d.date, d.time].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return `${d.number || d.id}${extra ? ` (${extra})` : ''}`;
}

/**
 * mode=file: 1C's order documents (statuses, its number, waybills) applied in one transaction
 * through the order lifecycle, as an operator's moves (the same rules and money; the actor is the
 * system). Broken XML refuses the whole file with the reason. A document that names no order the
 * exchange gave 1C (1C's own orders registered for the exchange, an order placed under another
 * reservation system) is skipped with a warning, and so is one with neither Ид nor Номер; a step
 * a business rule refuses (e.g. not enough balance to confirm) is written to the order's history
 * once, warned about, and the rest applies. 1C sends its registered changes again at every
 * exchange: the same file again changes nothing. The error's message is the reason alone (the
 * route names the file).
 */
export async function saleFile(db: Db, deps: Deps, _fileName: string, body: Buffer): Promise<SaleFileResult> {
  const docs = parseSaleUpload(body).filter((d) => ORDER_OPERATIONS.includes(d.operation.toLowerCase()));
  return db.transaction(async (tx) => {
    const warnings: OnecMessage[] = [];
    const numbers = [...new Set(docs.flatMap((d) => [d.id, d.number]).filter(Boolean))];
    // Locked in id order, so two uploads never wait on each other crosswise.
    const found = numbers.length
      ? await tx
          .select()
          .from(orders)
          .where(and(inArray(orders.number, numbers), isNotNull(orders.onecRevision)))
          .orderBy(asc(orders.id))
          .for('update')
      : [];
    const byNumber = new Map(found.map((o) => [o.number, o]));
    let moved = 0;
    // In the file's order, the warnings too.
    for (const d of docs) {
      if (!d.id && !d.number) {
        warnings.push({ key: 'sale_document_without_id', params: { index: d.index } });
        continue;
      }
      const known = byNumber.get(d.id) ?? byNumber.get(d.number);
      if (!known) {
        warnings.push({ key: 'sale_unknown_order', params: { document: documentName(d) } });
        continue;
      }
      const o = (await ordersRepo.byId(tx, known.id))!;
      const r = await applyDocument(tx, deps, o, d);
      if (r.moved) moved++;
      if (r.refused) warnings.push({ key: 'sale_step_refused', params: { order: o.number, ...r.refused } });
    }
    return { moved, warnings };
  });
}

// ---------- the orders file over /1c/exchange: parts, the run it leaves ----------

/** Where the parts of an orders file wait in the session's directory (apart from a catalogue package). */
const saleRel = (file: string) => `sale/${file}`;

/** What an orders file came to: a part stored (more to come), or applied or refused (its run). */
export type SaleUploadOutcome = { result: 'part' } | { result: 'done'; run: OnecImportRunRow } | { result: 'failed'; run: OnecImportRunRow; detail: string };

/**
 * Applies a whole orders file and records it as a run of the exchange (the back office lists it
 * with its warnings, in uk and ru): `done` with the documents skipped and the steps refused, or
 * `failed` with the reason. Errors other than the file's own (SaleFileError) or a business rule's
 * are recorded as `internal` and thrown on.
 */
async function applySaleFile(deps: Deps, session: OnecSessionRow, file: string, data: Buffer): Promise<SaleUploadOutcome> {
  const startedAt = new Date();
  const base = {
    source: 'exchange' as const,
    sessionId: session.id,
    generation: session.generation,
    actorId: null,
    requestedFile: saleRel(file),
    dir: exchangeDirOf(session.id),
    files: [saleRel(file)],
    progress: { ...emptyOnecImportProgress(1), phase: 'done' as const, file: saleRel(file), files_done: 1, percent: 100 },
    startedAt,
    heartbeatAt: new Date(),
  };
  try {
    const r = await saleFile(deps.db, deps, file, data);
    const run = await onecRepo.insertRun(deps.db, {
      ...base,
      status: 'done',
      warnings: r.warnings.slice(0, SALE_WARNINGS_KEPT),
      warningsCount: r.warnings.length,
      finishedAt: new Date(),
    });
    return { result: 'done', run };
  } catch (err) {
    const known = err instanceof SaleFileError || err instanceof AppError;
    const detail = err instanceof AppError ? err.code : err instanceof Error ? err.message : String(err);
    const run = await onecRepo.insertRun(deps.db, {
      ...base,
      status: 'failed',
      error: known ? { key: 'sale_failed', params: { file, detail: detail.slice(0, 500) } } : { key: 'internal', params: {} },
      finishedAt: new Date(),
    });
    if (!known) throw err;
    return { result: 'failed', run, detail };
  }
}

/** At most this many warnings are kept with a run (the count has them all). */
const SALE_WARNINGS_KEPT = 50;

/**
 * `type=sale&mode=file`: 1C sends its orders file in one piece, or split into parts of exactly
 * file_limit bytes when it is bigger. A part that fills the limit and leaves the document open is
 * stored in the session's directory and answered `success`; the part that completes it (or any
 * shorter body: a truncated file is refused at once, not left waiting) applies the whole file.
 * `file` is the safe relative name (the route checked it).
 */
export async function saleUpload(deps: Deps, session: OnecSessionRow, file: string, body: Buffer): Promise<SaleUploadOutcome> {
  const abs = path.join(sessionDir(deps, session.id), saleRel(file));
  const pending = await fsp.stat(abs).then(
    (s) => s.isFile(),
    () => false,
  );
  const full = body.length >= FILE_LIMIT;
  if (!pending && !(full && !documentComplete(body))) return applySaleFile(deps, session, file, body);
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  await fsp.appendFile(abs, body);
  const data = await fsp.readFile(abs);
  if (full && !documentComplete(data)) return { result: 'part' };
  try {
    return await applySaleFile(deps, session, file, data);
  } finally {
    await fsp.rm(abs, { force: true });
  }
}

/**
 * `type=sale&mode=import` (1C 8.3's exchange sends it after the file): the parts still waiting are
 * applied now; a file already applied in this session is answered by its run; none: not received.
 */
export async function saleImport(deps: Deps, session: OnecSessionRow, file: string): Promise<SaleUploadOutcome | { result: 'missing' }> {
  const abs = path.join(sessionDir(deps, session.id), saleRel(file));
  const data = await fsp.readFile(abs).catch(() => null);
  if (data) {
    try {
      return await applySaleFile(deps, session, file, data);
    } finally {
      await fsp.rm(abs, { force: true });
    }
  }
  const [run] = await deps.db
    .select()
    .from(onecImportRuns)
    .where(and(eq(onecImportRuns.sessionId, session.id), eq(onecImportRuns.requestedFile, saleRel(file))))
    .orderBy(desc(onecImportRuns.id))
    .limit(1);
  if (!run) return { result: 'missing' };
  if (run.status === 'failed') return { result: 'failed', run, detail: String(run.error?.params.detail ?? '') };
  return { result: 'done', run };
}
