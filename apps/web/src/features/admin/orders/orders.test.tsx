import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists, type AdminOrderDto, type ReservationJobDto } from '@drop/shared';
import { order as resellerOrder, summary } from '../../../test/fixtures/orders.ts';
import { labelOf } from '../../../lib/order/lists.ts';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { allowedMoves } from './admin-order-page.tsx';
import OrdersSection from './orders-section.tsx';
import { Reply, mockApi, page, renderSection, setDesktop } from './test-utils.tsx';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

const lists = buildConfigLists('uk');

const adminOrder = (over: Partial<AdminOrderDto> = {}): AdminOrderDto => ({
  ...resellerOrder(),
  user: { id: 42, name: 'Ірина Мельник', email: 'iryna@example.com', phone: '+380671112233' },
  np_status_code: null,
  return_ttn: null,
  ...over,
});

const job = (id: string, state: ReservationJobDto['state'], over: Partial<ReservationJobDto> = {}): ReservationJobDto => ({
  id,
  action: 'CreateReserveJob',
  state,
  retry_count: state === 'failed' ? 3 : 0,
  retry_limit: 3,
  created_at: '2026-01-01T10:00:00Z',
  started_at: null,
  completed_at: null,
  next_attempt_at: null,
  error: state === 'failed' ? 'Supplier timeout' : null,
  ...over,
});

