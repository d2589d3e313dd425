import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildConfigLists, type CategoryDto, type MarketInput, type ProductDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithUser } from '../../../test/render.tsx';
import { testUser, market } from '../../../test/fixtures/markets.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { emptyMarketForm, marketFormOf } from '../lib/market-form.ts';
import { MarketForm } from './market-form.tsx';

const cat = (id: number, name: string, child: CategoryDto[] = []) =>
  ({ id, name, name_uk: name, name_ru: name, image_url: null, icon: null, icon_color: null, child }) as unknown as CategoryDto;
const categories = [cat(1, 'Дім', [cat(11, 'Кухня', [cat(111, 'Посуд')])]), cat(2, 'Сад')];
const sample = { id: 5, name: 'Каструля', drop_price: 100, retail_price: 150, category_id: 111, parent_id: 11, root_id: 1 } as unknown as ProductDto;

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function setup({
  initial = emptyMarketForm(),
  send = () => Promise.resolve(),
}: { initial?: ReturnType<typeof emptyMarketForm>; send?: () => Promise<unknown> } = {}) {
  const onSubmit = vi.fn<(p: MarketInput) => Promise<unknown>>(send);
  const onError = vi.fn<(e: unknown) => void>();
  renderWithUser(
    <MarketForm initial={initial} categories={categories} sample={sample} onSubmit={onSubmit} onError={onError} onCancel={() => undefined} />,
    testUser(true),
  );
  return Object.assign(onSubmit, { onError });
}
/** Clicks save and lets the (async) validation and sending run. */
const save = () => act(async () => void fireEvent.click(screen.getByTestId('market-save')));

