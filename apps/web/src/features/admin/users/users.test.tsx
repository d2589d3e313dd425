import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@drop/shared';
import { auditEntry, locationOf, page, renderAt, serve, setDesktop, user, type Call } from '../test-utils.tsx';
import { UserDetailPage } from './user-detail-page.tsx';
import { UsersListPage } from './users-list-page.tsx';

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/admin/users' && c.method === 'GET');

describe('resellers list', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the table with badges and balance, filters from the URL going to the API', async () => {
    setDesktop(true);
    const calls = serve((c) =>
      c.path === '/api/v1/admin/users'
        ? page([user(7, { discount: 5, is_verified: true }), user(8, { is_verified: true }), user(9, { blocked: true })], 43, 3)
        : undefined,
    );
    renderAt(<UsersListPage />, '/admin/users?state=unverified&role=reseller&search=Ірина&page=2', '/admin/users');
    const table = await screen.findByTestId('admin-users-table');
    const rows = within(table).getAllByTestId('admin-user-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('user-badge').textContent).toBe('VIP -5%');
    expect(within(rows[1]!).getByTestId('user-badge').textContent).toBe('Верифікований');
    expect(within(rows[2]!).getByTestId('user-badge').textContent).toBe('Новий');
    expect(within(rows[2]!).getByTestId('user-blocked').textContent).toBe('Заблоковано');
    expect(within(rows[0]!).getByTestId('admin-user-balance').textContent).toBe('1 250.50');
    expect(within(rows[0]!).getByTestId('admin-user-name').getAttribute('href')).toBe('/admin/users/7');
    expect(screen.getByTestId('admin-users-total').textContent).toBe('Знайдено: 43');
    expect(Object.fromEntries(listCalls(calls).at(-1)!.query)).toEqual({ page: '2', per_page: '20', search: 'Ірина', role: 'reseller', is_verified: 'false' });
  });

  it('maps the state filter to the API, goes back to page 1, and debounces the search', async () => {
    const calls = serve((c) => (c.path === '/api/v1/admin/users' ? page([user(7)], 30, 2) : undefined));
    renderAt(<UsersListPage />, '/admin/users?page=2', '/admin/users');
    await screen.findAllByTestId('admin-user-row');
    expect(screen.getByTestId('admin-users-cards')).toBeTruthy();

    fireEvent.mouseDown(screen.getByTestId('admin-users-state'));
    fireEvent.click(await screen.findByRole('option', { name: 'Заблоковані' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('blocked')).toBe('true'));
    expect(listCalls(calls).at(-1)!.query.get('page')).toBe('1');
    expect(locationOf(screen.getByTestId('location')).searchParams.get('state')).toBe('blocked');

    vi.useFakeTimers();
    fireEvent.change(screen.getByTestId('admin-users-search'), { target: { value: 'olena@' } });
    const before = listCalls(calls).length;
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
    expect(listCalls(calls)).toHaveLength(before);
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('search')).toBe('olena@'));
    expect(listCalls(calls).at(-1)!.query.get('blocked')).toBe('true');
  });

  it('shows an empty state when nobody matches', async () => {
    serve((c) => (c.path === '/api/v1/admin/users' ? page([]) : undefined));
    renderAt(<UsersListPage />, '/admin/users?search=nobody', '/admin/users');
    expect((await screen.findByTestId('admin-users-empty')).textContent).toContain('Нікого не знайдено');
  });
});

