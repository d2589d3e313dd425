import { z } from 'zod';
import { phoneField } from './auth.ts';
import { isoDateInput, pageQuery } from './api.ts';
import {
  DELIVERY_METHODS,
  DELIVERY_PAY_METHODS,
  DELIVERY_SERVICES,
  DELIVERY_STATUSES,
  DELIVERY_TYPES,
  ORDER_STATUSES,
  PAY_METHODS,
  PAY_STATUSES,
  SELF_TTN_TYPES,
  type OrderStatus,
} from './config.ts';
import { ORDER_WORKLISTS } from './worklists.ts';
import { DEFAULT_ORDER_SORT, orderListFilterFields, orderSortParam } from './order-list.ts';
import { WAREHOUSE_ORDER_MOVES, mayAccess } from './staff.ts';

export type PayStatus = (typeof PAY_STATUSES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type PayMethod = (typeof PAY_METHODS)[number];

/** Order status transitions (DESIGN.md section 7); anything else is 400 TransitionNotAllowed. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  New: ['Confirmed', 'Canceled'],
  Confirmed: ['Complected', 'Canceled'],
  Complected: ['Delivered', 'Canceled'],
  Delivered: ['Done', 'Return', 'PartReturn', 'Exchange'],
  Exchange: ['Done', 'Return'],
  Canceled: [],
  Done: [],
  Return: [],
  PartReturn: [],
};
export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/**
 * Payment status transitions. NotPaid -> WaitPaid (a Card invoice on confirm), PaidFromBalance
 * (Balance on confirm) or Paid (the carrier reported the cash); WaitPaid -> Paid (an operator
 * marks the invoice paid); back to NotPaid only when a cancelled order's money is refunded.
 */
export const PAYMENT_TRANSITIONS: Record<PayStatus, readonly PayStatus[]> = {
  NotPaid: ['WaitPaid', 'PaidFromBalance', 'Paid'],
  WaitPaid: ['Paid', 'NotPaid'],
  PaidFromBalance: ['NotPaid'],
  Paid: ['NotPaid'],
};
export const canMovePayment = (from: PayStatus, to: PayStatus) => PAYMENT_TRANSITIONS[from].includes(to);

/**
 * Delivery status transitions, in the order a parcel lives: a waybill (CreatedTTN), handed over
 * (Wait), travelling (OnMyWay), then received or refused; a refused parcel comes back
 * (ReturnReceived). A deleted waybill (Deleted) may be replaced by a new one.
 */
export const DELIVERY_TRANSITIONS: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  New: ['CreatedTTN', 'Deleted'],
  CreatedTTN: ['Wait', 'OnMyWay', 'Received', 'Refusal', 'Deleted'],
  Wait: ['OnMyWay', 'Received', 'Refusal', 'Deleted'],
  OnMyWay: ['Received', 'Refusal', 'Exchange'],
  Received: ['Exchange'],
  Refusal: ['ReturnReceived'],
  Exchange: ['ReturnReceived', 'Received'],
  ReturnReceived: [],
  Deleted: ['CreatedTTN'],
};
export const canMoveDelivery = (from: DeliveryStatus, to: DeliveryStatus) => DELIVERY_TRANSITIONS[from].includes(to);

/** Lines, recipient, delivery and payment can be edited in these statuses. */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['New', 'Confirmed'];
/** Documents (a SelfTTN waybill, invoices) can be uploaded from confirmation on, never to a cancelled order. */
export const DOCUMENT_STATUSES: readonly OrderStatus[] = ['Confirmed', 'Complected', 'Delivered', 'Done', 'Return', 'Exchange', 'PartReturn'];

/** What the reseller may do with an order now: the web enables its buttons from this, the API checks the same. */
export function orderActions(o: { status: OrderStatus; payment_status?: PayStatus }) {
  return {
    confirm: canMoveOrder(o.status, 'Confirmed'),
    edit: EDITABLE_STATUSES.includes(o.status),
    cancel: canMoveOrder(o.status, 'Canceled'),
    copy: true,
    upload: DOCUMENT_STATUSES.includes(o.status),
  };
}
export type OrderActions = ReturnType<typeof orderActions>;

/**
 * The statuses staff move an order to (`POST /admin/orders/{id}/status`). Confirmed (New ->
 * Confirmed) is the reseller's confirmation, which staff may make for them (audited as
 * `order.confirm`), except for a Balance order: its confirmation debits the reseller's balance, so
 * only the reseller confirms it (400 BalanceConfirmByReseller).
 */
export const OPERATOR_ORDER_MOVES: readonly OrderStatus[] = ['Confirmed', 'Complected', 'Delivered', 'Done', 'Return', 'Exchange', 'PartReturn', 'Canceled'];

