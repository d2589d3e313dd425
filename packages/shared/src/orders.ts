import { z } from 'zod';
import { phoneField } from './auth.ts';
import { pageQuery } from './api.ts';
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

const name = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'too_long');
const optionalText = (max: number) => z.string('invalid_type').trim().max(max, 'too_long').optional();
const ref = z.string('required').regex(/^[0-9a-f-]{36}$/i, 'invalid_value');

/**
 * `POST /orders`: the cart becomes an order. Branch needs a city and a branch; Courier (Nova
 * Poshta only) a city, a street and a house; SelfTTN the reseller's own waybill and its carrier;
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
    self_ttn: z.string('invalid_type').trim().regex(/^\d{8,20}$/, 'invalid_value').optional(),
    self_ttn_type: z.enum(SELF_TTN_TYPES, 'invalid_value').optional(),
    comment: optionalText(500),
  })
  .superRefine((v, ctx) => {
    const need = (field: keyof typeof v) => {
      if (v[field] === undefined || v[field] === '') ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
    };
    if (v.delivery_method === 'Courier' && v.delivery_service !== 'NovaPoshta') ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['delivery_method'] });
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
      }
    }
    if (v.payment_method === 'Prepayment' && !(v.prepayment_sum && v.prepayment_sum > 0)) ctx.addIssue({ code: 'custom', message: 'required', path: ['prepayment_sum'] });
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
    house: z.string().nullable(),
    appt: z.string().nullable(),
  }),
  calculations: z.object({ wholesale_sum: z.number(), retail_sum: z.number(), profit: z.number(), expected_accrual: z.number(), prepayment_sum: z.number() }),
  total: z.number(),
  products: z.array(orderLineDto),
  history: z.array(orderHistoryDto),
  created_at: z.string(),
});
export type OrderDto = z.infer<typeof orderDto>;

/** An order in lists (`GET /orders`, `GET /orders/last`): everything but its lines and history. */
export const orderSummaryDto = orderDto.omit({ products: true, history: true });
export type OrderSummaryDto = z.infer<typeof orderSummaryDto>;

const orderDate = z.string('invalid_type').regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value');

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
