import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildConfigLists, type OrderDto } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderPage } from './order-page.tsx';

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const lists = buildConfigLists('uk');

const order = (over: Partial<OrderDto> = {}): OrderDto => ({
  id: 7, number: '100007', status: 'New', status_name: 'Нове', payment_status: 'NotPaid', delivery_status: 'New', payment_method: 'COD', payment_delivery: 'Recipient',
  delivery_service: 'NovaPoshta', delivery_method: 'Branch', delivery_type: 'NovaPoshta', self_ttn: null, self_ttn_type: null, last_name: 'Шевченко', first_name: 'Тарас',
  middle_name: null, phone: '+380671234567', comment: null, reservation_number: null, prepayment_sum: 0, client: { last_name: 'Шевченко', first_name: 'Тарас', phone: '+380671234567' },
  delivery: { city_name: 'Київ', city_ref: null, branch_name: 'Відділення №1', branch_ref: null, street_name: null, house: null, appt: null },
  calculations: { wholesale_sum: 75.26, retail_sum: 94, profit: 18.74, expected_accrual: 18.74, prepayment_sum: 0 }, total: 94,
  products: [{ id: 1, product_id: 3, b2b_code_id: 3, name: 'Чохол', vendor_code: 'BA-1', qty: 1, drop_price: 75.26, retail_price: 94, profit: 18.74 }],
  history: [{ id: 1, kind: 'status', from: null, to: 'New', note: null, actor: 'Тарас', created_at: '2026-01-01T10:00:00Z' }],
  created_at: '2026-01-01T10:00:00Z',
  ...over,
});

describe('OrderPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the order and confirms it while New', async () => {
    const fetchMock = vi.fn<FetchFn>((url) => Promise.resolve(json({ data: url.endsWith('/confirm') ? order({ status: 'Confirmed', status_name: 'Підтверджене' }) : order() })));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OrderPage id={7} lists={lists} />);
    expect((await screen.findByTestId('order-number')).textContent).toBe('№100007');
    expect(screen.getByTestId('order-status').textContent).toBe('Нове');
    expect(screen.getByTestId('order-retail').textContent).toBe('94.00 грн.');
    expect(screen.getAllByTestId('order-line')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Підтверджене'));
    expect(screen.queryByTestId('order-confirm')).toBeNull();
  });

  it('shows a not-found state on 404', async () => {
    vi.stubGlobal('fetch', vi.fn<FetchFn>(() => Promise.resolve(json({ message: 'Not found' }, 404))));
    renderWithProviders(<OrderPage id={999} lists={lists} />);
    expect(await screen.findByTestId('order-not-found')).toBeTruthy();
  });
});
