import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOperationDto } from '@drop/shared';
import { locationOf, page, renderAt, serve, setDesktop, user, type Call } from '../test-utils.tsx';
import { catchDownloads, csvFile, serveFiles } from '../lib/file-test-utils.ts';
import { LedgerPage } from './ledger-page.tsx';

const op = (id: number, over: Partial<AdminOperationDto> = {}): AdminOperationDto => ({
  id,
  type: 'payment',
  amount: 1500.5,
  sum: 1500.5,
  balance: 2750.5,
  comment: null,
  description: `Поповнення №${id}`,
  operationable_type: 'payment',
  operationable_id: id,
  created_at: '2025-03-04T10:00:00Z',
  user_id: 7,
  user_name: 'Ірина Мельник',
  ...over,
});

/**
 * The API behind the page: the ledger (filtered by the query as the API would, by user and type),
 * the users search and one user; `file` answers an export (a real Response with its headers).
 */
function serveLedger(ops: AdminOperationDto[], file?: (c: Call) => Response | Promise<Response>) {
  const calls = serve((c) => {
    if (c.path === '/api/v1/admin/operations') {
      const uid = c.query.get('user_id');
      const type = c.query.get('type');
      return page(ops.filter((o) => (!uid || o.user_id === Number(uid)) && (!type || o.type === type)));
    }
    if (c.path === '/api/v1/admin/users') return page([user(7, { name: 'Ірина Мельник' }), user(8, { name: 'Петро Іваненко' })]);
    const one = /^\/api\/v1\/admin\/users\/(\d+)$/.exec(c.path);
    if (one) return { data: { ...user(Number(one[1]), { name: Number(one[1]) === 7 ? 'Ірина Мельник' : 'Петро Іваненко' }), audit: [] } };
    return undefined;
  });
  if (file) serveFiles(calls, file);
  return calls;
}

