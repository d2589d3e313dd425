import { bigint, boolean, index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';
import { products } from './catalog.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Human-readable order numbers (100001, 100002 ...), unique whatever the order ids. */
export const orderNumbers = pgSequence('order_numbers', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number')
      .notNull()
      .default(sql`nextval('order_numbers')::text`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('New'),
    paymentStatus: text('payment_status').notNull().default('NotPaid'),
    deliveryStatus: text('delivery_status').notNull().default('New'),
    paymentMethod: text('payment_method').notNull(),
    paymentDelivery: text('payment_delivery').notNull(),
    deliveryService: text('delivery_service').notNull(),
    deliveryMethod: text('delivery_method').notNull(),
    deliveryType: text('delivery_type').notNull(),
    selfTtn: text('self_ttn'),
    /** The marketplace the order came from (prom, rozetka, horoshop: modules/marketplaces), null for the portal's own. */
    source: text('source'),
    selfTtnType: text('self_ttn_type'),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    phone: text('phone').notNull(),
    cityRef: text('city_ref'),
    cityName: text('city_name'),
    branchRef: text('branch_ref'),
    branchName: text('branch_name'),
    streetRef: text('street_ref'),
    streetName: text('street_name'),
    house: text('house'),
    appt: text('appt'),
    comment: text('comment'),
    /** The reservation in the supplier's system (1C or embedded), set by the reservation job. */
    reservationNumber: text('reservation_number'),
    /** Sums in kopecks, fixed at placement (never recomputed from today's prices). */
    prepaymentKop: bigint('prepayment_kop', { mode: 'number' }).notNull().default(0),
    wholesaleKop: bigint('wholesale_kop', { mode: 'number' }).notNull(),
    retailKop: bigint('retail_kop', { mode: 'number' }).notNull(),
    profitKop: bigint('profit_kop', { mode: 'number' }).notNull(),
    expectedAccrualKop: bigint('expected_accrual_kop', { mode: 'number' }).notNull(),
    /** Each edit adds one: names the ledger postings an edit makes (`order:{id}:rev:{n}`). */
    revision: integer('revision').notNull().default(0),
    /** The waybill: ours through NP (with its ref) or set by an operator; SelfTTN orders use self_ttn. */
    ttn: text('ttn'),
    ttnRef: text('ttn_ref'),
    /** The return waybill NP made for a refused parcel (tracked until it is back). */
    returnTtn: text('return_ttn'),
    deliveryCostKop: bigint('delivery_cost_kop', { mode: 'number' }),
    returnCostKop: bigint('return_cost_kop', { mode: 'number' }),
    /** Backward delivery (cash on delivery) the waybill asks the recipient for, kopecks. */
    codKop: bigint('cod_kop', { mode: 'number' }).notNull().default(0),
    npStatusCode: integer('np_status_code'),
    /**
     * When paid storage of the parcel waiting at the branch begins (NP's DatePayedKeeping, read by the
     * tracking job); null when NP names none (the parcel is not at a branch, or another carrier).
     */
    npStorageAt: ts('np_storage_at'),
    trackingStatus: text('tracking_status'),
    /** The tracking job still asks the carrier about this order. */
    tracking: boolean('tracking').notNull().default(false),
    trackedAt: ts('tracked_at'),
    /**
     * The CommerceML sale exchange (RESERVATION_SYSTEM=commerceml, modules/onec/sale.service.ts):
     * onec_revision is the version of the order 1C should have (null: the order is not in the
     * exchange; CreateReserveJob sets 1, the update/confirm/cancel jobs add one), and
     * onec_exported_revision the version 1C confirmed receiving (mode=success). The order is due
     * for export while onec_revision > onec_exported_revision.
     */
    onecRevision: integer('onec_revision'),
    onecExportedRevision: integer('onec_exported_revision'),
    onecExportedAt: ts('onec_exported_at'),
    /** What 1C has of the order as `status/payment_status/revision` (from the last export or 1C's own upload). */
    onecState: text('onec_state'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    index('orders_user_idx').on(t.userId, t.id),
    // Reports and date filters over all resellers (issue 29).
    index('orders_created_idx').on(t.createdAt),
    // The staff list sorted by number: numbers are decimal text, so shorter ones first (issue 29).
    index('orders_number_sort_idx').on(sql`length(${t.number})`, t.number),
    index('orders_status_idx').on(t.status, t.id),
    index('orders_user_status_idx').on(t.userId, t.status),
    index('orders_tracking_idx')
      .on(t.trackedAt)
      .where(sql`tracking`),
    index('orders_onec_due_idx')
      .on(t.id)
      .where(sql`onec_revision > coalesce(onec_exported_revision, 0)`),
    // The worklists (issue 28; orders.repository.ts worklistWhere, the same conditions word for word):
    // each a small partial index, so a list page and a counter stay cheap among a million orders.
    // to_pack is orders_status_idx (status = 'Confirmed').
    index('orders_wl_to_confirm_idx')
      .on(t.id)
      .where(sql`status = 'New' AND payment_method <> 'Balance'`),
    index('orders_wl_to_ship_idx')
      .on(t.id)
      .where(sql`status IN ('Confirmed', 'Complected') AND (ttn IS NULL OR delivery_status = 'Deleted')`),
    index('orders_wl_trouble_idx')
      .on(t.id)
      .where(sql`(delivery_status = 'Refusal' AND status NOT IN ('Return', 'Done', 'Canceled')) OR (np_status_code IN (7, 8) AND np_storage_at IS NOT NULL)`),
  ],
);

/**
 * One answer to 1C's `type=sale&mode=query`: the orders it carried, each at the onec_revision (and
 * state) it had then. mode=success confirms the newest batch: exactly those orders at those
 * revisions count as exported; anything that changed or arrived since stays due.
 */
export const onecSaleBatches = pgTable('onec_sale_batches', {
  id: serial('id').primaryKey(),
  orders: jsonb('orders').$type<{ id: number; revision: number; state: string }[]>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  confirmedAt: ts('confirmed_at'),
});

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    b2bCodeId: integer('b2b_code_id').notNull(),
    name: text('name').notNull(),
    vendorCode: text('vendor_code').notNull(),
    qty: integer('qty').notNull(),
    dropKop: bigint('drop_kop', { mode: 'number' }).notNull(),
    retailKop: bigint('retail_kop', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** Every change of an order: statuses, money, reservation jobs and their results. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    from: text('from_value'),
    to: text('to_value'),
    note: text('note'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** How many times this same event happened in a row (a reservation failing again): one row, counted. */
    repeatCount: integer('repeat_count').notNull().default(1),
    /** When it last happened (null: only once, at created_at). */
    lastAt: ts('last_at'),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.id)],
);

/** Documents on an order (a SelfTTN waybill, invoices): images or PDF under DATA_DIR. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Relative to DATA_DIR. */
    path: text('path').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('media_files_order_idx').on(t.orderId, t.id)],
);

/**
 * The built-in Nova Poshta emulator's waybills (integrations/novaposhta/emulator.ts): kept in the
 * database so parcels survive a restart and every API process sees the same ones.
 */
export const npEmulatorDocuments = pgTable('np_emulator_documents', {
  number: text('number').primaryKey(),
  ref: text('ref').notNull(),
  costKop: bigint('cost_kop', { mode: 'number' }).notNull(),
  codKop: bigint('cod_kop', { mode: 'number' }).notNull().default(0),
  /** The NP status codes this parcel goes through, and how far it has got. */
  path: jsonb('path').$type<(number | string)[]>().notNull(),
  step: integer('step').notNull().default(0),
  returnNumber: text('return_number'),
  deleted: boolean('deleted').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  movedAt: ts('moved_at').notNull().defaultNow(),
});
