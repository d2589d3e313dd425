import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists, type AdminOrderDto, type OrderDto, type ReservationJobDto, type StaffRole } from '@drop/shared';
import { order as resellerOrder, summary } from '../../../test/fixtures/orders.ts';
import { i18n } from '../../../lib/i18n.ts';
import OrdersSection from './orders-section.tsx';
import { Reply, mockApi, page, renderSection, setDesktop, type ApiCall } from './test-utils.tsx';

/**
 * Issue 28: the worklist's main action on an order opened from it (button and key A), then on to
 * the next order of the worklist, or back to the list when it is done.
 */
const lists = buildConfigLists('uk');
const STATUS_NAMES: Partial<Record<OrderDto['status'], string>> = { New: 'Нове', Confirmed: 'Підтверджене', Complected: 'Скомплектоване' };
const adminOrder = (id: number, over: Partial<AdminOrderDto> = {}): AdminOrderDto => ({
  ...resellerOrder({ id, number: String(100000 + id) }),
  user: { id: 42, name: 'Ірина Мельник', email: 'iryna@example.com', phone: '+380671112233' },
  np_status_code: null,
  return_ttn: null,
  ...over,
});
const rowOf = (o: AdminOrderDto) => ({
  ...summary({ id: o.id, number: o.number, status: o.status, status_name: o.status_name }),
  user_id: 42,
  user_name: 'Олена Коваль',
});

/**
 * A worklist of orders (by id) that holds the orders still in `status`: the list reads it (the
 * page of 10 and the per_page=100 read), each order's page answers its current state, and
 * `action(call, order)` answers the order's POSTs (undefined: the order moved as asked).
 */
function serveWorklist(
  ids: number[],
  inList: OrderDto['status'],
  over: (id: number) => Partial<AdminOrderDto> = () => ({}),
  action?: (c: ApiCall, o: AdminOrderDto) => unknown,
  pageSize = 10,
) {
  const orders = new Map(ids.map((id) => [id, adminOrder(id, { status: inList, status_name: STATUS_NAMES[inList]!, ...over(id) })]));
  const held = () => [...orders.values()].filter((o) => o.status === inList).map(rowOf);
  return mockApi((c) => {
    if (c.path === '/config') return { data: lists };
    if (c.path === '/admin/worklists') return { data: { to_confirm: 0, to_pack: held().length, to_ship: 0, trouble: 0 } };
    if (c.path === '/admin/orders' && c.method === 'GET') return page(held().slice(0, c.query.get('per_page') === '100' ? 100 : pageSize), held().length);
    const m = /^\/admin\/orders\/(\d+)(\/jobs|\/status|\/ttn)?$/.exec(c.path);
    const o = m ? orders.get(Number(m[1])) : undefined;
    if (!m || !o) return undefined;
    if (m[2] === '/jobs') return { data: [] };
    if (c.method === 'GET') return { data: o };
    const answer = action?.(c, o);
    if (answer !== undefined) return answer;
    const next =
      m[2] === '/status'
        ? { ...o, status: (c.body as { status: OrderDto['status'] }).status, status_name: STATUS_NAMES[(c.body as { status: OrderDto['status'] }).status]! }
        : { ...o, ttn: '20450000000001', delivery_status: 'CreatedTTN' as const };
    orders.set(o.id, next);
    return { data: next };
  });
}

async function openFirst(worklist: string, role: StaffRole, number = '100007') {
  renderSection(<OrdersSection />, 'orders', `/admin/orders?view=list&worklist=${worklist}`, role);
  fireEvent.click(await screen.findByRole('link', { name: `Відкрити замовлення №${number}` }));
  await screen.findByText(`Замовлення №${number}`);
}

const location = () => screen.getByTestId('location').textContent;
const press = (key: string, target: Element = document.body, code = `Key${key.toUpperCase()}`) => fireEvent.keyDown(target, { key, code });
const actionButton = () => screen.queryByTestId('queue-action') as HTMLButtonElement | null;

