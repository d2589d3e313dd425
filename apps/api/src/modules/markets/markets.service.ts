import { MAX_MARKETS, type MarketInput, type PricingMarket } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthedCtx, UserRow } from '../../lib/ctx.ts';
import { marketsRepo, type CategoryMarkupRow, type MarketWithMarkups } from './markets.repository.ts';

/** Stores are for verified users only: 403 `NotVerified` otherwise. */
export function assertCanUseMarkets(user: Pick<UserRow, 'isVerified'>): void {
  if (!user.isVerified) throw AppError.business('NotVerified', 'markets_not_verified', 403);
}

const fieldsOf = (input: MarketInput) => ({ name: input.name, baseType: input.base_markup.type, baseMarkup: input.base_markup.markup });

/** The input's category markups, checked against the catalogue (422 on `catalog_markup.N.id`), sorted by category. */
async function categoryMarkupsOf(db: Db, input: MarketInput): Promise<CategoryMarkupRow[] | undefined> {
  const list = input.catalog_markup;
  if (!list) return undefined;
  const existing = await marketsRepo.existingCategoryIds(
    db,
    list.map((m) => m.id),
  );
  const missing = list.findIndex((m) => !existing.has(m.id));
  if (missing >= 0) throw AppError.field(`catalog_markup.${missing}.id`, 'category_not_found');
  return list.map((m) => ({ categoryId: m.id, markup: m.markup })).sort((a, b) => a.categoryId - b.categoryId);
}

export async function listMarkets(ctx: AuthedCtx): Promise<MarketWithMarkups[]> {
  assertCanUseMarkets(ctx.user);
  return marketsRepo.listOwned(ctx.db, ctx.user.id);
}

export async function getMarket(ctx: AuthedCtx, id: number): Promise<MarketWithMarkups> {
  assertCanUseMarkets(ctx.user);
  const market = await marketsRepo.findOwned(ctx.db, ctx.user.id, id);
  if (!market) throw AppError.notFound();
  return market;
}

/** At most MAX_MARKETS per user, also under concurrent requests: the count runs under a lock on the user row. */
export async function createMarket(ctx: AuthedCtx, input: MarketInput): Promise<MarketWithMarkups> {
  assertCanUseMarkets(ctx.user);
  const categoryMarkups = (await categoryMarkupsOf(ctx.db, input)) ?? [];
  return ctx.db.transaction(async (tx) => {
    await marketsRepo.lockUser(tx, ctx.user.id);
    if ((await marketsRepo.count(tx, ctx.user.id)) >= MAX_MARKETS) throw AppError.business('MarketsLimit', 'markets_limit');
    const row = await marketsRepo.insert(tx, ctx.user.id, fieldsOf(input));
    await marketsRepo.replaceCategoryMarkups(tx, row.id, categoryMarkups);
    return { ...row, categoryMarkups };
  });
}

/** Replaces the name and base markup; the category markups too when `catalog_markup` is given. */
export async function updateMarket(ctx: AuthedCtx, id: number, input: MarketInput): Promise<MarketWithMarkups> {
  assertCanUseMarkets(ctx.user);
  const categoryMarkups = await categoryMarkupsOf(ctx.db, input);
  return ctx.db.transaction(async (tx) => {
    const row = await marketsRepo.updateOwned(tx, ctx.user.id, id, fieldsOf(input));
    if (!row) throw AppError.notFound();
    if (categoryMarkups) await marketsRepo.replaceCategoryMarkups(tx, row.id, categoryMarkups);
    const market = await marketsRepo.findOwned(tx, ctx.user.id, id);
    if (!market) throw AppError.notFound();
    return market;
  });
}

export async function deleteMarket(ctx: AuthedCtx, id: number): Promise<void> {
  assertCanUseMarkets(ctx.user);
  const n = await marketsRepo.deleteOwned(ctx.db, ctx.user.id, id);
  if (n === 0) throw AppError.notFound();
}

/**
 * The store's price settings for the catalogue, or null (the markup profile) when no store is
 * asked for, the user is not verified, or the id is unknown or someone else's: a stale
 * `market_id` from the browser never breaks the catalogue. One query; not cached, so an edit
 * or a deletion shows in the very next product call.
 */
export async function pricingMarketFor(db: Db, user: Pick<UserRow, 'id' | 'isVerified'>, marketId: number | undefined): Promise<PricingMarket | null> {
  if (marketId === undefined || !user.isVerified) return null;
  const market = await marketsRepo.findOwned(db, user.id, marketId);
  if (!market) return null;
  return {
    baseType: market.baseType,
    baseMarkup: Number(market.baseMarkup),
    categoryMarkups: new Map(market.categoryMarkups.map((m) => [m.categoryId, m.markup])),
  };
}
