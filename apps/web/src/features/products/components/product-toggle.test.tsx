import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '../../../lib/i18n.ts';
import { reply, serve } from '../../../test/fetch-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import { ProductToggle, type ToggleKindName, type ToggleProduct } from './product-toggle.tsx';
import { SubscribeButton } from './subscribe-button.tsx';

const product = (over: Partial<ToggleProduct> = {}): ToggleProduct => ({ id: 7, code_id: 70, is_favorite: false, is_subscribed: false, ...over });
const toast = async () => (await screen.findByTestId('toast')).textContent;

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('uk'));
});

describe('ProductToggle: the heart and the bell', () => {
  const cases: [ToggleKindName, string, Partial<ToggleProduct>, string, string, string, string, string][] = [
    [
      'favorite',
      'favorite-button',
      { is_favorite: true },
      'Додати до обраних',
      'Видалити з обраних',
      'Товар додано до обраних',
      'Товар видалено з обраних',
      'favorite-products',
    ],
    [
      'subscribe',
      'subscribe-button',
      { is_subscribed: true },
      'Повідомити про надходження',
      'Скасувати повідомлення про надходження',
      "Ми повідомимо, коли товар з'явиться в наявності",
      'Повідомлення про надходження скасовано',
      'product-notifications',
    ],
  ];

  it.each(cases)('%s: off it adds (POST), disabled while it runs, and toasts', async (kind, testId, _on, offLabel, _onLabel, added, _removed, path) => {
    let release = () => undefined as void;
    const calls = serve(() => new Promise<Response>((r) => (release = () => void reply({ data: {} }, 201).then(r))));
    renderWithProviders(<ProductToggle kind={kind} product={product()} />);
    const button = screen.getByRole('button', { name: offLabel });
    expect(button.getAttribute('data-testid')).toBe(testId);
    expect(button.getAttribute('data-active')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId(testId).getAttribute('data-pending')).toBe('true'));
    expect(screen.getByTestId(testId)).toHaveProperty('disabled', true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: `/api/v1/${path}`, body: kind === 'favorite' ? { product_id: 7 } : { code_id: 70 } });
    release();
    expect(await toast()).toBe(added);
    await waitFor(() => expect(screen.getByTestId(testId).getAttribute('data-pending')).toBeNull());
  });

  it.each(cases)('%s: on it removes (DELETE) and toasts', async (kind, testId, on, _offLabel, onLabel, _added, removed, path) => {
    const calls = serve(() => reply(undefined, 204));
    renderWithProviders(<ProductToggle kind={kind} product={product(on)} />);
    const button = screen.getByRole('button', { name: onLabel });
    expect(button.getAttribute('data-active')).toBe('true');
    fireEvent.click(button);
    expect(await toast()).toBe(removed);
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: `/api/v1/${path}/${kind === 'favorite' ? 7 : 70}` });
    expect(screen.getByTestId(testId)).toHaveProperty('disabled', false);
  });

  it("a refusal toasts the API's message", async () => {
    serve(() => ({ status: 400, body: { message: 'Товар не знайдено' } }));
    renderWithProviders(<FavoriteButton product={product()} size="small" />);
    fireEvent.click(screen.getByTestId('favorite-button'));
    expect(await toast()).toBe('Товар не знайдено');
  });

  it('speaks Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    serve(() => undefined);
    renderWithProviders(
      <>
        <FavoriteButton product={product({ is_favorite: true })} />
        <SubscribeButton product={product()} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Удалить из избранного' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Сообщить о поступлении' })).toBeTruthy();
  });
});
