import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MAX_FEED_EXTRA_FIELDS, type ExportSettingInput } from '@drop/shared';
import { AppProviders } from '../../../test/render.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { emptyExportForm, exportFormOf, type ExportFormValues, type MarketChoice } from '../lib/export-form.ts';
import { PROVIDERS, TREE } from '../test-utils.tsx';
import { feed } from '../../../test/fixtures/feeds.ts';
import { ExportForm } from './export-form.tsx';

const STORES: MarketChoice = {
  verified: true,
  markets: [
    { id: 7, name: 'Prom магазин' },
    { id: 8, name: 'Rozetka магазин' },
  ],
};

function setup({
  initial = emptyExportForm(),
  market = STORES,
  send = () => Promise.resolve(),
}: { initial?: ExportFormValues; market?: MarketChoice; send?: () => Promise<unknown> } = {}) {
  const onSubmit = vi.fn<(p: ExportSettingInput) => Promise<unknown>>(send);
  const onError = vi.fn<(e: unknown) => void>();
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter>
        <ExportForm
          initial={initial}
          providers={PROVIDERS}
          categories={TREE}
          market={market}
          creating
          onSubmit={onSubmit}
          onError={onError}
          onCancel={() => undefined}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return Object.assign(onSubmit, { onError });
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** Clicks save and lets the (async) validation and sending run. */
const save = () => act(async () => void fireEvent.click(screen.getByTestId('export-save')));
const fillRequired = () => {
  type('export-name', 'Prom');
  type('export-short-name', 'Shop');
};
/** The payload of the `n`th request (after it was sent). */
async function sent(onSubmit: ReturnType<typeof setup>, n: number) {
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(n));
  return onSubmit.mock.calls[n - 1]![0];
}
const REQUIRED = "Поле обов'язкове для заповнення";

