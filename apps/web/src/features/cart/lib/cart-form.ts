/**
 * The rules of the add-to-cart and edit-cart dialogs (SPEC sections 5 and 8): quantity at least 1,
 * a selling price never below the drop price (snapped up to it), the live profit
 * ((retail − drop) × qty, in whole kopecks) and the warnings (below recommended, above stock).
 * While the supplier enforces the recommended price (/config enforce_recommended_price) a price below
 * it is refused (the API refuses it too), not merely warned about.
 */
import { MAX_CART_QTY, kopToUah, uahToKop, type CartLineDto, type ProductListItemDto } from '@drop/shared';
import { parsePrice, parseQty, priceText } from '../../../lib/price-input.ts';

/** What a dialog needs of a product or of a cart line. */
export interface CartItemDraft {
  productId: number;
  /** The cart line (edit), or null (add). */
  lineId: number | null;
  name: string;
  code: number;
  vendorCode: string;
  /** A storage path (see storageUrl), or null. */
  image: string | null;
  dropPrice: number;
  recommendedPrice: number;
  stock: number;
  stockText: string;
  qty: number;
  retailPrice: number;
}

const firstImage = (p: ProductListItemDto): string | null =>
  (p.images.find((i) => i.type === 'thumb') ?? p.images.find((i) => i.type === 'medium_centered') ?? p.images[0])?.path ?? null;

/** Add: one piece at the product's selling price (markup_price, DESIGN.md section 7). */
export const draftFromProduct = (p: ProductListItemDto): CartItemDraft => ({
  productId: p.id,
  lineId: null,
  name: p.name,
  code: p.b2b_code_id,
  vendorCode: p.vendor_code,
  image: firstImage(p),
  dropPrice: p.drop_price,
  recommendedPrice: p.retail_price,
  stock: p.qty,
  stockText: p.quantity,
  qty: 1,
  retailPrice: p.markup_price,
});

/** Edit: the line's quantity and selling price. */
export const draftFromLine = (l: CartLineDto): CartItemDraft => ({
  productId: l.product_id,
  lineId: l.id,
  name: l.product.name,
  code: l.b2b_code_id,
  vendorCode: l.product.vendor_code,
  image: l.product.image,
  dropPrice: l.drop_price,
  recommendedPrice: l.recommended_price,
  stock: l.product.qty,
  stockText: l.product.quantity,
  qty: l.qty,
  retailPrice: l.retail_price,
});

export { parsePrice, parseQty, priceText, sanitizePriceInput, sanitizeQtyInput, snapPrice } from '../../../lib/price-input.ts';

/** The default price of a dialog: the item's price, snapped up to drop. */
export const initialPrice = (item: CartItemDraft) => priceText(Math.max(item.retailPrice, item.dropPrice));

export interface CartFormState {
  qty: number | null;
  price: number | null;
  /** (retail − drop) × qty in UAH, null while a field is not a number. */
  profit: number | null;
  qtyTooSmall: boolean;
  qtyTooBig: boolean;
  priceMissing: boolean;
  belowDrop: boolean;
  belowRecommended: boolean;
  /** Below the recommended price while the supplier enforces it: the price cannot be sent. */
  belowFloor: boolean;
  aboveStock: boolean;
  canSubmit: boolean;
}

/** The lowest price the dialog accepts: the drop price, and the recommended one while the floor is on. */
export const minimumPrice = (item: Pick<CartItemDraft, 'dropPrice' | 'recommendedPrice'>, recommendedFloor: boolean) =>
  recommendedFloor ? Math.max(item.dropPrice, item.recommendedPrice) : item.dropPrice;

/** `recommendedFloor`: the supplier enforces the recommended price (a price below it cannot be sent). */
export function evaluateCartForm(
  item: Pick<CartItemDraft, 'dropPrice' | 'recommendedPrice' | 'stock'>,
  qtyRaw: string,
  priceRaw: string,
  recommendedFloor = false,
): CartFormState {
  const qty = parseQty(qtyRaw);
  const price = parsePrice(priceRaw);
  const priceKop = price === null ? null : uahToKop(price);
  const dropKop = uahToKop(item.dropPrice);
  const qtyTooSmall = qty === null || qty < 1;
  const qtyTooBig = qty !== null && qty > MAX_CART_QTY;
  const priceMissing = priceKop === null || priceKop <= 0;
  const belowDrop = priceKop !== null && priceKop < dropKop;
  const belowRecommended = priceKop !== null && !belowDrop && priceKop < uahToKop(item.recommendedPrice);
  const belowFloor = recommendedFloor && priceKop !== null && priceKop < uahToKop(item.recommendedPrice);
  const aboveStock = qty !== null && qty > item.stock;
  const profit = qty !== null && priceKop !== null ? kopToUah((priceKop - dropKop) * qty) : null;
  return {
    qty,
    price: priceKop === null ? null : kopToUah(priceKop),
    profit,
    qtyTooSmall,
    qtyTooBig,
    priceMissing,
    belowDrop,
    belowRecommended,
    belowFloor,
    aboveStock,
    canSubmit: !qtyTooSmall && !qtyTooBig && !priceMissing && !belowDrop && !belowFloor,
  };
}
