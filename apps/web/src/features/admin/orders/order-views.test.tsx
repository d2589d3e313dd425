import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists, type StaffViewDto } from '@drop/shared';
import { summary } from '../../../test/fixtures/orders.ts';
import { COLUMNS_STORAGE_KEY } from './list-state.ts';
import OrdersSection from './orders-section.tsx';
import { Reply, mockApi, page, renderSection, setDesktop } from './test-utils.tsx';

/** Issue 29 point 3: the column chooser, sortable headers, rows per page and saved views of the staff's orders list. */
const lists = buildConfigLists('uk');
const rows = [
  { ...summary({ id: 7, number: '100007', total: 94 }), user_id: 42, user_name: 'Олена Коваль' },
  { ...summary({ id: 8, number: '100008', total: 120 }), user_id: 43, user_name: 'Петро' },
];
const view = (over: Partial<StaffViewDto> = {}): StaffViewDto => ({
  id: 5,
  list: 'orders',
  name: 'Наложка',
  params: { filters: { payment_method: 'COD', date_from: '2026-03-01' }, columns: ['client', 'profit'], sort: '-total', per_page: 50 },
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  ...over,
});

function setup(views: StaffViewDto[] = [], onPost?: (body: unknown) => unknown) {
  return mockApi((c) => {
    if (c.path === '/config') return { data: lists };
    if (c.path === '/admin/worklists') return { data: {} };
    if (c.path === '/admin/orders') return page(rows, 2);
    if (c.path === '/admin/views' && c.method === 'GET') return { data: views };
    if (c.path === '/admin/views' && c.method === 'POST') return onPost ? onPost(c.body) : { data: view({ id: 9, name: (c.body as { name: string }).name }) };
    if (c.path.startsWith('/admin/views/') && c.method === 'DELETE') return new Reply(204, null);
    if (c.path.startsWith('/admin/views/') && c.method === 'PUT') return { data: view({ ...(c.body as object) }) };
    return undefined;
  });
}
const location = () => new URL(screen.getByTestId('location').textContent!, 'http://x');
const headerTexts = () =>
  within(screen.getByTestId('admin-orders-table'))
    .getAllByRole('columnheader', { hidden: true })
    .map((h) => h.textContent);

