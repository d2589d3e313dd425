import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationDto } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { NotificationsButton } from './notifications-button.tsx';
import { reply, stubFetch } from '../../../test/fetch-stub.ts';

const note = (id: number, title: string, read = false): NotificationDto => ({
  id,
  kind: 'broadcast',
  created_at: '2025-03-04T10:05:00',
  read_at: read ? '2025-03-04T11:00:00' : null,
  data: { title, message: `Текст сповіщення ${id}. `.repeat(20) },
});

let store: NotificationDto[] = [];
const unread = () => store.filter((n) => n.read_at === null).length;

const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://x');
  const method = init?.method ?? 'GET';
  if (method === 'GET' && pathname === '/api/v1/notifications') return reply({ data: store, count: unread() });
  if (method === 'DELETE' && pathname === '/api/v1/notifications/') {
    store = [];
    return reply({ data: { count: 0 } });
  }
  const one = /^\/api\/v1\/notifications\/(\d+)$/.exec(pathname);
  if (method === 'DELETE' && one) {
    store = store.filter((n) => n.id !== Number(one[1]));
    return reply({ data: { count: unread() } });
  }
  return reply({ message: 'not found' }, 404);
});

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([u, i]) => (i?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === path).length;
const badge = () => screen.getByTestId('notifications-badge');
const bell = () => screen.getByTestId('notifications-button');

describe('NotificationsButton', () => {
  beforeEach(() => {
    store = [note(3, 'Товар знову в наявності'), note(2, 'Акаунт верифіковано'), note(1, 'Стара новина', true)];
    fetchMock.mockClear();
    stubFetch(fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count from one load and names it for screen readers', async () => {
    renderWithProviders(<NotificationsButton />);
    await waitFor(() => expect(badge().textContent).toBe('2'));
    expect(badge().className).not.toContain('MuiBadge-invisible');
    expect(bell().getAttribute('aria-label')).toBe('Сповіщення, непрочитаних: 2');
    expect(calls('GET', '/api/v1/notifications')).toBe(1);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.searchParams.get('limit')).toBe('50');
  });

  it('hides the badge at 0 and shows the empty state', async () => {
    store = [];
    renderWithProviders(<NotificationsButton />);
    await waitFor(() => expect(calls('GET', '/api/v1/notifications')).toBe(1));
    await waitFor(() => expect(badge().className).toContain('MuiBadge-invisible'));
    expect(bell().getAttribute('aria-label')).toBe('Сповіщення');
    fireEvent.click(bell());
    expect(await screen.findByText('Нових сповіщень немає')).toBeTruthy();
    expect(screen.queryByTestId('notification-item')).toBeNull();
    expect(screen.queryByTestId('notifications-delete-all')).toBeNull();
  });

  it('reloads the list each time the popover opens, with skeletons meanwhile', async () => {
    renderWithProviders(<NotificationsButton />);
    await waitFor(() => expect(badge().textContent).toBe('2'));
    fireEvent.click(bell());
    expect(screen.getByTestId('notifications-skeleton')).toBeTruthy();
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(3);
    expect(calls('GET', '/api/v1/notifications')).toBe(2);
    const popover = screen.getByTestId('notifications-popover');
    expect(within(popover).getByRole('heading', { name: 'Сповіщення' })).toBeTruthy();
    expect(within(popover).getByRole('list', { name: 'Список сповіщень' })).toBeTruthy();
    const [first, , last] = screen.getAllByTestId('notification-item');
    expect(first?.getAttribute('data-unread')).toBe('true');
    expect(last?.getAttribute('data-unread')).toBe('false');
    expect(first?.textContent).toContain('Товар знову в наявності');
    expect(first?.textContent).toContain('04.03.2025 10:05');

    fireEvent.keyDown(popover, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('notifications-popover')).toBeNull());
    store = [note(4, 'Нове надходження'), ...store];
    fireEvent.click(bell());
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(4);
    expect(calls('GET', '/api/v1/notifications')).toBe(3);
    expect(badge().textContent).toBe('3');
  });

  it('opening an item deletes it on the server, shows it in a dialog and lowers the badge', async () => {
    renderWithProviders(<NotificationsButton />);
    await waitFor(() => expect(badge().textContent).toBe('2'));
    fireEvent.click(bell());
    const items = await screen.findAllByTestId('notification-item');
    fireEvent.click(items[1]!);
    const dialog = await screen.findByTestId('notification-dialog');
    expect(within(dialog).getByRole('dialog', { name: 'Акаунт верифіковано' })).toBeTruthy();
    expect(dialog.textContent).toContain('Текст сповіщення 2.');
    expect(dialog.textContent).toContain('04.03.2025 10:05');
    await waitFor(() => expect(calls('DELETE', '/api/v1/notifications/2')).toBe(1));
    await waitFor(() => expect(badge().textContent).toBe('1'));
    expect(screen.getAllByTestId('notification-item')).toHaveLength(2);
    expect(screen.queryByText('Акаунт верифіковано', { selector: '.MuiListItemText-primary' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрити' }));
    await waitFor(() => expect(screen.queryByTestId('notification-dialog')).toBeNull());
    // The popover stays open for the next item, with the focus in it (the read item is gone), so
    // Escape closes it.
    const popover = screen.getByTestId('notifications-popover');
    await waitFor(() => expect(document.activeElement).toBe(popover));
    fireEvent.keyDown(popover, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('notifications-popover')).toBeNull());
  });

  it('"Видалити всі" asks first; cancel sends nothing and keeps the list', async () => {
    renderWithProviders(<NotificationsButton />);
    await waitFor(() => expect(badge().textContent).toBe('2'));
    fireEvent.click(bell());
    await screen.findAllByTestId('notification-item');
    fireEvent.click(screen.getByTestId('notifications-delete-all'));
    const dialog = await screen.findByTestId('notifications-delete-all-dialog');
    expect(within(dialog).getByText('Видалити всі сповіщення?')).toBeTruthy();
    expect(dialog.textContent).toContain('Усі сповіщення (усього 3) буде видалено');
    expect(calls('DELETE', '/api/v1/notifications/')).toBe(0);
    fireEvent.click(screen.getByTestId('notifications-delete-all-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('notifications-delete-all-dialog')).toBeNull());
    expect(calls('DELETE', '/api/v1/notifications/')).toBe(0);
    expect(screen.getAllByTestId('notification-item')).toHaveLength(3);
    expect(badge().textContent).toBe('2');
  });

  it('"Видалити всі" deletes everything once confirmed, sets the badge to 0 and closes the popover', async () => {
    renderWithProviders(<NotificationsButton />);
    await waitFor(() => expect(badge().textContent).toBe('2'));
    fireEvent.click(bell());
    await screen.findAllByTestId('notification-item');
    const button = screen.getByTestId('notifications-delete-all');
    expect(button.textContent).toBe('Видалити всі');
    fireEvent.click(button);
    fireEvent.click(await screen.findByTestId('notifications-delete-all-dialog-confirm'));
    await waitFor(() => expect(calls('DELETE', '/api/v1/notifications/')).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('notifications-popover')).toBeNull());
    expect(badge().className).toContain('MuiBadge-invisible');
    expect(bell().getAttribute('aria-label')).toBe('Сповіщення');
  });
});
