import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists, type AdminOrderDto, type BulkResultDto, type OrderDto, type StaffRole } from '@drop/shared';
import { order as resellerOrder, summary } from '../../../test/fixtures/orders.ts';
import { i18n } from '../../../lib/i18n.ts';
import OrdersSection from './orders-section.tsx';
import { printKinds } from './print-menu.tsx';
import { Reply, mockApi, page, renderSection, setDesktop, type ApiCall } from './test-utils.tsx';

const lists = buildConfigLists('uk');
const row = (id: number, over: Partial<OrderDto> = {}) => ({
  ...summary({ id, number: String(100000 + id), status: 'Confirmed', status_name: 'Підтверджене', ...over }),
  user_id: 42,
  user_name: 'Олена Коваль',
});
const ROWS = [row(7), row(8), row(9)];
const adminOrder = (over: Partial<AdminOrderDto> = {}): AdminOrderDto => ({
  ...resellerOrder(),
  user: { id: 42, name: 'Ірина Мельник', email: 'iryna@example.com', phone: '+380671112233' },
  np_status_code: null,
  return_ttn: null,
  ...over,
});

/** The list answers ROWS (of `total`); the bulk endpoint answers `bulk(call)`. */
function serveList(total: number, bulk: (c: ApiCall) => unknown = () => undefined, extra: (c: ApiCall) => unknown = () => undefined) {
  return mockApi((c) => {
    if (c.path === '/config') return { data: lists };
    if (c.path === '/admin/worklists') return { data: { to_confirm: 0, to_pack: 3, to_ship: total, trouble: 0 } };
    // per_page=100: "all matching" reads every matching order's number (a row from another page here).
    if (c.path === '/admin/orders' && c.method === 'GET')
      return c.query.get('per_page') === '100' ? page([...ROWS, row(10)], total, 1) : page(ROWS, total, Math.ceil(total / 10));
    if (c.path === '/admin/orders/bulk' && c.method === 'POST') return bulk(c);
    return extra(c);
  });
}

const result = (rows: BulkResultDto['data'], file?: string): BulkResultDto => ({
  data: rows,
  meta: { total: rows.length, ok: rows.filter((r) => r.ok).length, failed: rows.filter((r) => !r.ok).length, ...(file ? { file } : {}) },
});

const rowsOnScreen = () => screen.getAllByTestId('admin-order-row');
const checkbox = (id: number) => within(rowsOnScreen().find((r) => r.dataset.orderId === String(id))!).getByTestId('row-select') as HTMLInputElement;

/** A window.open stand-in: the tab the click opens, whose location the PDF goes to. */
function stubPopup(blocked = false) {
  const tab = { closed: false, opener: {}, location: { href: '' }, document: { title: '', body: { style: {}, textContent: '' } }, close: vi.fn() };
  const open = vi.fn(() => (blocked ? null : tab));
  vi.stubGlobal('open', open);
  URL.createObjectURL = vi.fn(() => 'blob:pdf-1');
  URL.revokeObjectURL = vi.fn();
  return { open, tab };
}

/** fetch of a PDF (requestBlob) on top of the JSON API mock. */
function servePdf(api: ReturnType<typeof mockApi>, pdfCalls: string[]) {
  const inner = api.fn;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/print/')) {
      pdfCalls.push(url);
      return Promise.resolve({ ok: true, status: 200, blob: () => Promise.resolve(new Blob(['%PDF-1.7'], { type: 'application/pdf' })) } as Response);
    }
    return inner(input, init);
  });
}

/** Holds the bulk POST's answer until the test gives it (`answer(body)`), on top of the API mock. */
function deferBulk() {
  const inner = vi.mocked(globalThis.fetch);
  let release: (body: unknown) => void = () => undefined;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/admin/orders/bulk')) {
      void inner(input, init); // recorded as a call
      return new Promise<Response>((r) => (release = (body) => r({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify(body)) } as Response)));
    }
    return inner(input, init);
  });
  return (body: unknown) => release(body);
}

