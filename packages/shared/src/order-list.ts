import { z } from 'zod';
import { DELIVERY_METHODS, DELIVERY_SERVICES, DELIVERY_TYPES, PAY_METHODS } from './config.ts';

/**
 * The staff's order list (issue 29 point 3): the filters beyond the reseller's own (who placed
 * it, how it is paid and delivered, the city), the sorts, the page sizes and the columns a
 * person may choose. One set of fields for `GET /admin/orders`, the bulk action's `filter`, the
 * export and a saved view, so each reads the same filter.
 */
export const orderListFilterFields = {
  payment_method: z.enum(PAY_METHODS, 'invalid_value').optional(),
  delivery_service: z.enum(DELIVERY_SERVICES, 'invalid_value').optional(),
  delivery_type: z.enum(DELIVERY_TYPES, 'invalid_value').optional(),
  delivery_method: z.enum(DELIVERY_METHODS, 'invalid_value').optional(),
  /** Part of the recipient's city name (case-insensitive). */
  city: z.string('invalid_type').trim().max(100, 'too_long').optional(),
};

/**
 * Sorts of the list: a field, `-` first for descending; ties always go by id in the same
 * direction (a stable page order). created_at and number read an index; status (in its workflow
 * order, ORDER_STATUSES), total, profit and user_name have none, so they sort the newest
 * ORDER_SORT_WINDOW orders the filter matches (all of them while the filter matches no more: exact).
 */
export const ORDER_SORT_FIELDS = ['created_at', 'number', 'status', 'total', 'profit', 'user_name'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export const ORDER_SORTS = ORDER_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const) as readonly (OrderSortField | `-${OrderSortField}`)[];
export type OrderSort = OrderSortField | `-${OrderSortField}`;
export const DEFAULT_ORDER_SORT: OrderSort = '-created_at';
/** Sorts with no index behind them: computed over this many newest matching orders at most. */
export const UNINDEXED_ORDER_SORTS: readonly OrderSortField[] = ['status', 'total', 'profit', 'user_name'];
/** The same bound as ADMIN_COUNT_CAP (admin.ts; not imported, so this file stays a leaf). */
export const ORDER_SORT_WINDOW = 10_000;
export const orderSortParam = z.enum(ORDER_SORTS as unknown as [OrderSort, ...OrderSort[]], 'invalid_value');
export const sortField = (s: OrderSort): OrderSortField => (s.startsWith('-') ? s.slice(1) : s) as OrderSortField;
export const sortDescending = (s: OrderSort): boolean => s.startsWith('-');

/** Rows per page the staff's list offers. */
export const ORDER_LIST_PER_PAGE = [10, 20, 50, 100] as const;

/**
 * Columns of the staff's order list a person may show or hide; the number (the order's link) is
 * always shown. ORDER_LIST_DEFAULT_COLUMNS is what a list shows before anyone chooses.
 */
export const ORDER_LIST_COLUMNS = [
  'created_at',
  'reseller',
  'client',
  'phone',
  'status',
  'payment_status',
  'delivery_status',
  'payment_method',
  'delivery',
  'city',
  'ttn',
  'total',
  'profit',
  'comment',
] as const;
export type OrderListColumn = (typeof ORDER_LIST_COLUMNS)[number];
export const ORDER_LIST_DEFAULT_COLUMNS: readonly OrderListColumn[] = [
  'created_at',
  'reseller',
  'client',
  'status',
  'payment_status',
  'delivery_status',
  'ttn',
  'total',
];
/** The sort a column header sets (columns without one are not sortable). */
export const ORDER_COLUMN_SORTS: Partial<Record<OrderListColumn | 'number', OrderSortField>> = {
  number: 'number',
  created_at: 'created_at',
  reseller: 'user_name',
  status: 'status',
  total: 'total',
  profit: 'profit',
};