describe('ExportForm', () => {
  it('shows every option: formats from /providers, price sources, categories, extra fields, name format and interval', () => {
    setup();
    expect(screen.getByTestId('export-provider-yml').textContent).toContain('YML для Prom.ua та Horoshop');
    expect(screen.getByTestId('export-provider-rozetka').textContent).toContain('Rozetka');
    expect(screen.getByTestId<HTMLInputElement>('export-file-type-yml').checked).toBe(true);
    for (const s of ['recommended', 'drop_markup', 'recommended_markup', 'market']) expect(screen.getByTestId(`export-price-source-${s}`)).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('export-price-source-recommended').checked).toBe(true);
    expect(screen.queryByTestId('export-markup')).toBeNull();
    expect(screen.getByTestId('export-categories-summary').textContent).toBe('Весь каталог');
    expect(screen.getByTestId<HTMLSelectElement>('export-interval').value).toBe('1');
    expect([...screen.getByTestId<HTMLSelectElement>('export-interval').options].map((o) => o.textContent)).toEqual([
      'Щогодини',
      'Кожні 3 години',
      'Кожні 6 годин',
      'Кожні 12 годин',
      'Раз на добу',
    ]);
    expect(screen.getByLabelText(/Назва файлу/)).toBeTruthy();
    expect(screen.getByLabelText(/Коротка назва магазину/)).toBeTruthy();
  });

  it('checks the fields before sending, with the shared messages', async () => {
    const onSubmit = setup();
    await save();
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    expect(screen.getByTestId('export-name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('export-short-name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('export-form-invalid')).toBeTruthy();
    fillRequired();
    type('export-url', 'ftp://shop');
    type('export-price-from', '500');
    type('export-price-to', '100');
    await save();
    expect(await screen.findByText('Введіть адресу, що починається з http:// або https://')).toBeTruthy();
    expect(screen.getByText('Ціна «до» має бути не менше ціни «від»')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // Fixing a field clears its error; a new "from" checks the range again.
    type('export-url', 'https://shop.ua');
    await waitFor(() => expect(screen.queryByText('Введіть адресу, що починається з http:// або https://')).toBeNull());
    type('export-price-from', '50');
    await waitFor(() => expect(screen.queryByText('Ціна «до» має бути не менше ціни «від»')).toBeNull());
    expect(screen.queryByTestId('export-form-invalid')).toBeNull();
    await save();
    expect(await sent(onSubmit, 1)).toMatchObject({ price_from: 50, price_to: 100 });
  });

  it('sends the recommended source without markup or store, and the rest as typed', async () => {
    const onSubmit = setup();
    fillRequired();
    fireEvent.click(screen.getByTestId('export-file-type-rozetka'));
    type('export-company', ' ФОП Іваненко ');
    type('export-url', 'https://shop.ua');
    type('export-price-from', '99,5');
    fireEvent.change(screen.getByTestId('export-interval'), { target: { value: '6' } });
    await save();
    expect(await sent(onSubmit, 1)).toEqual({
      name: 'Prom',
      file_type: 'rozetka',
      shop: { short_name: 'Shop', company: 'ФОП Іваненко', url: 'https://shop.ua' },
      price_source: 'recommended',
      price_from: 99.5,
      price_to: null,
      categories: [],
      extra_fields: [],
      name_format: 'name',
      interval_hours: 6,
    });
  });

  it('asks for the markup with the markup sources and sends it only for them', async () => {
    const onSubmit = setup();
    fillRequired();
    fireEvent.click(screen.getByTestId('export-price-source-drop_markup'));
    await save();
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    type('export-markup', '1001');
    await save();
    expect(await screen.findByText('Значення має бути не більше 1000')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type('export-markup', '25,5');
    await save();
    expect(await sent(onSubmit, 1)).toMatchObject({ price_source: 'drop_markup', markup: 25.5 });
    fireEvent.click(screen.getByTestId('export-price-source-recommended_markup'));
    await save();
    expect(await sent(onSubmit, 2)).toMatchObject({ price_source: 'recommended_markup', markup: 25.5 });
    fireEvent.click(screen.getByTestId('export-price-source-recommended'));
    expect(screen.queryByTestId('export-markup')).toBeNull();
    await save();
    expect(await sent(onSubmit, 3)).not.toHaveProperty('markup');
  });

  it('offers the store source to a verified user with stores and sends the chosen store', async () => {
    const onSubmit = setup();
    fillRequired();
    fireEvent.click(screen.getByTestId('export-price-source-market'));
    const select = screen.getByTestId<HTMLSelectElement>('export-market');
    expect([...select.options].slice(1).map((o) => o.textContent)).toEqual(['Prom магазин', 'Rozetka магазин']);
    await save();
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // Another source takes the store's error with it.
    fireEvent.click(screen.getByTestId('export-price-source-recommended'));
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(screen.queryByTestId('export-form-invalid')).toBeNull();
    fireEvent.click(screen.getByTestId('export-price-source-market'));
    fireEvent.change(screen.getByTestId('export-market'), { target: { value: '8' } });
    await save();
    const payload = await sent(onSubmit, 1);
    expect(payload).toMatchObject({ price_source: 'market', market_id: 8 });
    expect(payload).not.toHaveProperty('markup');
  });

  it('keeps the store source off with a hint for unverified users and for users without stores', () => {
    setup({ market: { verified: false, markets: [] } });
    expect(screen.getByTestId<HTMLInputElement>('export-price-source-market').disabled).toBe(true);
    expect(screen.getByTestId('export-market-hint').textContent).toBe('Доступно лише верифікованим користувачам');
  });

  it('sends store-less verified users to the profile for a store', () => {
    setup({ market: { verified: true, markets: [] } });
    expect(screen.getByTestId<HTMLInputElement>('export-price-source-market').disabled).toBe(true);
    const hint = screen.getByTestId('export-market-hint');
    expect(hint.textContent).toContain('Спочатку створіть магазин у профілі');
    expect(within(hint).getByRole('link').getAttribute('href')).toBe('/dashboard/profile');
  });

  it('chooses categories: a parent covers its children, with a count and a clear button', async () => {
    const onSubmit = setup();
    fillRequired();
    fireEvent.click(screen.getByTestId('export-category-toggle-1'));
    fireEvent.click(screen.getByTestId('export-category-toggle-11'));
    fireEvent.click(screen.getByTestId('export-category-111'));
    fireEvent.click(screen.getByTestId('export-category-2'));
    expect(screen.getByTestId('export-categories-summary').textContent).toBe('Обрано 2 категорії');
    expect(screen.getByTestId<HTMLInputElement>('export-category-1').getAttribute('data-indeterminate')).toBe('true');
    // The parent takes over its chosen child, which is then shown included and locked.
    fireEvent.click(screen.getByTestId('export-category-1'));
    expect(screen.getByTestId<HTMLInputElement>('export-category-111').checked).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('export-category-111').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('export-category-12').checked).toBe(true);
    await save();
    expect((await sent(onSubmit, 1)).categories).toEqual([1, 2]);
    fireEvent.click(screen.getByTestId('export-categories-clear'));
    expect(screen.getByTestId('export-categories-summary').textContent).toBe('Весь каталог');
    await save();
    expect((await sent(onSubmit, 2)).categories).toEqual([]);
  });

  it('edits extra fields: add, type, remove, checks names, at most 30', async () => {
    const onSubmit = setup();
    fillRequired();
    fireEvent.click(screen.getByTestId('export-extra-add'));
    fireEvent.click(screen.getByTestId('export-extra-add'));
    fireEvent.click(screen.getByTestId('export-extra-add'));
    type('export-extra-0-param', 'Видалити');
    type('export-extra-1-param', 'Гарантія');
    type('export-extra-1-value', '12 міс');
    fireEvent.change(screen.getByTestId('export-extra-2-type'), { target: { value: 'field' } });
    type('export-extra-2-param', 'price');
    fireEvent.click(screen.getByTestId('export-extra-0-remove'));
    expect(screen.getAllByTestId('export-extra-row')).toHaveLength(2);
    await save();
    expect(await screen.findByText('Це поле файл заповнює сам: оберіть іншу назву')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // The error belongs to the row: removing the first row moves it up with its row.
    expect(screen.getByTestId('export-extra-1-param').getAttribute('aria-invalid')).toBe('true');
    type('export-extra-1-param', 'warranty');
    type('export-extra-1-value', '12');
    await save();
    expect((await sent(onSubmit, 1)).extra_fields).toEqual([
      { type: 'param', param: 'Гарантія', value: '12 міс' },
      { type: 'field', param: 'warranty', value: '12' },
    ]);
    for (let i = 2; i < MAX_FEED_EXTRA_FIELDS; i++) fireEvent.click(screen.getByTestId('export-extra-add'));
    expect(screen.getAllByTestId('export-extra-row')).toHaveLength(MAX_FEED_EXTRA_FIELDS);
    expect(screen.getByTestId<HTMLButtonElement>('export-extra-add').disabled).toBe(true);
    expect(screen.getByTestId('export-extra-limit').textContent).toBe('Не більше 30 полів');
    // Thirty rows of a form rendered in jsdom: a few seconds on a busy CI machine.
  }, 30_000);

  it('shows the offer name example for the chosen name format', async () => {
    const onSubmit = setup();
    expect(screen.getByTestId('export-name-example').textContent).toBe('Приклад: Каструля емальована 3 л');
    fireEvent.click(screen.getByTestId('export-name-format-name_vendor_code'));
    expect(screen.getByTestId('export-name-example').textContent).toBe('Приклад: Каструля емальована 3 л (KS-301)');
    fillRequired();
    await save();
    expect((await sent(onSubmit, 1)).name_format).toBe('name_vendor_code');
  });

  it("fills the form from a feed and shows the server's 422 errors under their fields", async () => {
    const initial = exportFormOf(
      feed(5, {
        name: 'Rozetka',
        file_type: 'rozetka',
        price_source: 'market',
        market_id: 7,
        categories: [11],
        extra_fields: [{ type: 'param', param: 'Колір', value: 'синій' }],
        name_format: 'name_vendor_code',
        interval_hours: 12,
      }),
    );
    const refused = new ApiError(422, 'Помилка', undefined, {
      'shop.url': ['Погана адреса'],
      'extra_fields.0.value': ['Погане значення'],
      'categories.0': ['Категорію не знайдено'],
      market_id: ['Магазин не знайдено'],
    });
    const onSubmit = setup({ initial, send: () => Promise.reject(refused) });
    expect(screen.getByTestId<HTMLInputElement>('export-name').value).toBe('Rozetka');
    expect(screen.getByTestId<HTMLInputElement>('export-file-type-rozetka').checked).toBe(true);
    expect(screen.getByTestId<HTMLSelectElement>('export-market').value).toBe('7');
    expect(screen.getByTestId<HTMLInputElement>('export-extra-0-value').value).toBe('синій');
    expect(screen.getByTestId<HTMLSelectElement>('export-interval').value).toBe('12');
    expect(screen.getByTestId('export-categories-summary').textContent).toBe('Обрано 1 категорію');
    await save();
    expect(await sent(onSubmit, 1)).toMatchObject({ name: 'Rozetka', market_id: 7, categories: [11] });
    expect(await screen.findByText('Погана адреса')).toBeTruthy();
    expect(screen.getByTestId('export-url').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Погане значення')).toBeTruthy();
    expect(screen.getByTestId('export-categories-error').textContent).toBe('Категорію не знайдено');
    expect(screen.getByText('Магазин не знайдено')).toBeTruthy();
    expect(screen.getByTestId('export-form-invalid')).toBeTruthy();
    expect(onSubmit.onError).not.toHaveBeenCalled();
    // Editing a field takes its server error away.
    type('export-url', 'https://shop.ua');
    await waitFor(() => expect(screen.queryByText('Погана адреса')).toBeNull());
  });

  it('hands other failures to the page and sends again after one', async () => {
    const onSubmit = setup({ send: () => Promise.reject(new ApiError(500, 'Збій')) });
    fillRequired();
    await save();
    await waitFor(() => expect(onSubmit.onError).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('export-form-invalid')).toBeNull();
    await save();
    await sent(onSubmit, 2);
  });

  it('sends once while the request is on its way (the save button waits)', async () => {
    let answer = () => undefined as void;
    const onSubmit = setup({ send: () => new Promise<void>((r) => (answer = r)) });
    fillRequired();
    await save();
    await sent(onSubmit, 1);
    const button = screen.getByTestId<HTMLButtonElement>('export-save');
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('export-cancel').disabled).toBe(true);
    await save();
    fireEvent.submit(screen.getByTestId('export-form'));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => answer());
    await waitFor(() => expect(button.disabled).toBe(false));
  });
});
