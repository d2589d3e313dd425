import { and, asc, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayEnd, dayStart } from '../../db/kyiv-day.ts';
import { orderHistory, orderLines, orders, products, users } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export interface OrderFilter {
  status?: string;
  paymentStatus?: string;
  deliveryStatus?: string;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
}

function orderWhere(userId: number, f: OrderFilter): SQL {
  const parts: SQL[] = [eq(orders.userId, userId)];
  if (f.status) parts.push(eq(orders.status, f.status));
  if (f.paymentStatus) parts.push(eq(orders.paymentStatus, f.paymentStatus));
  if (f.deliveryStatus) parts.push(eq(orders.deliveryStatus, f.deliveryStatus));
  if (f.dateFrom) parts.push(gte(orders.createdAt, dayStart(f.dateFrom)));
  if (f.dateTo) parts.push(lt(orders.createdAt, dayEnd(f.dateTo)));
  const q = f.search?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.replace(/\D/g, '');
    const any: SQL[] = [eq(orders.number, q), ilike(sql`${orders.lastName} || ' ' || ${orders.firstName} || ' ' || coalesce(${orders.middleName}, '')`, pattern)];
    // A phone typed any way ('067 123', '+38067...'): matched on its digits.
    if (digits.length >= 3) any.push(like(sql`regexp_replace(${orders.phone}, '\\D', '', 'g')`, `%${digits}%`));
    parts.push(or(...any)!);
  }
  return and(...parts)!;
}

export const ordersRepo = {
  /** A page of the user's orders under a filter, newest first, and how many there are. */
  async page(db: Db, userId: number, f: OrderFilter, page: number, perPage: number): Promise<{ rows: OrderRow[]; total: number }> {
    const where = orderWhere(userId, f);
    const [rows, [total]] = await Promise.all([
      db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(perPage).offset((page - 1) * perPage),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
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
  ): Promise<{ lines: OrderLineRow[]; history: typeof orderHistory.$inferSelect }> {
    const res = (await db.execute(sql`
      WITH l AS (
        INSERT INTO order_lines (order_id, product_id, b2b_code_id, name, vendor_code, qty, drop_kop, retail_kop)
        SELECT ${order.id}, x.product_id, x.b2b_code_id, x.name, x.vendor_code, x.qty, x.drop_kop, x.retail_kop
        FROM json_to_recordset(${JSON.stringify(
          lines.map((l) => ({ product_id: l.productId, b2b_code_id: l.b2bCodeId, name: l.name, vendor_code: l.vendorCode, qty: l.qty, drop_kop: l.dropKop, retail_kop: l.retailKop })),
        )}::json) AS x(product_id int, b2b_code_id int, name text, vendor_code text, qty int, drop_kop bigint, retail_kop bigint)
        RETURNING id, product_id, b2b_code_id, name, vendor_code, qty, drop_kop, retail_kop),
      h AS (
        INSERT INTO order_history (order_id, kind, from_value, to_value, actor_id)
        VALUES (${order.id}, 'status', NULL, 'New', ${actorId})
        RETURNING id, created_at),
      d AS (DELETE FROM cart_lines WHERE user_id = ${order.userId})
      SELECT (SELECT json_agg(l ORDER BY l.id) FROM l) AS lines, (SELECT row_to_json(h) FROM h) AS history`)) as unknown as {
      rows: { lines: unknown; history: unknown }[];
    };
    const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    const rawLines = parse<{ id: number; product_id: number | null; b2b_code_id: number; name: string; vendor_code: string; qty: number; drop_kop: number; retail_kop: number }[]>(res.rows[0]!.lines);
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
      history: { id: h.id, orderId: order.id, kind: 'status', from: null, to: 'New', note: null, actorId, createdAt: new Date(h.created_at) },
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
  async forReservation(db: Db, id: number): Promise<{ order: Pick<OrderRow, 'id' | 'number' | 'lastName' | 'firstName' | 'comment'>; lines: Pick<OrderLineRow, 'b2bCodeId' | 'vendorCode' | 'qty' | 'dropKop'>[] } | null> {
    const res = (await db.execute(sql`
      SELECT o.id, o.number, o.last_name, o.first_name, o.comment,
             coalesce((SELECT json_agg(json_build_array(l.b2b_code_id, l.vendor_code, l.qty, l.drop_kop) ORDER BY l.id)
                       FROM order_lines l WHERE l.order_id = o.id), '[]'::json) AS lines
      FROM orders o WHERE o.id = ${id}`)) as unknown as { rows: Record<string, unknown>[] };
    const r = res.rows[0];
    if (!r) return null;
    const lines = (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as [number, string, number, number | string][];
    return {
      order: { id: Number(r.id), number: String(r.number), lastName: String(r.last_name), firstName: String(r.first_name), comment: r.comment === null ? null : String(r.comment) },
      lines: lines.map(([b2bCodeId, vendorCode, qty, dropKop]) => ({ b2bCodeId, vendorCode, qty, dropKop: Number(dropKop) })),
    };
  },

  /** A reservation made: its number kept (the first one stays) and the history entry, in one statement. */
  async reserved(db: Db, id: number, reservation: string, entry: { kind: string; to: string; note: string }): Promise<void> {
    await db.execute(sql`
      WITH u AS (UPDATE orders SET reservation_number = ${reservation} WHERE id = ${id} AND reservation_number IS NULL)
      INSERT INTO order_history (order_id, kind, to_value, note) VALUES (${id}, ${entry.kind}, ${entry.to}, ${entry.note})`);
  },

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
