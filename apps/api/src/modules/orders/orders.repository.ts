import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/shared-queries.ts';
import {
  ORDER_SORT_WINDOW,
  ORDER_STATUSES,
  STORAGE_WARNING_DAYS,
  UNINDEXED_ORDER_SORTS,
  sortDescending,
  sortField,
  type AdminOrdersFilter,
  type AdminOrdersQuery,
  type OrderSort,
  type OrderWorklist,
} from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { TZ, dayEnd, dayStart } from '../../db/kyiv-day.ts';
import { mediaFiles, operations, orderHistory, orderLines, orders, products, users } from '../../db/schema/index.ts';
import { productColumns } from '../cart/cart.repository.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type OrderProduct = Awaited<ReturnType<typeof ordersRepo.products>>[number];

export interface OrderFilter {
  /** Operators list everyone's orders; a reseller only ever their own. */
  status?: string;
  paymentStatus?: string;
  deliveryStatus?: string;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  /** One of the back office's worklists (issue 28). */
  worklist?: OrderWorklist;
  /** The staff's list (issue 29): how it is paid and delivered, part of the city's name. */
  paymentMethod?: string;
  deliveryService?: string;
  deliveryType?: string;
  deliveryMethod?: string;
  city?: string;
}

/**
 * The staff list's filter (`GET /admin/orders`, the bulk action's `filter`, the export) as the one
 * OrderFilter every reader of the list builds its WHERE from (orderWhere): a new filter field is
 * added here once. The reseller (`user_id`) is orderWhere's first argument.
 */
export function adminOrderFilter(q: AdminOrdersFilter | Omit<AdminOrdersQuery, 'page' | 'per_page' | 'sort'>): OrderFilter {
  return {
    status: q.status,
    paymentStatus: q.payment_status,
    deliveryStatus: q.delivery_status,
    dateFrom: q.date_from,
    dateTo: q.date_to,
    search: q.search,
    worklist: q.worklist,
    paymentMethod: q.payment_method,
    deliveryService: q.delivery_service,
    deliveryType: q.delivery_type,
    deliveryMethod: q.delivery_method,
    city: q.city,
  };
}

/**
 * The worklists as conditions on orders (issue 28). to_confirm, to_ship and trouble each match a
 * partial index (db/schema/orders.ts, the same words); to_pack is orders_status_idx; onec_failed
 * reads pg-boss's job table through its partial index on failed reservation jobs (jobs/queue.ts).
 *  - to_confirm: New, not paid from the balance (staffMayConfirm: a Balance order is confirmed by
 *    its reseller alone, whose balance it debits; staff cannot work it, so it is not in the queue).
 *  - to_pack: Confirmed.
 *  - to_ship: Confirmed or Complected with no live waybill (none, or a deleted one), as
 *    checkTtnAllowed (orders-admin.service.ts) lets a waybill be made.
 *  - trouble: refused (delivery Refusal) and not yet Return/Done/Canceled; or waiting at the branch
 *    (NP 7/8) with paid storage beginning within STORAGE_WARNING_DAYS, or begun.
 *  - onec_failed: a reservation job of the order failed with its attempts spent (retry now takes
 *    it out; pg-boss deletes failed jobs after its retention, 7 days).
 */
export function worklistWhere(w: OrderWorklist): SQL {
  switch (w) {
    case 'to_confirm':
      return sql`(status = 'New' AND payment_method <> 'Balance')`;
    case 'to_pack':
      return sql`(status = 'Confirmed')`;
    case 'to_ship':
      return sql`(status IN ('Confirmed', 'Complected') AND (ttn IS NULL OR delivery_status = 'Deleted'))`;
    case 'trouble':
      return sql`((delivery_status = 'Refusal' AND status NOT IN ('Return', 'Done', 'Canceled')) OR (np_status_code IN (7, 8) AND np_storage_at IS NOT NULL AND np_storage_at <= now() + make_interval(days => ${STORAGE_WARNING_DAYS}::int)))`;
    case 'onec_failed':
      return sql`(${orders.id} IN (SELECT (j.data->>'orderId')::int FROM pgboss.job j WHERE j.name = 'reservation' AND j.state = 'failed'))`;
  }
}