describe('the ledger of every reseller (issue 29)', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the operations: reseller link, type, description, signed coloured amount and balance after', async () => {
    const calls = serveLedger([
      op(1),
      op(2, {
        type: 'order',
        amount: -300,
        sum: -300,
        balance: 1250.5,
        description: 'Замовлення №1042',
        comment: 'Списання за товар',
        user_id: 8,
        user_name: 'Петро Іваненко',
      }),
    ]);
    renderAt(<LedgerPage />, '/admin/money/operations', '/admin/money/operations');
    const rows = await screen.findAllByTestId('ledger-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('admin-ledger-page').getAttribute('data-state')).toBe('ready');
    expect(screen.getByTestId('ledger-table')).toBeTruthy();
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('reseller-link').textContent).toBe('Ірина Мельник');
    expect(within(first).getByTestId('reseller-link').getAttribute('href')).toBe('/admin/users/7');
    expect(within(first).getByTestId('ledger-type').textContent).toBe('Поповнення');
    expect(within(first).getByTestId('ledger-amount').textContent).toBe('+1 500.50');
    expect(within(first).getByTestId('ledger-balance').textContent).toBe('2 750.50');
    expect(within(second).getByTestId('ledger-amount').textContent).toBe('-300.00');
    expect(within(second).getByText('Списання за товар')).toBeTruthy();
    expect(getComputedStyle(within(first).getByTestId('ledger-amount')).color).not.toBe(getComputedStyle(within(second).getByTestId('ledger-amount')).color);
    expect(screen.getByTestId('ledger-total').textContent).toBe('Знайдено: 2');
    // The names come with the rows: no request per reseller.
    expect(calls.some((c) => /^\/api\/v1\/admin\/users\/\d+$/.test(c.path))).toBe(false);
    const list = calls.find((c) => c.path === '/api/v1/admin/operations')!;
    expect(Object.fromEntries(list.query)).toEqual({ page: '1', per_page: '20' });
  });

  it('reads the filters from the URL and sends them; a type change goes to the URL and back to page 1', async () => {
    const calls = serveLedger([op(1), op(2, { type: 'order', amount: -300 })]);
    renderAt(<LedgerPage />, '/admin/money/operations?user_id=7&type=payment&date_from=2025-03-01&date_to=2025-03-31&page=2', '/admin/money/operations');
    await screen.findAllByTestId('ledger-row');
    const first = calls.find((c) => c.path === '/api/v1/admin/operations')!;
    expect(Object.fromEntries(first.query)).toEqual({
      user_id: '7',
      type: 'payment',
      date_from: '2025-03-01',
      date_to: '2025-03-31',
      page: '2',
      per_page: '20',
    });
    // The chosen reseller is named in the picker, the days in their fields.
    await waitFor(() => expect((screen.getByTestId('money-filter-user') as HTMLInputElement).value).toBe('Ірина Мельник (#7)'));
    expect((screen.getByTestId('money-filter-from') as HTMLInputElement).value).toBe('01.03.2025');
    expect((screen.getByTestId('money-filter-to') as HTMLInputElement).value).toBe('31.03.2025');

    fireEvent.mouseDown(screen.getByTestId('ledger-type-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Замовлення' }));
    await waitFor(() => expect(locationOf(screen.getByTestId('location')).searchParams.get('type')).toBe('order'));
    const loc = locationOf(screen.getByTestId('location')).searchParams;
    expect(loc.get('page')).toBeNull();
    expect(loc.get('user_id')).toBe('7');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/v1/admin/operations' && c.query.get('type') === 'order' && c.query.get('page') === '1')).toBe(true),
    );

    fireEvent.click(screen.getByTestId('money-filter-reset'));
    await waitFor(() => expect(locationOf(screen.getByTestId('location')).search).toBe(''));
  });

  it('picks a reseller by typing: the users search, then the id in the URL', async () => {
    const calls = serveLedger([op(1), op(2, { user_id: 8, user_name: 'Петро Іваненко' })]);
    renderAt(<LedgerPage />, '/admin/money/operations', '/admin/money/operations');
    await screen.findAllByTestId('ledger-row');
    const input = screen.getByTestId('money-filter-user');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'Петро' } });
    const options = await screen.findAllByTestId('money-filter-user-option');
    expect(options.map((o) => o.getAttribute('data-user-id'))).toEqual(['7', '8']);
    const option = options[1]!;
    const search = calls.find((c) => c.path === '/api/v1/admin/users')!;
    expect(search.query.get('search')).toBe('Петро');
    expect(search.query.get('role')).toBe('reseller');
    fireEvent.click(option);
    await waitFor(() => expect(locationOf(screen.getByTestId('location')).searchParams.get('user_id')).toBe('8'));
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(1));
    expect(calls.some((c) => c.path === '/api/v1/admin/operations' && c.query.get('user_id') === '8')).toBe(true);
  });

  it('an empty ledger says so, and says the filters when they narrow it', async () => {
    serveLedger([]);
    const view = renderAt(<LedgerPage />, '/admin/money/operations', '/admin/money/operations');
    const empty = await screen.findByTestId('ledger-empty');
    expect(empty.textContent).toContain('Операцій немає');
    expect(empty.textContent).toContain('Тут з');
    expect(screen.getByTestId('admin-ledger-page').getAttribute('data-state')).toBe('empty');
    view.unmount();
    serveLedger([op(1)]);
    renderAt(<LedgerPage />, '/admin/money/operations?type=withdrawal', '/admin/money/operations');
    expect((await screen.findByTestId('ledger-empty')).textContent).toContain('За цими фільтрами');
  });

  it('shows a skeleton while it loads, and cards below lg', async () => {
    setDesktop(false);
    serveLedger([op(1), op(2, { amount: -20, sum: -20, type: 'withdrawal' })]);
    renderAt(<LedgerPage />, '/admin/money/operations', '/admin/money/operations');
    expect(screen.getByTestId('ledger-skeleton')).toBeTruthy();
    const cards = await screen.findByTestId('ledger-cards');
    expect(within(cards).getAllByTestId('ledger-row')).toHaveLength(2);
    expect(screen.queryByTestId('ledger-table')).toBeNull();
    expect(within(cards).getAllByTestId('ledger-balance')[0]!.textContent).toMatch(/^баланс 2 750\.50 грн/);
  });

  it('exports the list as it is filtered (CSV and XLSX), busy meanwhile, under the name the API gives', async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = serveLedger([op(1)], (c) =>
      c.query.get('format') === 'csv' ? new Promise<Response>((r) => (release = r)) : csvFile('operations-2025-03.xlsx'),
    );
    const saved = catchDownloads();
    renderAt(<LedgerPage />, '/admin/money/operations?user_id=7&type=payment&date_from=2025-03-01&page=3', '/admin/money/operations');
    await screen.findAllByTestId('ledger-row');
    const button = screen.getByTestId('ledger-export');
    expect(button.getAttribute('aria-label')).toBe('Експорт: Журнал операцій');
    fireEvent.click(button);
    fireEvent.click(await screen.findByTestId('ledger-export-csv'));
    await waitFor(() => expect(screen.getByTestId('ledger-export').getAttribute('data-busy')).toBe('csv'));
    const exp = calls.find((c) => c.path === '/api/v1/admin/operations/export')!;
    // The list's filters, without its page: the whole filtered list.
    expect(Object.fromEntries(exp.query)).toEqual({ format: 'csv', user_id: '7', type: 'payment', date_from: '2025-03-01' });
    release(csvFile('operations-2025-03-01.csv'));
    await waitFor(() => expect(saved).toEqual([{ name: 'operations-2025-03-01.csv', href: 'blob:file' }]));
    await waitFor(() => expect(screen.getByTestId('ledger-export').getAttribute('data-busy')).toBeNull());

    fireEvent.click(screen.getByTestId('ledger-export'));
    fireEvent.click(await screen.findByTestId('ledger-export-xlsx'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('operations-2025-03.xlsx');
    expect(calls.filter((c) => c.path === '/api/v1/admin/operations/export').map((c) => c.query.get('format'))).toEqual(['csv', 'xlsx']);
  });

  it('a failed export is a toast with the API message; nothing is saved', async () => {
    serveLedger(
      [op(1)],
      () => new Response(JSON.stringify({ message: 'Діапазон дат задано неправильно' }), { status: 422, headers: { 'Content-Type': 'application/json' } }),
    );
    const saved = catchDownloads();
    renderAt(<LedgerPage />, '/admin/money/operations', '/admin/money/operations');
    await screen.findAllByTestId('ledger-row');
    fireEvent.click(screen.getByTestId('ledger-export'));
    fireEvent.click(await screen.findByTestId('ledger-export-csv'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Діапазон дат задано неправильно');
    expect(saved).toEqual([]);
    expect(screen.getByTestId('ledger-export').getAttribute('data-busy')).toBeNull();
  });

  it('falls back to its own file name when the answer names none', async () => {
    serveLedger([op(1)], () => new Response('a,b\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    const saved = catchDownloads();
    renderAt(<LedgerPage />, '/admin/money/operations', '/admin/money/operations');
    await screen.findAllByTestId('ledger-row');
    fireEvent.click(screen.getByTestId('ledger-export'));
    fireEvent.click(await screen.findByTestId('ledger-export-csv'));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['operations.csv']));
  });
});