describe("admin order page: the worklist's main action with A (issue 28)", () => {
  beforeEach(() => setDesktop(true));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('to_pack: A moves the order to Complected and goes on to the next; at the end back to the list with "Черга опрацьована"', async () => {
    const api = serveWorklist([7, 8], 'Confirmed');
    await openFirst('to_pack', 'warehouse');
    const button = await screen.findByTestId('queue-action');
    expect(button.dataset.action).toBe('pack');
    expect(button.textContent).toContain('Скомплектовано');
    expect(button.getAttribute('aria-keyshortcuts')).toBe('A');
    press('a');
    await screen.findByText('Замовлення №100008');
    expect(location()).toBe('/admin/orders/8');
    expect(api.find('POST', /\/status$/).map((c) => [c.path, c.body])).toEqual([['/admin/orders/7/status', { status: 'Complected' }]]);
    expect(screen.getByTestId('queue-position').textContent).toBe('2 з 2 у черзі «До комплектації»');
    // The Ukrainian layout's "ф" is the same key (KeyA); the button does the same.
    press('ф', document.body, 'KeyA');
    await waitFor(() => expect(location()).toBe('/admin/orders?view=list&worklist=to_pack'));
    expect(api.find('POST', /\/status$/).map((c) => c.path)).toEqual(['/admin/orders/7/status', '/admin/orders/8/status']);
    expect(await screen.findByText('Черга опрацьована')).toBeTruthy();
  });

  it('to_pack: past the page the worklist is read again for an order not visited yet; skipped ones left: back to the list saying so', async () => {
    const api = serveWorklist([7, 8, 9], 'Confirmed', undefined, undefined, 2);
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&worklist=to_pack', 'manager');
    fireEvent.click(await screen.findByRole('link', { name: 'Відкрити замовлення №100008' }));
    await screen.findByText('Замовлення №100008');
    expect(screen.getByTestId('queue-position').textContent).toBe('2 з 2 у черзі «До комплектації»');
    // 8 is the page's last: the worklist read again holds 7 (visited, skipped) and 9 (not yet).
    fireEvent.click(await screen.findByTestId('queue-action'));
    await screen.findByText('Замовлення №100009');
    expect(screen.getByTestId('queue-position').textContent).toBe('3 з 3 у черзі «До комплектації»');
    expect(api.find('GET', '/admin/orders').some((c) => c.query.get('per_page') === '100')).toBe(true);
    // After 9 only the skipped 7 is left: back to the list, the toast says one is left.
    press('a');
    await waitFor(() => expect(location()).toBe('/admin/orders?view=list&worklist=to_pack'));
    expect(await screen.findByText('Кінець черги; пропущені замовлення лишилися в ній: 1')).toBeTruthy();
    expect(api.find('POST', /\/status$/).map((c) => c.path)).toEqual(['/admin/orders/8/status', '/admin/orders/9/status']);
  });

  it('A twice and a click while the move is on its way send one request', async () => {
    let release: () => void = () => undefined;
    const api = serveWorklist([7, 8], 'Confirmed');
    const inner = api.fn;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/admin/orders/7/status')) {
        const answer = inner(input, init);
        return new Promise<Response>((r) => (release = () => void answer.then(r)));
      }
      return inner(input, init);
    });
    await openFirst('to_pack', 'warehouse');
    const button = await screen.findByTestId('queue-action');
    press('a');
    press('a');
    fireEvent.click(button);
    await waitFor(() => expect((screen.getByTestId('queue-action') as HTMLButtonElement).disabled).toBe(true));
    press('A', document.body, 'KeyA');
    expect(api.find('POST', /\/status$/)).toHaveLength(1);
    act(() => release());
    await screen.findByText('Замовлення №100008');
    expect(api.find('POST', /\/status$/)).toHaveLength(1);
  });

  it('P while the move is on its way: the move ends, the walk stays where the person went (the page is one per order)', async () => {
    let release: () => void = () => undefined;
    const api = serveWorklist([7, 8, 9], 'Confirmed');
    const inner = api.fn;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/admin/orders/8/status')) {
        const answer = inner(input, init);
        return new Promise<Response>((r) => (release = () => void answer.then(r)));
      }
      return inner(input, init);
    });
    await openFirst('to_pack', 'warehouse', '100008');
    await screen.findByTestId('queue-action');
    press('a');
    fireEvent.keyDown(document.body, { key: 'p' });
    await screen.findByText('Замовлення №100007');
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 100));
    });
    // Not on to 9 (the next after 8): the person is on 7, which is still to be packed.
    expect(location()).toBe('/admin/orders/7');
    expect((await screen.findByTestId('queue-action')).dataset.action).toBe('pack');
    expect(api.find('POST', /\/status$/).map((c) => c.path)).toEqual(['/admin/orders/8/status']);
  });

  it('to_confirm: a manager confirms with A and walks on; a Balance order has no action', async () => {
    const api = serveWorklist([7, 8, 9], 'New', (id) => (id === 8 ? { payment_method: 'Balance' } : {}));
    await openFirst('to_confirm', 'manager');
    const button = await screen.findByTestId('queue-action');
    expect(button.dataset.action).toBe('confirm');
    press('a');
    // The Balance order: the reseller confirms it (the page says so); no action, A sends nothing.
    await screen.findByText('Замовлення №100008');
    expect(api.find('POST', /\/status$/).map((c) => [c.path, c.body])).toEqual([['/admin/orders/7/status', { status: 'Confirmed' }]]);
    expect(screen.getByTestId('order-balance-confirm-note')).toBeTruthy();
    expect(actionButton()).toBeNull();
    press('a');
    fireEvent.keyDown(document.body, { key: 'n' });
    await screen.findByText('Замовлення №100009');
    expect(await screen.findByTestId('queue-action')).toBeTruthy();
    expect(api.find('POST', /\/status$/)).toHaveLength(1);
  });

  it('to_confirm: a warehouse person has no action and A sends nothing', async () => {
    const api = serveWorklist([7, 8], 'New');
    await openFirst('to_confirm', 'warehouse');
    expect(screen.getByTestId('queue-position').textContent).toBe('1 з 2 у черзі «До підтвердження»');
    press('a');
    expect(actionButton()).toBeNull();
    expect(api.find('POST', /./)).toHaveLength(0);
    expect(location()).toBe('/admin/orders/7');
  });

  it('an API refusal (400 OrderNotPaid) shows its message and stays on the order; the action can be tried again', async () => {
    const api = serveWorklist(
      [7, 8],
      'Confirmed',
      undefined,
      () => new Reply(400, { message: 'Замовлення з оплатою карткою ще не оплачене', code: 'OrderNotPaid' }),
    );
    await openFirst('to_pack', 'warehouse');
    await screen.findByTestId('queue-action');
    press('a');
    expect(await screen.findByText('Замовлення з оплатою карткою ще не оплачене')).toBeTruthy();
    expect(location()).toBe('/admin/orders/7');
    await waitFor(() => expect(actionButton()!.disabled).toBe(false));
    press('a');
    await waitFor(() => expect(api.find('POST', /\/status$/)).toHaveLength(2));
    expect(location()).toBe('/admin/orders/7');
  });

  it('an unpaid Card order: the pack action is shown disabled (the paid-Card rule) and A sends nothing', async () => {
    const api = serveWorklist([7, 8], 'Confirmed', () => ({ payment_method: 'Card', payment_status: 'WaitPaid' }));
    await openFirst('to_pack', 'warehouse');
    expect(((await screen.findByTestId('queue-action')) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('order-unpaid-note')).toBeTruthy();
    press('a');
    expect(api.find('POST', /./)).toHaveLength(0);
  });

  it('keys typed into a field or pressed with a modifier do nothing', async () => {
    const api = serveWorklist([7, 8], 'Confirmed');
    await openFirst('to_pack', 'warehouse');
    await screen.findByTestId('queue-action');
    const input = document.createElement('input');
    document.body.appendChild(input);
    try {
      press('a', input);
      fireEvent.keyDown(document.body, { key: 'a', code: 'KeyA', ctrlKey: true });
      fireEvent.keyDown(document.body, { key: 'a', code: 'KeyA', altKey: true });
      expect(api.find('POST', /./)).toHaveLength(0);
      expect(location()).toBe('/admin/orders/7');
    } finally {
      input.remove();
    }
  });

  it('to_ship: A opens the waybill dialog prefilled 1 kg / 1 seat (keys wait while it is open), Enter makes the waybill and the walk goes on; no action for a non-NP order', async () => {
    const api = serveWorklist([7, 8], 'Confirmed', (id) =>
      id === 7 ? { delivery: { ...resellerOrder().delivery, city_ref: '8d5a980d-391c-11dd-90d9-001a92567626' } } : { delivery_service: 'UkrPoshta' },
    );
    await openFirst('to_ship', 'warehouse');
    const button = await screen.findByTestId('queue-action');
    expect(button.dataset.action).toBe('waybill');
    press('a');
    const dialog = await screen.findByTestId('np-dialog');
    const weight = within(dialog).getByTestId('np-weight') as HTMLInputElement;
    expect(weight.value).toBe('1');
    expect((within(dialog).getByTestId('np-seats') as HTMLInputElement).value).toBe('1');
    await waitFor(() => expect(document.activeElement).toBe(weight));
    // Keys outside the dialog wait while it is open: N does not walk on.
    fireEvent.keyDown(document.body, { key: 'n' });
    press('a');
    expect(location()).toBe('/admin/orders/7');
    expect(screen.getAllByTestId('np-dialog')).toHaveLength(1);
    // Enter in the focused field submits its form (the browser's implicit submission; jsdom has none, so the submit itself).
    fireEvent.submit(weight.form!);
    await screen.findByText('Замовлення №100008');
    expect(api.find('POST', /\/ttn$/).map((c) => [c.path, c.body])).toEqual([['/admin/orders/7/ttn', { weight: 1, seats: 1 }]]);
    // Order 8 is not Nova Poshta: no action there.
    expect(actionButton()).toBeNull();
  });

  it("onec_failed: A runs the failed 1C job again (the jobs card's retry) and walks on; an order with no failed job has no action", async () => {
    const job = (id: string, state: ReservationJobDto['state']): ReservationJobDto => ({
      id,
      action: 'CreateReserveJob',
      state,
      retry_count: state === 'failed' ? 8 : 0,
      retry_limit: 8,
      created_at: '2026-01-01T10:00:00Z',
      started_at: null,
      completed_at: null,
      next_attempt_at: null,
      error: state === 'failed' ? 'HTTP 500' : null,
    });
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/worklists') return { data: { onec_failed: 2 } };
      if (c.path === '/admin/orders' && c.method === 'GET') return page([7, 8].map((id) => rowOf(adminOrder(id))));
      if (c.path === '/admin/orders/7/jobs/j7/retry' && c.method === 'POST') return { data: job('j7', 'created') };
      const m = /^\/admin\/orders\/(\d+)(\/jobs)?$/.exec(c.path);
      if (!m) return undefined;
      const id = Number(m[1]);
      return m[2] ? { data: [job(`j${id}`, id === 7 ? 'failed' : 'completed')] } : { data: adminOrder(id) };
    });
    await openFirst('onec_failed', 'manager');
    const button = await screen.findByTestId('queue-action');
    expect(button.dataset.action).toBe('retry');
    expect(button.textContent).toBe('Повторити 1СA');
    press('a');
    await screen.findByText('Замовлення №100008');
    expect(api.find('POST', /\/retry$/).map((c) => c.path)).toEqual(['/admin/orders/7/jobs/j7/retry']);
    await screen.findAllByTestId('job-row');
    expect(actionButton()).toBeNull();
  });

  it('trouble: no main action, and the hint has no A', async () => {
    const api = serveWorklist([7, 8], 'Confirmed');
    await openFirst('trouble', 'manager');
    expect(screen.getByTestId('queue-position').textContent).toBe('1 з 2 у черзі «Проблемні посилки»');
    press('a');
    expect(actionButton()).toBeNull();
    fireEvent.click(screen.getByTestId('keys-hint'));
    expect((await screen.findByTestId('keys-hint-list')).textContent).not.toContain('A —');
    expect(api.find('POST', /./)).toHaveLength(0);
    // While the hint is open the keys are its own: N does not walk on.
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(location()).toBe('/admin/orders/7');
  });

  it('ru: the action and the hint', async () => {
    await act(() => i18n.changeLanguage('ru'));
    serveWorklist([7, 8], 'New');
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&worklist=to_confirm', 'manager');
    fireEvent.click(await screen.findByRole('link', { name: /№100007/ }));
    expect((await screen.findByTestId('queue-action')).textContent).toBe('ПодтвердитьA');
    fireEvent.click(screen.getByTestId('keys-hint'));
    const hint = await screen.findByTestId('keys-hint-list');
    expect(hint.textContent).toContain('A — подтвердить заказ и перейти к следующему');
    expect(hint.textContent).toContain('открыт диалог');
  });
});