/** Staff may confirm this order for the reseller: a New order not paid from the balance. */
export const staffMayConfirm = (o: { status: OrderStatus; payment_method: PayMethod }) => canMoveOrder(o.status, 'Confirmed') && o.payment_method !== 'Balance';

/**
 * The moves a staff role may make ('orders.status' in STAFF_ACCESS): a warehouse person only packs
 * and ships (WAREHOUSE_ORDER_MOVES; no confirming, cancelling or closing); managers and admins every
 * operator move; others none (403).
 */
export const staffOrderMoves = (role: string | null | undefined): readonly OrderStatus[] =>
  !mayAccess(role, 'orders.status') ? [] : role === 'warehouse' ? WAREHOUSE_ORDER_MOVES : OPERATOR_ORDER_MOVES;

const name = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'too_long');
const optionalText = (max: number) => z.string('invalid_type').trim().max(max, 'too_long').optional();
const ref = z.string('required').regex(/^[0-9a-f-]{36}$/i, 'invalid_value');

/**
 * `POST /orders`: the cart becomes an order. Branch needs a city and a branch; Courier (Nova
 * Poshta only) a city, a street picked from the carrier's list (street_ref, 422 street_not_in_list
 * without it; the API also asks the carrier that the ref is a street of that city) and a house; SelfTTN the reseller's own waybill and its carrier;
 * Prepayment a prepayment_sum (checked against the total by the API: 400 big_prepayment).
 */
export const orderCreateInput = z
  .strictObject({
    last_name: name(60),
    first_name: name(60),
    middle_name: optionalText(60),
    phone: phoneField,
    delivery_service: z.enum(DELIVERY_SERVICES, 'invalid_value'),
    delivery_method: z.enum(DELIVERY_METHODS, 'invalid_value'),
    delivery_type: z.enum(DELIVERY_TYPES, 'invalid_value'),
    payment_delivery: z.enum(DELIVERY_PAY_METHODS, 'invalid_value'),
    payment_method: z.enum(PAY_METHODS, 'invalid_value'),
    prepayment_sum: z.number('invalid_type').min(0, 'too_small').max(10_000_000, 'too_big').optional(),
    city_ref: ref.optional(),
    city_name: optionalText(120),
    branch_ref: ref.optional(),
    branch_name: optionalText(250),
    street_ref: ref.optional(),
    street_name: optionalText(120),
    house: optionalText(20),
    appt: optionalText(20),
    self_ttn: z
      .string('invalid_type')
      .trim()
      .regex(/^\d{8,20}$/, 'invalid_value')
      .optional(),
    self_ttn_type: z.enum(SELF_TTN_TYPES, 'invalid_value').optional(),
    comment: optionalText(500),
  })
  .superRefine((v, ctx) => {
    const need = (field: keyof typeof v) => {
      if (v[field] === undefined || v[field] === '') ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
    };
    if (v.delivery_method === 'Courier' && v.delivery_service !== 'NovaPoshta')
      ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['delivery_method'] });
    if (v.delivery_type === 'SelfTTN') {
      need('self_ttn');
      need('self_ttn_type');
    } else {
      need('city_name');
      if (v.delivery_method === 'Branch') need('branch_name');
      else {
        need('street_name');
        need('house');
      }
      if (v.delivery_service === 'NovaPoshta') {
        need('city_ref');
        if (v.delivery_method === 'Branch') need('branch_ref');
        // A courier street is one of the carrier's streets (its ref): a typed name fails at the waybill.
        else if (!v.street_ref) ctx.addIssue({ code: 'custom', message: 'street_not_in_list', path: ['street_ref'] });
      }
    }
    if (v.payment_method === 'Prepayment' && !(v.prepayment_sum && v.prepayment_sum > 0))
      ctx.addIssue({ code: 'custom', message: 'required', path: ['prepayment_sum'] });
    if (v.prepayment_sum !== undefined && Math.abs(Math.round(v.prepayment_sum * 100) - v.prepayment_sum * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['prepayment_sum'] });
    }
  });
export type OrderCreateInput = z.infer<typeof orderCreateInput>;

export const orderLineDto = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  b2b_code_id: z.number(),
  name: z.string(),
  vendor_code: z.string(),
  qty: z.number(),
  drop_price: z.number(),
  retail_price: z.number(),
  profit: z.number(),
});

export const orderHistoryDto = z.object({
  id: z.number(),
  kind: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  created_at: z.string(),
  /**
   * The same event in a row (a reservation failing again with the same error) is one entry: how
   * many times it happened, and when last (null: once, at created_at). Always sent by the API.
   */
  repeat_count: z.number().int().min(1).optional(),
  last_at: z.string().nullable().optional(),
});

