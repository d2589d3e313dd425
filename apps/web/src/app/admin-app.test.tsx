import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS, type StaffRole } from '@drop/shared';
import { AppProviders } from '../test/render.tsx';
import { routes } from './router.tsx';
import { clearToken, setToken } from '../lib/auth-token.ts';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AdminApp } from '../features/admin/admin-app.tsx';
import { ADMIN_SECTIONS } from '../features/admin/sections.tsx';
import { page, renderAt, serve, setDesktop, user } from '../features/admin/test-utils.tsx';

// The orders section (a large lazy chunk of its own, tested in orders/) stands in as a stub here:
// these tests are about the guard, the navigation and the redirects.
vi.mock('../features/admin/orders/orders-section.tsx', () => ({ default: () => <div data-testid="orders-section-stub" /> }));

const STAFF: StaffRole[] = ['admin', 'manager', 'accountant', 'warehouse'];
/** What each role's navigation lists, in order (issue 27 p.2, printing issue 28; written out, not read from STAFF_ACCESS). */
const NAV: Record<StaffRole, string[]> = {
  admin: ['orders', 'printing', 'catalog', 'content', 'onec', 'novaposhta', 'users', 'money', 'reports', 'staff', 'audit'],
  manager: ['orders', 'printing', 'catalog', 'content', 'onec', 'novaposhta', 'users', 'reports'],
  accountant: ['orders', 'printing', 'users', 'money', 'reports'],
  warehouse: ['orders', 'printing'],
};
const ROLE_WORDS: Record<StaffRole, string> = { admin: 'Адміністратор', manager: 'Менеджер', accountant: 'Бухгалтер', warehouse: 'Склад' };

describe('AdminApp (the /admin guard and shell)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    clearToken();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('shows a reseller the no-access page and asks nothing of the admin API', async () => {
    const calls = serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(5) } : undefined));
    renderAt(<AdminApp />, '/admin/users', '/admin/*', null);
    expect(await screen.findByTestId('admin-no-access')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Немає доступу' })).toBeTruthy();
    expect(screen.getByTestId('admin-no-access-back').getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('admin-shell')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/v1/admin'))).toEqual([]);
  });

  it('shows the no-access page in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(5) } : undefined));
    renderAt(<AdminApp />, '/admin', '/admin/*', null);
    expect(await screen.findByRole('heading', { name: 'Нет доступа' })).toBeTruthy();
  });

  it('gives a manager the shell: name, role in words, their sections in the side navigation, the first section at /admin', async () => {
    setDesktop(true);
    serve((c) => {
      if (c.path === '/api/v1/auth/user') return { data: user(1, { role: 'manager', name: 'Олена Менеджер' }) };
      if (c.path === '/api/v1/admin/users') return page([user(7)]);
      return undefined;
    });
    renderAt(<AdminApp />, '/admin', '/admin/*', null);
    expect(await screen.findByTestId('admin-shell')).toBeTruthy();
    expect(screen.getByTestId('admin-user-name').textContent).toBe('Олена Менеджер');
    expect(screen.getByTestId('admin-user-role').textContent).toBe('Менеджер');
    const nav = screen.getByTestId('admin-nav');
    for (const s of ADMIN_SECTIONS.filter((x) => NAV.manager.includes(x.path)))
      expect(within(nav).getByTestId(`admin-nav-${s.path}`).getAttribute('href')).toBe(`/admin/${s.path}`);
    expect(within(nav).getByText('Реселери')).toBeTruthy();
    expect(within(nav).queryByText('Гроші')).toBeNull();
    expect(within(nav).queryByText('Журнал дій')).toBeNull();
    // /admin goes to the first section, which loads lazily.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders'));
    expect(await screen.findByTestId('orders-section-stub')).toBeTruthy();
    expect(screen.getByTestId('admin-to-dashboard').getAttribute('href')).toBe('/dashboard');
    expect(within(nav).getByTestId('admin-nav-orders').getAttribute('aria-current')).toBe('page');
  });

  describe.each(STAFF)('the %s', (role) => {
    it('sees exactly the sections the role may open, and the role in words', async () => {
      setDesktop(true);
      serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(1, { role }) } : undefined));
      renderAt(<AdminApp />, '/admin/no-such-section', '/admin/*', null);
      const nav = await screen.findByTestId('admin-nav');
      // The sections' own links (the worklists' sub-links under Orders and Money are tested with them).
      const shown = within(nav)
        .getAllByRole('link')
        .filter((a) => a.dataset.testid?.startsWith('admin-nav-'))
        .map((a) => a.getAttribute('href'));
      expect(shown).toEqual(NAV[role].map((p) => `/admin/${p}`));
      expect(screen.getByTestId('admin-user-role').textContent).toBe(ROLE_WORDS[role]);
      // An unknown path: not found, and its link goes to the first section the role may open.
      expect(screen.getByTestId('admin-not-found-back').getAttribute('href')).toBe(`/admin/${NAV[role][0]}`);
    });
  });

  it('names the roles in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    setDesktop(true);
    serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(1, { role: 'admin' }) } : undefined));
    renderAt(<AdminApp />, '/admin/no-such-section', '/admin/*', null);
    expect((await screen.findByTestId('admin-user-role')).textContent).toBe('Администратор');
    expect(within(screen.getByTestId('admin-nav')).getByText('Сотрудники')).toBeTruthy();
  });

  it.each([
    ['warehouse', '/admin/money', '/api/v1/admin/payments', 'Склад'],
    ['manager', '/admin/audit', '/api/v1/admin/audit', 'Менеджер'],
    ['accountant', '/admin/catalog/products', '/api/v1/admin/catalog', 'Бухгалтер'],
    ['warehouse', '/admin/users/7', '/api/v1/admin/users', 'Склад'],
  ] as const)('shows the %s who opens %s the no-access state inside the shell and asks nothing of that API', async (role, url, api, word) => {
    setDesktop(true);
    const calls = serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(1, { role }) } : undefined));
    renderAt(<AdminApp />, url, '/admin/*', null);
    const state = await screen.findByTestId('admin-section-no-access');
    expect(screen.getByTestId('admin-shell')).toBeTruthy();
    expect(within(state).getByRole('heading', { name: 'Немає доступу до розділу' })).toBeTruthy();
    expect(state.textContent).toContain(`Ваша роль (${word})`);
    expect(within(state).getByTestId('admin-section-no-access-back').getAttribute('href')).toBe('/admin/orders');
    expect(screen.getByTestId('location').textContent).toBe(url);
    // Let any lazy section settle: none may have asked its API.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path.startsWith(api))).toEqual([]);
  });

  it('lets a warehouse person open an order (the section their role may open)', async () => {
    serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(1, { role: 'warehouse' }) } : undefined));
    renderAt(<AdminApp />, '/admin/orders/15', '/admin/*', null);
    expect(await screen.findByTestId('orders-section-stub')).toBeTruthy();
    expect(screen.queryByTestId('admin-section-no-access')).toBeNull();
  });

  it('shows an unknown back-office path as not found inside the shell', async () => {
    serve((c) => (c.path === '/api/v1/auth/user' ? { data: user(1, { role: 'admin' }) } : undefined));
    renderAt(<AdminApp />, '/admin/no-such-section', '/admin/*', null);
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

  it('lets a signed-in accountant through the app router to the back office', async () => {
    setToken('staff-token');
    serve((c) => {
      if (c.path === '/api/v1/auth/user') return { data: user(1, { role: 'accountant' }) };
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
