import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists, type OrderDto } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderPage } from './order-page.tsx';
import { json, order, type FetchFn } from '../../../test/fixtures/orders.ts';

const lists = buildConfigLists('uk');

const disabled = (testId: string) => {
  const el = screen.getByTestId(testId);
  return el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true' || el.classList.contains('Mui-disabled');
};

function serve(o: OrderDto, extra: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
  const fetchMock = vi.fn<FetchFn>((url, init) => Promise.resolve(extra(url, init) ?? json({ data: o })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('OrderPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the order and confirms it while New', async () => {
    serve(order(), (url) => (url.endsWith('/confirm') ? json({ data: order({ status: 'Confirmed', status_name: 'Підтверджене' }) }) : undefined));
    renderWithProviders(<OrderPage id={7} lists={lists} />);
    expect((await screen.findByTestId('order-number')).textContent).toBe('№100007');
    expect(screen.getByTestId('order-status').textContent).toBe('Нове');
    expect(screen.getByTestId('order-retail').textContent).toBe('94.00 грн.');
    expect(screen.getAllByTestId('order-line')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Підтверджене'));
    expect(disabled('order-confirm')).toBe(true);
    expect(disabled('order-edit')).toBe(false);
    expect(disabled('order-cancel')).toBe(false);
  });

  it.each([
    ['New', { confirm: true, edit: true, copy: true, cancel: true, upload: false }],
    ['Confirmed', { confirm: false, edit: true, copy: true, cancel: true, upload: true }],
    ['Complected', { confirm: false, edit: false, copy: true, cancel: true, upload: true }],
    ['Delivered', { confirm: false, edit: false, copy: true, cancel: false, upload: true }],
    ['Canceled', { confirm: false, edit: false, copy: true, cancel: false, upload: false }],
    ['Done', { confirm: false, edit: false, copy: true, cancel: false, upload: true }],
  ] as const)('enables the actions of a %s order', async (status, expected) => {
    serve(order({ status, status_name: status }));
    renderWithProviders(<OrderPage id={7} lists={lists} />);
    await screen.findByTestId('order-number');
    expect(disabled('order-confirm')).toBe(!expected.confirm);
    expect(disabled('order-edit')).toBe(!expected.edit);
    expect(disabled('order-copy')).toBe(!expected.copy);
    expect(disabled('order-cancel')).toBe(!expected.cancel);
    expect(disabled('order-document-upload')).toBe(!expected.upload);
    expect(screen.queryByTestId('order-documents-hint') === null).toBe(expected.upload);
    if (expected.edit) expect(screen.getByTestId('order-edit').getAttribute('href')).toBe('/dashboard/order/7/edit');
  });

  it('asks before cancelling and cancels', async () => {
    const fetchMock = serve(order({ status: 'Confirmed', status_name: 'Підтверджене' }), (url, init) =>
      init?.method === 'DELETE' ? json({ data: order({ status: 'Canceled', status_name: 'Скасоване' }) }) : undefined,
    );
    renderWithProviders(<OrderPage id={7} lists={lists} />);
    fireEvent.click(await screen.findByTestId('order-cancel'));
    const dialog = await screen.findByTestId('order-cancel-dialog');
    expect(within(dialog).getByText('Скасувати замовлення №100007?')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('order-cancel-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Скасоване'));
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe('/api/v1/orders/7');
    expect(disabled('order-cancel')).toBe(true);
    expect(disabled('order-edit')).toBe(true);
  });

  it('shows the delivery details and the history in words', async () => {
    serve(
      order({
        status: 'Delivered',
        status_name: 'Доставляється',
        delivery_status: 'OnMyWay',
        ttn: '20450000000001',
        tracking_status: 'Відправлення прямує до міста',
        delivery_cost: 70,
        history: [
          { id: 1, kind: 'status', from: null, to: 'New', note: null, actor: 'Тарас', created_at: '2026-01-01T10:00:00Z' },
          { id: 2, kind: 'status', from: 'New', to: 'Confirmed', note: null, actor: 'Тарас', created_at: '2026-01-01T10:05:00Z' },
          { id: 3, kind: 'reservation', from: null, to: 'create', note: 'embedded R-17', actor: null, created_at: '2026-01-01T10:06:00Z' },
          {
            id: 4,
            kind: 'delivery_status',
            from: 'CreatedTTN',
            to: 'OnMyWay',
            note: 'Відправлення прямує до міста',
            actor: null,
            created_at: '2026-01-02T08:00:00Z',
          },
          { id: 5, kind: 'money', from: null, to: 'delivery', note: '-70.00', actor: null, created_at: '2026-01-02T09:00:00Z' },
          { id: 6, kind: 'auto_confirm', from: null, to: null, note: 'InsufficientBalance', actor: null, created_at: '2026-01-01T10:01:00Z' },
          { id: 7, kind: 'copy', from: null, to: '100001', note: 'from', actor: 'Тарас', created_at: '2026-01-01T09:59:00Z' },
          { id: 8, kind: 'document', from: null, to: 'added', note: 'ttn.pdf', actor: 'Тарас', created_at: '2026-01-02T10:00:00Z' },
          { id: 9, kind: 'something_new', from: 'a', to: 'b', note: 'n', actor: null, created_at: '2026-01-02T11:00:00Z' },
          { id: 10, kind: 'reservation', from: null, to: 'export', note: 'commerceml: 1C received version 1', actor: null, created_at: '2026-01-02T12:00:00Z' },
          { id: 11, kind: 'reservation_error', from: null, to: 'ttn', note: 'TtnExists', actor: null, created_at: '2026-01-02T13:00:00Z' },
          { id: 12, kind: 'reservation_retry', from: null, to: 'create', note: null, actor: 'Оператор', created_at: '2026-01-02T14:00:00Z' },
        ],
      }),
    );
    renderWithProviders(<OrderPage id={7} lists={lists} />);
    expect((await screen.findByTestId('order-ttn')).textContent).toBe('20450000000001');
    expect(screen.getByTestId('order-tracking').textContent).toBe('Відправлення прямує до міста');
    expect(screen.getByTestId('order-delivery-cost').textContent).toBe('70.00 грн.');

    const entries = within(screen.getByTestId('order-history')).getAllByTestId('history-entry');
    const titles = entries.map((e) => within(e).getByTestId('history-title').textContent);
    // Newest first.
    expect(titles).toEqual([
      'Резервування в 1С запущено повторно',
      'Помилка резерву в 1С (накладної)',
      'Замовлення передано в 1С',
      'something_new: a → b',
      'Додано документ',
      'Оплата доставки-70.00 грн.',
      'Доставка: Створено ТТН → В дорозі',
      'Створення резерву в 1С',
      'Статус: Нове → Підтверджене',
      'Автоматичне підтвердження не виконано',
      'Замовлення створено',
      'Створено як копію замовлення №100001',
    ]);
    const actor = (i: number) => within(entries[i]!).getByTestId('history-actor').textContent;
    expect(actor(6)).toBe('Система');
    expect(actor(8)).toBe('Тарас');
    expect(within(entries[9]!).getByTestId('history-detail').textContent).toBe('Недостатньо коштів на балансі');
    expect(within(entries[5]!).getByTestId('history-amount').textContent).toBe('-70.00 грн.');
    expect(within(entries[1]!).getByTestId('history-detail').textContent).toBe('У замовлення вже є ТТН');
  });

  it('copies the order and goes to the new one', async () => {
    serve(order({ status: 'Canceled', status_name: 'Скасоване' }), (url) =>
      url.endsWith('/copy') ? json({ data: order({ id: 8, number: '100008' }) }, 201) : undefined,
    );
    renderWithProviders(<OrderPage id={7} lists={lists} />);
    fireEvent.click(await screen.findByTestId('order-copy'));
    expect((await screen.findByTestId('toast')).textContent).toContain('№100008');
  });

  it('shows a not-found state on 404', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<FetchFn>(() => Promise.resolve(json({ message: 'Not found' }, 404))),
    );
    renderWithProviders(<OrderPage id={999} lists={lists} />);
    expect(await screen.findByTestId('order-not-found')).toBeTruthy();
  });
});
