import type { ReportGroup } from '@drop/shared';
import { and, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, users } from '../../db/schema/index.ts';
import { TZ, dayEnd, dayStart } from '../../db/kyiv-day.ts';

/**
 * The reports' SQL (issue 29 point 2; definitions in packages/shared/src/reports.ts). Every query
 * reads the orders placed in a range of Kyiv days through `orders_created_idx` and aggregates in
 * the database (GROUP BY bucket, reseller or product code); only the grouped rows come back.
 * Sums are kopecks.
 */
export interface ReportFilter {
  dateFrom: string;
  dateTo: string;
  userId?: number | undefined;
}

/** Orders counted as sales: placed, not cancelled, not fully returned. */
export const NOT_SALES = ['Canceled', 'Return'] as const;
/** Orders that left the warehouse. */
export const SHIPPED = ['Delivered', 'Done', 'Return', 'PartReturn', 'Exchange'] as const;
/** Payment methods with cash collected by the carrier. */
export const CASH_METHODS = ['COD', 'Prepayment'] as const;
/** Delivery statuses of a refused parcel. */
export const REFUSED_DELIVERY = ['Refusal', 'ReturnReceived'] as const;

const inRange = (f: ReportFilter): SQL =>
  and(gte(orders.createdAt, dayStart(f.dateFrom)), lt(orders.createdAt, dayEnd(f.dateTo)), f.userId ? eq(orders.userId, f.userId) : undefined)!;

/** The bucket's first Kyiv day, `YYYY-MM-DD` (ISO weeks start on Monday). */
const bucketOf = (group: ReportGroup) => sql<string>`to_char(date_trunc(${sql.raw(`'${group}'`)}, ${orders.createdAt} AT TIME ZONE ${TZ}), 'YYYY-MM-DD')`;

const n = (v: unknown) => Number(v ?? 0);
const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

const isSale = sql`${orders.status} NOT IN (${list(NOT_SALES)})`;
const isRefused = sql`${orders.deliveryStatus} IN (${list(REFUSED_DELIVERY)})`;

const salesCols = {
  orders: sql<number>`count(*) FILTER (WHERE ${isSale})`,
  sales: sql<number>`coalesce(sum(${orders.retailKop}) FILTER (WHERE ${isSale}), 0)`,
  wholesale: sql<number>`coalesce(sum(${orders.wholesaleKop}) FILTER (WHERE ${isSale}), 0)`,
  profit: sql<number>`coalesce(sum(${orders.profitKop}) FILTER (WHERE ${isSale}), 0)`,
  canceled: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'Canceled')`,
  returned: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'Return')`,
};
export interface SalesFigures {
  orders: number;
  sales: number;
  wholesale: number;
  profit: number;
  canceled: number;
  returned: number;
}
const salesOf = (r: Record<keyof SalesFigures, unknown>): SalesFigures => ({
  orders: n(r.orders),
  sales: n(r.sales),
  wholesale: n(r.wholesale),
  profit: n(r.profit),
  canceled: n(r.canceled),
  returned: n(r.returned),
});

const due = sql`${orders.retailKop} - ${orders.prepaymentKop}`;
const isPaid = sql`${orders.paymentStatus} = 'Paid'`;
const codCols = {
  orders: sql<number>`count(*)`,
  expected: sql<number>`coalesce(sum(${due}), 0)`,
  received: sql<number>`coalesce(sum(${due}) FILTER (WHERE ${isPaid}), 0)`,
  refused: sql<number>`coalesce(sum(${due}) FILTER (WHERE NOT ${isPaid} AND (${orders.status} = 'Return' OR ${isRefused})), 0)`,
};
export interface CodFigures {
  orders: number;
  expected: number;
  received: number;
  refused: number;
  outstanding: number;
}
const codOf = (r: Record<'orders' | 'expected' | 'received' | 'refused', unknown>): CodFigures => {
  const [expected, received, refused] = [n(r.expected), n(r.received), n(r.refused)];
  return { orders: n(r.orders), expected, received, refused, outstanding: expected - received - refused };
};
const codWhere = (f: ReportFilter) => and(inRange(f), inArray(orders.paymentMethod, [...CASH_METHODS]), inArray(orders.status, [...SHIPPED]));

const returnsCols = {
  shipped: sql<number>`count(*)`,
  refused: sql<number>`count(*) FILTER (WHERE ${isRefused})`,
  returned: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'Return' AND NOT ${isRefused})`,
  partReturned: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'PartReturn' AND NOT ${isRefused})`,
};
export interface ReturnsFigures {
  shipped: number;
  refused: number;
  returned: number;
  partReturned: number;
}
const returnsOf = (r: Record<keyof ReturnsFigures, unknown>): ReturnsFigures => ({
  shipped: n(r.shipped),
  refused: n(r.refused),
  returned: n(r.returned),
  partReturned: n(r.partReturned),
});
const shippedWhere = (f: ReportFilter) => and(inRange(f), inArray(orders.status, [...SHIPPED]));

export interface ResellerOf {
  userId: number;
  name: string;
  email: string;
}

const lineSales = sql`${orderLines.retailKop} * ${orderLines.qty}`;
const lineWholesale = sql`${orderLines.dropKop} * ${orderLines.qty}`;

