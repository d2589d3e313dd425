import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PROVIDERS, TREE, callOf, renderAt, reply } from '../test-utils.tsx';
import { feed } from '../../../test/fixtures/feeds.ts';
import { ExportFormPage, type ExportFormPageProps } from './export-form-page.tsx';

let onPost: () => Promise<Response> = () => reply({ data: feed(9, { status: 'queued' }) }, 201);
const calls: ReturnType<typeof callOf>[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const c = callOf(input, init);
  calls.push(c);
  if (c.path === '/api/v1/providers') return reply({ data: PROVIDERS });
  if (c.path === '/api/v1/export-settings' && c.method === 'POST') return onPost();
  if (c.path === '/api/v1/export-settings/5' && c.method === 'GET') return reply({ data: feed(5, { name: 'Prom', price_source: 'drop_markup', markup: 20 }) });
  if (c.path === '/api/v1/export-settings/5' && c.method === 'PUT') return reply({ data: feed(5, { name: 'Prom 2', status: 'queued' }) });
  if (c.path === '/api/v1/export-settings') return reply({ data: [] });
  return reply({ message: 'Не знайдено', code: 'NotFound' }, 404);
});

const props = (id: number | null): ExportFormPageProps => ({ id, categories: TREE, market: { verified: true, markets: [{ id: 7, name: 'Prom магазин' }] } });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const posted = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/export-settings');

describe('ExportFormPage', () => {
  beforeEach(() => {
    calls.length = 0;
    onPost = () => reply({ data: feed(9, { status: 'queued' }) }, 201);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates a feed, says so and goes to the list', async () => {
    renderAt(<ExportFormPage {...props(null)} />, '/dashboard/export-settings/create');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Новий експорт товарів');
    await screen.findByTestId('export-provider-rozetka');
    type('export-name', 'Prom');
    type('export-short-name', 'Shop');
    fireEvent.click(screen.getByTestId('export-save'));
    expect(await screen.findByText('Файл експорту створено')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/export-settings'));
    expect(posted()[0]?.body).toMatchObject({ name: 'Prom', file_type: 'yml', shop: { short_name: 'Shop' }, price_source: 'recommended' });
  });

  it('sends nothing while a required field is empty and says which', async () => {
    renderAt(<ExportFormPage {...props(null)} />, '/dashboard/export-settings/create');
    await screen.findByTestId('export-provider-yml');
    type('export-name', 'Prom');
    fireEvent.click(screen.getByTestId('export-save'));
    expect(await screen.findByText("Поле обов'язкове для заповнення")).toBeTruthy();
    expect(screen.getByTestId('export-short-name').getAttribute('aria-invalid')).toBe('true');
    expect(posted()).toHaveLength(0);
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/export-settings/create');
  });

  it('shows the server field errors under their fields', async () => {
    onPost = () =>
      reply(
        { message: 'Помилка', errors: { 'shop.short_name': ['Назва зайнята'], price_source: ['Ціни магазину доступні лише верифікованим користувачам'] } },
        422,
      );
    renderAt(<ExportFormPage {...props(null)} />, '/dashboard/export-settings/create');
    await screen.findByTestId('export-provider-yml');
    type('export-name', 'Prom');
    type('export-short-name', 'Shop');
    fireEvent.click(screen.getByTestId('export-save'));
    expect(await screen.findByText('Назва зайнята')).toBeTruthy();
    expect(screen.getByTestId('export-price-source-error').textContent).toBe('Ціни магазину доступні лише верифікованим користувачам');
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/export-settings/create');
  });

  it('warns at the feeds limit', async () => {
    onPost = () => reply({ message: 'Можна створити не більше 20 файлів експорту', code: 'FeedsLimit' }, 400);
    renderAt(<ExportFormPage {...props(null)} />, '/dashboard/export-settings/create');
    await screen.findByTestId('export-provider-yml');
    type('export-name', 'Prom');
    type('export-short-name', 'Shop');
    fireEvent.click(screen.getByTestId('export-save'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Можна створити не більше 20 файлів експорту');
    expect(toast.className).toMatch(/colorWarning/);
  });

  it('edits a feed with the whole input', async () => {
    renderAt(<ExportFormPage {...props(5)} />, '/dashboard/export-settings/5/edit');
    expect(screen.getByTestId('export-loading')).toBeTruthy();
    expect(await screen.findByDisplayValue('Prom')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Редагування експорту: Prom');
    expect(screen.getByTestId<HTMLInputElement>('export-markup').value).toBe('20');
    type('export-name', 'Prom 2');
    fireEvent.click(screen.getByTestId('export-save'));
    expect(await screen.findByText('Файл експорту оновлено')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Prom 2', price_source: 'drop_markup', markup: 20, shop: { short_name: 'Shop', company: '', url: '' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/export-settings'));
  });

  it('says an unknown feed is not found', async () => {
    renderAt(<ExportFormPage {...props(404)} />, '/dashboard/export-settings/404/edit');
    expect((await screen.findByTestId('export-not-found')).textContent).toBe('Файл експорту не знайдено');
  });
});
