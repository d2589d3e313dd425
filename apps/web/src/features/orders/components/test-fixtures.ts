import type { OrderDto, OrderSummaryDto } from '@drop/shared';

export type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const order = (over: Partial<OrderDto> = {}): OrderDto => ({
  id: 7,
  number: '100007',
  status: 'New',
  status_name: 'Нове',
  payment_status: 'NotPaid',
  delivery_status: 'New',
  payment_method: 'COD',
  payment_delivery: 'Recipient',
  delivery_service: 'NovaPoshta',
  delivery_method: 'Branch',
  delivery_type: 'NovaPoshta',
  self_ttn: null,
  self_ttn_type: null,
  last_name: 'Шевченко',
  first_name: 'Тарас',
  middle_name: null,
  phone: '+380671234567',
  comment: null,
  reservation_number: null,
  prepayment_sum: 0,
  client: { last_name: 'Шевченко', first_name: 'Тарас', phone: '+380671234567' },
  delivery: { city_name: 'Київ', city_ref: null, branch_name: 'Відділення №1', branch_ref: null, street_name: null, house: null, appt: null },
  calculations: { wholesale_sum: 75.26, retail_sum: 94, profit: 18.74, expected_accrual: 18.74, prepayment_sum: 0 },
  total: 94,
  ttn: null,
  tracking_status: null,
  delivery_cost: null,
  products: [{ id: 1, product_id: 3, b2b_code_id: 3, name: 'Чохол', vendor_code: 'BA-1', qty: 1, drop_price: 75.26, retail_price: 94, profit: 18.74 }],
  history: [{ id: 1, kind: 'status', from: null, to: 'New', note: null, actor: 'Тарас', created_at: '2026-01-01T10:00:00Z' }],
  documents: [],
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  ...over,
});

export const summary = (over: Partial<OrderDto> = {}): OrderSummaryDto => {
  const { products: _p, history: _h, documents: _d, ...rest } = order(over);
  return rest;
};
