import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_FEEDS, type ExportSettingDto } from '@drop/shared';
import { feedBusy, getExportSettingsQueryOptions, LIST_POLL_MS } from '../../../lib/feeds.ts';
import { PROVIDERS, build, callOf, renderAt, reply, setDesktop } from '../test-utils.tsx';
import { feed } from '../../../test/fixtures/feeds.ts';
import { ExportListPage } from './export-list-page.tsx';

let list: ExportSettingDto[] = [];
/** Lists to serve next (each GET takes one; the last one stays). */
let queue: ExportSettingDto[][] = [];
const calls: ReturnType<typeof callOf>[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const c = callOf(input, init);
  calls.push(c);
  if (c.path === '/api/v1/providers') return reply({ data: PROVIDERS });
  if (c.path === '/api/v1/export-settings' && c.method === 'GET') {
    if (queue.length) list = queue.length > 1 ? queue.shift()! : queue[0]!;
    return reply({ data: list });
  }
  const m = /^\/api\/v1\/export-settings\/(\d+)(\/generate)?$/.exec(c.path);
  if (m && c.method === 'DELETE') {
    list = list.filter((f) => f.id !== Number(m[1]));
    queue = [];
    return reply(undefined, 204);
  }
  if (m && m[2] && c.method === 'POST') {
    const f = { ...list.find((x) => x.id === Number(m[1]))!, status: 'queued' as const };
    queue = [list.map((x) => (x.id === f.id ? f : x)), list];
    return reply({ data: f }, 202);
  }
  return reply({ message: 'Не знайдено' }, 404);
});

const listGets = () => calls.filter((c) => c.path === '/api/v1/export-settings' && c.method === 'GET').length;
const rows = () => screen.getAllByTestId('export-row');
const row = (id: number) => rows().find((r) => r.getAttribute('data-export-id') === String(id))!;

const FEEDS = () => [
  feed(1, { name: 'Prom', price_source: 'drop_markup', markup: 25, products_count: 2980 }),
  feed(2, {
    name: 'Rozetka',
    file_type: 'rozetka',
    price_source: 'market',
    market_id: 4,
    market_name: 'Мій магазин',
    price_from: 100,
    price_to: 500,
    status: 'building',
    build: build(9, { status: 'running', offers: 1200, total: 3000, finished_at: null }),
  }),
  feed(3, { name: 'Новий', status: 'queued', products_count: 0, file_size: 0, last_generated_at: null }),
  feed(4, { name: 'Зламаний', status: 'error', last_error: 'Магазин, з якого бралися ціни, видалено', last_requested_at: '2025-03-05T08:30:00Z' }),
];

