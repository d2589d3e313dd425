import type { ReactElement, ReactNode } from 'react';
import { render, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { UserDto } from '@drop/shared';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { authKeys } from '../auth/api/keys.ts';

export const reply = (body: unknown, status = 200) =>
  Promise.resolve({ ok: status < 400, status, text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)) } as Response);

export const market = (id: number, name = `Магазин ${id}`) => ({
  id,
  name,
  base_markup: { type: 1 as 1 | 2, markup: 20 },
  catalog_markup: [],
  created_at: '2025-03-04T10:00:00Z',
  updated_at: '2025-03-04T10:00:00Z',
});

export const testUser = (is_verified: boolean) => ({ id: 1, name: 'Тест', email: 't@x.ua', is_verified }) as unknown as UserDto;

/** A fresh query client with the user in the cache (as the dashboard layout leaves it). */
export function clientWithUser(user: UserDto | undefined) {
  const client = createQueryClient();
  if (user) client.setQueryData(authKeys.user, user);
  return client;
}

export function wrapperFor(client: ReturnType<typeof createQueryClient>) {
  return ({ children }: { children: ReactNode }) => (
    <AppProviders client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProviders>
  );
}

export const renderWithUser = (ui: ReactElement, user: UserDto | undefined) => render(ui, { wrapper: wrapperFor(clientWithUser(user)) });
export const renderHookWithUser = <T,>(hook: () => T, user: UserDto | undefined) => renderHook(hook, { wrapper: wrapperFor(clientWithUser(user)) });