describe('MarketForm', () => {
  it('requires a name and a base markup and refuses bad percents, sending nothing', async () => {
    const onSubmit = setup();
    await save();
    expect(await screen.findAllByText("Поле обов'язкове для заповнення")).toHaveLength(2);
    expect(screen.getByTestId('market-name').getAttribute('aria-invalid')).toBe('true');
    type('market-name', 'Мій');
    type('market-base-markup', '1001');
    type('market-category-2', 'abc');
    await save();
    expect(await screen.findByText('Значення має бути не більше 1000')).toBeTruthy();
    expect(screen.getByText('Невірний формат значення')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // Fixing a field takes its error away.
    type('market-category-2', '');
    await waitFor(() => expect(screen.queryByText('Невірний формат значення')).toBeNull());
  });

  it('sends the name, base markup and only the filled category markups', async () => {
    const onSubmit = setup();
    type('market-name', '  Rozetka  ');
    fireEvent.click(screen.getByTestId('market-base-type-2'));
    type('market-base-markup', '15');
    fireEvent.click(screen.getByTestId('market-category-toggle-1'));
    type('market-category-11', '5,5');
    type('market-category-2', '');
    await save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Rozetka', base_markup: { type: 2, markup: 15 }, catalog_markup: [{ id: 11, markup: 5.5 }] }),
    );
  });

  it('previews the sample price with the current values (most specific category wins)', () => {
    setup();
    type('market-base-markup', '10');
    expect(screen.getByTestId('market-sample').textContent).toContain('110.00');
    fireEvent.click(screen.getByTestId('market-category-toggle-1'));
    type('market-category-1', '30');
    expect(screen.getByTestId('market-sample').textContent).toContain('130.00');
    type('market-category-11', '50');
    expect(screen.getByTestId('market-sample').textContent).toContain('150.00');
    fireEvent.click(screen.getByTestId('market-base-type-2'));
    expect(screen.getByTestId('market-sample').textContent).toContain('225.00');
  });

  it("fills the form from a store and shows the server's 422 errors under their fields", async () => {
    const initial = marketFormOf({ ...market(3, 'Prom'), catalog_markup: [{ id: 2, markup: 7 }] });
    const refused = new ApiError(422, 'Помилка', undefined, { name: ['Такий магазин вже є'], 'catalog_markup.0.markup': ['Погана націнка'] });
    const onSubmit = setup({ initial, send: () => Promise.reject(refused) });
    expect(screen.getByTestId<HTMLInputElement>('market-name').value).toBe('Prom');
    expect(screen.getByTestId<HTMLInputElement>('market-category-2').value).toBe('7');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Такий магазин вже є')).toBeTruthy();
    expect(screen.getByText('Погана націнка')).toBeTruthy();
    expect(screen.getByTestId('market-category-2').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit.onError).not.toHaveBeenCalled();
  });

  it('sends once while the request is on its way, and hands other failures to the page', async () => {
    let fail = (_e: unknown) => undefined as void;
    const onSubmit = setup({ initial: marketFormOf(market(3, 'Prom')), send: () => new Promise((_r, reject) => (fail = reject)) });
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId<HTMLButtonElement>('market-save').disabled).toBe(true);
    await save();
    fireEvent.submit(screen.getByTestId('market-form'));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => fail(new ApiError(500, 'Збій')));
    await waitFor(() => expect(onSubmit.onError).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId<HTMLButtonElement>('market-save').disabled).toBe(false);
  });

  describe("the supplier's price floor (issue 26 p.1)", () => {
    /** /config as the API answers it, with the floor on or off. */
    const configWith = (floor: boolean) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) =>
          url.includes('/config')
            ? new Response(JSON.stringify({ data: { ...buildConfigLists(i18n.language === 'ru' ? 'ru' : 'uk'), enforce_recommended_price: floor } }), {
                status: 200,
                headers: { 'Content-Type': 'application/json' },
              })
            : new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } }),
        ),
      );
    afterEach(async () => {
      vi.unstubAllGlobals();
      await act(() => i18n.changeLanguage('uk'));
    });

    it('floor on: the example is lifted to the recommended price and says so; the hint names the lifted prices', async () => {
      configWith(true);
      setup();
      type('market-base-markup', '10');
      await waitFor(() => expect(screen.getByTestId('market-sample').textContent).toContain('ціна продажу 150.00 грн.'));
      expect(screen.getByTestId('market-sample-lifted').textContent).toBe('Піднято до рекомендованої ціни 150.00 грн.');
      expect(screen.getByTestId('market-floor-hint').textContent).toBe(
        'Поки постачальник вимагає продавати не дешевше за рекомендовану ціну, ціни, які націнки магазину від дроп-ціни дають нижчими за рекомендовану, піднімаються до неї — у каталозі, кошику та фідах.',
      );
      // A markup that already gives more than the recommended price is not lifted.
      type('market-base-markup', '60');
      expect(screen.getByTestId('market-sample').textContent).toContain('ціна продажу 160.00 грн.');
      expect(screen.queryByTestId('market-sample-lifted')).toBeNull();
      // From the recommended price nothing is lifted, and the hint says so.
      type('market-base-markup', '10');
      fireEvent.click(screen.getByTestId('market-base-type-2'));
      expect(screen.getByTestId('market-sample').textContent).toContain('ціна продажу 165.00 грн.');
      expect(screen.queryByTestId('market-sample-lifted')).toBeNull();
      expect(screen.getByTestId('market-floor-hint').textContent).toContain('цю вимогу вже виконують');
    });

    it('floor on, ru: the lift and the hint are in Russian', async () => {
      await act(() => i18n.changeLanguage('ru'));
      configWith(true);
      setup();
      type('market-base-markup', '20');
      expect(await screen.findByTestId('market-sample-lifted')).toHaveProperty('textContent', 'Поднято до рекомендованной цены 150.00 грн.');
      expect(screen.getByTestId('market-sample').textContent).toContain('цена продажи 150.00 грн.');
      expect(screen.getByTestId('market-floor-hint').textContent).toContain('Пока поставщик требует продавать не дешевле рекомендованной цены');
    });

    it('floor off: nothing is lifted and there is no hint', async () => {
      configWith(false);
      setup();
      type('market-base-markup', '10');
      await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/config'))).toBe(true));
      await act(() => new Promise((r) => setTimeout(r, 20)));
      expect(screen.getByTestId('market-sample').textContent).toContain('ціна продажу 110.00 грн.');
      expect(screen.queryByTestId('market-sample-lifted')).toBeNull();
      expect(screen.queryByTestId('market-floor-hint')).toBeNull();
    });
  });
});
