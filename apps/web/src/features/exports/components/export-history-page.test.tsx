import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExportBuildDto, ExportSettingDto } from '@drop/shared';
import { HISTORY_POLL_MS } from '../api/exports.ts';
import { build, callOf, renderAt, reply, setDesktop } from '../test-utils.tsx';
import { feed } from '../../../test/fixtures/feeds.ts';
import { ExportHistoryPage } from './export-history-page.tsx';

const PATH = '/dashboard/export-settings/:id/history';
let setting: ExportSettingDto = feed(3, { name: 'Prom' });
/** Pages of builds to serve next per page (the last one stays). */
let pages: Record<number, ExportBuildDto[][]> = {};
let lastPage = 1;
const calls: ReturnType<typeof callOf>[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const c = callOf(input, init);
  calls.push(c);
  if (c.path === '/api/v1/export-settings/3' && c.method === 'GET') return reply({ data: setting });
  if (c.path === '/api/v1/export-settings/3/history') {
    const page = Number(c.query.get('page') ?? 1);
    const q = pages[page] ?? [[]];
    const data = q.length > 1 ? q.shift()! : q[0]!;
    return reply({ data, meta: { current_page: page, per_page: 10, total: data.length, last_page: lastPage }, pagination: { last_page: lastPage } });
  }
  if (c.path === '/api/v1/export-settings/3/generate' && c.method === 'POST') {
    setting = { ...setting, status: 'queued' };
    return reply({ data: setting }, 202);
  }
  return reply({ message: 'Не знайдено', code: 'NotFound' }, 404);
});

const WARNED = build(20, {
  trigger: 'create',
  warnings_count: 3,
  warnings: { no_vendor: 2, no_picture: 1 },
  warning_samples: [
    { kind: 'no_vendor', offer_id: 100005, product_id: 5, name: 'Чохол для iPhone 13' },
    { kind: 'no_picture', offer_id: 100026, product_id: 26, name: 'Смарт-годинник' },
  ],
});
const FAILED = build(19, { trigger: 'manual', status: 'failed', offers: 0, bytes: 0, total: null, error: 'Не вдалося сформувати файл' });
const RUNNING = build(21, { trigger: 'manual', status: 'running', finished_at: null, offers: 1200, total: 3000, bytes: 0 });

describe('ExportHistoryPage', () => {
  beforeEach(() => {
    calls.length = 0;
    setting = feed(3, { name: 'Prom' });
    pages = { 1: [[WARNED, FAILED]] };
    lastPage = 1;
    vi.stubGlobal('fetch', fetchMock);
    setDesktop(true);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the builds newest first with their times, trigger, status, offers, size and error', async () => {
    renderAt(<ExportHistoryPage />, '/dashboard/export-settings/3/history', PATH);
    expect(await screen.findByTestId('history-table')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Історія оновлень: Prom');
    expect(screen.getByTestId('history-back').getAttribute('href')).toBe('/dashboard/export-settings');
    const [first, second] = screen.getAllByTestId('history-row').map((r) => within(r));
    expect(first!.getByTestId('history-row-trigger').textContent).toBe('Створення');
    expect(first!.getByTestId('history-row-duration').textContent).toBe('4.3 с');
    expect(first!.getByTestId('history-row-offers').textContent).toBe('3000');
    expect(first!.getByTestId('history-row-size').textContent).toBe('4.8 МБ');
    expect(first!.getByTestId('build-status').textContent).toBe('Готово');
    expect(second!.getByTestId('history-row-trigger').textContent).toBe('Вручну');
    expect(second!.getByTestId('build-status').textContent).toBe('Помилка');
    expect(second!.getByTestId('history-error').textContent).toBe('Не вдалося сформувати файл');
    expect(second!.getByTestId('history-row-warnings').textContent).toBe('Немає');
    expect(calls.find((c) => c.path.endsWith('/history'))?.query.get('per_page')).toBe('10');
  });

  it('expands the warnings: counts by kind in words and the sample offers', async () => {
    renderAt(<ExportHistoryPage />, '/dashboard/export-settings/3/history', PATH);
    const toggle = await screen.findByTestId('history-warnings-toggle-20');
    expect(toggle.textContent).toBe('3');
    expect(screen.queryByTestId('history-warnings-20')).toBeNull();
    fireEvent.click(toggle);
    const details = await screen.findByTestId('history-warnings-20');
    expect(
      within(details)
        .getAllByTestId('history-warning-kind')
        .map((k) => k.textContent),
    ).toEqual(['Без фото: 1', 'Без бренду: 2']);
    const samples = within(details).getAllByTestId('history-sample');
    expect(samples).toHaveLength(2);
    expect(samples[0]!.textContent).toContain('100005');
    expect(samples[0]!.textContent).toContain('Чохол для iPhone 13');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a running build with a determinate progress and refetches until it is done', async () => {
    setting = feed(3, { name: 'Prom', status: 'building', build: RUNNING });
    pages = {
      1: [
        [RUNNING, WARNED],
        [{ ...RUNNING, status: 'done', finished_at: '2025-03-04T10:00:09Z', offers: 3000 }, WARNED],
      ],
    };
    renderAt(<ExportHistoryPage />, '/dashboard/export-settings/3/history', PATH);
    const row = within((await screen.findAllByTestId('history-row'))[0]!);
    expect(row.getByTestId('build-status').textContent).toBe('Формується 40%');
    expect(row.getByTestId('history-row-offers').textContent).toBe('1200 з 3000');
    const bar = row.getByTestId('build-progress');
    expect(bar.getAttribute('role')).toBe('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(row.getByTestId('history-row-finished').textContent).toBe('-');
    expect(screen.getByTestId<HTMLButtonElement>('history-generate').disabled).toBe(true);
    setting = { ...setting, status: 'ready', build: null };
    await waitFor(() => expect(screen.getAllByTestId('build-status')[0]!.textContent).toBe('Готово'), { timeout: HISTORY_POLL_MS + 1500 });
    expect(screen.queryByTestId('build-progress')).toBeNull();
  });

  it('rebuilds now with a toast', async () => {
    renderAt(<ExportHistoryPage />, '/dashboard/export-settings/3/history', PATH);
    const button = await screen.findByTestId('history-generate');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Оновлення файлу запущено')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/export-settings/3/generate')).toBe(true);
  });

  it('pages through the history (page in the URL) and shows cards below lg', async () => {
    setDesktop(false);
    lastPage = 2;
    pages = { 1: [[WARNED]], 2: [[FAILED]] };
    renderAt(<ExportHistoryPage />, '/dashboard/export-settings/3/history', PATH);
    expect(await screen.findByTestId('history-cards')).toBeTruthy();
    const pagination = screen.getByTestId('history-pagination');
    fireEvent.click(within(pagination).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/export-settings/3/history?page=2'));
    expect(await screen.findByTestId('history-error')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/history') && c.query.get('page') === '2')).toBe(true);
  });

  it('says an unknown feed is not found', async () => {
    renderAt(<ExportHistoryPage />, '/dashboard/export-settings/77/history', PATH);
    expect((await screen.findByTestId('history-not-found')).textContent).toBe('Файл експорту не знайдено');
    expect(screen.queryByTestId('history-generate')).toBeNull();
  });
});