export const reportsRepo = {
  sales: async (db: Db, f: ReportFilter, group: ReportGroup) => {
    const b = bucketOf(group);
    const rows = await db
      .select({ bucket: b, ...salesCols })
      .from(orders)
      .where(inRange(f))
      .groupBy(b);
    return rows.map((r) => ({ bucket: r.bucket, ...salesOf(r) }));
  },

  salesTotals: async (db: Db, f: ReportFilter) => {
    const [r] = await db
      .select({ ...salesCols, resellers: sql<number>`count(DISTINCT ${orders.userId})` })
      .from(orders)
      .where(inRange(f));
    return { ...salesOf(r!), resellers: n(r!.resellers) };
  },

  /** The top `limit` resellers by sales (then by orders, then id). */
  salesByReseller: async (db: Db, f: ReportFilter, limit: number): Promise<(ResellerOf & SalesFigures)[]> => {
    const rows = await db
      .select({ userId: orders.userId, name: users.name, email: users.email, ...salesCols })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(inRange(f))
      .groupBy(orders.userId, users.name, users.email)
      .orderBy(sql`${salesCols.sales} DESC, ${salesCols.orders} DESC, ${orders.userId}`)
      .limit(limit);
    return rows.map((r) => ({ userId: r.userId, name: r.name, email: r.email, ...salesOf(r) }));
  },

  cod: async (db: Db, f: ReportFilter, group: ReportGroup) => {
    const b = bucketOf(group);
    const rows = await db
      .select({ bucket: b, ...codCols })
      .from(orders)
      .where(codWhere(f))
      .groupBy(b);
    return rows.map((r) => ({ bucket: r.bucket, ...codOf(r) }));
  },

  codTotals: async (db: Db, f: ReportFilter) => {
    const [r] = await db.select(codCols).from(orders).where(codWhere(f));
    return codOf(r!);
  },

  returns: async (db: Db, f: ReportFilter, group: ReportGroup) => {
    const b = bucketOf(group);
    const rows = await db
      .select({ bucket: b, ...returnsCols })
      .from(orders)
      .where(shippedWhere(f))
      .groupBy(b);
    return rows.map((r) => ({ bucket: r.bucket, ...returnsOf(r) }));
  },

  returnsTotals: async (db: Db, f: ReportFilter) => {
    const [r] = await db
      .select({ ...returnsCols, resellers: sql<number>`count(DISTINCT ${orders.userId})` })
      .from(orders)
      .where(shippedWhere(f));
    return { ...returnsOf(r!), resellers: n(r!.resellers) };
  },

  /** The top `limit` resellers by shipped orders (then by refusals, then id). */
  returnsByReseller: async (db: Db, f: ReportFilter, limit: number): Promise<(ResellerOf & ReturnsFigures)[]> => {
    const rows = await db
      .select({ userId: orders.userId, name: users.name, email: users.email, ...returnsCols })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(shippedWhere(f))
      .groupBy(orders.userId, users.name, users.email)
      .orderBy(sql`${returnsCols.shipped} DESC, ${returnsCols.refused} DESC, ${orders.userId}`)
      .limit(limit);
    return rows.map((r) => ({ userId: r.userId, name: r.name, email: r.email, ...returnsOf(r) }));
  },

  /** The lines of the orders counted as sales, by product code: the top `limit` by quantity or by sales. */
  topProducts: async (db: Db, f: ReportFilter, sort: 'qty' | 'sales', limit: number) => {
    const qty = sql<number>`sum(${orderLines.qty})`;
    const sales = sql<number>`sum(${lineSales})`;
    const rows = await db
      .select({
        code: orderLines.b2bCodeId,
        productId: sql<number | null>`max(${orderLines.productId})`,
        vendorCode: sql<string>`(array_agg(${orderLines.vendorCode} ORDER BY ${orderLines.id} DESC))[1]`,
        name: sql<string>`(array_agg(${orderLines.name} ORDER BY ${orderLines.id} DESC))[1]`,
        qty,
        orders: sql<number>`count(DISTINCT ${orderLines.orderId})`,
        sales,
        wholesale: sql<number>`sum(${lineWholesale})`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(inRange(f), notInArray(orders.status, [...NOT_SALES])))
      .groupBy(orderLines.b2bCodeId)
      .orderBy(sort === 'qty' ? sql`${qty} DESC, ${sales} DESC, ${orderLines.b2bCodeId}` : sql`${sales} DESC, ${qty} DESC, ${orderLines.b2bCodeId}`)
      .limit(limit);
    return rows.map((r) => ({
      code: r.code,
      productId: r.productId === null ? null : n(r.productId),
      vendorCode: r.vendorCode,
      name: r.name,
      qty: n(r.qty),
      orders: n(r.orders),
      sales: n(r.sales),
      wholesale: n(r.wholesale),
    }));
  },

  topProductsTotals: async (db: Db, f: ReportFilter) => {
    const [r] = await db
      .select({
        products: sql<number>`count(DISTINCT ${orderLines.b2bCodeId})`,
        qty: sql<number>`coalesce(sum(${orderLines.qty}), 0)`,
        sales: sql<number>`coalesce(sum(${lineSales}), 0)`,
        wholesale: sql<number>`coalesce(sum(${lineWholesale}), 0)`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(inRange(f), notInArray(orders.status, [...NOT_SALES])));
    return { products: n(r!.products), qty: n(r!.qty), sales: n(r!.sales), wholesale: n(r!.wholesale) };
  },
};
