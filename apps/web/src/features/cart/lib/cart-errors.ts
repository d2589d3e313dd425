import { isApiError } from '../../../lib/api-client.ts';

/** How a failed cart call is shown (SPEC section 8). */
export type CartFailure =
  /** 400 business refusal (PriceIsLessDrop, PriceIsLessRecommended, QuantityIsLessRemains, CartFull): a warning toast. */
  | { kind: 'warning'; message: string }
  /** 422: messages under the fields (first per field). */
  | { kind: 'fields'; fields: Partial<Record<'qty' | 'retail_price', string>>; message: string }
  | { kind: 'error'; message: string };

export function cartFailure(e: unknown, fallback: string): CartFailure {
  if (!isApiError(e)) return { kind: 'error', message: fallback };
  if (e.status === 400 && e.code) return { kind: 'warning', message: e.message };
  if (e.status === 422 && e.errors) {
    const fields: Partial<Record<'qty' | 'retail_price', string>> = {};
    for (const f of ['qty', 'retail_price'] as const) {
      const msg = e.errors[f]?.[0];
      if (msg) fields[f] = msg;
    }
    if (Object.keys(fields).length > 0) return { kind: 'fields', fields, message: e.message };
  }
  return { kind: 'error', message: e.message || fallback };
}
