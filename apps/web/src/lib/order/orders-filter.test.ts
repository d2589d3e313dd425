import { describe, expect, it } from 'vitest';
import { activeFilterCount, pageParams, parseOrdersFilter, patchOrdersParams, resetOrdersParams } from './orders-filter.ts';

describe('orders filter in the URL', () => {
  it('keeps only known values', () => {
    const f = parseOrdersFilter(
      new URLSearchParams('status=Nope&payment_status=Paid&delivery_status=Received&date_from=2026-1-1&date_to=2026-01-31&page=0&per_page=7&search=%20%20'),
    );
    expect(f).toEqual({ page: 1, per_page: 10, payment_status: 'Paid', delivery_status: 'Received', date_to: '2026-01-31' });
    expect(activeFilterCount(f)).toBe(3);
  });

  it('a change drops the page and the defaults; reset keeps the page size', () => {
    const next = patchOrdersParams(new URLSearchParams('page=4&status=New&per_page=20'), { status: undefined, search: ' 100 ', per_page: 10 });
    expect(next.toString()).toBe('search=100');
    expect(pageParams(new URLSearchParams('status=New'), 3).toString()).toBe('status=New&page=3');
    expect(pageParams(new URLSearchParams('status=New&page=3'), 1).toString()).toBe('status=New');
    expect(resetOrdersParams(new URLSearchParams('status=New&per_page=50&page=2')).toString()).toBe('per_page=50');
  });
});
