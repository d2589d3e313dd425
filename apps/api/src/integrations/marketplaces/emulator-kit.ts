import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Marketplace } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { marketplaceEmulatorAccounts, marketplaceEmulatorOrders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';

/**
 * What the three marketplace emulators share: their sellers and orders in the database (so every
 * API process and a restart see the same), the faults a test asks for (the next N writes refused,
 * unavailable or rate-limited), and the control endpoints, which are not the marketplaces' own:
 * an admin's token creates a seller and puts a buyer's order in (`POST /_control/accounts`,
 * `POST /_control/orders`), reads an order with the calls the seller made on it
 * (`GET /_control/orders/:id?account=`) and arms faults (`POST /_control/faults`).
 */

export type EmuOrder = typeof marketplaceEmulatorOrders.$inferSelect;

/** A buyer's order as the control endpoint takes it; each emulator writes it in its marketplace's shape. */
export interface EmuOrderInput {
  lines: { offer_id: string; name: string; price: number; qty: number; sku?: string }[];
  client: { last_name: string; first_name: string; middle_name?: string; phone: string };
  delivery: {
    /** nova_poshta (default) or another carrier's name. */
    carrier?: string;
    city_ref?: string;
    city_name?: string;
    warehouse_ref?: string;
    branch_number?: string;
    street?: string;
    house?: string;
    appt?: string;
  };
  payment: 'cod' | 'prepaid';
  comment?: string;
  /** Fields of the marketplace's own order to set as they are (tests of odd shapes). */
  override?: Record<string, unknown>;
}

export type FaultKind = 'refuse' | 'unavailable' | 'rate_limit';
const faults = new Map<string, { kind: FaultKind; remaining: number }>();

/** Takes one armed fault of this seller, if any (each write call takes one). */
export function takeFault(marketplace: Marketplace, account: string): FaultKind | null {
  const key = `${marketplace}:${account}`;
  const f = faults.get(key);
  if (!f || f.remaining <= 0) return null;
  f.remaining -= 1;
  if (f.remaining === 0) faults.delete(key);
  return f.kind;
}

export function emulatorStore(db: Db, marketplace: Marketplace) {
  const T = marketplaceEmulatorOrders;
  const A = marketplaceEmulatorAccounts;
  const mine = (account: string) => and(eq(T.marketplace, marketplace), eq(T.account, account))!;
  return {
    async createAccount(account: string, secret: Record<string, string>): Promise<void> {
      await db
        .insert(A)
        .values({ marketplace, account, secret })
        .onConflictDoUpdate({ target: [A.marketplace, A.account], set: { secret } });
    },
    async account(account: string): Promise<Record<string, string> | null> {
      const [row] = await db
        .select({ secret: A.secret })
        .from(A)
        .where(and(eq(A.marketplace, marketplace), eq(A.account, account)));
      return row?.secret ?? null;
    },
    /** The seller whose secret has `field` = `value` (a Prom token names its company). */
    async accountBySecret(field: string, value: string): Promise<string | null> {
      const [row] = await db
        .select({ account: A.account })
        .from(A)
        .where(and(eq(A.marketplace, marketplace), sql`${A.secret}->>${field} = ${value}`));
      return row?.account ?? null;
    },
    /**
     * A new order: `make(id, now)` writes the body for the id given, the next one from `firstId`,
     * counted per seller (`ids: 'account'`, a Horoshop site's own numbers) or across the
     * marketplace (`'marketplace'`: Prom's and Rozetka's ids are global).
     */
    async insertOrder(
      account: string,
      firstId: number,
      make: (id: number, now: Date) => Record<string, unknown>,
      ids: 'account' | 'marketplace' = 'account',
    ): Promise<EmuOrder> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${ids === 'account' ? `emu:${marketplace}:${account}` : `emu:${marketplace}`}))`);
        const [last] = await tx
          .select({ id: T.id })
          .from(T)
          .where(ids === 'account' ? mine(account) : eq(T.marketplace, marketplace))
          .orderBy(desc(T.id))
          .limit(1);
        const id = last ? last.id + 1 : firstId;
        const now = new Date();
        const [row] = await tx
          .insert(T)
          .values({ marketplace, account, id, body: make(id, now), createdAt: now, modifiedAt: now })
          .returning();
        return row!;
      });
    },
    async order(account: string, id: number): Promise<EmuOrder | null> {
      const [row] = await db
        .select()
        .from(T)
        .where(and(mine(account), eq(T.id, id)));
      return row ?? null;
    },
    /** Orders of a seller, by a filter over the columns, newest id first or oldest first. */
    async list(
      account: string,
      f: { modifiedFrom?: Date; modifiedTo?: Date; createdFrom?: Date; createdTo?: Date; beforeId?: number; afterId?: number; where?: SQL },
      order: 'id_desc' | 'id_asc',
      limit: number,
      offset = 0,
    ): Promise<EmuOrder[]> {
      const conds: SQL[] = [mine(account)];
      if (f.modifiedFrom) conds.push(gte(T.modifiedAt, f.modifiedFrom));
      if (f.modifiedTo) conds.push(sql`${T.modifiedAt} <= ${f.modifiedTo}`);
      if (f.createdFrom) conds.push(gte(T.createdAt, f.createdFrom));
      if (f.createdTo) conds.push(sql`${T.createdAt} <= ${f.createdTo}`);
      if (f.beforeId !== undefined) conds.push(lt(T.id, f.beforeId));
      if (f.afterId !== undefined) conds.push(gt(T.id, f.afterId));
      if (f.where) conds.push(f.where);
      return db
        .select()
        .from(T)
        .where(and(...conds))
        .orderBy(order === 'id_desc' ? desc(T.id) : asc(T.id))
        .limit(limit)
        .offset(offset);
    },
    async count(account: string, where?: SQL): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(T)
        .where(where ? and(mine(account), where) : mine(account));
      return r?.n ?? 0;
    },
    /** Changes an order's body (its modification time moves) and logs the call that did it. */
    async update(
      account: string,
      id: number,
      change: (body: Record<string, unknown>, now: Date) => Record<string, unknown>,
      entry: unknown,
    ): Promise<EmuOrder | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(T)
          .where(and(mine(account), eq(T.id, id)))
          .for('update');
        if (!row) return null;
        const now = new Date();
        const [updated] = await tx
          .update(T)
          .set({ body: change(structuredClone(row.body), now), log: [...row.log, { at: now.toISOString(), ...(entry as object) }], modifiedAt: now })
          .where(and(mine(account), eq(T.id, id)))
          .returning();
        return updated ?? null;
      });
    },
    /** Logs a refused call on an order (the tests see what the seller tried). */
    async logRefusal(account: string, id: number, entry: unknown): Promise<void> {
      await db
        .update(T)
        .set({ log: sql`${T.log} || ${JSON.stringify([{ at: new Date().toISOString(), ...(entry as object) }])}::jsonb` })
        .where(and(mine(account), eq(T.id, id)));
    },
  };
}
export type EmulatorStore = ReturnType<typeof emulatorStore>;

export const randomToken = (bytes = 20) => randomBytes(bytes).toString('hex');

const bodyOf = (req: { body: unknown }) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

/**
 * The control endpoints (an admin's token, as the Nova Poshta emulator's): `newAccount` makes a
 * seller (its credentials answered once), `newOrder` writes a buyer's order in the marketplace's
 * shape.
 */
export function registerEmulatorControl(
  app: FastifyInstance,
  marketplace: Marketplace,
  store: EmulatorStore,
  hooks: {
    newAccount: (account: string | undefined) => Promise<{ account: string; credentials: Record<string, string> }>;
    newOrder: (account: string, input: EmuOrderInput) => Promise<EmuOrder>;
  },
): void {
  const control = {
    schema: { security: [{ bearer: [] }] },
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      await requireUser(req, reply);
      if (req.auth?.user.role !== 'admin') throw AppError.forbidden();
    },
  };
  const bad = (reply: FastifyReply, message: string) => reply.code(400).send({ code: 'BadRequest', message });
  app.post('/_control/accounts', control, async (req) => {
    const b = bodyOf(req);
    return hooks.newAccount(typeof b.account === 'string' && b.account ? b.account : undefined);
  });
  app.post('/_control/orders', control, async (req, reply) => {
    const b = bodyOf(req);
    const account = typeof b.account === 'string' ? b.account : '';
    const input = b.order as EmuOrderInput | undefined;
    if (!account || !(await store.account(account))) return bad(reply, 'account: a seller made by POST /_control/accounts');
    if (!input || !Array.isArray(input.lines) || input.lines.length === 0 || !input.client || !input.delivery)
      return bad(reply, 'order: {lines: [{offer_id, name, price, qty}], client: {last_name, first_name, phone}, delivery: {...}, payment}');
    const row = await hooks.newOrder(account, { ...input, payment: input.payment === 'prepaid' ? 'prepaid' : 'cod' });
    return { id: row.id, order: row.body };
  });
  app.get('/_control/orders/:id', control, async (req, reply) => {
    const { id } = req.params as { id: string };
    const account = String((req.query as Record<string, unknown>).account ?? '');
    const row = /^\d+$/.test(id) ? await store.order(account, Number(id)) : null;
    if (!row) return reply.code(404).send({ code: 'NotFound', message: `order ${id} of ${account || '(no account)'} not found` });
    return { id: row.id, order: row.body, log: row.log };
  });
  app.post('/_control/faults', control, async (req, reply) => {
    const b = bodyOf(req);
    const kind = b.kind as FaultKind;
    const count = Number(b.count ?? 1);
    if (typeof b.account !== 'string' || !['refuse', 'unavailable', 'rate_limit'].includes(kind) || !Number.isInteger(count) || count < 0 || count > 100)
      return bad(reply, 'account, kind (refuse | unavailable | rate_limit) and count (0..100) are expected');
    faults.set(`${marketplace}:${b.account}`, { kind, remaining: count });
    return { account: b.account, kind, count };
  });
}
