import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { buildConfigLists } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderPage } from './order-page.tsx';
import { json, order, type FetchFn } from '../../../test/fixtures/orders.ts';

const lists = buildConfigLists('uk');

describe('OrderPage and the language (issue 26, point 7)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('reads the order again in the new language: status names follow a switch without a reload', async () => {
    await act(() => i18n.changeLanguage('uk'));
    const fetchMock = vi.fn<FetchFn>((_url, init) => {
      const lang = new Headers(init?.headers).get('X-Localization');
      return Promise.resolve(json({ data: order({ status: 'Confirmed', status_name: lang === 'ru' ? 'Подтвержденный' : 'Підтверджене' }) }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OrderPage id={7} lists={lists} />);
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Підтверджене'));
    await act(() => i18n.changeLanguage('ru'));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Подтвержденный'));
    expect(fetchMock.mock.calls.some(([, init]) => new Headers(init?.headers).get('X-Localization') === 'ru')).toBe(true);
  });
});