export const orderDto = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_name: z.string(),
  payment_status: z.enum(PAY_STATUSES),
  delivery_status: z.enum(DELIVERY_STATUSES),
  payment_method: z.enum(PAY_METHODS),
  payment_delivery: z.enum(DELIVERY_PAY_METHODS),
  delivery_service: z.enum(DELIVERY_SERVICES),
  delivery_method: z.enum(DELIVERY_METHODS),
  delivery_type: z.enum(DELIVERY_TYPES),
  self_ttn: z.string().nullable(),
  self_ttn_type: z.enum(SELF_TTN_TYPES).nullable(),
  last_name: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  phone: z.string(),
  comment: z.string().nullable(),
  /** The reservation in the supplier's system, once the reservation job has made it. */
  reservation_number: z.string().nullable(),
  prepayment_sum: z.number(),
  client: z.object({ last_name: z.string(), first_name: z.string(), phone: z.string() }),
  delivery: z.object({
    city_name: z.string().nullable(),
    city_ref: z.string().nullable(),
    branch_name: z.string().nullable(),
    branch_ref: z.string().nullable(),
    street_name: z.string().nullable(),
    /** The carrier's street ref of a courier order (null for a branch or an older order). */
    street_ref: z.string().nullable().optional(),
    house: z.string().nullable(),
    appt: z.string().nullable(),
  }),
  calculations: z.object({ wholesale_sum: z.number(), retail_sum: z.number(), profit: z.number(), expected_accrual: z.number(), prepayment_sum: z.number() }),
  total: z.number(),
  /** The carrier's waybill number (ours, made through NP, or the reseller's own SelfTTN). */
  ttn: z.string().nullable(),
  /** The carrier's last reported status text, e.g. 'Відправлення прямує до міста'. */
  tracking_status: z.string().nullable(),
  /** The forward delivery cost the waybill gave, UAH (null until there is one). */
  delivery_cost: z.number().nullable(),
  products: z.array(orderLineDto),
  history: z.array(orderHistoryDto),
  documents: z.array(z.lazy(() => mediaFileDto)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderDto = z.infer<typeof orderDto>;

/** An order in lists (`GET /orders`, `GET /orders/last`): everything but its lines and history. */
export const orderSummaryDto = orderDto.omit({ products: true, history: true, documents: true });
export type OrderSummaryDto = z.infer<typeof orderSummaryDto>;

const orderDate = isoDateInput;

/** `GET /orders`: filters (Kyiv days for the date range) and pagination, newest first. */
export const ordersQuery = pageQuery
  .extend({
    status: z.enum(ORDER_STATUSES, 'invalid_value').optional(),
    payment_status: z.enum(PAY_STATUSES, 'invalid_value').optional(),
    delivery_status: z.enum(DELIVERY_STATUSES, 'invalid_value').optional(),
    date_from: orderDate.optional(),
    date_to: orderDate.optional(),
    /** An order number, or part of the recipient's name or phone. */
    search: z.string('invalid_type').trim().max(100, 'too_long').optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: 'date_range', path: ['date_to'] });
export type OrdersQuery = z.infer<typeof ordersQuery>;

/** How many orders `GET /orders/last` answers (the dashboard home's list). */
export const LAST_ORDERS_LIMIT = 5;

/** Order documents (`POST /media-files`): what an upload is. */
export const MEDIA_FILE_TYPES = ['waybill', 'invoice', 'other'] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];
/** Images or PDF, checked by content, 10 MB at most (as receipts). */
export const MEDIA_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const mediaFileDto = z.object({
  id: z.number(),
  order_id: z.number(),
  type: z.enum(MEDIA_FILE_TYPES),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** Authenticated download (the owner or an operator): `GET /media-files/{id}/file`. */
  url: z.string(),
  created_at: z.string(),
});
export type MediaFileDto = z.infer<typeof mediaFileDto>;

/** The multipart fields beside `file`. */
export const mediaFileFields = z.object({
  order_id: z.coerce.number('required').int('invalid_type').min(1, 'required').max(2_147_483_647, 'invalid_value'),
  type: z.enum(MEDIA_FILE_TYPES, 'invalid_value').default('other'),
});

const lineInput = z.strictObject({
  product_id: z.number('required').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value'),
  qty: z.number('required').int('invalid_type').min(1, 'too_small').max(10_000, 'too_big'),
  retail_price: z.number('required').min(0.01, 'too_small').max(10_000_000, 'too_big'),
});

/**
 * `PUT /orders/{id}` (New and Confirmed): the recipient, delivery and payment as in
 * `POST /orders`, and `products`, the order's whole new list of lines (a line left out is
 * removed). A product already in the order keeps the drop price it was ordered at; a new one
 * takes today's. In Confirmed the payment method is fixed (the money was settled on confirm).
 */
