import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConnectionDto, MarketplaceOrderDto } from '@drop/shared';
import { renderWithUser } from '../../../test/render.tsx';
import { serve, status, type Call } from '../../../test/fetch-stub.ts';
import { market, testUser } from '../../../test/fixtures/markets.ts';
import { order } from '../../../test/fixtures/orders.ts';
import { MarketplacesPage } from './marketplaces-page.tsx';

const connection = (over: Partial<ConnectionDto> = {}): ConnectionDto => ({
  id: 7,
  marketplace: 'prom',
  market_id: 1,
  market_name: 'Магазин 1',
  display: '••••a1b2',
  status: 'active',
  last_error: null,
  last_polled_at: '2026-11-29T09:00:00Z',
  next_poll_at: '2026-11-29T09:02:00Z',
  created_at: '2026-11-28T09:00:00Z',
  drafts: 2,
  ...over,
});

const draft = (id: number, over: Partial<MarketplaceOrderDto> = {}): MarketplaceOrderDto => ({
  id,
  marketplace: 'prom',
  connection_id: 7,
  market_name: 'Магазин 1',
  external_id: String(330000000 + id),
  status: 'draft',
  order_id: null,
  order_number: null,
  ordered_at: '2026-11-29T08:00:00Z',
  created_at: '2026-11-29T08:01:00Z',
  client: { last_name: 'Шевчук', first_name: 'Ірина', middle_name: null, phone: '+380962990613' },
  delivery: {
    service: 'NovaPoshta',
    method: 'Branch',
    carrier_name: 'Нова Пошта',
    city_name: 'Київ',
    branch_name: 'Відділення №1',
    street_name: null,
    house: null,
    appt: null,
  },
  payment: 'cod',
  total: 320,
  comment: null,
  lines: [
    {
      ref: 'l1',
      offer_id: '1001',
      sku: 'SM',
      name: 'Чохол (Prom)',
      qty: 2,
      price: 160,
      product_id: 1,
      product_name: 'Чохол-книжка Samsung',
      drop_price: 100,
      problems: [],
    },
  ],
  problems: [],
  place_error: null,
  ...over,
});

let calls: Call[] = [];
let drafts: MarketplaceOrderDto[] = [];
beforeEach(() => {
  drafts = [
    draft(1),
    draft(2, {
      problems: ['unmatched_line', 'unknown_branch'],
      lines: [
        {
          ref: 'l2',
          offer_id: 'X-9',
          sku: '',
          name: 'Чужий товар',
          qty: 1,
          price: 99,
          product_id: null,
          product_name: null,
          drop_price: null,
          problems: ['unmatched_line'],
        },
      ],
    }),
    draft(3),
  ];
  calls = serve((c) => {
    if (c.path === '/api/v1/markets') return { data: [market(1), market(2, 'Другий')] };
    if (c.path === '/api/v1/marketplace-connections' && c.method === 'GET') return { data: [connection()] };
    if (c.path === '/api/v1/marketplace-connections' && c.method === 'POST')
      return status(422, { message: 'Маркетплейс не прийняв ці дані для входу', errors: { token: ['Маркетплейс не прийняв ці дані для входу'] } });
    if (c.path === '/api/v1/marketplace-orders' && c.method === 'GET')
      return {
        data: c.query.get('status') === 'draft' ? drafts : [],
        meta: { current_page: 1, per_page: 20, total: 3, last_page: 1 },
        pagination: { last_page: 1 },
      };
    const place = /^\/api\/v1\/marketplace-orders\/(\d+)\/place$/.exec(c.path);
    if (place) return { data: order({ id: 50, number: '100050' }) };
    if (c.path === '/api/v1/marketplace-orders/place')
      return {
        data: { placed: [{ id: 1, order_id: 51, order_number: '100051' }], failed: [{ id: 3, code: 'QuantityIsLessRemains', message: 'Недостатньо товару' }] },
      };
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

const cards = () => screen.findAllByTestId('draft-card');
const card = async (id: number) => (await cards()).find((c) => c.getAttribute('data-draft-id') === String(id))!;

describe('MarketplacesPage', () => {
  it('shows the connection and the drafts with what stops each one, in Ukrainian', async () => {
    renderWithUser(<MarketplacesPage />, testUser(true));
    const conn = await screen.findByTestId('connection-card');
    expect(within(conn).getByText('Prom.ua')).toBeTruthy();
    expect(within(conn).getByText('Працює')).toBeTruthy();
    expect(within(conn).getByText('••••a1b2')).toBeTruthy();
    const bad = await card(2);
    expect(bad.getAttribute('data-ready')).toBe('false');
    expect(
      within(bad)
        .getAllByTestId('draft-problem')
        .map((p) => p.textContent),
    ).toEqual(['Товару немає в каталозі', 'Відділення не знайдено в Новій Пошті']);
    expect((within(bad).getByTestId('draft-place') as HTMLButtonElement).disabled).toBe(true);
    const good = await card(1);
    expect(within(good).getByText('Prom.ua №330000001')).toBeTruthy();
    expect(within(good).getByText('Чохол-книжка Samsung')).toBeTruthy();
    expect(within(good).getByText('Нова Пошта, Київ, Відділення №1')).toBeTruthy();
  });

  it('places a draft once however often the button is pressed', async () => {
    renderWithUser(<MarketplacesPage />, testUser(true));
    const button = within(await card(1)).getByTestId('draft-place');
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByText('Замовлення №100050 оформлено');
    expect(calls.filter((c) => c.path === '/api/v1/marketplace-orders/1/place')).toHaveLength(1);
  });

  it('bulk placement sends the ready drafts only and tells what failed', async () => {
    renderWithUser(<MarketplacesPage />, testUser(true));
    await cards();
    fireEvent.click(within(screen.getByTestId('drafts-select-all')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('drafts-place-selected'));
    await screen.findByText(/Оформлено: 1, не вдалося: 1: Недостатньо товару/);
    const sent = calls.find((c) => c.path === '/api/v1/marketplace-orders/place')!;
    expect(sent.body).toEqual({ ids: [1, 3] });
  });

  it('the connect form shows the marketplace’s refusal under the token field', async () => {
    renderWithUser(<MarketplacesPage />, testUser(true));
    fireEvent.click(await screen.findByTestId('connection-add'));
    const dialog = await screen.findByTestId('connect-dialog');
    fireEvent.change(within(dialog).getByTestId('connect-token'), { target: { value: 'wrong-token-000' } });
    fireEvent.click(within(dialog).getByTestId('connect-submit'));
    await within(dialog).findByText('Маркетплейс не прийняв ці дані для входу');
    const sent = calls.find((c) => c.path === '/api/v1/marketplace-connections' && c.method === 'POST')!;
    // Store 1 has Prom already: the form offers the other one.
    expect(sent.body).toEqual({ marketplace: 'prom', market_id: 2, token: 'wrong-token-000' });
  });

  it('an unverified reseller is told stores come first, and nothing is asked of the API', async () => {
    renderWithUser(<MarketplacesPage />, testUser(false));
    await screen.findByText('Підключення маркетплейсів доступне лише верифікованим користувачам.');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/marketplace-connections')).toBe(false));
  });
});
