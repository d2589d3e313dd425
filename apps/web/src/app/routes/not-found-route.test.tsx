import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { i18n } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NotFoundRoute } from './not-found-route.tsx';

describe('NotFoundRoute', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('uk'));
  });

  it('shows 404, the Ukrainian text and a link home', () => {
    renderWithProviders(<NotFoundRoute />, { route: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeTruthy();
    expect(screen.getByText('Сторінку не знайдено')).toBeTruthy();
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/');
  });

  it('switches to Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderWithProviders(<NotFoundRoute />);
    expect(screen.getByText('Страница не найдена')).toBeTruthy();
    expect(document.documentElement.lang).toBe('ru');
  });
});
