import {
  MAX_BULK_PLACE,
  type BulkPlaceResult,
  type ConnectionCreateInput,
  type ConnectionDto,
  type MarketplaceOrderDto,
  type MarketplaceOrdersQuery,
  type OrderDto,
  translate,
} from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { MpAuthError, MpUnavailable, type MarketplaceCredentials } from '../../integrations/marketplaces/types.ts';
import { pricingUser } from '../catalog/catalog.service.ts';
import { categoryTree } from '../catalog/category-tree.ts';
import { assertCanUseMarkets } from '../markets/markets.service.ts';
import { marketsRepo } from '../markets/markets.repository.ts';
import { ordersRepo } from '../orders/orders.repository.ts';
import { afterPlacement, getOrder, placeInTx, type PlacementProduct, type Placed } from '../orders/orders.service.ts';
import { draftOrderInput, reviewDraft, STRUCTURAL } from './drafts.ts';
import { marketplacesRepo, type ConnectionRow, type MarketplaceOrderRow } from './marketplaces.repository.ts';
import { presentConnection, presentDraft } from './marketplaces.presenter.ts';

/** The sealed credentials are bound to their owner and marketplace: copied onto another row, they do not open. */
export const secretContext = (c: Pick<ConnectionRow, 'userId' | 'marketplace'>) => `marketplace:${c.userId}:${c.marketplace}`;

export function credentialsOf(deps: Deps, c: ConnectionRow): MarketplaceCredentials | null {
  return c.secret ? (JSON.parse(deps.secrets.open(c.secret, secretContext(c))) as MarketplaceCredentials) : null;
}

/** Connection checks per reseller per 10 minutes (each one is a call to the marketplace with someone's credentials). */
const CHECKS_PER_WINDOW = 10;

export async function listConnections(ctx: AuthedCtx): Promise<ConnectionDto[]> {
  const rows = await marketplacesRepo.connections(ctx.db, ctx.user.id);
  return rows.map((r) => presentConnection(r.c, r.marketName, r.drafts));
}

/**
 * A store connected to a marketplace: the credentials are checked with the marketplace at once
 * (422 `credentials_refused` on the secret's field when it says no, 503 when it does not answer),
 * sealed, and shown masked. One live connection per marketplace per store (422 on market_id).
 */
export async function createConnection(ctx: AuthedCtx, input: ConnectionCreateInput): Promise<ConnectionDto> {
  assertCanUseMarkets(ctx.user);
  const market = await marketsRepo.findOwned(ctx.db, ctx.user.id, input.market_id);
  if (!market) throw AppError.field('market_id', 'market_not_found');
  const existing = await marketplacesRepo.connections(ctx.db, ctx.user.id);
  if (existing.some((r) => r.c.marketId === input.market_id && r.c.marketplace === input.marketplace))
    throw AppError.field('market_id', 'marketplace_connected');
  const hit = await ctx.deps.limiter.hit(`mp-check:${ctx.user.id}`, CHECKS_PER_WINDOW, 600);
  if (!hit.allowed) throw AppError.tooMany(hit.retryAfter);
  const creds: MarketplaceCredentials =
    input.marketplace === 'prom'
      ? { token: input.token }
      : input.marketplace === 'rozetka'
        ? { username: input.username, password: input.password }
        : { domain: input.domain, login: input.login, password: input.password };
  const client = ctx.deps.marketplaces[input.marketplace];
  let checked: { account: string; display: string };
  try {
    checked = await client.check(creds);
  } catch (err) {
    if (err instanceof MpAuthError) throw AppError.field(input.marketplace === 'prom' ? 'token' : 'password', 'credentials_refused');
    // A Horoshop site is the reseller's own domain: one that does not answer as Horoshop is most likely mistyped.
    if (input.marketplace === 'horoshop' && err instanceof MpUnavailable) throw AppError.field('domain', 'horoshop_unreachable');
    ctx.log.warn({ err: { message: (err as Error).message }, marketplace: input.marketplace }, 'marketplace check failed');
    throw new AppError(503, 'MarketplaceUnavailable', 'marketplace_unavailable');
  }
  try {
    const row = await marketplacesRepo.insertConnection(ctx.db, {
      userId: ctx.user.id,
      marketId: input.market_id,
      marketplace: input.marketplace,
      account: checked.account,
      secret: ctx.deps.secrets.seal(JSON.stringify(creds), secretContext({ userId: ctx.user.id, marketplace: input.marketplace })),
      display: checked.display,
    });
    return presentConnection(row, market.name, 0);
  } catch (err) {
    // The same store connected twice at once: the second one finds the first.
    if (isUniqueViolation(err)) throw AppError.field('market_id', 'marketplace_connected');
    throw err;
  }
}

export async function revokeConnection(ctx: AuthedCtx, id: number): Promise<void> {
  if (!(await marketplacesRepo.revoke(ctx.db, ctx.user.id, id))) throw AppError.notFound();
}

async function productsOf(ctx: Pick<AuthedCtx, 'db'>, drafts: MarketplaceOrderRow[]): Promise<Map<number, PlacementProduct>> {
  const ids = [...new Set(drafts.flatMap((d) => d.lines.flatMap((l) => (l.productId === null ? [] : [l.productId]))))];
  return new Map((await ordersRepo.products(ctx.db, ids)).map((p) => [p.id, p]));
}

