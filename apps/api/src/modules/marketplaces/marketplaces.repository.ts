import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { marketplaceConnections, marketplaceOrders, markets, orders, products } from '../../db/schema/index.ts';

export type ConnectionRow = typeof marketplaceConnections.$inferSelect;
export type MarketplaceOrderRow = typeof marketplaceOrders.$inferSelect;
export type NewMarketplaceOrder = typeof marketplaceOrders.$inferInsert;

const C = marketplaceConnections;
const M = marketplaceOrders;

/** Drizzle only; every query a reseller's call makes names its owner, so another user's id matches nothing. */
export const marketplacesRepo = {
  /** The reseller's live connections with their store's name and how many drafts wait. */
  connections: (db: Db, userId: number) =>
    db
      .select({
        c: C,
        marketName: markets.name,
        drafts: sql<number>`(SELECT count(*)::int FROM marketplace_orders m WHERE m.connection_id = ${C.id} AND m.status = 'draft')`,
      })
      .from(C)
      .leftJoin(markets, eq(markets.id, C.marketId))
      .where(and(eq(C.userId, userId), isNull(C.revokedAt)))
      .orderBy(C.id),

  connection: (db: Db, userId: number, id: number) =>
    db
      .select()
      .from(C)
      .where(and(eq(C.id, id), eq(C.userId, userId), isNull(C.revokedAt)))
      .then((r) => r[0] ?? null),

  /** The live connection of a marketplace account (the one a pushed status goes through, whichever connection brought the order). */
  liveFor: (db: Db, userId: number, marketplace: string, account: string) =>
    db
      .select()
      .from(C)
      .where(and(eq(C.userId, userId), eq(C.marketplace, marketplace), eq(C.account, account), isNull(C.revokedAt)))
      .orderBy(desc(C.id))
      .limit(1)
      .then((r) => r[0] ?? null),

  insertConnection: (db: Db, row: typeof C.$inferInsert) =>
    db
      .insert(C)
      .values(row)
      .returning()
      .then((r) => r[0]!),

  /** A revoked connection stays revoked (a poll that ends after the revocation writes nothing). */
  updateConnection: (db: Db, id: number, patch: Partial<ConnectionRow>) =>
    db
      .update(C)
      .set(patch)
      .where(and(eq(C.id, id), isNull(C.revokedAt)))
      .returning()
      .then((r) => r[0] ?? null),

  /** Revoked: the credentials are wiped, the row stays for the orders it brought. */
  revoke: (db: Db, userId: number, id: number) =>
    db
      .update(C)
      .set({ revokedAt: new Date(), status: 'revoked', secret: null })
      .where(and(eq(C.id, id), eq(C.userId, userId), isNull(C.revokedAt)))
      .returning({ id: C.id })
      .then((r) => r.length === 1),

  /**
   * Connections due for a poll, leased for `leaseSeconds` (another process skips them meanwhile,
   * and a process that dies mid-poll leaves them due again when the lease ends).
   */
  async claimDue(db: Db, limit: number, leaseSeconds: number): Promise<ConnectionRow[]> {
    const ids = (await db.execute(sql`
      UPDATE marketplace_connections SET next_poll_at = now() + make_interval(secs => ${leaseSeconds})
      WHERE id IN (
        SELECT id FROM marketplace_connections
        WHERE revoked_at IS NULL AND status <> 'unauthorized' AND next_poll_at <= now()
        ORDER BY next_poll_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id`)) as unknown as { rows: { id: number }[] };
    if (ids.rows.length === 0) return [];
    return db
      .select()
      .from(C)
      .where(
        inArray(
          C.id,
          ids.rows.map((r) => Number(r.id)),
        ),
      );
  },

  /** Of these marketplace order ids, the ones the account already brought in. */
  known: async (db: Db, userId: number, marketplace: string, account: string, externalIds: string[]): Promise<Set<string>> => {
    if (externalIds.length === 0) return new Set();
    const rows = await db
      .select({ id: M.externalId })
      .from(M)
      .where(and(eq(M.userId, userId), eq(M.marketplace, marketplace), eq(M.account, account), inArray(M.externalId, externalIds)));
    return new Set(rows.map((r) => r.id));
  },

  /** Written once per marketplace order: a second poller's insert of the same order does nothing (null). */
  insertDraft: (db: Db, row: NewMarketplaceOrder) =>
    db
      .insert(M)
      .values(row)
      .onConflictDoNothing({ target: [M.userId, M.marketplace, M.account, M.externalId] })
      .returning()
      .then((r) => r[0] ?? null),

  /** A draft the marketplace cancelled is dismissed (a placed one stays: its order is the reseller's to cancel). */
  dismissCancelled: (db: Db, userId: number, marketplace: string, account: string, externalIds: string[]) =>
    externalIds.length === 0
      ? Promise.resolve()
      : db
          .update(M)
          .set({ status: 'dismissed', placeError: 'cancelled_on_marketplace', updatedAt: new Date() })
          .where(and(eq(M.userId, userId), eq(M.marketplace, marketplace), eq(M.account, account), eq(M.status, 'draft'), inArray(M.externalId, externalIds))),

  page: async (db: Db, userId: number, status: string, page: number, perPage: number) => {
    const where = and(eq(M.userId, userId), eq(M.status, status));
    const rows = await db
      .select({ m: M, marketName: markets.name, orderNumber: orders.number })
      .from(M)
      .leftJoin(C, eq(C.id, M.connectionId))
      .leftJoin(markets, eq(markets.id, C.marketId))
      .leftJoin(orders, eq(orders.id, M.orderId))
      .where(where)
      .orderBy(desc(M.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(M)
      .where(where);
    return { rows, total: Number(count?.n ?? 0) };
  },

  owned: (db: Db, userId: number, id: number) =>
    db
      .select()
      .from(M)
      .where(and(eq(M.id, id), eq(M.userId, userId)))
      .then((r) => r[0] ?? null),

  lockOwned: (db: Db, userId: number, id: number) =>
    db
      .select()
      .from(M)
      .where(and(eq(M.id, id), eq(M.userId, userId)))
      .for('update')
      .then((r) => r[0] ?? null),

  update: (db: Db, id: number, patch: Partial<MarketplaceOrderRow>) =>
    db
      .update(M)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(M.id, id))
      .returning()
      .then((r) => r[0]!),

  /** Why the last bulk or automatic placement of a draft was refused. */
  setPlaceError: (db: Db, userId: number, id: number, code: string) =>
    db
      .update(M)
      .set({ placeError: code, updatedAt: new Date() })
      .where(and(eq(M.id, id), eq(M.userId, userId), eq(M.status, 'draft'))),

  marketNameOf: (db: Db, connectionId: number) =>
    db
      .select({ name: markets.name })
      .from(C)
      .innerJoin(markets, eq(markets.id, C.marketId))
      .where(eq(C.id, connectionId))
      .then((r) => r[0]?.name ?? null),

  /** The marketplace order an order was placed from (null for the portal's own orders). */
  ofOrder: (db: Db, orderId: number) =>
    db
      .select()
      .from(M)
      .where(eq(M.orderId, orderId))
      .then((r) => r[0] ?? null),

  /** Products by the offer ids a feed published (b2b codes). */
  productsByOffer: (db: Db, codes: number[]) =>
    codes.length === 0
      ? Promise.resolve([])
      : db.select({ id: products.id, code: products.b2bCodeId }).from(products).where(inArray(products.b2bCodeId, codes)),
};
