/**
 * The staff's orders list state (issue 29 point 3), all in the URL so a saved view is just its
 * parameters: the reseller's filters (orders/lib/orders-filter.ts) plus user_id, payment_method,
 * delivery_service, delivery_type, delivery_method, city and worklist; `sort` (ORDER_SORTS, default
 * newest first), `per_page` (10/20/50/100) and `cols` (the chosen ORDER_LIST_COLUMNS, comma
 * separated; absent: the person's last choice in localStorage, else the defaults). Pure helpers.
 */
import {
  DEFAULT_ORDER_SORT,
  DELIVERY_METHODS,
  DELIVERY_SERVICES,
  DELIVERY_TYPES,
  ORDER_LIST_COLUMNS,
  ORDER_LIST_DEFAULT_COLUMNS,
  ORDER_LIST_PER_PAGE,
  ORDER_SORTS,
  ORDER_WORKLISTS,
  PAY_METHODS,
  type AdminOrdersFilter,
  type OrderListColumn,
  type OrderSort,
  type OrderViewParams,
} from '@drop/shared';
import { FILTER_KEYS, parseOrdersFilter, type OrdersFilter } from '../../../lib/order/orders-filter.ts';

/** The filters beyond the reseller's own, in the URL. */
export const ADMIN_FILTER_KEYS = ['user_id', 'payment_method', 'delivery_service', 'delivery_type', 'delivery_method', 'city'] as const;
/** Every filter of the list (what reset clears and a view stores), the worklist included. */
export const LIST_FILTER_KEYS = [...FILTER_KEYS, ...ADMIN_FILTER_KEYS, 'worklist'] as const;
/** localStorage: the columns a person chose last (used while the URL names none). */
export const COLUMNS_STORAGE_KEY = 'drop-admin-order-columns';

export type AdminListFilter = Omit<OrdersFilter, 'page' | 'per_page'> & Omit<AdminOrdersFilter, keyof OrdersFilter | 'worklist'>;
export type AdminListPatch = { [K in keyof AdminListFilter]?: AdminListFilter[K] | undefined };

const oneOf = <T extends string>(list: readonly T[], v: string | null): v is T => v !== null && (list as readonly string[]).includes(v);

export function parseColumns(raw: string | null | undefined): OrderListColumn[] | null {
  if (raw === null || raw === undefined) return null;
  const cols = raw.split(',').filter((c): c is OrderListColumn => oneOf(ORDER_LIST_COLUMNS, c));
  return [...new Set(cols)];
}

export function storedColumns(): OrderListColumn[] | null {
  try {
    return parseColumns(globalThis.localStorage?.getItem(COLUMNS_STORAGE_KEY));
  } catch {
    return null;
  }
}
export function storeColumns(cols: readonly OrderListColumn[]) {
  try {
    globalThis.localStorage?.setItem(COLUMNS_STORAGE_KEY, cols.join(','));
  } catch {
    // private mode: the URL still holds them
  }
}

export interface AdminListState {
  filter: AdminListFilter;
  page: number;
  per_page: number;
  sort: OrderSort;
  columns: OrderListColumn[];
}

/** Reads the URL; unknown or malformed values are ignored (defaults instead). */
export function parseAdminList(params: URLSearchParams, fallbackColumns: readonly OrderListColumn[] | null = null): AdminListState {
  const { page, per_page: _perPage, ...base } = parseOrdersFilter(params);
  const filter: AdminListFilter = { ...base };
  const userId = params.get('user_id');
  if (userId && /^\d{1,10}$/.test(userId) && Number(userId) > 0 && Number(userId) <= 2_147_483_647) filter.user_id = Number(userId);
  const pm = params.get('payment_method');
  if (oneOf(PAY_METHODS, pm)) filter.payment_method = pm;
  const ds = params.get('delivery_service');
  if (oneOf(DELIVERY_SERVICES, ds)) filter.delivery_service = ds;
  const dt = params.get('delivery_type');
  if (oneOf(DELIVERY_TYPES, dt)) filter.delivery_type = dt;
  const dm = params.get('delivery_method');
  if (oneOf(DELIVERY_METHODS, dm)) filter.delivery_method = dm;
  const city = params.get('city')?.trim().slice(0, 100);
  if (city) filter.city = city;
  const pp = Number(params.get('per_page'));
  const sort = params.get('sort');
  return {
    filter,
    page,
    per_page: (ORDER_LIST_PER_PAGE as readonly number[]).includes(pp) ? pp : ORDER_LIST_PER_PAGE[0],
    sort: oneOf(ORDER_SORTS, sort) ? sort : DEFAULT_ORDER_SORT,
    columns: parseColumns(params.get('cols')) ?? (fallbackColumns ? [...fallbackColumns] : [...ORDER_LIST_DEFAULT_COLUMNS]),
  };
}

export const activeAdminFilters = (f: AdminListFilter): number =>
  [...FILTER_KEYS, ...ADMIN_FILTER_KEYS].filter((k) => f[k] !== undefined && f[k] !== '').length;

/** The URL after a change of some parameters (page back to 1 unless `keepPage`; defaults left out). */
export function patchListParams(prev: URLSearchParams, patch: Record<string, string | number | null | undefined>, keepPage = false): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(patch)) {
    const value = v === undefined || v === null ? '' : String(v).trim();
    if (value === '' || (k === 'per_page' && Number(value) === ORDER_LIST_PER_PAGE[0]) || (k === 'sort' && value === DEFAULT_ORDER_SORT)) next.delete(k);
    else next.set(k, value);
  }
  if (!keepPage) next.delete('page');
  return next;
}

/** Reset clears the filters (and the worklist) and keeps the list's shape: columns, sort, rows per page. */
export function resetListParams(prev: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const k of LIST_FILTER_KEYS) next.delete(k);
  next.delete('page');
  return next;
}

/** What a saved view stores: the filters (with the worklist), the columns, the sort and rows per page. */
export function viewOfList(state: AdminListState, worklist: string | undefined): OrderViewParams {
  const filters: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(state.filter)) if (v !== undefined && v !== '') filters[k] = v;
  if (oneOf(ORDER_WORKLISTS, worklist ?? null)) filters.worklist = worklist;
  return { filters: filters as OrderViewParams['filters'], columns: [...state.columns], sort: state.sort, per_page: state.per_page };
}

/** The list's URL for a saved view (the list view; every column named, so the view shows what it saved). */
export function paramsOfView(v: OrderViewParams): URLSearchParams {
  const next = new URLSearchParams({ view: 'list' });
  for (const k of LIST_FILTER_KEYS) {
    const value = (v.filters as Record<string, unknown>)[k];
    if (value !== undefined && value !== '') next.set(k, String(value));
  }
  if (v.sort !== DEFAULT_ORDER_SORT) next.set('sort', v.sort);
  if (v.per_page !== ORDER_LIST_PER_PAGE[0]) next.set('per_page', String(v.per_page));
  next.set('cols', v.columns.join(','));
  return next;
}

/** Whether the list shows exactly this view (its filters, columns in any order, sort and page size). */
export function isSameView(a: OrderViewParams, b: OrderViewParams): boolean {
  const norm = (v: OrderViewParams) =>
    JSON.stringify([
      Object.entries(v.filters)
        .filter(([, x]) => x !== undefined && x !== '')
        .map(([k, x]) => [k, String(x)])
        .sort(),
      [...v.columns].sort(),
      v.sort,
      v.per_page,
    ]);
  return norm(a) === norm(b);
}