/** The WHERE of an order list: one reseller's (userId) or everyone's (null), under the filter. */
export function orderWhere(userId: number | null, f: OrderFilter): SQL {
  const parts: SQL[] = userId === null ? [] : [eq(orders.userId, userId)];
  if (f.worklist) parts.push(worklistWhere(f.worklist));
  if (f.status) parts.push(eq(orders.status, f.status));
  if (f.paymentStatus) parts.push(eq(orders.paymentStatus, f.paymentStatus));
  if (f.deliveryStatus) parts.push(eq(orders.deliveryStatus, f.deliveryStatus));
  if (f.dateFrom) parts.push(gte(orders.createdAt, dayStart(f.dateFrom)));
  if (f.dateTo) parts.push(lt(orders.createdAt, dayEnd(f.dateTo)));
  if (f.paymentMethod) parts.push(eq(orders.paymentMethod, f.paymentMethod));
  if (f.deliveryService) parts.push(eq(orders.deliveryService, f.deliveryService));
  if (f.deliveryType) parts.push(eq(orders.deliveryType, f.deliveryType));
  if (f.deliveryMethod) parts.push(eq(orders.deliveryMethod, f.deliveryMethod));
  const city = f.city?.trim();
  if (city) parts.push(ilike(orders.cityName, `%${escapeLike(city)}%`));
  const q = f.search?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const digits = q.replace(/\D/g, '');
    const any: SQL[] = [
      eq(orders.number, q),
      ilike(sql`${orders.lastName} || ' ' || ${orders.firstName} || ' ' || coalesce(${orders.middleName}, '')`, pattern),
    ];
    // A phone typed any way ('067 123', '+38067...'): matched on its digits.
    if (digits.length >= 3) any.push(like(sql`regexp_replace(${orders.phone}, '\\D', '', 'g')`, `%${digits}%`));
    parts.push(or(...any)!);
  }
  return parts.length ? and(...parts)! : sql`true`;
}

/** Status in its workflow order (ORDER_STATUSES), not by its code's letters. */
const statusRank = (status: unknown) =>
  sql`array_position(ARRAY[${sql.join(
    ORDER_STATUSES.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[], ${status})`;

async function sortedPage(db: Db, where: SQL, sort: OrderSort, limit: number, offset: number): Promise<OrderRow[]> {
  const field = sortField(sort);
  const dir = sortDescending(sort) ? desc : asc;
  if (!UNINDEXED_ORDER_SORTS.includes(field)) {
    // created_at: orders_created_idx; number: orders_number_sort_idx (decimal text from one
    // sequence: by length, then by text, so order 1,000,000 comes after 999,999).
    if (field === 'created_at') return db.select().from(orders).where(where).orderBy(dir(orders.createdAt), dir(orders.id)).limit(limit).offset(offset);
    return db
      .select()
      .from(orders)
      .where(where)
      .orderBy(dir(sql`length(${orders.number})`), dir(orders.number), dir(orders.id))
      .limit(limit)
      .offset(offset);
  }
  // The newest ORDER_SORT_WINDOW matching orders (the primary key backwards), sorted by the field.
  const win = db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(ORDER_SORT_WINDOW).as('w');
  const key =
    field === 'total'
      ? win.retailKop
      : field === 'profit'
        ? win.profitKop
        : field === 'status'
          ? statusRank(win.status)
          : sql`(SELECT u.name FROM users u WHERE u.id = ${win.userId})`;
  const rows = await db.select().from(win).orderBy(dir(key), dir(win.id)).limit(limit).offset(offset);
  return rows as OrderRow[];
}