describe('admin orders: worklists, selection and bulk actions (issue 28)', () => {
  beforeEach(() => setDesktop(true));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('the list asks for the worklist in the URL; the chips switch it', async () => {
    const api = serveList(3);
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&worklist=to_ship', 'warehouse');
    await screen.findAllByTestId('admin-order-row');
    expect(api.find('GET', '/admin/orders').at(-1)!.query.get('worklist')).toBe('to_ship');
    expect(screen.getByTestId('worklist-chip-to_ship').getAttribute('aria-pressed')).toBe('true');
    // A warehouse person sees no 1C failures.
    expect(screen.queryByTestId('worklist-chip-onec_failed')).toBeNull();
    fireEvent.click(screen.getByTestId('worklist-chip-to_pack'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders?view=list&worklist=to_pack'));
    await waitFor(() => expect(api.find('GET', '/admin/orders').at(-1)!.query.get('worklist')).toBe('to_pack'));
    fireEvent.click(screen.getByTestId('worklist-chip-all'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders?view=list'));
  });

  it('select the page, then all 45 matching the filter: the status move goes as `filter`; results per row; "Вибрати невдалі" keeps the failed', async () => {
    const api = serveList(45, () =>
      result([
        { id: 7, ok: true },
        { id: 8, ok: false, code: 'OrderNotPaid', error: 'Замовлення з оплатою карткою ще не оплачене' },
        { id: 9, ok: true },
        { id: 10, ok: true },
      ]),
    );
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&worklist=to_ship&status=Confirmed', 'warehouse');
    await screen.findAllByTestId('admin-order-row');
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    fireEvent.click(screen.getByTestId('select-page'));
    expect(screen.getByTestId('bulk-count').textContent).toBe('Вибрано: 3');
    const all = screen.getByTestId('select-all-matching');
    expect(all.textContent).toBe('Вибрати всі 45 за фільтром');
    fireEvent.click(all);
    expect(screen.getByTestId('bulk-count').textContent).toBe('Вибрано всі 45 за фільтром');
    // The warehouse's moves only: pack and ship.
    fireEvent.click(screen.getByTestId('bulk-status'));
    const options = await screen.findAllByTestId('bulk-status-option');
    expect(options.map((o) => o.dataset.status)).toEqual(['Complected', 'Delivered']);
    const listsBefore = api.find('GET', '/admin/orders').length;
    const countsBefore = api.find('GET', '/admin/worklists').length;
    fireEvent.click(options[0]!);
    const dialog = await screen.findByTestId('bulk-results');
    expect(api.find('POST', '/admin/orders/bulk').map((c) => c.body)).toEqual([
      { action: 'status', status: 'Complected', filter: { status: 'Confirmed', worklist: 'to_ship' } },
    ]);
    expect(within(dialog).getByTestId('bulk-summary').textContent).toBe('Успішно: 3 з 4. Не вдалося: 1.');
    const lines = within(dialog).getAllByTestId('bulk-result-row');
    // The failed row first, with its reason; then the done ones.
    expect(lines.map((l) => [l.dataset.id, l.dataset.ok])).toEqual([
      ['8', 'false'],
      ['7', 'true'],
      ['9', 'true'],
      ['10', 'true'],
    ]);
    expect(lines[3]!.textContent).toBe('№100010Готово');
    // The rows acted on stay chosen (as ids now) for the next action.
    expect(screen.getByTestId('bulk-count').textContent).toBe('Вибрано: 4');
    expect(lines[0]!.textContent).toBe('№100008ПомилкаЗамовлення з оплатою карткою ще не оплачене');
    expect(lines[1]!.textContent).toBe('№100007Готово');
    // The list and the counters reload after the action.
    await waitFor(() => expect(api.find('GET', '/admin/orders').length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(api.find('GET', '/admin/worklists').length).toBeGreaterThan(countsBefore));
    fireEvent.click(within(dialog).getByTestId('bulk-select-failed'));
    await waitFor(() => expect(screen.queryByTestId('bulk-results')).toBeNull());
    expect(screen.getByTestId('bulk-count').textContent).toBe('Вибрано: 1');
    expect(checkbox(8).checked).toBe(true);
    expect(checkbox(7).checked).toBe(false);
  });

  it('more than 200 matching: "select all" is disabled with a hint', async () => {
    serveList(250);
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', 'manager');
    await screen.findAllByTestId('admin-order-row');
    fireEvent.click(screen.getByTestId('select-page'));
    expect((screen.getByTestId('select-all-matching') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('select-too-many').textContent).toBe('Одна дія — не більше 200 замовлень: звузьте фільтр');
  });

  it("waybills for the chosen rows: 1 kg and 1 seat by default, sent once on a double click; a refused one shows NP's reason (mobile cards)", async () => {
    setDesktop(false);
    const api = serveList(3, () => ({}));
    const answer = deferBulk();
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&worklist=to_ship', 'warehouse');
    await screen.findByTestId('admin-orders-cards');
    fireEvent.click(checkbox(7));
    fireEvent.click(checkbox(9));
    expect(screen.getByTestId('bulk-bar').dataset.count).toBe('2');
    fireEvent.click(screen.getByTestId('bulk-ttn'));
    const dialog = await screen.findByTestId('bulk-ttn-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('ТТН Нової Пошти для вибраних замовлень (2)');
    expect((within(dialog).getByTestId('np-weight') as HTMLInputElement).value).toBe('1');
    expect((within(dialog).getByTestId('np-seats') as HTMLInputElement).value).toBe('1');
    fireEvent.change(within(dialog).getByTestId('np-weight'), { target: { value: '2,5' } });
    fireEvent.click(within(dialog).getByTestId('bulk-ttn-submit'));
    fireEvent.click(within(dialog).getByTestId('bulk-ttn-submit'));
    await waitFor(() => expect(api.find('POST', '/admin/orders/bulk')).toHaveLength(1));
    fireEvent.click(within(dialog).getByTestId('bulk-ttn-submit'));
    expect(api.find('POST', '/admin/orders/bulk')).toHaveLength(1);
    expect(api.find('POST', '/admin/orders/bulk')[0]!.body).toEqual({ action: 'ttn', weight: 2.5, seats: 1, ids: [7, 9] });
    // A retry while the outcome is unknown would carry the same key (the API answers the first result).
    expect(api.find('POST', '/admin/orders/bulk')[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect((screen.getByTestId('bulk-ttn') as HTMLButtonElement).disabled).toBe(true));
    await act(async () =>
      answer(
        result([
          { id: 7, ok: true },
          { id: 9, ok: false, code: 'CarrierRefused', error: 'Нова Пошта відмовила: невірне відділення' },
        ]),
      ),
    );
    const results = await screen.findByTestId('bulk-results');
    expect(results.dataset.action).toBe('ttn');
    expect(within(results).getAllByTestId('bulk-result-row')[0]!.textContent).toContain('Нова Пошта відмовила: невірне відділення');
    expect(screen.queryByTestId('bulk-ttn-dialog')).toBeNull();
  });

  it('print: the tab opens in the click, the PDF goes to it; blocked: a link "Відкрити PDF"', async () => {
    for (const blocked of [false, true]) {
      const { open, tab } = stubPopup(blocked);
      const api = serveList(3, () => ({}));
      const pdfCalls: string[] = [];
      servePdf(api, pdfCalls);
      const answer = deferBulk();
      const view = renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&worklist=to_ship', 'warehouse');
      await screen.findAllByTestId('admin-order-row');
      fireEvent.click(screen.getByTestId('select-page'));
      fireEvent.click(screen.getByTestId('bulk-print'));
      const kinds = await screen.findAllByTestId('bulk-print-option');
      expect(kinds.map((k) => k.textContent)).toEqual(['Маркування', 'Пакувальний лист', 'Рахунок']);
      fireEvent.click(kinds[1]!);
      // Opened synchronously, before the request has answered.
      expect(open).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(api.find('POST', '/admin/orders/bulk')).toHaveLength(1));
      expect(api.find('POST', '/admin/orders/bulk')[0]!.body).toEqual({ action: 'print', kind: 'packing', ids: [7, 8, 9] });
      await act(async () =>
        answer(
          result(
            [
              { id: 7, ok: true },
              { id: 8, ok: true },
              { id: 9, ok: false, error: 'Немає ТТН' },
            ],
            '/api/v1/admin/orders/print/packing?ids=7,8',
          ),
        ),
      );
      const pdf = await screen.findByTestId('bulk-pdf');
      await waitFor(() => expect(pdf.dataset.state).toBe(blocked ? 'blocked' : 'opened'));
      expect(pdfCalls).toEqual(['/api/v1/admin/orders/print/packing?ids=7,8']);
      if (!blocked) expect(tab.location.href).toBe('blob:pdf-1');
      expect(pdf.textContent).toContain('PDF готовий (замовлень у файлі: 2).');
      if (blocked) expect(pdf.textContent).toContain('Браузер не дав відкрити нову вкладку.');
      expect(within(pdf).getByTestId('bulk-pdf-open').getAttribute('href')).toBe('blob:pdf-1');
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('print with nothing printable closes the waiting tab; a refused request shows its error', async () => {
    const { tab } = stubPopup();
    const api = serveList(3, (c) =>
      (c.body as { kind: string }).kind === 'marking'
        ? result([{ id: 7, ok: false, error: 'Немає ТТН' }])
        : new Reply(422, { message: 'Забагато замовлень', code: 'ValidationError' }),
    );
    servePdf(api, []);
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', 'manager');
    await screen.findAllByTestId('admin-order-row');
    fireEvent.click(checkbox(7));
    fireEvent.click(screen.getByTestId('bulk-print'));
    fireEvent.click((await screen.findAllByTestId('bulk-print-option'))[0]!);
    await screen.findByTestId('bulk-results');
    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByTestId('bulk-results').textContent).toContain('Жодне з вибраних замовлень не можна надрукувати так.');
    fireEvent.click(screen.getByTestId('bulk-results-close'));
    fireEvent.click(screen.getByTestId('bulk-print'));
    fireEvent.click((await screen.findAllByTestId('bulk-print-option'))[2]!);
    expect((await screen.findByTestId('bulk-error')).textContent).toContain('Забагато замовлень');
    expect(tab.close).toHaveBeenCalledTimes(2);
  });

  it.each<[StaffRole, string[]]>([
    ['admin', ['bulk-status', 'bulk-ttn', 'bulk-print']],
    ['manager', ['bulk-status', 'bulk-ttn', 'bulk-print']],
    ['warehouse', ['bulk-status', 'bulk-ttn', 'bulk-print']],
    ['accountant', ['bulk-print']],
  ])('%s: the bar offers what the role may do', async (role, buttons) => {
    serveList(3);
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', role);
    await screen.findAllByTestId('admin-order-row');
    fireEvent.click(checkbox(8));
    const bar = screen.getByTestId('bulk-bar');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.dataset.testid)
        .filter((id) => id !== 'bulk-clear'),
    ).toEqual(buttons);
  });

  it('manager: a move that ends orders asks first; Back sends nothing', async () => {
    const api = serveList(3, () => result([{ id: 7, ok: true }]));
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', 'manager');
    await screen.findAllByTestId('admin-order-row');
    fireEvent.click(checkbox(7));
    fireEvent.click(screen.getByTestId('bulk-status'));
    const options = await screen.findAllByTestId('bulk-status-option');
    expect(options.map((o) => o.dataset.status)).toEqual(['Confirmed', 'Complected', 'Delivered', 'Done', 'Return', 'Exchange', 'PartReturn', 'Canceled']);
    fireEvent.click(options.at(-1)!);
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByRole('heading').textContent).toBe('Змінити статус вибраних замовлень (1) на «Скасоване»?');
    fireEvent.click(within(confirm).getByTestId('confirm-back'));
    expect(api.find('POST', '/admin/orders/bulk')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('bulk-status'));
    fireEvent.click((await screen.findAllByTestId('bulk-status-option')).at(-1)!);
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-submit'));
    await screen.findByTestId('bulk-results');
    expect(api.find('POST', '/admin/orders/bulk')[0]!.body).toEqual({ action: 'status', status: 'Canceled', ids: [7] });
  });

  it('keyboard: j/k and arrows move the row, x and Space choose it, Enter opens it; typing in the search moves nothing', async () => {
    serveList(3, undefined, (c) =>
      c.path === '/admin/orders/8' ? { data: adminOrder({ id: 8, number: '100008' }) } : c.path === '/admin/orders/8/jobs' ? { data: [] } : undefined,
    );
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&worklist=to_ship', 'warehouse');
    await screen.findAllByTestId('admin-order-row');
    const focused = () => rowsOnScreen().findIndex((r) => r.dataset.focused === 'true');
    const key = (k: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k });
    key('j');
    expect(focused()).toBe(0);
    expect(document.activeElement).toBe(rowsOnScreen()[0]);
    key('ArrowDown');
    key('j');
    expect(focused()).toBe(2);
    key('j');
    expect(focused()).toBe(2);
    key('k');
    expect(focused()).toBe(1);
    key('x', document.activeElement!);
    expect(checkbox(8).checked).toBe(true);
    key('ArrowUp');
    key(' ', document.activeElement!);
    expect(checkbox(7).checked).toBe(true);
    expect(screen.getByTestId('bulk-count').textContent).toBe('Вибрано: 2');
    // Keys typed into a field stay there.
    const search = screen.getByTestId('orders-search');
    key('j', search);
    key('x', search);
    expect(focused()).toBe(0);
    expect(screen.getByTestId('bulk-count').textContent).toBe('Вибрано: 2');
    key('j');
    key('Enter', document.activeElement!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders/8'));
    // The order keeps its way back and the queue: 2 of 3 in "До відправки".
    expect((await screen.findByTestId('queue-position')).textContent).toBe('2 з 3 у черзі «До відправки (без ТТН)»');
  });

  it('the hint lists the keys', async () => {
    serveList(3);
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list', 'warehouse');
    await screen.findAllByTestId('admin-order-row');
    fireEvent.click(screen.getByTestId('keys-hint'));
    expect((await screen.findByTestId('keys-hint-list')).textContent).toContain('X або пробіл — вибрати рядок');
  });

  it('order page: Наступне/Попереднє and N/P (Alt+arrows) walk the worklist it was opened from; "До замовлень" keeps the list', async () => {
    const api = serveList(3, undefined, (c) => {
      const m = /^\/admin\/orders\/(\d+)(\/jobs)?$/.exec(c.path);
      if (!m) return undefined;
      const id = Number(m[1]);
      return m[2] ? { data: [] } : { data: adminOrder({ id, number: String(100000 + id), status: 'Confirmed', status_name: 'Підтверджене' }) };
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&worklist=to_ship', 'warehouse');
    const first = await screen.findByRole('link', { name: 'Відкрити замовлення №100007' });
    fireEvent.click(first);
    await screen.findByText('Замовлення №100007');
    expect(screen.getByTestId('queue-position').textContent).toBe('1 з 3 у черзі «До відправки (без ТТН)»');
    expect((screen.getByTestId('queue-prev') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('queue-next'));
    await screen.findByText('Замовлення №100008');
    fireEvent.keyDown(document.body, { key: 'n' });
    await screen.findByText('Замовлення №100009');
    expect(screen.getByTestId('location').textContent).toBe('/admin/orders/9');
    // Past the page's end: the worklist's orders not visited yet (read again), here №100010.
    await waitFor(() => expect((screen.getByTestId('queue-next') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('queue-next'));
    await screen.findByText('Замовлення №100010');
    expect(screen.getByTestId('queue-position').textContent).toBe('4 з 4 у черзі «До відправки (без ТТН)»');
    expect(api.find('GET', '/admin/orders').some((c) => c.query.get('per_page') === '100' && c.query.get('worklist') === 'to_ship')).toBe(true);
    expect((screen.getByTestId('queue-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', altKey: true });
    await screen.findByText('Замовлення №100009');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', altKey: true });
    await screen.findByText('Замовлення №100008');
    fireEvent.keyDown(document.body, { key: 'p' });
    await screen.findByText('Замовлення №100007');
    fireEvent.click(screen.getByRole('link', { name: 'До замовлень' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders?view=list&worklist=to_ship'));
  });

  it('order page: past the last row of a plain list the next page follows, and "До замовлень" returns to that page', async () => {
    const api = mockApi((c) => {
      if (c.path === '/config') return { data: lists };
      if (c.path === '/admin/orders' && c.method === 'GET') return c.query.get('page') === '2' ? page([row(4), row(3)], 5, 2) : page(ROWS, 5, 2);
      const m = /^\/admin\/orders\/(\d+)(\/jobs)?$/.exec(c.path);
      if (!m) return undefined;
      const id = Number(m[1]);
      return m[2] ? { data: [] } : { data: adminOrder({ id, number: String(100000 + id) }) };
    });
    renderSection(<OrdersSection />, 'orders', '/admin/orders?view=list&status=Confirmed', 'manager');
    fireEvent.click(await screen.findByRole('link', { name: 'Відкрити замовлення №100009' }));
    await screen.findByText('Замовлення №100009');
    expect(screen.getByTestId('queue-position').textContent).toBe('3 з 3 у списку');
    await waitFor(() => expect((screen.getByTestId('queue-next') as HTMLButtonElement).disabled).toBe(false));
    expect(Object.fromEntries(api.find('GET', '/admin/orders').at(-1)!.query)).toEqual({ status: 'Confirmed', page: '2', per_page: '10' });
    fireEvent.keyDown(document.body, { key: 'n' });
    await screen.findByText('Замовлення №100004');
    expect(screen.getByTestId('queue-position').textContent).toBe('4 з 5 у списку');
    fireEvent.click(screen.getByRole('link', { name: 'До замовлень' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders?view=list&status=Confirmed&page=2'));
  });

  it('order page opened directly: no queue buttons', async () => {
    mockApi((c) =>
      c.path === '/config'
        ? { data: lists }
        : c.path === '/admin/orders/7'
          ? { data: adminOrder() }
          : c.path === '/admin/orders/7/jobs'
            ? { data: [] }
            : undefined,
    );
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'warehouse');
    await screen.findByText('Замовлення №100007');
    expect(screen.queryByTestId('queue-nav')).toBeNull();
  });

  it('print menu: marking only with a waybill, invoice only for Card; the PDF opens in a tab; ru', async () => {
    expect(printKinds({ ttn: null, payment_method: 'COD' })).toEqual(['packing']);
    expect(printKinds({ ttn: '20450000000001', payment_method: 'Card' })).toEqual(['marking', 'packing', 'invoice']);
    for (const [over, role, kinds] of [
      [{ ttn: null, payment_method: 'COD' }, 'warehouse', ['packing']],
      [{ ttn: '20450000000001', payment_method: 'Card' }, 'accountant', ['marking', 'packing', 'invoice']],
      [{ ttn: '20450000000001', payment_method: 'Balance' }, 'manager', ['marking', 'packing']],
    ] as const) {
      const { open, tab } = stubPopup();
      const api = mockApi((c) =>
        c.path === '/config'
          ? { data: lists }
          : c.path === '/admin/orders/7'
            ? { data: adminOrder(over) }
            : c.path === '/admin/orders/7/jobs'
              ? { data: [] }
              : undefined,
      );
      const pdfCalls: string[] = [];
      servePdf(api, pdfCalls);
      const view = renderSection(<OrdersSection />, 'orders', '/admin/orders/7', role);
      fireEvent.click(await screen.findByTestId('order-print'));
      const options = await screen.findAllByTestId('order-print-option');
      expect(options.map((o) => o.dataset.kind)).toEqual(kinds);
      fireEvent.click(options.at(-1)!);
      expect(open).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(tab.location.href).toBe('blob:pdf-1'));
      expect(pdfCalls).toEqual([`/api/v1/admin/orders/7/print/${kinds.at(-1)}`]);
      view.unmount();
      vi.unstubAllGlobals();
    }
    // No signed-in staff role: no print button.
    mockApi((c) =>
      c.path === '/config'
        ? { data: lists }
        : c.path === '/admin/orders/7'
          ? { data: adminOrder() }
          : c.path === '/admin/orders/7/jobs'
            ? { data: [] }
            : undefined,
    );
    const view = renderSection(<OrdersSection />, 'orders', '/admin/orders/7');
    await screen.findByText('Замовлення №100007');
    expect(screen.queryByTestId('order-print')).toBeNull();
    view.unmount();
    // Blocked popup: a link to the PDF; Russian labels.
    await act(() => i18n.changeLanguage('ru'));
    stubPopup(true);
    const api = mockApi((c) =>
      c.path === '/config'
        ? { data: buildConfigLists('ru') }
        : c.path === '/admin/orders/7'
          ? { data: adminOrder() }
          : c.path === '/admin/orders/7/jobs'
            ? { data: [] }
            : undefined,
    );
    servePdf(api, []);
    renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'warehouse');
    fireEvent.click(await screen.findByTestId('order-print'));
    fireEvent.click((await screen.findAllByTestId('order-print-option'))[0]!);
    const blocked = await screen.findByTestId('order-print-blocked');
    expect(within(blocked).getByTestId('order-print-open').textContent).toBe('Открыть PDF');
    expect(screen.getByTestId('order-print').textContent).toBe('Печать');
  });
});
