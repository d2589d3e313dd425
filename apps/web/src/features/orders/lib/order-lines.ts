/**
 * The editable lines of an order (the edit page): the same rules as the cart (SPEC section 5):
 * quantity at least 1, a selling price never below the line's drop price (snapped up to it when
 * committed; saving is blocked while it is lower), the live profit in whole kopecks. A line must remain.
 */
import { MAX_CART_QTY, kopToUah, uahToKop, type OrderDto } from '@drop/shared';
import { parsePrice, parseQty, priceText } from '../../../lib/price-input.ts';

export interface LineDraft {
  /** The order line's id (React key). */
  id: number;
  /** null: the product is no longer in the catalogue (the line cannot be kept). */
  productId: number | null;
  name: string;
  code: number;
  vendorCode: string;
  dropPrice: number;
  qty: string;
  price: string;
}

export const draftsFromOrder = (o: Pick<OrderDto, 'products'>): LineDraft[] =>
  o.products.map((l) => ({
    id: l.id,
    productId: l.product_id,
    name: l.name,
    code: l.b2b_code_id,
    vendorCode: l.vendor_code,
    dropPrice: l.drop_price,
    qty: String(l.qty),
    price: priceText(Math.max(l.retail_price, l.drop_price)),
  }));

export interface LineState {
  qty: number | null;
  price: number | null;
  /** (retail − drop) × qty in UAH, null while a field is not a number. */
  profit: number | null;
  qtyTooSmall: boolean;
  qtyTooBig: boolean;
  priceMissing: boolean;
  belowDrop: boolean;
  unavailable: boolean;
  valid: boolean;
}

export function evaluateLine(line: LineDraft): LineState {
  const qty = parseQty(line.qty);
  const price = parsePrice(line.price);
  const priceKop = price === null ? null : uahToKop(price);
  const dropKop = uahToKop(line.dropPrice);
  const qtyTooSmall = qty === null || qty < 1;
  const qtyTooBig = qty !== null && qty > MAX_CART_QTY;
  const priceMissing = priceKop === null || priceKop <= 0;
  const belowDrop = priceKop !== null && priceKop < dropKop;
  const unavailable = line.productId === null;
  return {
    qty,
    price: priceKop === null ? null : kopToUah(priceKop),
    profit: qty !== null && priceKop !== null ? kopToUah((priceKop - dropKop) * qty) : null,
    qtyTooSmall,
    qtyTooBig,
    priceMissing,
    belowDrop,
    unavailable,
    valid: !qtyTooSmall && !qtyTooBig && !priceMissing && !belowDrop && !unavailable,
  };
}

export interface LinesTotals {
  wholesale: number;
  retail: number;
  profit: number;
  /** Every line valid and at least one line. */
  valid: boolean;
}

/** Sums in whole kopecks (lines whose fields are not numbers count as 0). */
export function linesTotals(lines: LineDraft[]): LinesTotals {
  let wholesale = 0;
  let retail = 0;
  let valid = lines.length > 0;
  for (const l of lines) {
    const s = evaluateLine(l);
    if (!s.valid) valid = false;
    const qty = s.qty ?? 0;
    wholesale += uahToKop(l.dropPrice) * qty;
    retail += uahToKop(s.price ?? 0) * qty;
  }
  return { wholesale: kopToUah(wholesale), retail: kopToUah(retail), profit: kopToUah(retail - wholesale), valid };
}

/** The `products` of `PUT /orders/{id}` (only when every line is valid). */
export function linesInput(lines: LineDraft[]): { product_id: number; qty: number; retail_price: number }[] | null {
  const out: { product_id: number; qty: number; retail_price: number }[] = [];
  for (const l of lines) {
    const s = evaluateLine(l);
    if (!s.valid || l.productId === null || s.qty === null || s.price === null) return null;
    out.push({ product_id: l.productId, qty: s.qty, retail_price: s.price });
  }
  return out.length > 0 ? out : null;
}

/** A server 422 on `products.{i}.{field}`: the message by line index and field. */
export function lineServerErrors(errors: Record<string, string[]> | undefined): Record<number, Partial<Record<'qty' | 'retail_price' | 'product_id', string>>> {
  const out: Record<number, Partial<Record<'qty' | 'retail_price' | 'product_id', string>>> = {};
  for (const [key, msgs] of Object.entries(errors ?? {})) {
    const m = /^products\.(\d+)\.(qty|retail_price|product_id)$/.exec(key);
    const msg = msgs[0];
    if (!m || !msg) continue;
    const i = Number(m[1]);
    out[i] = { ...out[i], [m[2] as 'qty']: msg };
  }
  return out;
}