export const ordersRepo = {
  /**
   * A page of the user's orders under a filter, newest first (or in `sort`'s order, ties by id), and
   * how many there are. A sort without an index (UNINDEXED_ORDER_SORTS) orders the newest
   * ORDER_SORT_WINDOW matching orders, so a broad filter over a million orders stays bounded.
   */
  async page(db: Db, userId: number | null, f: OrderFilter, page: number, perPage: number, sort?: OrderSort): Promise<{ rows: OrderRow[]; total: number }> {
    const where = orderWhere(userId, f);
    const offset = (page - 1) * perPage;
    const [rows, [total]] = await Promise.all([
      sort ? sortedPage(db, where, sort, perPage, offset) : db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(perPage).offset(offset),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** The ids of every order the filter matches (newest first), at most `limit`. */
  async matchingIds(db: Db, userId: number | null, f: OrderFilter, limit: number): Promise<number[]> {
    const rows = await db.select({ id: orders.id }).from(orders).where(orderWhere(userId, f)).orderBy(desc(orders.id)).limit(limit);
    return rows.map((r) => r.id);
  },

  /** How many orders each of the given worklists holds, in one statement (each count on its own index). */
  async worklistCounts(db: Db, lists: readonly OrderWorklist[]): Promise<Partial<Record<OrderWorklist, number>>> {
    if (!lists.length) return {};
    const cols = lists.map((w) => sql`(SELECT count(*) FROM orders WHERE ${worklistWhere(w)}) AS ${sql.identifier(w)}`);
    const r = (await db.execute(sql`SELECT ${sql.join(cols, sql`, `)}`)) as unknown as { rows: Record<string, string | number>[] };
    return Object.fromEntries(lists.map((w) => [w, Number(r.rows[0]![w])]));
  },

  /** The user's newest orders (no count). */
  latest: (db: Db, userId: number, limit: number) => db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(limit),

  async insert(db: Db, values: typeof orders.$inferInsert): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(values).returning();
    return row!;
  },
  history: (db: Db, row: typeof orderHistory.$inferInsert) => db.insert(orderHistory).values(row),

  /**
   * The rest of a placement in one statement: the order's lines and its first history entry
   * are written and the user's cart emptied. Answers the written lines and history entry.
   */
  async completePlacement(
    db: Db,
    order: OrderRow,
    lines: Omit<typeof orderLines.$inferInsert, 'orderId' | 'id'>[],
    actorId: number,
    clearCart = true,
  ): Promise<{ lines: OrderLineRow[]; history: typeof orderHistory.$inferSelect }> {
    const res = (await db.execute(sql`
      WITH l AS (
        INSERT INTO order_lines (order_id, product_id, b2b_code_id, name, vendor_code, qty, drop_kop, retail_kop)
        SELECT ${order.id}, x.product_id, x.b2b_code_id, x.name, x.vendor_code, x.qty, x.drop_kop, x.retail_kop
        FROM json_to_recordset(${JSON.stringify(
          lines.map((l) => ({
            product_id: l.productId,
            b2b_code_id: l.b2bCodeId,
            name: l.name,
            vendor_code: l.vendorCode,
            qty: l.qty,
            drop_kop: l.dropKop,
            retail_kop: l.retailKop,
          })),
        )}::json) AS x(product_id int, b2b_code_id int, name text, vendor_code text, qty int, drop_kop bigint, retail_kop bigint)
        RETURNING id, product_id, b2b_code_id, name, vendor_code, qty, drop_kop, retail_kop),
      h AS (
        INSERT INTO order_history (order_id, kind, from_value, to_value, actor_id)
        VALUES (${order.id}, 'status', NULL, 'New', ${actorId})
        RETURNING id, created_at),
      d AS (DELETE FROM cart_lines WHERE ${clearCart} AND user_id = ${order.userId})
      SELECT (SELECT json_agg(l ORDER BY l.id) FROM l) AS lines, (SELECT row_to_json(h) FROM h) AS history`)) as unknown as {
      rows: { lines: unknown; history: unknown }[];
    };
    const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    const rawLines = parse<
      { id: number; product_id: number | null; b2b_code_id: number; name: string; vendor_code: string; qty: number; drop_kop: number; retail_kop: number }[]
    >(res.rows[0]!.lines);
    const h = parse<{ id: number; created_at: string }>(res.rows[0]!.history);
    return {
      lines: rawLines.map((l) => ({
        id: l.id,
        orderId: order.id,
        productId: l.product_id,
        b2bCodeId: l.b2b_code_id,
        name: l.name,
        vendorCode: l.vendor_code,
        qty: l.qty,
        dropKop: Number(l.drop_kop),
        retailKop: Number(l.retail_kop),
      })),
      history: {
        id: h.id,
        orderId: order.id,
        kind: 'status',
        from: null,
        to: 'New',
        note: null,
        actorId,
        createdAt: new Date(h.created_at),
        repeatCount: 1,
        lastAt: null,
      },
    };
  },

  /** Takes `qty` of a product's stock into reserve, only if that much is left: what is left then, or null. */
  async reserve(db: Db, productId: number, qty: number): Promise<number | null> {
    const r = await db
      .update(products)
      .set({ qty: sql`${products.qty} - ${qty}`, reserved: sql`${products.reserved} + ${qty}` })
      .where(and(eq(products.id, productId), gte(products.qty, qty)))
      .returning({ qty: products.qty });
    return r[0]?.qty ?? null;
  },

  /** What a reservation job sends: the order's number, recipient, comment and lines, in one query. */
  async forReservation(
    db: Db,
    id: number,
  ): Promise<{
    order: Pick<OrderRow, 'id' | 'number' | 'revision' | 'lastName' | 'firstName' | 'comment'>;
    lines: Pick<OrderLineRow, 'b2bCodeId' | 'vendorCode' | 'qty' | 'dropKop'>[];
  } | null> {
    const res = (await db.execute(sql`
      SELECT o.id, o.number, o.revision, o.last_name, o.first_name, o.comment,
             coalesce((SELECT json_agg(json_build_array(l.b2b_code_id, l.vendor_code, l.qty, l.drop_kop) ORDER BY l.id)
                       FROM order_lines l WHERE l.order_id = o.id), '[]'::json) AS lines
      FROM orders o WHERE o.id = ${id}`)) as unknown as { rows: Record<string, unknown>[] };
    const r = res.rows[0];
    if (!r) return null;
    const lines = (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as [number, string, number, number | string][];
    return {
      order: {
        id: Number(r.id),
        number: String(r.number),
        revision: Number(r.revision),
        lastName: String(r.last_name),
        firstName: String(r.first_name),
        comment: r.comment === null ? null : String(r.comment),
      },
      lines: lines.map(([b2bCodeId, vendorCode, qty, dropKop]) => ({ b2bCodeId, vendorCode, qty, dropKop: Number(dropKop) })),
    };
  },

  /**
   * A failed reservation step (or another `family` of history kinds: a marketplace update) in the history, counted: when the order's newest reservation entry
   * for the same step (to_value: create, confirm ...) is this same failure (kind and note), that
   * row counts it (repeat_count + 1, last_at = now) instead of a new row; a success, a retry asked
   * by staff or another error in between starts a new row. The order row is locked first, so
   * concurrent failures of one order are written one after the other, each statement seeing the
   * last one's row (no lost counts, no twin rows).
   */
  async failure(db: Db, entry: { orderId: number; kind: string; to: string | null; note: string | null; family?: readonly string[] }): Promise<void> {
    const family = entry.family ?? ['reservation', 'reservation_error', 'reservation_retry'];
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM orders WHERE id = ${entry.orderId} FOR NO KEY UPDATE`);
      await tx.execute(sql`
        WITH newest AS (
          SELECT id, kind, note FROM order_history
          WHERE order_id = ${entry.orderId} AND kind IN (${sql.join(
            family.map((k) => sql`${k}`),
            sql`, `,
          )}) AND to_value IS NOT DISTINCT FROM ${entry.to}
          ORDER BY id DESC LIMIT 1),
        counted AS (
          UPDATE order_history h SET repeat_count = h.repeat_count + 1, last_at = now()
          FROM newest n WHERE h.id = n.id AND n.kind = ${entry.kind} AND n.note IS NOT DISTINCT FROM ${entry.note}
          RETURNING h.id)
        INSERT INTO order_history (order_id, kind, to_value, note)
        SELECT ${entry.orderId}, ${entry.kind}, ${entry.to}, ${entry.note} WHERE NOT EXISTS (SELECT 1 FROM counted)`);
    });
  },

  /** A reservation made: its number kept (the first one stays) and the history entry, in one statement. */
  async reserved(db: Db, id: number, reservation: string, entry: { kind: string; to: string; note: string }): Promise<void> {
    await db.execute(sql`
      WITH u AS (UPDATE orders SET reservation_number = ${reservation} WHERE id = ${id} AND reservation_number IS NULL)
      INSERT INTO order_history (order_id, kind, to_value, note) VALUES (${id}, ${entry.kind}, ${entry.to}, ${entry.note})`);
  },

  /** Gives reserved stock back (a cancelled order, a line taken out or reduced). */
  release: (db: Db, productId: number, qty: number) =>
    db
      .update(products)
      .set({ qty: sql`${products.qty} + ${qty}`, reserved: sql`greatest(${products.reserved} - ${qty}, 0)` })
      .where(eq(products.id, productId)),
  /** The goods left the warehouse: no longer held in reserve. */
  ship: (db: Db, productId: number, qty: number) =>
    db
      .update(products)
      .set({ reserved: sql`greatest(${products.reserved} - ${qty}, 0)` })
      .where(eq(products.id, productId)),
  /** A returned parcel is back on the shelf. */
  restock: (db: Db, productId: number, qty: number) =>
    db
      .update(products)
      .set({ qty: sql`${products.qty} + ${qty}` })
      .where(eq(products.id, productId)),

  /** Products with what pricing needs, for an edit or a copy. */
  products: (db: Db, ids: number[]) => (ids.length ? db.select(productColumns).from(products).where(inArray(products.id, ids)) : Promise.resolve([])),

  async replaceLines(db: Db, orderId: number, lines: Omit<typeof orderLines.$inferInsert, 'orderId' | 'id'>[]): Promise<void> {
    await db.delete(orderLines).where(eq(orderLines.orderId, orderId));
    if (lines.length) await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId })));
  },

  /** What the ledger holds for an order: the sum of its postings (negative: it took money). */
  async moneyNet(db: Db, orderId: number): Promise<number> {
    const [r] = await db
      .select({ n: sql<string>`coalesce(sum(${operations.amountKop}), 0)` })
      .from(operations)
      .where(and(eq(operations.operationableType, 'order'), eq(operations.operationableId, orderId)));
    return Number(r?.n ?? 0);
  },

  byId: (db: Db, id: number) =>
    db
      .select()
      .from(orders)
      .where(eq(orders.id, id))
      .then((r) => r[0]),
  lock: (db: Db, id: number) =>
    db
      .select()
      .from(orders)
      .where(eq(orders.id, id))
      .for('update')
      .then((r) => r[0]),

  /**
   * Claims up to `limit` orders the tracking job should ask the carrier about (least recently
   * asked first, not asked in the last `minAgeSeconds`): marks them asked now, skipping rows
   * another process holds, so two API processes never ask about the same parcels at once.
   */
  async claimForTracking(db: Db, limit: number, minAgeSeconds: number): Promise<{ id: number; ttn: string | null; returnTtn: string | null }[]> {
    const r = (await db.execute(sql`
      UPDATE orders SET tracked_at = now()
      WHERE id IN (SELECT id FROM orders
                   WHERE tracking AND (tracked_at IS NULL OR tracked_at <= now() - make_interval(secs => ${minAgeSeconds}))
                   ORDER BY tracked_at ASC NULLS FIRST, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, ttn, return_ttn`)) as unknown as { rows: { id: number; ttn: string | null; return_ttn: string | null }[] };
    return r.rows.map((x) => ({ id: Number(x.id), ttn: x.ttn, returnTtn: x.return_ttn }));
  },
  ownerPhone: (db: Db, userId: number) =>
    db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, userId))
      .then((r) => r[0]?.phone ?? null),
  /** Names of the given users (the back office's order lists). */
  async userNames(db: Db, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
  /** Whether the ledger holds a posting under this key. */
  async posted(db: Db, key: string): Promise<boolean> {
    const r = await db.select({ id: operations.id }).from(operations).where(eq(operations.idempotencyKey, key)).limit(1);
    return r.length > 0;
  },

  // ---------- statistics ----------

  /** Orders per status: one reseller's, or everyone's (null). */
  async counts(db: Db, userId: number | null): Promise<Record<string, number>> {
    const rows = await db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(userId === null ? undefined : eq(orders.userId, userId))
      .groupBy(orders.status);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  },
  /** Orders placed on each of the last `days` Kyiv days, oldest first. */
  async perDay(db: Db, userId: number, days: number): Promise<{ day: string; n: number }[]> {
    const r = (await db.execute(sql`
      SELECT to_char(g.d, 'YYYY-MM-DD') AS day,
             (SELECT count(*) FROM orders o
               WHERE o.user_id = ${userId}
                 AND o.created_at >= (g.d::date::timestamp AT TIME ZONE ${TZ})
                 AND o.created_at < ((g.d::date + 1)::timestamp AT TIME ZONE ${TZ})) AS n
      FROM generate_series((now() AT TIME ZONE ${TZ})::date - ${days - 1}::int, (now() AT TIME ZONE ${TZ})::date, interval '1 day') AS g(d)
      ORDER BY g.d`)) as unknown as { rows: { day: string; n: string | number }[] };
    return r.rows.map((x) => ({ day: x.day, n: Number(x.n) }));
  },

  // ---------- documents ----------

  documents: (db: Db, orderId: number) => db.select().from(mediaFiles).where(eq(mediaFiles.orderId, orderId)).orderBy(asc(mediaFiles.id)),
  async insertDocument(db: Db, values: typeof mediaFiles.$inferInsert): Promise<MediaFileRow> {
    const [row] = await db.insert(mediaFiles).values(values).returning();
    return row!;
  },
  document: (db: Db, id: number) =>
    db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.id, id))
      .then((r) => r[0]),
  deleteDocument: (db: Db, id: number) => db.delete(mediaFiles).where(eq(mediaFiles.id, id)),

  owned: (db: Db, userId: number, id: number) =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .then((r) => r[0]),
  lockOwned: (db: Db, userId: number, id: number) =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .for('update')
      .then((r) => r[0]),
  async update(db: Db, id: number, values: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
    const [row] = await db
      .update(orders)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    return row!;
  },
  lines: (db: Db, orderId: number) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
  historyOf: (db: Db, orderId: number) =>
    db
      .select({ h: orderHistory, actor: users.name })
      .from(orderHistory)
      .leftJoin(users, eq(users.id, orderHistory.actorId))
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(asc(orderHistory.id)),
};
