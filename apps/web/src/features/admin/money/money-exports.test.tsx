import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { locationOf, page, renderAt, serve, setDesktop, user, type Call } from '../test-utils.tsx';
import { catchDownloads, csvFile, serveFiles } from '../lib/file-test-utils.ts';
import { UsersListPage } from '../users/users-list-page.tsx';
import { MoneyPage } from './money-page.tsx';

const payment = (id: number, userId = 7) => ({
  id,
  amount: 100,
  status: 'Pending' as const,
  comment: null,
  decline_reason: null,
  credited_amount: null,
  credit_reason: null,
  document: null,
  created_at: '2025-03-04T10:00:00Z',
  processed_at: null,
  user_id: userId,
});
const withdraw = (id: number, userId = 7) => ({
  id,
  requisites: '4149 **** **** 1234',
  card_number: '4149499999991234',
  amount: 400,
  status: 'New' as const,
  decline_reason: null,
  created_at: '2025-03-04T10:00:00Z',
  paid_at: null,
  user_id: userId,
});

/** The queues, filtered as the API would by status and reseller; files by `file`. */
function serveMoney(file: (c: Call) => Response = (c) => csvFile(`${c.path.split('/')[4]}.${c.query.get('format')}`)) {
  const pays = [payment(1), payment(2, 8)];
  const ws = [withdraw(5), withdraw(6), withdraw(9, 8)];
  const by = <T extends { status: string; user_id: number }>(rows: T[], q: URLSearchParams) =>
    page(rows.filter((r) => (!q.get('status') || r.status === q.get('status')) && (!q.get('user_id') || r.user_id === Number(q.get('user_id')))));
  const calls = serve((c) => {
    if (c.path === '/api/v1/admin/payments') return by(pays, c.query);
    if (c.path === '/api/v1/admin/withdraws') return by(ws, c.query);
    if (c.path === '/api/v1/admin/users') return page([user(7), user(8)]);
    const one = /^\/api\/v1\/admin\/users\/(\d+)$/.exec(c.path);
    if (one) return { data: { ...user(Number(one[1]), { name: 'Ірина Мельник' }), audit: [] } };
    return undefined;
  });
  serveFiles(calls, file);
  return calls;
}

const fileCalls = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => Object.fromEntries(c.query));

async function exportAs(testId: string, format: 'csv' | 'xlsx') {
  fireEvent.click(await screen.findByTestId(testId));
  fireEvent.click(await screen.findByTestId(`${testId}-${format}`));
}

