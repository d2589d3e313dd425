/**
 * The orders list state in the URL query (like the product list, SPEC section 4): page, per_page,
 * status, payment_status, delivery_status, date_from, date_to, search. Pure helpers, no React.
 */
import {
  DEFAULT_PER_PAGE,
  DELIVERY_STATUSES,
  ORDER_STATUSES,
  PAY_STATUSES,
  PER_PAGE_OPTIONS,
  type DeliveryStatus,
  type OrderStatus,
  type PayStatus,
} from '@drop/shared';

export interface OrdersFilter {
  page: number;
  per_page: number;
  status?: OrderStatus | undefined;
  payment_status?: PayStatus | undefined;
  delivery_status?: DeliveryStatus | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  search?: string | undefined;
}

/** What the filter bar changes (each change goes back to page 1). */
export type OrdersFilterPatch = Partial<Pick<OrdersFilter, 'status' | 'payment_status' | 'delivery_status' | 'date_from' | 'date_to' | 'search' | 'per_page'>>;

export const FILTER_KEYS = ['status', 'payment_status', 'delivery_status', 'date_from', 'date_to', 'search'] as const;

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
const oneOf = <T extends string>(list: readonly T[], v: string | null): v is T => v !== null && (list as readonly string[]).includes(v);

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Reads the URL; unknown or malformed values are ignored. */
export function parseOrdersFilter(params: URLSearchParams): OrdersFilter {
  const perPage = positiveInt(params.get('per_page'));
  const status = params.get('status');
  const pay = params.get('payment_status');
  const delivery = params.get('delivery_status');
  const from = params.get('date_from');
  const to = params.get('date_to');
  const search = params.get('search')?.trim().slice(0, 100);
  const f: OrdersFilter = {
    page: positiveInt(params.get('page')) ?? 1,
    per_page: perPage !== null && (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
  };
  if (oneOf(ORDER_STATUSES, status)) f.status = status;
  if (oneOf(PAY_STATUSES, pay)) f.payment_status = pay;
  if (oneOf(DELIVERY_STATUSES, delivery)) f.delivery_status = delivery;
  if (isDay(from)) f.date_from = from;
  if (isDay(to)) f.date_to = to;
  if (search) f.search = search;
  return f;
}

/** The URL after a change of the filters (page back to 1; defaults left out). */
export function patchOrdersParams(prev: URLSearchParams, patch: OrdersFilterPatch): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(patch)) {
    const value = v === undefined || v === null ? '' : String(v).trim();
    if (value === '' || (k === 'per_page' && Number(value) === DEFAULT_PER_PAGE)) next.delete(k);
    else next.set(k, value);
  }
  next.delete('page');
  return next;
}

export function pageParams(prev: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(prev);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** Reset keeps the page size. */
export function resetOrdersParams(prev: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  const perPage = prev.get('per_page');
  if (perPage) next.set('per_page', perPage);
  return next;
}

export const activeFilterCount = (f: OrdersFilter): number => FILTER_KEYS.filter((k) => Boolean(f[k])).length;
