import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PictureConversionRunDto, PictureConversionStateDto } from '@drop/shared';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { Reply, mockApi, page, renderSection, setDesktop } from '../orders/test-utils.tsx';
import CatalogSection from './catalog-section.tsx';
import ru from './locales/pictures-ru.json';
import uk from './locales/pictures-uk.json';

const PATH = '/admin/catalog/pictures/conversion';

const run = (over: Partial<PictureConversionRunDto> = {}): PictureConversionRunDto => ({
  id: 3,
  status: 'running',
  total: 40,
  converted: 10,
  failed: 0,
  last_error: null,
  started_by: 1,
  started_by_name: 'Олена Адмін',
  started_at: '2026-11-28T08:15:00Z',
  updated_at: '2026-11-28T08:16:00Z',
  finished_at: null,
  ...over,
});
const stateOf = (over: Partial<PictureConversionStateDto> = {}): PictureConversionStateDto => ({
  pending: 0,
  failed: 0,
  failed_by_reason: { missing: 0, not_image: 0, too_big: 0 },
  run: null,
  ...over,
});

/** The catalogue's products page with the conversion state `current()` answers. */
function open(current: () => unknown, onPost?: (path: string) => unknown) {
  const api = mockApi((c) => {
    if (c.path === '/admin/catalog/categories') return { data: [] };
    if (c.path === '/admin/catalog/products') return page([]);
    if (c.path.startsWith(PATH) && c.method === 'POST') return onPost?.(c.path);
    if (c.path === PATH) return current();
    return undefined;
  });
  renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products');
  return api;
}

