import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { buildConfigLists, type UserDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProfileMarkupCard } from './profile-markup-card.tsx';

const user = (is_drop_markup: boolean) =>
  ({ id: 1, name: 'Тест', email: 't@x.ua', markup: 20, is_drop_markup, auto_confirm_orders: false }) as unknown as UserDto;

/** /config as the API answers it, with the supplier's price floor on or off. */
function configWith(floor: boolean) {
  const fetchMock = vi.fn(async (url: string) =>
    url.includes('/config')
      ? new Response(JSON.stringify({ data: { ...buildConfigLists(i18n.language === 'ru' ? 'ru' : 'uk'), enforce_recommended_price: floor } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      : new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe("ProfileMarkupCard: the supplier's price floor (issue 26 p.1)", () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('floor on, markup from the drop price: says that prices below the recommended one are lifted to it', async () => {
    configWith(true);
    renderWithProviders(<ProfileMarkupCard user={user(true)} />);
    const hint = await screen.findByTestId('profile-markup-floor-hint');
    expect(hint.textContent).toBe(
      'Поки постачальник вимагає продавати не дешевше за рекомендовану ціну, ціни, які ваша націнка від оптової ціни дає нижчими за рекомендовану, піднімаються до неї — у каталозі, кошику та фідах.',
    );
  });

  it('floor on, markup from the recommended price: says nothing is lifted (ru)', async () => {
    await act(() => i18n.changeLanguage('ru'));
    configWith(true);
    renderWithProviders(<ProfileMarkupCard user={user(false)} />);
    const hint = await screen.findByTestId('profile-markup-floor-hint');
    expect(hint.textContent).toBe(
      'Поставщик требует продавать не дешевле рекомендованной цены: наценка от рекомендованной цены это требование уже выполняет, поэтому ни одна цена не поднимается.',
    );
  });

  it('floor on, ru, from the drop price', async () => {
    await act(() => i18n.changeLanguage('ru'));
    configWith(true);
    renderWithProviders(<ProfileMarkupCard user={user(true)} />);
    expect((await screen.findByTestId('profile-markup-floor-hint')).textContent).toContain(
      'цены, которые ваша наценка от оптовой цены даёт ниже рекомендованной, поднимаются до неё',
    );
  });

  it('floor off: no hint', async () => {
    const fetchMock = configWith(false);
    renderWithProviders(<ProfileMarkupCard user={user(true)} />);
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u.includes('/config'))).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByTestId('profile-markup')).toBeTruthy();
    expect(screen.queryByTestId('profile-markup-floor-hint')).toBeNull();
  });
});
