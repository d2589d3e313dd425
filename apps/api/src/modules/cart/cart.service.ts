import {
  MAX_CART_LINES,
  formatQty,
  kopToUah,
  priceProduct,
  uahToKop,
  type CartAddInput,
  type CartDto,
  type CartUpdateInput,
  type PricingUser,
} from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { pricingUser } from '../catalog/catalog.service.ts';
import { pick } from '../catalog/catalog.presenter.ts';
import { categoryTree } from '../catalog/category-tree.ts';
import { cartRepo } from './cart.repository.ts';

type Product = NonNullable<Awaited<ReturnType<typeof cartRepo.product>>>;

const pricesOf = (p: Product, user: PricingUser) =>
  priceProduct({ dropKop: p.dropKop, oldDropKop: p.oldDropKop, retailKop: p.retailKop, categoryPath: [p.categoryId, p.parentId, p.rootId] }, user);

/** The cart with today's prices for this user (DESIGN.md section 7's shape). */
export async function getCart(ctx: AuthedCtx): Promise<CartDto> {
  const user = await pricingUser(ctx.db, ctx.user);
  const rows = await cartRepo.lines(ctx.db, ctx.user.id);
  let dropSum = 0;
  let retailSum = 0;
  const items = rows.map(({ line, product }) => {
    const prices = pricesOf(product, user);
    const drop = prices.dropKop * line.qty;
    const retail = line.retailKop * line.qty;
    dropSum += drop;
    retailSum += retail;
    return {
      id: line.id,
      product_id: product.id,
      b2b_code_id: product.b2bCodeId,
      qty: line.qty,
      retail_price: kopToUah(line.retailKop),
      drop_price: kopToUah(prices.dropKop),
      recommended_price: kopToUah(prices.retailKop),
      profit: kopToUah(retail - drop),
      product: {
        name: pick(ctx.locale, product.nameUk, product.nameRu),
        vendor_code: product.vendorCode,
        image: product.image,
        quantity: formatQty(product.qty),
        qty: product.qty,
      },
    };
  });
  return { items, count: items.length, drop_sum: kopToUah(dropSum), retail_sum: kopToUah(retailSum), profit: kopToUah(retailSum - dropSum) };
}

/** SPEC section 8's refusals, in this order: below drop, below recommended (while enforced), above stock. */
async function check(ctx: AuthedCtx, product: Product, qty: number, retailKop: number) {
  const user = await pricingUser(ctx.db, ctx.user);
  const prices = pricesOf(product, user);
  if (retailKop < prices.dropKop) throw AppError.business('PriceIsLessDrop', 'price_less_drop');
  if (retailKop < prices.retailKop && user.recommendedFloor) {
    throw AppError.business('PriceIsLessRecommended', 'price_less_recommended');
  }
  if (qty > product.qty) throw AppError.business('QuantityIsLessRemains', 'quantity_less_remains');
}

/** Adds a product, or replaces its line's quantity and price when it is already in the cart. */
export async function addToCart(ctx: AuthedCtx, input: CartAddInput): Promise<CartDto> {
  const product = await cartRepo.product(ctx.db, input.product_id);
  // A product of a hidden category is not in the reseller's catalogue: as unknown.
  if (!product || (await categoryTree(ctx.db)).hiddenIds.has(product.categoryId)) throw AppError.field('product_id', 'product_not_found');
  const retailKop = uahToKop(input.retail_price);
  await check(ctx, product, input.qty, retailKop);
  if (!(await cartRepo.upsert(ctx.db, ctx.user.id, product.id, input.qty, retailKop, MAX_CART_LINES))) throw AppError.business('CartFull', 'cart_full');
  return getCart(ctx);
}

export async function updateCartLine(ctx: AuthedCtx, id: number, input: CartUpdateInput): Promise<CartDto> {
  if (input.id !== undefined && input.id !== id) throw AppError.field('id', 'invalid_value');
  const line = await cartRepo.lineOwned(ctx.db, ctx.user.id, id);
  if (!line) throw AppError.notFound();
  const product = await cartRepo.product(ctx.db, line.productId);
  if (!product) throw AppError.notFound();
  const retailKop = uahToKop(input.retail_price);
  await check(ctx, product, input.qty, retailKop);
  await cartRepo.update(ctx.db, id, input.qty, retailKop);
  return getCart(ctx);
}

export async function removeCartLine(ctx: AuthedCtx, id: number): Promise<CartDto> {
  if ((await cartRepo.deleteOwned(ctx.db, ctx.user.id, id)) === 0) throw AppError.notFound();
  return getCart(ctx);
}