describe('admin orders', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => vi.unstubAllGlobals());

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('board: a column per status with counts from /stats and the newest cards linking to the order', async () => {
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/stats') return { data: { by_status: { New: 2, Confirmed: 31 }, total: 33 } };
      if (c.path === '/admin/orders') {
        const s = c.query.get('status');
        if (s === 'New')
          return page(
            [
              { ...summary({ id: 7, number: '100007', total: 94 }), user_id: 42, user_name: 'Олена Коваль' },
              { ...summary({ id: 8, number: '100008' }), user_id: 43, user_name: 'Петро' },
            ],
            2,
          );
        if (s === 'Confirmed') return page([{ ...summary({ id: 9, number: '100009', status: 'Confirmed' }), user_id: 42, user_name: 'Олена Коваль' }], 31, 2);
        return page([]);
      }
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders');
    const columns = await screen.findAllByTestId('board-column');
    expect(columns.map((c) => c.dataset.status)).toEqual([
      'New',
      'Confirmed',
      'Complected',
      'Canceled',
      'Delivered',
      'Done',
      'Return',
      'Exchange',
      'PartReturn',
    ]);
    const newCol = columns[0]!;
    await waitFor(() => expect(within(newCol).getAllByTestId('board-card')).toHaveLength(2));
    expect(within(newCol).getByTestId('board-column-count').textContent).toBe('2');
    expect(within(columns[2]!).getByTestId('board-column-count').textContent).toBe('0');
    const card = within(newCol).getAllByTestId('board-card')[0]!;
    expect(card.textContent).toContain('№100007');
    expect(card.textContent).toContain('94.00 грн.');
    expect(within(card).getByTestId('board-card-reseller').textContent).toBe('Олена Коваль · #42');
    expect(within(card).getByRole('link', { name: 'Відкрити замовлення №100007' }).getAttribute('href')).toBe('/admin/orders/7');
    // 31 confirmed orders, one shown: a link to the list filtered by the status.
    const more = await within(columns[1]!).findByTestId('board-column-more');
    expect(more.textContent).toBe('Усі 31 у списку');
    expect(api.find('GET', '/admin/orders').every((c) => c.query.get('per_page') === '20')).toBe(true);
    fireEvent.click(more);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders?view=list&status=Confirmed'));
    expect(screen.getByTestId('admin-orders-page').dataset.view).toBe('list');
  });

  it('list: filters from the URL go to the API; rows link to the order and the reseller', async () => {
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders')
        return page([{ ...summary({ id: 7, number: '100007', ttn: '20450000000001' }), user_id: 42, user_name: 'Олена Коваль' }], 25, 3);
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&status=New&payment_status=NotPaid&search=Шевч&date_from=2026-01-01');
    const row = await screen.findByTestId('admin-order-row');
    expect(within(row).getByRole('link', { name: 'Відкрити замовлення №100007' }).getAttribute('href')).toBe('/admin/orders/7');
    expect(within(row).getByRole('link', { name: 'Олена Коваль · #42' }).getAttribute('href')).toBe('/admin/users/42');
    expect(screen.getByTestId('admin-orders-total').textContent).toBe('Знайдено: 25');
    const q = api.find('GET', '/admin/orders').at(-1)!.query;
    expect(Object.fromEntries(q)).toEqual({ status: 'New', payment_status: 'NotPaid', search: 'Шевч', date_from: '2026-01-01', page: '1', per_page: '10' });
    // The shared filter's dates are typed as DD.MM.YYYY; the API still gets YYYY-MM-DD.
    fireEvent.input(screen.getByTestId('orders-date-to'), { target: { value: '01.02.2026' } });
    await waitFor(() => expect(api.find('GET', '/admin/orders').at(-1)!.query.get('date_to')).toBe('2026-02-01'));
    // Back to the board drops the filters.
    fireEvent.click(screen.getByTestId('orders-view-board'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders'));
  });

  it('order page: moves the status by an allowed move with a comment', async () => {
    let current = adminOrder({ status: 'Complected', status_name: 'Скомплектоване' });
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7' && c.method === 'GET') return { data: current };
      if (c.path === '/admin/orders/7/jobs') return { data: [] };
      if (c.path === '/admin/orders/7/status') {
        current = { ...current, status: 'Delivered', status_name: 'Доставляється' };
        return { data: current };
      }
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
    await screen.findByText('Замовлення №100007');
    expect(screen.getByTestId('order-reseller-link').getAttribute('href')).toBe('/admin/users/42');
    expect(await screen.findByTestId('jobs-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('order-move'));
    const dialog = await screen.findByTestId('move-dialog');
    fireEvent.mouseDown(within(dialog).getByTestId('move-status'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Доставляється', 'Скасоване']);
    fireEvent.click(screen.getByRole('option', { name: 'Доставляється' }));
    fireEvent.change(within(dialog).getByTestId('move-comment'), { target: { value: 'Передано кур’єру' } });
    fireEvent.click(within(dialog).getByTestId('move-submit'));
    await waitFor(() => expect(api.find('POST', '/admin/orders/7/status')).toHaveLength(1));
    expect(api.find('POST', '/admin/orders/7/status')[0]!.body).toEqual({ status: 'Delivered', comment: 'Передано кур’єру' });
    await waitFor(() => expect(screen.getByTestId('admin-order-status').dataset.status).toBe('Delivered'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Статус змінено: Доставляється');
  });

  it('order page: marking a Card invoice paid asks first, listing what follows; Back changes nothing', async () => {
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7' && c.method === 'GET')
        return { data: adminOrder({ status: 'Confirmed', payment_method: 'Card', payment_status: 'WaitPaid' }) };
      if (c.path === '/admin/orders/7/jobs') return { data: [] };
      if (c.path === '/admin/orders/7/payment') return { data: adminOrder({ status: 'Confirmed', payment_method: 'Card', payment_status: 'Paid' }) };
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
    await screen.findByText('Замовлення №100007');
    fireEvent.click(screen.getByTestId('order-mark-paid'));
    let dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText('Позначити рахунок замовлення №100007 оплаченим?')).toBeTruthy();
    const items = within(dialog)
      .getAllByTestId('confirm-item')
      .map((i) => i.textContent);
    expect(items[0]).toBe('Статус оплати стане «Оплачено».');
    expect(items[1]).toContain('75.26 грн');
    expect(items[1]).toContain('Ірина Мельник');
    fireEvent.click(within(dialog).getByTestId('confirm-back'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(api.find('POST', '/admin/orders/7/payment')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('order-mark-paid'));
    dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-submit').textContent).toBe('Так, рахунок оплачено');
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    await waitFor(() => expect(api.find('POST', '/admin/orders/7/payment')[0]?.body).toEqual({ payment_status: 'Paid' }));
    expect(api.find('POST', '/admin/orders/7/payment')[0]?.idempotencyKey).toMatch(/^[\x20-\x7e]{8,255}$/);
    await waitFor(() => expect(screen.queryByTestId('order-mark-paid')).toBeNull());
  });

  it('order page: on a New order nothing is preselected; Cancel asks first, lists what will happen and is never a "Скасувати" beside "Скасувати"', async () => {
    const order = adminOrder({
      payment_method: 'Balance',
      payment_status: 'PaidFromBalance',
      reservation_number: 'E-100007',
      products: [{ ...resellerOrder().products[0]!, qty: 3 }],
    });
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7' && c.method === 'GET') return { data: order };
      if (c.path === '/admin/orders/7/jobs') return { data: [] };
      if (c.path === '/admin/orders/7/status') return { data: { ...order, status: 'Canceled', status_name: 'Скасоване' } };
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
    await screen.findByText('Замовлення №100007');
    expect(allowedMoves({ status: 'New' }, 'manager')).toEqual(['Canceled']);
    fireEvent.click(screen.getByTestId('order-move'));
    let dialog = await screen.findByTestId('move-dialog');
    // Nothing chosen: the select is empty and submitting asks for a choice.
    expect(dialog.querySelector<HTMLInputElement>('input[name="status"]')!.value).toBe('');
    expect(within(dialog).getByTestId('move-status').textContent).not.toContain('Скасоване');
    expect(within(dialog).getByTestId('dialog-close').textContent).toBe('Закрити');
    expect(within(dialog).queryByText('Скасувати')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('move-submit'));
    await within(dialog).findByText("Поле обов'язкове для заповнення");
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    fireEvent.mouseDown(within(dialog).getByTestId('move-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Скасоване' }));
    fireEvent.click(within(dialog).getByTestId('move-submit'));
    let confirm = await screen.findByTestId('confirm-dialog');
    expect(api.find('POST', '/admin/orders/7/status')).toHaveLength(0);
    expect(within(confirm).getByText('Скасувати замовлення №100007?')).toBeTruthy();
    const items = within(confirm)
      .getAllByTestId('confirm-item')
      .map((i) => i.textContent);
    expect(items).toEqual([
      'Замовлення №100007 отримає статус «Скасоване»; повернути його в роботу буде неможливо.',
      '75.26 грн повернуться на баланс реселера Ірина Мельник.',
      'Товари (3 шт.) повернуться на склад: резерв знімається.',
      'Резерв E-100007 у 1С буде скасовано.',
      'Реселер Ірина Мельник отримає сповіщення.',
    ]);
    expect(within(confirm).getByTestId('confirm-submit').textContent).toBe('Так, скасувати замовлення');
    expect(within(confirm).getByTestId('confirm-back').textContent).toBe('Назад');
    // Back returns to the choice, still made.
    fireEvent.click(within(confirm).getByTestId('confirm-back'));
    dialog = await screen.findByTestId('move-dialog');
    expect(within(dialog).getByTestId('move-status').textContent).toBe('Скасоване');
    fireEvent.click(within(dialog).getByTestId('move-submit'));
    confirm = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(api.find('POST', '/admin/orders/7/status')[0]?.body).toEqual({ status: 'Canceled' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
  });

  it('order page: a Delivered order: Return asks first; Done does not', async () => {
    const order = adminOrder({ status: 'Delivered', status_name: 'Доставляється' });
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7' && c.method === 'GET') return { data: order };
      if (c.path === '/admin/orders/7/jobs') return { data: [] };
      if (c.path === '/admin/orders/7/status') return { data: { ...order, status: 'Done', status_name: 'Виконане' } };
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
    await screen.findByText('Замовлення №100007');
    fireEvent.click(screen.getByTestId('order-move'));
    const dialog = await screen.findByTestId('move-dialog');
    fireEvent.mouseDown(within(dialog).getByTestId('move-status'));
    fireEvent.click(await screen.findByRole('option', { name: labelOf(lists.order_status_list, 'Return') }));
    fireEvent.click(within(dialog).getByTestId('move-submit'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(
      within(confirm)
        .getAllByTestId('confirm-item')
        .map((i) => i.textContent),
    ).toContain('Відстеження посилки зупиниться.');
    expect(within(confirm).getByTestId('confirm-submit').textContent).toBe('Так, оформити повернення');
    fireEvent.click(within(confirm).getByTestId('confirm-back'));
    const again = await screen.findByTestId('move-dialog');
    fireEvent.mouseDown(within(again).getByTestId('move-status'));
    fireEvent.click(await screen.findByRole('option', { name: labelOf(lists.order_status_list, 'Done') }));
    fireEvent.click(within(again).getByTestId('move-submit'));
    await waitFor(() => expect(api.find('POST', '/admin/orders/7/status')[0]?.body).toEqual({ status: 'Done' }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('order page: an unpaid Card order says why it cannot ship; a manager cannot make a waybill or Complected', async () => {
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7' && c.method === 'GET')
        return { data: adminOrder({ status: 'Confirmed', payment_method: 'Card', payment_status: 'WaitPaid' }) };
      if (c.path === '/admin/orders/7/jobs') return { data: [] };
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
    await screen.findByText('Замовлення №100007');
    expect((await screen.findByTestId('order-unpaid-note')).textContent).toContain('Оплата карткою ще не надійшла');
    expect(screen.getByTestId('order-unpaid-note').textContent).toContain('тільки адміністратор');
    expect((screen.getByTestId('order-set-ttn') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('order-create-ttn') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('order-move'));
    const dialog = await screen.findByTestId('move-dialog');
    fireEvent.mouseDown(within(dialog).getByTestId('move-status'));
    fireEvent.click(await screen.findByRole('option', { name: labelOf(lists.order_status_list, 'Complected') }));
    expect((await within(dialog).findByTestId('unpaid-note')).textContent).toContain('Оплата карткою ще не надійшла');
    expect(within(dialog).queryByTestId('override-reason')).toBeNull();
    expect((within(dialog).getByTestId('move-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(api.find('POST', '/admin/orders/7/status')).toHaveLength(0);
  });

  it('order page: an admin ships an unpaid Card order only with a reason (sent as override_reason)', async () => {
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7' && c.method === 'GET')
        return { data: adminOrder({ status: 'Confirmed', payment_method: 'Card', payment_status: 'WaitPaid' }) };
      if (c.path === '/admin/orders/7/jobs') return { data: [] };
      if (c.path === '/admin/orders/7/ttn' && c.method === 'PUT')
        return {
          data: adminOrder({ status: 'Confirmed', payment_method: 'Card', payment_status: 'WaitPaid', ttn: '20450000000001', delivery_status: 'CreatedTTN' }),
        };
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'admin');
    await screen.findByText('Замовлення №100007');
    expect((await screen.findByTestId('order-unpaid-note')).textContent).toContain('вказавши причину');
    fireEvent.click(screen.getByTestId('order-set-ttn'));
    const dialog = await screen.findByTestId('ttn-dialog');
    expect(within(dialog).getByTestId('unpaid-note')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('ttn-number'), { target: { value: '20450000000001' } });
    fireEvent.click(within(dialog).getByTestId('ttn-submit'));
    await within(dialog).findByText('Вкажіть причину');
    expect(api.find('PUT', '/admin/orders/7/ttn')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('override-reason'), { target: { value: '  Оплата готівкою в офісі ' } });
    fireEvent.click(within(dialog).getByTestId('ttn-submit'));
    await waitFor(() => expect(api.find('PUT', '/admin/orders/7/ttn')[0]?.body).toEqual({ ttn: '20450000000001', override_reason: 'Оплата готівкою в офісі' }));
    await waitFor(() => expect(screen.queryByTestId('ttn-dialog')).toBeNull());
  });

  it('order page: a paid Card order or a Prepayment one ships with no note and no reason', async () => {
    for (const over of [
      { payment_method: 'Card', payment_status: 'Paid' },
      { payment_method: 'Prepayment', payment_status: 'NotPaid', prepayment_sum: 30 },
    ] as const) {
      mockApi((c) => {
        if (c.path === '/config') return { data: lists };
        if (c.path === '/admin/orders/7' && c.method === 'GET') return { data: adminOrder({ status: 'Confirmed', ...over }) };
        if (c.path === '/admin/orders/7/jobs') return { data: [] };
        return undefined;
      });
      const view = renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
      await screen.findByText('Замовлення №100007');
      expect(screen.queryByTestId('order-unpaid-note')).toBeNull();
      expect((screen.getByTestId('order-set-ttn') as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(screen.getByTestId('order-set-ttn'));
      const dialog = await screen.findByTestId('ttn-dialog');
      expect(within(dialog).queryByTestId('unpaid-note')).toBeNull();
      view.unmount();
    }
  });

  it('order page: sets a TTN with validation and server field errors', async () => {
    let tries = 0;
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7' && c.method === 'GET') return { data: adminOrder({ status: 'Confirmed', status_name: 'Підтверджене' }) };
      if (c.path === '/admin/orders/7/jobs') return { data: [] };
      if (c.path === '/admin/orders/7/ttn' && c.method === 'PUT') {
        tries += 1;
        if (tries === 1) return new Reply(422, { message: 'Невірні дані', errors: { ttn: ['Ця ТТН вже використана'] } });
        return { data: adminOrder({ status: 'Confirmed', ttn: '20450000000001', delivery_status: 'CreatedTTN' }) };
      }
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
    await screen.findByText('Замовлення №100007');
    fireEvent.click(screen.getByTestId('order-set-ttn'));
    const dialog = await screen.findByTestId('ttn-dialog');
    fireEvent.change(within(dialog).getByTestId('ttn-number'), { target: { value: '12ab' } });
    fireEvent.change(within(dialog).getByTestId('ttn-cost'), { target: { value: '70,5' } });
    fireEvent.click(within(dialog).getByTestId('ttn-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('ttn-number').getAttribute('aria-invalid')).toBe('true'));
    expect(api.find('PUT', '/admin/orders/7/ttn')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('ttn-number'), { target: { value: '20450000000001' } });
    fireEvent.click(within(dialog).getByTestId('ttn-submit'));
    await within(dialog).findByText('Ця ТТН вже використана');
    expect(api.find('PUT', '/admin/orders/7/ttn')[0]!.body).toEqual({ ttn: '20450000000001', cost: 70.5 });
    fireEvent.click(within(dialog).getByTestId('ttn-submit'));
    await waitFor(() => expect(screen.queryByTestId('ttn-dialog')).toBeNull());
    expect(screen.getByTestId('admin-order-ttn').textContent).toBe('20450000000001');
  });

  it('order page: creates a TTN through Nova Poshta; a carrier error shows in the dialog', async () => {
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7' && c.method === 'GET')
        return { data: adminOrder({ status: 'Confirmed', delivery: { ...resellerOrder().delivery, city_ref: '8d5a980d-391c-11dd-90d9-001a92567626' } }) };
      if (c.path === '/admin/orders/7/jobs') return { data: [] };
      if (c.path === '/admin/orders/7/ttn') return new Reply(503, { message: 'Служба доставки тимчасово недоступна', code: 'CarrierUnavailable' });
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
    await screen.findByText('Замовлення №100007');
    fireEvent.click(screen.getByTestId('order-create-ttn'));
    const dialog = await screen.findByTestId('np-dialog');
    fireEvent.change(within(dialog).getByTestId('np-weight'), { target: { value: '2,5' } });
    fireEvent.change(within(dialog).getByTestId('np-seats'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByTestId('np-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('np-seats').getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(within(dialog).getByTestId('np-seats'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByTestId('np-submit'));
    expect((await within(dialog).findByTestId('dialog-error')).textContent).toBe('Служба доставки тимчасово недоступна');
    expect(api.find('POST', '/admin/orders/7/ttn')[0]!.body).toEqual({ weight: 2.5, seats: 2 });
  });

  it('order page: reservation jobs with state chips and Retry only on a failed one', async () => {
    let jobs = [job('a1', 'failed'), job('b2', 'completed', { action: 'ConfirmReserveJob' })];
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7' && c.method === 'GET') return { data: adminOrder() };
      if (c.path === '/admin/orders/7/jobs') return { data: jobs };
      if (c.path === '/admin/orders/7/jobs/a1/retry') {
        jobs = [job('a1', 'created'), jobs[1]!];
        return { data: jobs[0] };
      }
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
    const rows = await screen.findAllByTestId('job-row');
    expect(rows.map((r) => [r.dataset.state, within(r).getByTestId('job-state').textContent])).toEqual([
      ['failed', 'Помилка'],
      ['completed', 'Виконано'],
    ]);
    expect(within(rows[0]!).getByTestId('job-error').textContent).toBe('Supplier timeout');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Повторити завдання «Створення резерву»' }));
    await waitFor(() => expect(api.find('POST', '/admin/orders/7/jobs/a1/retry')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('job-row')[0]!.dataset.state).toBe('created'));
    expect(screen.queryByTestId('job-retry-a1')).toBeNull();
  });

  describe('by role (issue 27): only what the role may do is offered', () => {
    const serveOrder = (order: AdminOrderDto) =>
      mockApi((c) => {
        if (c.path === '/config') return { data: lists };
        if (c.path === '/admin/orders/7' && c.method === 'GET') return { data: order };
        if (c.path === '/admin/orders/7/jobs') return { data: [] };
        if (c.path === '/admin/orders/7/status')
          return {
            data: {
              ...order,
              status: 'Confirmed',
              status_name: 'Підтверджене',
              payment_status: order.payment_method === 'Card' ? 'WaitPaid' : order.payment_status,
            },
          };
        return undefined;
      });

    it('warehouse: packs and ships only; no payment, no 1C jobs, no confirming for the reseller', async () => {
      const api = serveOrder(adminOrder({ status: 'Confirmed', status_name: 'Підтверджене', payment_method: 'Card', payment_status: 'Paid' }));
      renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'warehouse');
      await screen.findByText('Замовлення №100007');
      expect(allowedMoves({ status: 'Confirmed' }, 'warehouse')).toEqual(['Complected']);
      expect(allowedMoves({ status: 'Delivered' }, 'warehouse')).toEqual([]);
      expect(allowedMoves({ status: 'Delivered' }, 'manager')).toEqual(['Done', 'Return', 'PartReturn', 'Exchange']);
      fireEvent.click(screen.getByTestId('order-move'));
      const dialog = await screen.findByTestId('move-dialog');
      fireEvent.mouseDown(within(dialog).getByTestId('move-status'));
      // Cancelling is not the warehouse's.
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([labelOf(lists.order_status_list, 'Complected')]);
      expect((screen.getByTestId('order-set-ttn') as HTMLButtonElement).disabled).toBe(false);
      expect(screen.getByTestId('order-create-ttn')).toBeTruthy();
      expect(screen.queryByTestId('order-mark-paid')).toBeNull();
      expect(screen.queryByTestId('reservation-jobs')).toBeNull();
      expect(api.find('GET', '/admin/orders/7/jobs')).toHaveLength(0);
      expect(allowedMoves({ status: 'New' }, 'warehouse')).toEqual([]);
    });

    it('warehouse: a New order offers no confirm and no cancel', async () => {
      serveOrder(adminOrder({ payment_method: 'Card', payment_status: 'NotPaid' }));
      renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'warehouse');
      await screen.findByText('Замовлення №100007');
      expect(screen.queryByTestId('order-confirm')).toBeNull();
      expect(screen.queryByTestId('order-balance-confirm-note')).toBeNull();
      expect((screen.getByTestId('order-move') as HTMLButtonElement).disabled).toBe(true);
    });

    it('accountant: marks a Card invoice paid; no moves, waybills or 1C jobs', async () => {
      const api = serveOrder(adminOrder({ status: 'Confirmed', status_name: 'Підтверджене', payment_method: 'Card', payment_status: 'WaitPaid' }));
      renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'accountant');
      await screen.findByText('Замовлення №100007');
      expect(screen.getByTestId('order-mark-paid')).toBeTruthy();
      for (const id of ['order-move', 'order-confirm', 'order-set-ttn', 'order-create-ttn', 'reservation-jobs', 'order-unpaid-note'])
        expect(screen.queryByTestId(id), id).toBeNull();
      expect(api.find('GET', '/admin/orders/7/jobs')).toHaveLength(0);
    });

    it('manager: moves, marks a Card invoice paid and sees the 1C jobs card', async () => {
      const api = serveOrder(adminOrder({ status: 'Confirmed', status_name: 'Підтверджене', payment_method: 'Card', payment_status: 'WaitPaid' }));
      renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
      await screen.findByText('Замовлення №100007');
      expect(await screen.findByTestId('reservation-jobs')).toBeTruthy();
      await waitFor(() => expect(api.find('GET', '/admin/orders/7/jobs').length).toBeGreaterThan(0));
      expect(screen.getByTestId('order-mark-paid')).toBeTruthy();
      expect(screen.getByTestId('order-move')).toBeTruthy();
    });

    it('manager: confirms a New Card order for the reseller after a dialog listing what follows', async () => {
      const api = serveOrder(adminOrder({ payment_method: 'Card', payment_status: 'NotPaid' }));
      renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
      await screen.findByText('Замовлення №100007');
      expect(screen.queryByTestId('order-balance-confirm-note')).toBeNull();
      const button = screen.getByTestId('order-confirm') as HTMLButtonElement;
      expect(button.textContent).toBe('Підтвердити');
      expect(button.disabled).toBe(false);
      // The move dialog keeps its own moves (a New order: cancel); confirming is this button.
      expect(allowedMoves({ status: 'New' }, 'manager')).toEqual(['Canceled']);
      fireEvent.click(button);
      let dialog = await screen.findByTestId('confirm-dialog');
      expect(within(dialog).getByText('Підтвердити замовлення №100007 за реселера?')).toBeTruthy();
      expect(
        within(dialog)
          .getAllByTestId('confirm-item')
          .map((i) => i.textContent),
      ).toEqual([
        `Замовлення №100007 отримає статус «${labelOf(lists.order_status_list, 'Confirmed')}» — так само, як після підтвердження реселером.`,
        'Резерв товарів у 1С буде підтверджено.',
        `Реселеру буде виставлено рахунок на оплату карткою (статус оплати — «${labelOf(lists.pay_status_list, 'WaitPaid')}»); відправити замовлення можна буде після оплати.`,
        'Реселер Ірина Мельник отримає сповіщення.',
        'Підтвердження буде записано в історію замовлення і журнал дій від вашого імені.',
      ]);
      fireEvent.click(within(dialog).getByTestId('confirm-back'));
      await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
      expect(api.find('POST', '/admin/orders/7/status')).toHaveLength(0);
      fireEvent.click(screen.getByTestId('order-confirm'));
      dialog = await screen.findByTestId('confirm-dialog');
      expect(within(dialog).getByTestId('confirm-submit').textContent).toBe('Так, підтвердити замовлення');
      fireEvent.click(within(dialog).getByTestId('confirm-submit'));
      fireEvent.click(within(dialog).getByTestId('confirm-submit'));
      await waitFor(() => expect(api.find('POST', '/admin/orders/7/status').map((c) => c.body)).toEqual([{ status: 'Confirmed' }]));
      await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
      await waitFor(() => expect(screen.queryByTestId('order-confirm')).toBeNull());
    });

    it('a New Balance order: the confirm button is disabled and the page says the reseller confirms it (uk and ru)', async () => {
      const api = serveOrder(adminOrder({ payment_method: 'Balance', payment_status: 'NotPaid' }));
      renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'admin');
      await screen.findByText('Замовлення №100007');
      expect((screen.getByTestId('order-confirm') as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByTestId('order-balance-confirm-note').textContent).toBe(uk.order.balanceConfirm);
      expect(uk.order.balanceConfirm).toContain('підтверджує сам реселер');
      expect(ru.order.balanceConfirm).toContain('подтверждает сам реселлер');
      fireEvent.click(screen.getByTestId('order-confirm'));
      expect(screen.queryByTestId('confirm-dialog')).toBeNull();
      expect(api.find('POST', '/admin/orders/7/status')).toHaveLength(0);
    });

    it('the board: the tracking run is waybill work (warehouse yes, accountant no)', async () => {
      for (const [role, shown] of [
        ['warehouse', true],
        ['accountant', false],
      ] as const) {
        mockApi((c) => {
          if (c.path === '/config') return { data: lists };
          if (c.path === '/admin/orders/stats') return { data: { by_status: {}, total: 0 } };
          if (c.path === '/admin/orders') return page([]);
          return undefined;
        });
        const view = renderSection(<OrdersSection />, 'orders', '/admin/orders', role);
        await screen.findAllByTestId('board-column');
        expect(!!screen.queryByTestId('tracking-run'), role).toBe(shown);
        view.unmount();
      }
    });
  });

  it('order page: "До замовлень" returns to the list with the view and filters it was opened from', async () => {
    const listUrl = '/admin/orders?view=list&status=New&search=Шевч&page=2';
    mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders') return page([{ ...summary({ id: 7, number: '100007' }), user_id: 42, user_name: 'Олена Коваль' }], 25, 3);
      if (c.path === '/admin/orders/7') return { data: adminOrder({ id: 7, number: '100007' }) };
      if (c.path.startsWith('/admin/orders/7/')) return { data: [] };
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', listUrl);
    const row = await screen.findByTestId('admin-order-row');
    fireEvent.click(within(row).getByRole('link', { name: 'Відкрити замовлення №100007' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders/7'));
    const back = await screen.findByRole('link', { name: 'До замовлень' });
    expect(back.getAttribute('href')).toBe(listUrl);
    fireEvent.click(back);
    await waitFor(() => expect(decodeURIComponent(screen.getByTestId('location').textContent ?? '')).toBe(listUrl));
  });

  it('order page: opened directly (no list behind it), "До замовлень" leads to the board', async () => {
    mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders/7') return { data: adminOrder({ id: 7, number: '100007' }) };
      if (c.path.startsWith('/admin/orders/7/')) return { data: [] };
      return undefined;
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'manager');
    expect((await screen.findByRole('link', { name: 'До замовлень' })).getAttribute('href')).toBe('/admin/orders');
  });

  it('order page: 404 shows not found', async () => {
    mockApi((c) => (c.path === '/config' ? { data: lists } : undefined));
    renderSection(<OrdersSection />, 'orders', '/admin/orders/999', 'manager');
    expect(await screen.findByTestId('admin-order-not-found')).toBeTruthy();
  });
});
