import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS } from '@drop/shared';
import { AppProviders } from '../../app/providers.tsx';
import { routes } from '../../app/router.tsx';
import { clearToken, setToken } from '../../lib/auth-token.ts';
import { i18n } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { AdminApp } from './admin-app.tsx';
import { ADMIN_SECTIONS } from './sections.tsx';
import { page, renderAt, serve, setDesktop, user } from './test-utils.tsx';

describe('AdminApp (the /admin guard and shell)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    clearToken();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('shows a reseller the no-access page and asks nothing of the admin API', async () => {
    const calls = serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(5) } : undefined));
    renderAt(<AdminApp />, '/admin/users', '/admin/*');
    expect(await screen.findByTestId('admin-no-access')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Немає доступу' })).toBeTruthy();
    expect(screen.getByTestId('admin-no-access-back').getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('admin-shell')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/v1/admin'))).toEqual([]);
  });

  it('shows the no-access page in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(5) } : undefined));
    renderAt(<AdminApp />, '/admin', '/admin/*');
    expect(await screen.findByRole('heading', { name: 'Нет доступа' })).toBeTruthy();
  });

  it('gives an operator the shell: name, role, the sections in the side navigation, the first section at /admin', async () => {
    setDesktop(true);
    serve((c) => {
      if (c.path === '/api/v1/auth/user') return { data: user(1, { role: 'operator', name: 'Олена Оператор' }) };
      if (c.path === '/api/v1/admin/users') return page([user(7)]);
      return undefined;
    });
    renderAt(<AdminApp />, '/admin', '/admin/*');
    expect(await screen.findByTestId('admin-shell')).toBeTruthy();
    expect(screen.getByTestId('admin-user-name').textContent).toBe('Олена Оператор');
    expect(screen.getByTestId('admin-user-role').textContent).toBe('Оператор');
    const nav = screen.getByTestId('admin-nav');
    for (const s of ADMIN_SECTIONS) expect(within(nav).getByTestId(`admin-nav-${s.path}`).getAttribute('href')).toBe(`/admin/${s.path}`);
    expect(within(nav).getByText('Реселери')).toBeTruthy();
    expect(within(nav).getByText('Гроші')).toBeTruthy();
    expect(within(nav).getByText('Журнал дій')).toBeTruthy();
    // /admin goes to the first section, which loads lazily.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/admin/${ADMIN_SECTIONS[0]!.path}`));
    expect(screen.getByTestId('admin-to-dashboard').getAttribute('href')).toBe('/dashboard');
    expect(within(nav).getByTestId(`admin-nav-${ADMIN_SECTIONS[0]!.path}`).getAttribute('aria-current')).toBe('page');
  });

  it('shows an unknown back-office path as not found inside the shell', async () => {
    serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(1, { role: 'admin' }) } : undefined));
    renderAt(<AdminApp />, '/admin/no-such-section', '/admin/*');
    expect(await screen.findByTestId('admin-not-found')).toBeTruthy();
    expect(screen.getByTestId('admin-shell')).toBeTruthy();
  });

  it('sends a visitor without a token from /admin to /login (the app router)', async () => {
    serve(() => undefined);
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    clearToken();
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/money'] });
    render(
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lets a signed-in operator through the app router to the back office', async () => {
    setToken('operator-token');
    serve((c) => {
      if (c.path === '/api/v1/auth/user') return { data: user(1, { role: 'operator' }) };
      if (c.path === '/api/v1/admin/payments') return page([]);
      return undefined;
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/money'] });
    render(
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByTestId('admin-money-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/money');
  });
});