export const orderUpdateInput = z
  .strictObject({
    ...orderCreateInput.shape,
    products: z.array(lineInput, 'required').min(1, 'required').max(100, 'too_big'),
  })
  .superRefine((v, ctx) => {
    const r = orderCreateInput.safeParse(Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'products')));
    if (!r.success) for (const issue of r.error.issues) if (issue.code === 'custom') ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    const seen = new Set<number>();
    v.products.forEach((l, i) => {
      if (seen.has(l.product_id)) ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['products', i, 'product_id'] });
      seen.add(l.product_id);
      if (Math.abs(Math.round(l.retail_price * 100) - l.retail_price * 100) > 1e-6)
        ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['products', i, 'retail_price'] });
    });
  });
export type OrderUpdateInput = z.infer<typeof orderUpdateInput>;

// ---------- operator API (/api/v1/admin/orders) ----------

export const adminOrdersQuery = z
  .object({
    ...ordersQuery.shape,
    user_id: z.coerce.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value').optional(),
    /** One of the worklists (issue 28): a queue to work through, e.g. `to_ship`. */
    worklist: z.enum(ORDER_WORKLISTS, 'invalid_value').optional(),
    /** Payment method, delivery and city (issue 29; order-list.ts). */
    ...orderListFilterFields,
    /** ORDER_SORTS: a field, `-` first for descending (default newest first); ties by id. */
    sort: orderSortParam.default(DEFAULT_ORDER_SORT),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: 'date_range', path: ['date_to'] });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const adminOrderDto = orderDto.extend({
  user: z.object({ id: z.number(), name: z.string(), email: z.string(), phone: z.string() }),
  np_status_code: z.number().nullable(),
  return_ttn: z.string().nullable(),
});
export type AdminOrderDto = z.infer<typeof adminOrderDto>;
/** The board and list: each order with its reseller's id and name. */
export const adminOrderSummaryDto = orderSummaryDto.extend({ user_id: z.number(), user_name: z.string() });

/**
 * A Card order ships (a waybill, Complected) only once its invoice is Paid; Prepayment and COD
 * ship NotPaid (the carrier collects the rest, DESIGN.md section 7). An admin may override with a
 * reason (audited): `override_reason` on the move and waybill calls.
 */
export const mustBePaidToShip = (o: { payment_method: PayMethod; payment_status: PayStatus }) => o.payment_method === 'Card' && o.payment_status !== 'Paid';
/** The moves the paid-Card rule guards (Delivered and Done come only after Complected). */
export const SHIPPING_MOVES: readonly OrderStatus[] = ['Complected'];
const overrideReason = z.string('invalid_type').trim().max(500, 'too_long').optional();

export const adminOrderMoveInput = z.strictObject({
  status: z.enum(ORDER_STATUSES, 'invalid_value'),
  comment: z.string('invalid_type').trim().max(500, 'too_long').optional(),
  override_reason: overrideReason,
});
export const adminOrderPaymentInput = z.strictObject({ payment_status: z.literal('Paid', 'invalid_value') });

/**
 * `PUT /admin/orders/{id}/ttn`: a waybill made elsewhere (its number and, if known, its cost);
 * `POST /admin/orders/{id}/ttn`: one made now through Nova Poshta (InternetDocument.save).
 */
export const adminTtnInput = z.strictObject({
  ttn: z
    .string('required')
    .trim()
    .regex(/^\d{8,20}$/, 'invalid_value'),
  cost: z.number('invalid_type').min(0, 'too_small').max(100_000, 'too_big').optional(),
  override_reason: overrideReason,
});
export const adminTtnCreateInput = z.strictObject({
  weight: z.number('invalid_type').min(0.1, 'too_small').max(1000, 'too_big').default(1),
  seats: z.number('invalid_type').int('invalid_type').min(1, 'too_small').max(100, 'too_big').default(1),
  description: z.string('invalid_type').trim().max(100, 'too_long').optional(),
  override_reason: overrideReason,
});

// ---------- statistics (the dashboard home) ----------

/** All-time counters: delivering (Delivered), done, returned (Return, PartReturn) and conversion = done / (done + return) * 100, one decimal. */
export const ordersCountDto = z.object({
  total_count: z.number(),
  count_delivered: z.number(),
  count_done: z.number(),
  count_return: z.number(),
  conversion: z.number(),
});
export type OrdersCountDto = z.infer<typeof ordersCountDto>;

export function conversionOf(done: number, returned: number): number {
  return done + returned === 0 ? 0 : Math.round((done / (done + returned)) * 1000) / 10;
}
