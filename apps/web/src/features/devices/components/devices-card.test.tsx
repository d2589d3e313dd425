import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeviceDto } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { DevicesCard } from './devices-card.tsx';
import { reply, stubFetch } from '../../../test/fetch-stub.ts';

const device = (id: number, name: string, is_current = false): DeviceDto => ({
  id,
  name,
  ip_address: '10.0.0.1',
  used_at: '2025-03-04T10:05:00',
  created_at: '2025-03-01T10:05:00',
  is_current,
});

let list: DeviceDto[] = [];

const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://x');
  const method = init?.method ?? 'GET';
  if (method === 'GET' && pathname === '/api/v1/user-devices') return reply({ data: list });
  const one = /^\/api\/v1\/user-devices\/(\d+)$/.exec(pathname);
  if (method === 'DELETE' && one) {
    list = list.filter((d) => d.id !== Number(one[1]));
    return reply(undefined, 204);
  }
  return reply({ message: 'not found' }, 404);
});

const deletes = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'DELETE').length;

describe('DevicesCard', () => {
  beforeEach(() => {
    list = [device(1, 'Chrome на Windows', true), device(2, 'Safari на iPhone')];
    fetchMock.mockClear();
    stubFetch(fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks before signing out another device; cancel sends nothing, confirm signs it out', async () => {
    const onCurrent = vi.fn();
    renderWithProviders(<DevicesCard onCurrentSignedOut={onCurrent} />);
    await screen.findAllByTestId('device-item');
    fireEvent.click(screen.getByTestId('device-sign-out-2'));
    const dialog = await screen.findByTestId('device-sign-out-dialog');
    expect(within(dialog).getByText('Вийти на пристрої?')).toBeTruthy();
    expect(dialog.textContent).toContain('Safari на iPhone');
    expect(deletes()).toBe(0);

    fireEvent.click(screen.getByTestId('device-sign-out-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('device-sign-out-dialog')).toBeNull());
    expect(deletes()).toBe(0);

    fireEvent.click(screen.getByTestId('device-sign-out-2'));
    fireEvent.click(await screen.findByTestId('device-sign-out-dialog-confirm'));
    await waitFor(() => expect(deletes()).toBe(1));
    expect(await screen.findByText('Пристрій відключено')).toBeTruthy();
    expect(onCurrent).not.toHaveBeenCalled();
  });

  it('for the current device says you will be signed out here, and signs out only when confirmed', async () => {
    const onCurrent = vi.fn();
    renderWithProviders(<DevicesCard onCurrentSignedOut={onCurrent} />);
    await screen.findAllByTestId('device-item');
    fireEvent.click(screen.getByTestId('device-sign-out-1'));
    const dialog = await screen.findByTestId('device-sign-out-dialog');
    expect(within(dialog).getByText('Вийти на цьому пристрої?')).toBeTruthy();
    expect(dialog.textContent).toContain('вас буде виведено з кабінету тут');
    expect(deletes()).toBe(0);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('device-sign-out-dialog')).toBeNull());
    expect(deletes()).toBe(0);
    expect(onCurrent).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('device-sign-out-1'));
    fireEvent.click(await screen.findByTestId('device-sign-out-dialog-confirm'));
    await waitFor(() => expect(onCurrent).toHaveBeenCalledTimes(1));
    expect(deletes()).toBe(1);
  });

  it('the sign-out button says "on this device" only for the current one; the others name their device', async () => {
    renderWithProviders(<DevicesCard onCurrentSignedOut={vi.fn()} />);
    await screen.findAllByTestId('device-item');
    const current = screen.getByTestId('device-sign-out-1');
    const other = screen.getByTestId('device-sign-out-2');
    // The tooltip's title is the wrapper's accessible label; the button carries the same words.
    expect(current.parentElement?.getAttribute('aria-label')).toBe('Вийти на цьому пристрої');
    expect(current.getAttribute('aria-label')).toBe('Вийти на цьому пристрої');
    expect(other.parentElement?.getAttribute('aria-label')).toBe('Вийти на пристрої Safari на iPhone');
    expect(other.getAttribute('aria-label')).toBe('Вийти на пристрої Safari на iPhone');
  });
});
