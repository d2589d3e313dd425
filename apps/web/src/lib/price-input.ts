/**
 * Quantity and price inputs (the cart dialogs and the order edit lines): what may be typed, how it
 * is read, and the committed price (whole kopecks, never below the drop price).
 */
import { kopToUah, uahToKop } from '@drop/shared';

/** Digits only, at most 5 of them. */
export const sanitizeQtyInput = (raw: string) => raw.replace(/\D/g, '').slice(0, 5);

/** Digits and one decimal separator ('.' or ','). */
export const sanitizePriceInput = (raw: string) => raw.replace(/[^\d.,]/g, '');

export function parseQty(raw: string): number | null {
  if (!/^\d+$/.test(raw)) return null;
  return Number(raw);
}

export function parsePrice(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A price as the field shows it: 2 decimals, no grouping. */
export const priceText = (uah: number) => kopToUah(uahToKop(uah)).toFixed(2);

/** The committed price: whole kopecks, never below drop. Text that is not a price stays as typed. */
export function snapPrice(raw: string, dropPrice: number): string {
  const price = parsePrice(raw);
  if (price === null) return raw;
  return priceText(uahToKop(price) < uahToKop(dropPrice) ? dropPrice : price);
}