describe('staff orders list: columns, sort, rows per page, saved views', () => {
  beforeEach(() => {
    setDesktop(true);
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the column chooser hides and shows columns, keeps them in the URL and localStorage; defaults without either', { timeout: 20_000 }, async () => {
    setup();
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', 'admin');
    await screen.findAllByTestId('admin-order-row');
    expect(headerTexts()).toEqual(['', 'Номер', 'Дата', 'Реселер', 'Одержувач', 'Статус', 'Оплата', 'Доставка', 'ТТН', 'Сума']);
    fireEvent.click(screen.getByTestId('list-columns'));
    const ttn = screen.getByTestId('list-column-ttn');
    expect(ttn.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(ttn);
    fireEvent.click(screen.getByTestId('list-column-profit'));
    await waitFor(() => expect(headerTexts()).not.toContain('ТТН'));
    expect(headerTexts()).toContain('Прибуток');
    expect(location().searchParams.get('cols')).toBe('created_at,reseller,client,status,payment_status,delivery_status,total,profit');
    expect(localStorage.getItem(COLUMNS_STORAGE_KEY)).toBe('created_at,reseller,client,status,payment_status,delivery_status,total,profit');
    expect(screen.getAllByTestId('admin-order-cell-profit').map((c) => c.textContent)).toEqual(rows.map((r) => `${r.calculations.profit.toFixed(2)} грн.`));
    fireEvent.click(screen.getByTestId('list-columns-reset'));
    await waitFor(() => expect(headerTexts()).toContain('ТТН'));
  });

  it('columns chosen before come back from localStorage when the URL names none', async () => {
    localStorage.setItem(COLUMNS_STORAGE_KEY, 'client,phone');
    setup();
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', 'admin');
    await screen.findAllByTestId('admin-order-row');
    expect(headerTexts()).toEqual(['', 'Номер', 'Одержувач', 'Телефон']);
  });

  it('a header sorts ascending, then descending (aria-sort, the API gets sort); rows per page go to the API', async () => {
    const api = setup();
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', 'admin');
    await screen.findAllByTestId('admin-order-row');
    const dateHeader = screen.getByTestId('list-sort-created_at').closest('th')!;
    expect(dateHeader.getAttribute('aria-sort')).toBe('descending');
    expect(api.find('GET', '/admin/orders').at(-1)!.query.get('sort')).toBeNull();
    fireEvent.click(screen.getByTestId('list-sort-total'));
    await waitFor(() => expect(api.find('GET', '/admin/orders').at(-1)!.query.get('sort')).toBe('total'));
    expect(screen.getByTestId('list-sort-total').closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    expect(dateHeader.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByTestId('list-sort-total'));
    await waitFor(() => expect(api.find('GET', '/admin/orders').at(-1)!.query.get('sort')).toBe('-total'));
    expect(screen.getByTestId('list-sort-total').closest('th')!.getAttribute('aria-sort')).toBe('descending');
    // The reseller's header sorts by the reseller's name.
    fireEvent.click(screen.getByTestId('list-sort-user_name'));
    await waitFor(() => expect(location().searchParams.get('sort')).toBe('user_name'));

    fireEvent.mouseDown(screen.getByTestId('list-per-page'));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(api.find('GET', '/admin/orders').at(-1)!.query.get('per_page')).toBe('50'));
    expect(location().searchParams.get('page')).toBeNull();
  });

  it('a saved view applies with one click: its filters, columns, sort and rows per page become the URL and the query', async () => {
    const api = setup([view()]);
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&status=New', 'admin');
    const chip = await screen.findByTestId('saved-view');
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(chip);
    await waitFor(() => expect(screen.getByTestId('saved-view').getAttribute('aria-pressed')).toBe('true'));
    const q = api.find('GET', '/admin/orders').at(-1)!.query;
    expect(Object.fromEntries(q)).toEqual({ payment_method: 'COD', date_from: '2026-03-01', sort: '-total', per_page: '50', page: '1' });
    expect(headerTexts()).toEqual(['', 'Номер', 'Одержувач', 'Прибуток']);
    expect(await screen.findByText('Показано вигляд «Наложка»')).toBeTruthy();
    // A change of the list: the view is no longer the one shown.
    fireEvent.click(screen.getByTestId('list-sort-number'));
    await waitFor(() => expect(screen.getByTestId('saved-view').getAttribute('aria-pressed')).toBe('false'));
  });

  it('save as: the current list is sent as the view params; a taken name shows the API error under the field', async () => {
    let tries = 0;
    const api = setup([], (body) => {
      tries++;
      if (tries === 1) return new Reply(422, { message: 'Вигляд з такою назвою вже є', errors: { name: ['Вигляд з такою назвою вже є'] } });
      return { data: view({ id: 11, name: (body as { name: string }).name, params: (body as { params: StaffViewDto['params'] }).params }) };
    });
    renderSection(
      <OrdersSection />,
      'orders',
      '/admin/orders?view=list&payment_method=Card&user_id=42&sort=profit&per_page=20&cols=client,total&worklist=trouble',
      'admin',
    );
    await screen.findAllByTestId('admin-order-row');
    fireEvent.click(screen.getByTestId('save-view'));
    fireEvent.change(screen.getByTestId('save-view-name'), { target: { value: '  Картки Олени ' } });
    fireEvent.click(screen.getByTestId('save-view-submit'));
    expect(await screen.findByText('Вигляд з такою назвою вже є')).toBeTruthy();
    expect(api.find('POST', '/admin/views')[0]!.body).toEqual({
      list: 'orders',
      name: 'Картки Олени',
      params: { filters: { payment_method: 'Card', user_id: 42, worklist: 'trouble' }, columns: ['client', 'total'], sort: 'profit', per_page: 20 },
    });
    fireEvent.change(screen.getByTestId('save-view-name'), { target: { value: 'Картки Олени 2' } });
    fireEvent.click(screen.getByTestId('save-view-submit'));
    expect(await screen.findByText('Вигляд «Картки Олени 2» збережено')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('save-view-name')).toBeNull());
  });

  it('rename and delete from the view menu', async () => {
    const api = setup([view()]);
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', 'admin');
    await screen.findByTestId('saved-view');
    fireEvent.click(screen.getByTestId('saved-view-menu'));
    fireEvent.click(screen.getByTestId('saved-view-rename'));
    expect((screen.getByTestId('save-view-name') as HTMLInputElement).value).toBe('Наложка');
    fireEvent.change(screen.getByTestId('save-view-name'), { target: { value: 'Наложка березень' } });
    fireEvent.click(screen.getByTestId('save-view-submit'));
    await waitFor(() => expect(api.find('PUT', '/admin/views/5')[0]?.body).toEqual({ name: 'Наложка березень' }));
    expect(await screen.findByText('Вигляд перейменовано на «Наложка березень»')).toBeTruthy();
    fireEvent.click(screen.getByTestId('saved-view-menu'));
    fireEvent.click(screen.getByTestId('saved-view-delete'));
    await waitFor(() => expect(api.find('DELETE', '/admin/views/5')).toHaveLength(1));
    expect(await screen.findByText('Вигляд «Наложка» видалено')).toBeTruthy();
  });

  it('phones: cards, a sort select instead of headers, and the views still there', async () => {
    setDesktop(false);
    const api = setup([view()]);
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', 'admin');
    expect(await screen.findByTestId('admin-orders-cards')).toBeTruthy();
    expect(screen.queryByTestId('admin-orders-table')).toBeNull();
    expect(screen.getByTestId('saved-view')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('list-sort-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Сума ↓' }));
    await waitFor(() => expect(api.find('GET', '/admin/orders').at(-1)!.query.get('sort')).toBe('-total'));
  });
});