/** A stateful fake of the reseller endpoints. */
function serveUser(initial = user(7)) {
  let current = { ...initial, audit: [] };
  const calls = serve((c) => {
    if (c.path === '/api/v1/admin/users/7' && c.method === 'GET') return { data: current };
    if (c.path === '/api/v1/admin/users/7' && c.method === 'PUT') {
      current = { ...current, ...(c.body as object) };
      return { data: current };
    }
    if (c.path === '/api/v1/admin/users/7/corrections') {
      const b = c.body as { amount: number; comment: string };
      if (b.comment === 'server-says-no') return { status: 422, body: { message: 'Помилка', errors: { amount: ['Недостатньо коштів на балансі'] } } };
      current = { ...current, balance: current.balance + b.amount };
      return {
        status: 201,
        body: {
          data: {
            id: 1,
            type: 'correction',
            amount: b.amount,
            sum: b.amount,
            balance: current.balance,
            comment: b.comment,
            description: 'Коригування',
            operationable_type: null,
            operationable_id: null,
            created_at: '2025-03-04T10:00:00Z',
          },
        },
      };
    }
    if (c.path === '/api/v1/admin/users/7/summary')
      return { data: { orders_total: 12, orders_by_status: {}, profit_total: 3400, pending_top_ups: 1, pending_withdrawals: 0, markets: 1, feeds: 2 } };
    if (c.path === '/api/v1/admin/users/7/operations')
      return page([
        {
          id: 3,
          type: 'payment',
          amount: 500,
          sum: 500,
          balance: 1250.5,
          comment: null,
          description: 'Поповнення №3',
          operationable_type: null,
          operationable_id: null,
          created_at: '2025-03-04T10:00:00Z',
        },
      ]);
    if (c.path === '/api/v1/admin/users/7/devices')
      return {
        data: [
          {
            id: 1,
            name: 'Chrome on Linux',
            ip_address: '10.0.0.1',
            user_agent: 'Mozilla/5.0',
            used_at: '2025-03-04T10:00:00Z',
            created_at: '2025-03-01T10:00:00Z',
          },
        ],
      };
    if (c.path === '/api/v1/admin/audit') return page([auditEntry(1, { changes: { discount: [0, 10] } })]);
    if (c.path === '/api/v1/admin/orders') return page([]);
    if (c.path === '/api/v1/config') return { data: {} };
    return undefined;
  });
  return calls;
}

