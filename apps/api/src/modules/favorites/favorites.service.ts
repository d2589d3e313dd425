import { AppError } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { catalogRepo } from '../catalog/catalog.repository.ts';
import { favoritesRepo, subscriptionsRepo } from './favorites.repository.ts';

export const listFavorites = (ctx: AuthedCtx, page: number, perPage: number) => favoritesRepo.page(ctx.db, ctx.user.id, page, perPage);

export async function addFavorite(ctx: AuthedCtx, productId: number) {
  if (!(await catalogRepo.productExists(ctx.db, productId))) throw AppError.field('product_id', 'product_not_found');
  return favoritesRepo.upsert(ctx.db, ctx.user.id, productId);
}

/** By product id; a product that is not in my favourites (someone else's or none) is a 404. */
export async function removeFavorite(ctx: AuthedCtx, productId: number) {
  if ((await favoritesRepo.deleteOwned(ctx.db, ctx.user.id, productId)) === 0) throw AppError.notFound();
}

export const listSubscriptions = (ctx: AuthedCtx, page: number, perPage: number) => subscriptionsRepo.page(ctx.db, ctx.user.id, page, perPage);

export async function subscribe(ctx: AuthedCtx, codeId: number) {
  if (!(await catalogRepo.codeExists(ctx.db, codeId))) throw AppError.field('code_id', 'product_not_found');
  return subscriptionsRepo.upsert(ctx.db, ctx.user.id, codeId);
}

export async function unsubscribe(ctx: AuthedCtx, codeId: number) {
  if ((await subscriptionsRepo.deleteOwned(ctx.db, ctx.user.id, codeId)) === 0) throw AppError.notFound();
}
