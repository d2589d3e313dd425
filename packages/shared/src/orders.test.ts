import { describe, expect, test } from 'vitest';
import { DELIVERY_STATUSES, ORDER_STATUSES, PAY_STATUSES } from './config.ts';
import { DELIVERY_TRANSITIONS, ORDER_TRANSITIONS, PAYMENT_TRANSITIONS, canMoveOrder, conversionOf, orderActions, orderUpdateInput } from './orders.ts';

describe('transition tables', () => {
  test('every status has a row and every target is a known status', () => {
    for (const [table, all] of [
      [ORDER_TRANSITIONS, ORDER_STATUSES],
      [PAYMENT_TRANSITIONS, PAY_STATUSES],
      [DELIVERY_TRANSITIONS, DELIVERY_STATUSES],
    ] as const) {
      expect(Object.keys(table).sort()).toEqual([...all].sort());
      for (const targets of Object.values(table)) for (const to of targets) expect(all).toContain(to);
    }
  });

  test('the order table is DESIGN.md section 7 exactly', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canMoveOrder(from, to)).map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(
      [
        'New>Confirmed',
        'New>Canceled',
        'Confirmed>Complected',
        'Confirmed>Canceled',
        'Complected>Delivered',
        'Complected>Canceled',
        'Delivered>Done',
        'Delivered>Return',
        'Delivered>PartReturn',
        'Delivered>Exchange',
        'Exchange>Done',
        'Exchange>Return',
      ].sort(),
    );
  });

  test('actions follow the status: edit in New and Confirmed, documents from Confirmed on, never on a cancelled order', () => {
    expect(orderActions({ status: 'New' })).toEqual({ confirm: true, edit: true, cancel: true, copy: true, upload: false });
    expect(orderActions({ status: 'Confirmed' })).toEqual({ confirm: false, edit: true, cancel: true, copy: true, upload: true });
    expect(orderActions({ status: 'Delivered' })).toEqual({ confirm: false, edit: false, cancel: false, copy: true, upload: true });
    expect(orderActions({ status: 'Canceled' })).toEqual({ confirm: false, edit: false, cancel: false, copy: true, upload: false });
  });
});

test('conversion is done / (done + return) * 100 with one decimal, 0 when nothing finished', () => {
  expect(conversionOf(0, 0)).toBe(0);
  expect(conversionOf(1, 1)).toBe(50);
  expect(conversionOf(2, 1)).toBe(66.7);
  expect(conversionOf(5, 0)).toBe(100);
});

test('an edit needs at least one line, no product twice, prices in kopecks, and the delivery rules of placement', () => {
  const base = {
    last_name: 'Коваленко',
    first_name: 'Олена',
    phone: '+380671234567',
    delivery_service: 'NovaPoshta',
    delivery_method: 'Branch',
    delivery_type: 'NovaPoshta',
    payment_delivery: 'Recipient',
    payment_method: 'COD',
    city_ref: '8d5a980d-391c-11dd-90d9-001a92567626',
    city_name: 'Київ',
    branch_ref: '1ec09d88-e1c2-11e3-8c4a-0050568002cf',
    branch_name: 'Відділення №1',
  };
  expect(orderUpdateInput.safeParse({ ...base, products: [{ product_id: 1, qty: 1, retail_price: 10 }] }).success).toBe(true);
  const paths = (v: unknown) => (orderUpdateInput.safeParse(v).error?.issues ?? []).map((i) => i.path.join('.'));
  expect(paths({ ...base, products: [] })).toEqual(['products']);
  expect(
    paths({
      ...base,
      products: [
        { product_id: 1, qty: 1, retail_price: 10 },
        { product_id: 1, qty: 2, retail_price: 10 },
      ],
    }),
  ).toEqual(['products.1.product_id']);
  expect(paths({ ...base, products: [{ product_id: 1, qty: 1, retail_price: 10.005 }] })).toEqual(['products.0.retail_price']);
  expect(paths({ ...base, branch_name: undefined, products: [{ product_id: 1, qty: 1, retail_price: 10 }] })).toEqual(['branch_name']);
});
