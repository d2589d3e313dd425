import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { StaffRole, WorklistCountsDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { clearToken } from '../../../lib/auth-token.ts';
import { AdminShell } from '../components/admin-shell.tsx';
import { renderAt, serve, setDesktop, signedIn } from '../test-utils.tsx';
import ru from '../locales/ru.json';
import uk from '../locales/uk.json';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { WORKLIST_POLL_MS, visibleWorklists, worklistPath } from './api.ts';

const shell = (role: StaffRole) => (
  <AdminShell user={signedIn(role)}>
    <div />
  </AdminShell>
);

/** What each role's navigation lists as worklists (written out, not read from WORKLIST_AREAS). */
const SEES: Record<StaffRole, string[]> = {
  admin: ['to_confirm', 'to_pack', 'to_ship', 'trouble', 'onec_failed', 'topups', 'withdrawals'],
  manager: ['to_confirm', 'to_pack', 'to_ship', 'trouble', 'onec_failed'],
  accountant: ['trouble', 'topups', 'withdrawals'],
  warehouse: ['to_confirm', 'to_pack', 'to_ship', 'trouble'],
};

describe('worklist counters in the navigation', () => {
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    clearToken();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('locales: uk and ru have the same keys', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it.each(Object.keys(SEES) as StaffRole[])('%s: only the worklists the role sees, each a link with its counter', async (role) => {
    setDesktop(true);
    const counts: WorklistCountsDto = Object.fromEntries(SEES[role].map((w, i) => [w, i + 2]));
    serve((c) => (c.path === '/api/v1/admin/worklists' ? { data: counts } : undefined));
    renderAt(shell(role), '/admin/orders', '/admin/*', role);
    const nav = screen.getByTestId('admin-nav');
    await waitFor(() => expect(within(nav).getAllByTestId(/^worklist-count-/)).toHaveLength(SEES[role].length));
    expect(visibleWorklists(role)).toEqual(SEES[role]);
    const links = within(nav).getAllByTestId(/^worklist-link-/);
    expect(links.map((l) => l.dataset.testid!.replace('worklist-link-', ''))).toEqual(SEES[role]);
    for (const l of links) expect(l.getAttribute('href')).toBe(worklistPath(l.dataset.testid!.replace('worklist-link-', '') as never));
    // No sum on the section line: an order in two worklists would be counted twice.
    expect(within(nav).queryByTestId(/^worklist-section-count-/)).toBeNull();
  });

  it('warehouse: the links open the list filtered to the worklist; the badge reads "12 замовлень до відправки" (uk, ru)', async () => {
    setDesktop(true);
    serve((c) => (c.path === '/api/v1/admin/worklists' ? { data: { to_confirm: 1, to_pack: 3, to_ship: 12, trouble: 0 } } : undefined));
    renderAt(shell('warehouse'), '/admin/orders?view=list&worklist=to_ship', '/admin/*', 'warehouse');
    const link = await screen.findByTestId('worklist-link-to_ship');
    await waitFor(() => expect(link.dataset.count).toBe('12'));
    expect(link.getAttribute('href')).toBe('/admin/orders?view=list&worklist=to_ship');
    expect(link.getAttribute('aria-current')).toBe('page');
    // One current page: the worklist's link, not its section as well.
    expect(screen.getByTestId('admin-nav-orders').getAttribute('aria-current')).toBeNull();
    expect(within(screen.getByTestId('admin-nav')).getAllByRole('group', { name: 'Робочі черги' })).toHaveLength(1);
    expect(link.textContent).toContain('До відправки (без ТТН)');
    expect(within(link).getByTestId('worklist-count-to_ship').textContent).toBe('1212 замовлень до відправки');
    expect(within(screen.getByTestId('worklist-link-to_confirm')).getByTestId('worklist-count-to_confirm').textContent).toContain(
      '1 замовлення до підтвердження',
    );
    expect(within(screen.getByTestId('worklist-link-to_pack')).getByTestId('worklist-count-to_pack').textContent).toContain('3 замовлення до комплектації');
    expect(screen.queryByTestId('worklist-link-onec_failed')).toBeNull();
    expect(screen.queryByTestId('worklist-link-topups')).toBeNull();
    await act(() => i18n.changeLanguage('ru'));
    expect(within(link).getByTestId('worklist-count-to_ship').textContent).toContain('12 заказов к отправке');
    expect(link.textContent).toContain('К отправке (без ТТН)');
  });

  it('accountant: the money worklists link to the money page with its tab and status', async () => {
    setDesktop(true);
    serve((c) => (c.path === '/api/v1/admin/worklists' ? { data: { trouble: 2, topups: 5, withdrawals: 1 } } : undefined));
    renderAt(shell('accountant'), '/admin/money', '/admin/*', 'accountant');
    const topups = await screen.findByTestId('worklist-link-topups');
    await waitFor(() => expect(topups.dataset.count).toBe('5'));
    expect(topups.getAttribute('href')).toBe('/admin/money?tab=topups&status=Pending');
    expect(topups.getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('worklist-link-withdrawals').getAttribute('href')).toBe('/admin/money?tab=withdrawals&status=New');
    expect(screen.getByTestId('worklist-count-topups').textContent).toContain('5 поповнень на перевірку');
    expect(screen.getByTestId('worklist-count-withdrawals').textContent).toContain('1 виплата до оплати');
  });

  it('mobile: the drawer lists the worklists too', async () => {
    setDesktop(false);
    serve((c) => (c.path === '/api/v1/admin/worklists' ? { data: { to_confirm: 1, to_pack: 3, to_ship: 12, trouble: 0 } } : undefined));
    renderAt(shell('warehouse'), '/admin/orders', '/admin/*', 'warehouse');
    const drawer = screen.getByTestId('admin-nav-drawer');
    await waitFor(() => expect(within(drawer).getByTestId('worklist-link-to_ship').dataset.count).toBe('12'));
  });

  it('refreshes at once after any mutation in the back office, and polls while the tab is visible', async () => {
    setDesktop(true);
    let toShip = 12;
    const calls = serve((c) => (c.path === '/api/v1/admin/worklists' ? { data: { to_confirm: 0, to_pack: 0, to_ship: toShip, trouble: 0 } } : undefined));
    const { client } = renderAt(shell('warehouse'), '/admin/orders', '/admin/*', 'warehouse');
    const link = await screen.findByTestId('worklist-link-to_ship');
    await waitFor(() => expect(link.dataset.count).toBe('12'));
    const asked = () => calls.filter((c) => c.path === '/api/v1/admin/worklists').length;
    const before = asked();
    // Any mutation (here one a page would run, e.g. a waybill made) refetches the counters.
    toShip = 11;
    await act(() =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.resolve('done') })
        .execute(undefined),
    );
    await waitFor(() => expect(link.dataset.count).toBe('11'));
    expect(asked()).toBe(before + 1);
    expect(WORKLIST_POLL_MS).toBe(20_000);
  });

  it('polls every 20 s while the tab is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setDesktop(true);
    let toShip = 12;
    const calls = serve((c) => (c.path === '/api/v1/admin/worklists' ? { data: { to_confirm: 0, to_pack: 0, to_ship: toShip, trouble: 0 } } : undefined));
    renderAt(shell('warehouse'), '/admin/orders', '/admin/*', 'warehouse');
    const link = await screen.findByTestId('worklist-link-to_ship');
    await waitFor(() => expect(link.dataset.count).toBe('12'));
    const asked = () => calls.filter((c) => c.path === '/api/v1/admin/worklists').length;
    const before = asked();
    toShip = 9;
    await act(() => vi.advanceTimersByTimeAsync(WORKLIST_POLL_MS - 1000));
    expect(asked()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(link.dataset.count).toBe('9'));
    expect(asked()).toBe(before + 1);
  });
});