export async function listDrafts(ctx: AuthedCtx, q: MarketplaceOrdersQuery) {
  const { rows, total } = await marketplacesRepo.page(ctx.db, ctx.user.id, q.status, q.page, q.per_page);
  const products = await productsOf(
    ctx,
    rows.map((r) => r.m),
  );
  const user = await pricingUser(ctx.db, ctx.user);
  const { hiddenIds } = await categoryTree(ctx.db);
  const lastPage = Math.max(1, Math.ceil(total / q.per_page));
  return {
    data: rows.map((r) => presentDraft(r.m, r.marketName, r.orderNumber, reviewDraft(r.m, products, user, hiddenIds), ctx.locale)),
    meta: { current_page: q.page, per_page: q.per_page, total, last_page: lastPage },
    pagination: { last_page: lastPage },
  };
}

export async function getDraft(ctx: AuthedCtx, id: number): Promise<MarketplaceOrderDto> {
  const d = await marketplacesRepo.owned(ctx.db, ctx.user.id, id);
  if (!d) throw AppError.notFound();
  const products = await productsOf(ctx, [d]);
  const review = reviewDraft(d, products, await pricingUser(ctx.db, ctx.user), (await categoryTree(ctx.db)).hiddenIds);
  const order = d.orderId === null ? null : await ordersRepo.owned(ctx.db, ctx.user.id, d.orderId);
  const marketName = await marketplacesRepo.marketNameOf(ctx.db, d.connectionId);
  return presentDraft(d, marketName, order?.number ?? null, review, ctx.locale);
}

/**
 * A draft becomes a portal order (the placement of the cart, with the draft's lines at the
 * marketplace's prices) in one transaction with the draft's own change, so a double click, two
 * tabs or the poller's automatic placement make one order: the later one waits for the draft's
 * lock and then answers the order already placed. Refused (400 `DraftNotReady`) while a line
 * matches nothing or the address is not the carrier's; stock and prices answer the cart's codes.
 */
export async function placeDraft(ctx: AuthedCtx, id: number): Promise<OrderDto> {
  const user = await pricingUser(ctx.db, ctx.user);
  const { hiddenIds } = await categoryTree(ctx.db);
  const result = await ctx.db.transaction(async (tx): Promise<{ placed: Placed } | { orderId: number }> => {
    const d = await marketplacesRepo.lockOwned(tx, ctx.user.id, id);
    if (!d) throw AppError.notFound();
    if (d.status === 'placed' && d.orderId !== null) return { orderId: d.orderId };
    if (d.status !== 'draft') throw AppError.business('DraftClosed', 'draft_closed');
    const products = new Map(
      (
        await ordersRepo.products(
          tx,
          d.lines.flatMap((l) => (l.productId === null ? [] : [l.productId])),
        )
      ).map((p) => [p.id, p]),
    );
    const review = reviewDraft(d, products, user, hiddenIds);
    const input = draftOrderInput(d);
    if (!input || review.problems.some((p) => STRUCTURAL.includes(p))) throw AppError.business('DraftNotReady', 'draft_not_ready');
    const rows = d.lines.map((l) => ({ product: products.get(l.productId!)!, qty: l.qty, retailKop: l.priceKop }));
    const placed = await placeInTx(ctx, tx, input, rows, { user, hiddenIds, clearCart: false });
    await ordersRepo.update(tx, placed.order.id, { source: d.marketplace });
    await marketplacesRepo.update(tx, d.id, { status: 'placed', orderId: placed.order.id, placeError: null });
    await ordersRepo.history(tx, { orderId: placed.order.id, kind: 'marketplace_source', from: d.marketplace, to: d.externalId, actorId: ctx.user.id });
    return { placed };
  });
  if ('orderId' in result) return getOrder(ctx, result.orderId);
  return afterPlacement(ctx, result.placed);
}

/** Places each draft in turn; one refused does not stop the others (its reason is kept on the draft and answered). */
export async function placeDrafts(ctx: AuthedCtx, ids: number[]): Promise<BulkPlaceResult> {
  const out: BulkPlaceResult = { placed: [], failed: [] };
  for (const id of [...new Set(ids)].slice(0, MAX_BULK_PLACE)) {
    try {
      const order = await placeDraft(ctx, id);
      out.placed.push({ id, order_id: order.id, order_number: order.number });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.failed.push({ id, code: err.code, message: translate(err.messageKey, ctx.locale, err.params) });
      if (err.status !== 404) await marketplacesRepo.setPlaceError(ctx.db, ctx.user.id, id, err.code);
    }
  }
  return out;
}

export async function dismissDraft(ctx: AuthedCtx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const d = await marketplacesRepo.lockOwned(tx, ctx.user.id, id);
    if (!d) throw AppError.notFound();
    if (d.status !== 'draft') throw AppError.business('DraftClosed', 'draft_closed');
    await marketplacesRepo.update(tx, d.id, { status: 'dismissed' });
  });
}