describe('picture conversion panel', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => vi.unstubAllGlobals());

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  for (const [name, reply] of [
    ['nothing pending and nothing ever ran', () => ({ data: stateOf() })],
    ['refused (403)', () => new Reply(403, { code: 'Forbidden', message: 'Доступ заборонено' })],
  ] as const) {
    it(`${name}: nothing is shown`, async () => {
      const api = open(reply);
      await waitFor(() => expect(api.find('GET', PATH)).toHaveLength(1));
      await screen.findByTestId('products-page');
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByTestId('picture-conversion')).toBeNull();
      expect(screen.queryByTestId('picture-conversion-done')).toBeNull();
    });
  }

  it('pending pictures, no run: the count and a start button; starting shows the progress bar and polls until done', async () => {
    let state = stateOf({ pending: 40 });
    const api = open(
      () => ({ data: state }),
      () => {
        state = stateOf({ pending: 30, run: run() });
        return { data: state };
      },
    );
    const card = await screen.findByTestId('picture-conversion');
    expect(card.dataset.status).toBe('none');
    expect(within(card).getByRole('heading', { name: 'Зображення' })).toBeTruthy();
    expect(within(card).getByTestId('picture-conversion-pending').textContent).toBe('Ще не перетворено: 40 зображень, збережених до оновлення');
    expect(within(card).queryByTestId('picture-conversion-progress')).toBeNull();
    expect(within(card).queryByTestId('picture-conversion-retry')).toBeNull();
    fireEvent.click(within(card).getByTestId('picture-conversion-start'));
    await waitFor(() => expect(api.find('POST', PATH)).toHaveLength(1));
    const bar = await within(card).findByRole('progressbar', { name: 'Хід перетворення зображень' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('10 з 40');
    expect(card.dataset.status).toBe('running');
    expect(within(card).getByTestId('picture-conversion-converted').textContent).toBe('10');
    expect(within(card).getByTestId('picture-conversion-started').textContent).toBe('Почато: 28.11.2026 10:15 · Запустив: Олена Адмін');
    // No buttons while it runs.
    expect(within(card).queryByTestId('picture-conversion-start')).toBeNull();
    expect(await screen.findByText('Перетворення зображень почалося')).toBeTruthy();

    // The worker goes on: the panel asks again by itself and shows the end.
    const gets = api.find('GET', PATH).length;
    state = stateOf({ run: run({ status: 'done', converted: 40, finished_at: '2026-11-28T08:30:00Z', updated_at: '2026-11-28T08:30:00Z' }) });
    await waitFor(() => expect(api.find('GET', PATH).length).toBeGreaterThan(gets), { timeout: 6000 });
    const line = await screen.findByTestId('picture-conversion-done');
    expect(line.textContent).toBe('Зображення: усі перетворено 28.11.2026 10:30');
    expect(screen.queryByTestId('picture-conversion')).toBeNull();
    // Done: no more polling.
    const after = api.find('GET', PATH).length;
    await new Promise((r) => setTimeout(r, 3500));
    expect(api.find('GET', PATH)).toHaveLength(after);
  }, 20_000);

  it('a finished run with failures: counts, reasons, the last error, times in Kyiv, retry sends retry-failed', async () => {
    const finished = run({ status: 'done', converted: 37, failed: 3, last_error: 'products/ab/x.jpg: too_big', finished_at: '2026-11-28T08:40:00Z' });
    const api = open(
      () => ({ data: stateOf({ failed: 3, failed_by_reason: { missing: 2, not_image: 0, too_big: 1 }, run: finished }) }),
      () => ({ data: stateOf({ pending: 3, run: run({ id: 4, total: 3, converted: 0 }) }) }),
    );
    const card = await screen.findByTestId('picture-conversion');
    expect(card.dataset.status).toBe('done');
    expect(within(card).getByText('Завершено', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(card).getByTestId('picture-conversion-pending').textContent).toBe('Усі зображення, збережені до оновлення, перетворено');
    expect(within(card).getByTestId('picture-conversion-converted').textContent).toBe('37');
    expect(within(card).getByTestId('picture-conversion-failed').textContent).toBe('3');
    expect(within(card).getByTestId('picture-conversion-reasons').textContent).toContain(
      'Не вдалося перетворити зараз: 3 (файлу немає: 2, завеликий розмір: 1)',
    );
    expect(within(card).getByTestId('picture-conversion-error').textContent).toBe('Остання помилка: products/ab/x.jpg — завеликий розмір');
    expect(within(card).getByTestId('picture-conversion-finished').textContent).toBe('Завершено: 28.11.2026 10:40');
    expect(within(card).queryByTestId('picture-conversion-start')).toBeNull();
    fireEvent.click(within(card).getByTestId('picture-conversion-retry'));
    await waitFor(() => expect(api.find('POST', `${PATH}/retry-failed`)).toHaveLength(1));
    expect(await within(card).findByRole('progressbar')).toBeTruthy();
  });

  it('a refused start (one already runs) shows the server message and the fresh state; a stopped run shows its error; mobile', async () => {
    setDesktop(false);
    let state = stateOf({ pending: 5, run: run({ status: 'failed', last_error: 'database went away', finished_at: '2026-11-28T09:00:00Z' }) });
    const api = open(
      () => ({ data: state }),
      () => {
        state = stateOf({ pending: 5, run: run({ id: 9, started_by: null, started_by_name: null }) });
        return new Reply(400, { code: 'PictureConversionRunning', message: 'Перетворення зображень уже триває' });
      },
    );
    const card = await screen.findByTestId('picture-conversion');
    expect(card.dataset.status).toBe('failed');
    expect(within(card).getByTestId('picture-conversion-error').textContent).toBe('Остання помилка: database went away');
    expect(within(card).getByTestId('picture-conversion-finished').textContent).toBe('Зупинено: 28.11.2026 11:00');
    fireEvent.click(within(card).getByTestId('picture-conversion-start'));
    expect(await screen.findByText('Перетворення зображень уже триває')).toBeTruthy();
    await waitFor(() => expect(api.find('GET', PATH).length).toBeGreaterThan(1));
    await within(card).findByRole('progressbar');
    expect(within(card).getByTestId('picture-conversion-started').textContent).toBe('Почато: 28.11.2026 10:15 · Запустив: сервер під час запуску');
  });
});