describe('reseller page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the profile, summary and ledger; verifies the reseller and the badge follows', async () => {
    const calls = serveUser();
    renderAt(<UserDetailPage />, '/admin/users/7', '/admin/users/:id');
    expect((await screen.findByTestId('admin-user-title')).textContent).toBe('Реселер 7');
    expect(screen.getByTestId('user-badge').textContent).toBe('Новий');
    expect(screen.getByTestId('user-balance').textContent).toBe('1 250.50 грн.');
    expect((await screen.findByTestId('user-orders-total')).textContent).toBe('12');
    expect(await screen.findByTestId('user-operation-row')).toBeTruthy();

    fireEvent.click(screen.getByTestId('user-verify'));
    await waitFor(() => expect(screen.getByTestId('user-badge').textContent).toBe('Верифікований'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ is_verified: true });
    expect((await screen.findByTestId('toast')).textContent).toContain('Реселера верифіковано');
    expect(screen.getByTestId('user-verify').textContent).toBe('Зняти верифікацію');
  });

  it('sets a discount through the dialog (0..100 checked before sending)', async () => {
    const calls = serveUser(user(7, { is_verified: true }));
    renderAt(<UserDetailPage />, '/admin/users/7', '/admin/users/:id');
    fireEvent.click(await screen.findByTestId('user-discount'));
    const input = await screen.findByTestId('discount-input');
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('discount-submit'));
    expect(await screen.findByText('Введіть число від 0 до 100')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('discount-submit'));
    await waitFor(() => expect(screen.getByTestId('user-badge').textContent).toBe('VIP -10%'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ discount: 10 });
  });

  it('blocks after a confirmation and can unblock', async () => {
    const calls = serveUser();
    renderAt(<UserDetailPage />, '/admin/users/7', '/admin/users/:id');
    fireEvent.click(await screen.findByTestId('user-block'));
    expect(within(await screen.findByTestId('block-dialog')).getByText('Заблокувати Реселер 7?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('block-dialog-confirm'));
    expect(await screen.findByTestId('user-blocked')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ blocked: true });
    expect(screen.getByTestId('user-block').textContent).toBe('Розблокувати');
  });

  it('corrects the balance: amount and comment required, server field errors on the field, signed amounts', async () => {
    const calls = serveUser();
    renderAt(<UserDetailPage />, '/admin/users/7', '/admin/users/:id');
    fireEvent.click(await screen.findByTestId('user-correct'));
    fireEvent.click(await screen.findByTestId('correction-submit'));
    expect(await screen.findByText('Введіть суму, не нуль, до 2 знаків після коми')).toBeTruthy();
    expect(screen.getByText('Вкажіть коментар')).toBeTruthy();

    fireEvent.change(screen.getByTestId('correction-amount'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('correction-comment'), { target: { value: 'server-says-no' } });
    fireEvent.click(screen.getByTestId('correction-submit'));
    expect(await screen.findByText('Введіть суму, не нуль, до 2 знаків після коми')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/corrections'))).toEqual([]);

    fireEvent.change(screen.getByTestId('correction-amount'), { target: { value: '-2000' } });
    fireEvent.click(screen.getByTestId('correction-submit'));
    expect(await screen.findByText('Недостатньо коштів на балансі')).toBeTruthy();

    fireEvent.change(screen.getByTestId('correction-amount'), { target: { value: '-75,50' } });
    fireEvent.change(screen.getByTestId('correction-comment'), { target: { value: '  Повернення за брак  ' } });
    fireEvent.click(screen.getByTestId('correction-submit'));
    await waitFor(() => expect(screen.queryByTestId('correction-dialog')).toBeNull());
    const corrections = calls.filter((c) => c.path.endsWith('/corrections'));
    expect(corrections.at(-1)!.body).toEqual({ amount: -75.5, comment: 'Повернення за брак' });
    // Each correction sent carries a key of its own (the refused -2000 and the posted -75.50 differ).
    expect(corrections.at(-1)!.idempotencyKey).toMatch(/^[\x20-\x7e]{8,255}$/);
    expect(corrections.at(-2)!.idempotencyKey).not.toBe(corrections.at(-1)!.idempotencyKey);
    await waitFor(() => expect(screen.getByTestId('user-balance').textContent).toBe('1 175.00 грн.'));
  });

  it('shows devices and the audit tab (entity=user filter)', async () => {
    const calls = serveUser();
    renderAt(<UserDetailPage />, '/admin/users/7?tab=devices', '/admin/users/:id');
    expect((await screen.findByTestId('user-device-row')).textContent).toContain('Chrome on Linux');
    fireEvent.click(screen.getByTestId('user-tab-audit'));
    const audit = await screen.findByTestId('user-audit');
    expect(within(audit).getByTestId('audit-changes').textContent).toBe('Знижка, %: 0 → 10');
    const q = calls.find((c) => c.path === '/api/v1/admin/audit')!.query;
    expect([q.get('entity'), q.get('entity_id')]).toEqual(['user', '7']);
  });

  it('a manager verifies, discounts and blocks but gets no balance correction and no audit tab', async () => {
    const calls = serveUser();
    renderAt(<UserDetailPage />, '/admin/users/7?tab=audit', '/admin/users/:id', 'manager');
    expect(await screen.findByTestId('user-verify')).toBeTruthy();
    expect(screen.getByTestId('user-discount')).toBeTruthy();
    expect(screen.getByTestId('user-block')).toBeTruthy();
    expect(screen.queryByTestId('user-correct')).toBeNull();
    // ?tab=audit falls back to the ledger: the audit log is for admins (the API would answer 403).
    expect(screen.queryByTestId('user-tab-audit')).toBeNull();
    expect(await screen.findByTestId('user-operation-row')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/admin/audit')).toEqual([]);
  });

  it('an accountant corrects the balance but cannot verify, discount or block', async () => {
    serveUser();
    renderAt(<UserDetailPage />, '/admin/users/7', '/admin/users/:id', 'accountant');
    expect(await screen.findByTestId('user-correct')).toBeTruthy();
    expect(screen.queryByTestId('user-verify')).toBeNull();
    expect(screen.queryByTestId('user-discount')).toBeNull();
    expect(screen.queryByTestId('user-block')).toBeNull();
  });

  it("a staff member's account is changed in the Staff section: no verify, discount, block or correction here; admins get a link there", async () => {
    serveUser(user(7, { role: 'warehouse', email: 'sklad@example.com' }));
    renderAt(<UserDetailPage />, '/admin/users/7', '/admin/users/:id');
    const link = await screen.findByTestId('user-staff-link');
    expect(link.textContent).toBe('Змінити в розділі «Працівники»');
    expect(link.getAttribute('href')).toBe('/admin/staff?search=sklad%40example.com');
    for (const id of ['user-verify', 'user-discount', 'user-block', 'user-correct']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('says so when the reseller does not exist', async () => {
    serve(() => undefined);
    renderAt(<UserDetailPage />, '/admin/users/999', '/admin/users/:id');
    expect((await screen.findByTestId('admin-user-page', {}, { timeout: 3000 })).getAttribute('data-state')).toMatch(/loading|not-found/);
    await waitFor(() => expect(screen.getByTestId('admin-user-page').getAttribute('data-state')).toBe('not-found'));
    expect(screen.getByText('Реселера не знайдено')).toBeTruthy();
  });
});