describe('exports and filters on the money tabs (issue 29)', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('top-ups: the reseller and days in the URL filter the list, and the export takes them with the status', async () => {
    const calls = serveMoney();
    const saved = catchDownloads();
    renderAt(<MoneyPage />, '/admin/money?user_id=7&date_from=2025-03-01&date_to=2025-03-31', '/admin/money');
    expect(await screen.findAllByTestId('money-row')).toHaveLength(1);
    const list = calls.find((c) => c.path === '/api/v1/admin/payments')!;
    expect(Object.fromEntries(list.query)).toEqual({
      status: 'Pending',
      user_id: '7',
      date_from: '2025-03-01',
      date_to: '2025-03-31',
      page: '1',
      per_page: '20',
    });
    await exportAs('money-export', 'xlsx');
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['payments.xlsx']));
    expect(fileCalls(calls, '/api/v1/admin/payments/export')).toEqual([
      { format: 'xlsx', status: 'Pending', user_id: '7', date_from: '2025-03-01', date_to: '2025-03-31' },
    ]);
    // Narrowed to one reseller, the queue offers no "every pending one" bulk mode (that would act on all).
    fireEvent.click(screen.getByTestId('money-select-page-head'));
    expect(screen.queryByTestId('money-select-all')).toBeNull();
  });

  it('withdrawals, every status: the export has no status; a filter change drops the page', async () => {
    const calls = serveMoney();
    catchDownloads();
    renderAt(<MoneyPage />, '/admin/money?tab=withdrawals&status=all&page=2', '/admin/money');
    await screen.findAllByTestId('money-row');
    await exportAs('money-export', 'csv');
    await waitFor(() => expect(fileCalls(calls, '/api/v1/admin/withdraws/export')).toEqual([{ format: 'csv' }]));
    fireEvent.mouseDown(screen.getByTestId('money-filter-user'));
    fireEvent.change(screen.getByTestId('money-filter-user'), { target: { value: '8' } });
    fireEvent.click((await screen.findAllByTestId('money-filter-user-option'))[1]!);
    await waitFor(() => expect(locationOf(screen.getByTestId('location')).searchParams.get('user_id')).toBe('8'));
    expect(locationOf(screen.getByTestId('location')).searchParams.get('page')).toBeNull();
    expect(locationOf(screen.getByTestId('location')).searchParams.get('tab')).toBe('withdrawals');
    await waitFor(() => expect(screen.getAllByTestId('money-row')).toHaveLength(1));
  });

  it('the tabs lead to the ledger', async () => {
    serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    await screen.findAllByTestId('money-row');
    expect(screen.getByTestId('money-tab-operations').getAttribute('href')).toBe('/admin/money/operations');
    expect(screen.getByTestId('money-tab-operations').textContent).toBe('Журнал операцій');
    expect(screen.getByTestId('money-tab-withdrawals').getAttribute('href')).toBe('/admin/money?tab=withdrawals');
  });

  it('the payouts file: every new withdrawal, the chosen ones, or (filtered) the ones shown', async () => {
    const calls = serveMoney();
    const saved = catchDownloads();
    const view = renderAt(<MoneyPage />, '/admin/money?tab=withdrawals', '/admin/money');
    await screen.findAllByTestId('money-row');
    expect(screen.getByTestId('money-payouts').textContent).toBe('Файл виплат для банку');
    await exportAs('money-payouts', 'csv');
    await waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.click(screen.getAllByTestId('money-select-row')[1]!);
    expect(screen.getByTestId('money-payouts').textContent).toBe('Файл виплат: вибрані (1)');
    await exportAs('money-payouts', 'xlsx');
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(fileCalls(calls, '/api/v1/admin/withdraws/payouts')).toEqual([{ format: 'csv' }, { format: 'xlsx', ids: '6' }]);
    view.unmount();

    const again = serveMoney();
    renderAt(<MoneyPage />, '/admin/money?tab=withdrawals&user_id=7', '/admin/money');
    await screen.findAllByTestId('money-row');
    expect(screen.getByTestId('money-payouts').textContent).toBe('Файл виплат: показані (2)');
    await exportAs('money-payouts', 'csv');
    await waitFor(() => expect(fileCalls(again, '/api/v1/admin/withdraws/payouts')).toEqual([{ format: 'csv', ids: '5,6' }]));
  });

  it('no payouts file on paid or declined withdrawals', async () => {
    serveMoney();
    renderAt(<MoneyPage />, '/admin/money?tab=withdrawals&status=Paid', '/admin/money');
    await screen.findByTestId('money-empty');
    expect(screen.queryByTestId('money-payouts')).toBeNull();
    expect(screen.getByTestId('money-export')).toBeTruthy();
  });
});

describe('the resellers export (issue 29)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('takes the search, state and role filters of the list, not its page', async () => {
    setDesktop(true);
    const calls = serve((c) => (c.path === '/api/v1/admin/users' ? page([user(7)]) : undefined));
    serveFiles(calls, () => csvFile('users-2025-03-04.csv'));
    const saved = catchDownloads();
    renderAt(<UsersListPage />, '/admin/users?search=Ірина&state=verified&role=reseller&page=2', '/admin/users');
    await screen.findAllByTestId('admin-user-row');
    expect(screen.getByTestId('admin-users-export').getAttribute('aria-label')).toBe('Експорт: Реселери');
    await exportAs('admin-users-export', 'csv');
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['users-2025-03-04.csv']));
    expect(fileCalls(calls, '/api/v1/admin/users/export')).toEqual([{ format: 'csv', search: 'Ірина', role: 'reseller', is_verified: 'true' }]);
  });
});