describe('ExportListPage', () => {
  beforeEach(() => {
    calls.length = 0;
    queue = [];
    list = [];
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    setDesktop(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each feed in a table on desktop: format, prices in words, count, status with progress, times and the link', async () => {
    list = FEEDS();
    renderAt(<ExportListPage />, '/dashboard/export-settings');
    expect(screen.getByTestId('exports-skeleton')).toBeTruthy();
    expect(await screen.findByTestId('exports-table')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Налаштування експорту');
    expect(rows()).toHaveLength(4);

    const prom = within(row(1));
    expect(prom.getByTestId('export-row-name').textContent).toBe('Prom');
    expect(await prom.findByText('YML для Prom.ua та Horoshop')).toBeTruthy();
    expect(prom.getByTestId('export-row-price').textContent).toBe('Від дроп-ціни +25%');
    expect(prom.getByTestId('export-row-products').textContent).toBe('2980');
    expect(prom.getByTestId('export-row-size').textContent).toBe('4.8 МБ');
    expect(prom.getByTestId('feed-status').textContent).toBe('Готовий');
    expect(prom.getByTestId('export-row-requested').textContent).toBe('-');
    expect(prom.getByTestId<HTMLInputElement>('feed-url').value).toBe('http://localhost:3000/feeds/token-1.xml');
    expect(prom.getByTestId('feed-download').getAttribute('href')).toBe('http://localhost:3000/feeds/token-1.xml');
    expect(prom.getByTestId('export-edit-1').getAttribute('href')).toBe('/dashboard/export-settings/1/edit');
    expect(prom.getByTestId('export-history-1').getAttribute('href')).toBe('/dashboard/export-settings/1/history');

    const rozetka = within(row(2));
    expect(rozetka.getByTestId('export-row-format').textContent).toBe('XML для Rozetka');
    expect(rozetka.getByTestId('export-row-price').textContent).toBe('Ціни магазину «Мій магазин»');
    expect(rozetka.getByTestId('export-row-range').textContent).toBe('Дроп-ціна від 100.00 до 500.00 грн.');
    expect(rozetka.getByTestId('feed-status').textContent).toBe('Формується 40%');
    expect(rozetka.getByTestId('feed-progress').getAttribute('aria-valuenow')).toBe('40');
    expect(rozetka.getByTestId('export-generate-2').hasAttribute('disabled')).toBe(true);

    const fresh = within(row(3));
    expect(fresh.getByTestId('feed-status').textContent).toBe('У черзі');
    expect(fresh.getByTestId('export-row-generated').textContent).toBe('-');
    expect(fresh.getByTestId('feed-download').getAttribute('aria-disabled')).toBe('true');

    const broken = within(row(4));
    expect(broken.getByTestId('feed-status').getAttribute('data-status')).toBe('error');
    expect(broken.getByTestId('feed-error').textContent).toBe('Магазин, з якого бралися ціни, видалено');
    expect(broken.getByTestId('export-row-requested').textContent).toMatch(/^05\.03\.2025 \d\d:30$/);
    expect(screen.getByTestId('export-create').getAttribute('href')).toBe('/dashboard/export-settings/create');
  });

  it('shows cards below lg', async () => {
    setDesktop(false);
    list = FEEDS();
    renderAt(<ExportListPage />, '/dashboard/export-settings');
    expect(await screen.findByTestId('exports-cards')).toBeTruthy();
    expect(screen.queryByTestId('exports-table')).toBeNull();
    expect(within(row(2)).getByTestId('feed-status').textContent).toBe('Формується 40%');
    expect(within(row(4)).getByTestId('feed-error')).toBeTruthy();
  });

  it('copies the public link and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    list = [feed(1, { name: 'Prom' })];
    renderAt(<ExportListPage />, '/dashboard/export-settings');
    fireEvent.click(await screen.findByTestId('feed-copy'));
    expect(await screen.findByText('Посилання скопійовано')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/feeds/token-1.xml');
  });

  it('polls every 2 s while a feed is queued or building and stops when none is', async () => {
    const building = FEEDS()[1]!;
    const ready = { ...building, status: 'ready' as const, build: null };
    queue = [[building], [ready]];
    renderAt(<ExportListPage />, '/dashboard/export-settings');
    expect((await screen.findByTestId('feed-status')).textContent).toBe('Формується 40%');
    await waitFor(() => expect(screen.getByTestId('feed-status').textContent).toBe('Готовий'), { timeout: LIST_POLL_MS + 1500 });
    expect(listGets()).toBe(2);
    // The interval is off once nothing is busy.
    const interval = getExportSettingsQueryOptions('uk').refetchInterval as (q: unknown) => number | false;
    expect(interval({ state: { data: [ready] } })).toBe(false);
    expect(interval({ state: { data: [ready, { ...ready, status: 'queued' }] } })).toBe(LIST_POLL_MS);
    expect(feedBusy({ status: 'building' })).toBe(true);
  });

  it('rebuilds now with a toast, then polls until it is ready', async () => {
    list = [feed(1, { name: 'Prom' })];
    renderAt(<ExportListPage />, '/dashboard/export-settings');
    fireEvent.click(await screen.findByTestId('export-generate-1'));
    expect(await screen.findByText('Оновлення файлу запущено')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/export-settings/1/generate')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('feed-status').textContent).toBe('У черзі'));
    await waitFor(() => expect(screen.getByTestId('feed-status').textContent).toBe('Готовий'), { timeout: LIST_POLL_MS + 1500 });
  });

  it('deletes after confirmation and shows the empty state with a create link', async () => {
    list = [feed(1, { name: 'Prom' })];
    renderAt(<ExportListPage />, '/dashboard/export-settings');
    fireEvent.click(await screen.findByTestId('export-delete-1'));
    const dialog = await screen.findByTestId('export-delete-dialog');
    expect(within(dialog).getByText('Файл «Prom» і його історію буде видалено, посилання перестане працювати.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('export-delete-dialog-confirm'));
    expect(await screen.findByText('Файл експорту видалено')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/export-settings/1')).toBe(true);
    expect(await screen.findByTestId('exports-empty')).toBeTruthy();
    expect(screen.getByTestId('exports-empty-create').getAttribute('href')).toBe('/dashboard/export-settings/create');
  });

  it('turns create off at the limit with a hint', async () => {
    list = Array.from({ length: MAX_FEEDS }, (_, i) => feed(i + 1));
    renderAt(<ExportListPage />, '/dashboard/export-settings');
    expect((await screen.findByTestId('exports-limit')).textContent).toBe('Можна створити не більше 20 файлів експорту');
    expect(screen.getByTestId('export-create').getAttribute('aria-disabled')).toBe('true');
  });

  it('speaks Russian', async () => {
    localStorage.setItem('drop_locale', 'ru');
    const { i18n } = await import('../../../lib/i18n.ts');
    await i18n.changeLanguage('ru');
    try {
      list = [feed(1, { name: 'Prom', price_source: 'recommended_markup', markup: 10 })];
      renderAt(<ExportListPage />, '/dashboard/export-settings');
      expect((await screen.findByTestId('export-row-price')).textContent).toBe('От рекомендованной цены +10%');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Настройки экспорта');
      expect(screen.getByTestId('feed-status').textContent).toBe('Готов');
    } finally {
      await i18n.changeLanguage('uk');
    }
  });
});
