import type { ReactElement, ReactNode } from 'react';
import { render, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { UserDto } from '@drop/shared';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { authKeys } from '../lib/user.ts';

/**
 * The test harness: features' tests render inside the app's providers (theme, i18n, query client,
 * toasts) through here, never by importing app/ themselves. Tests that build their own router take
 * `AppProviders` from here.
 */
export { AppProviders };

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = createQueryClient();
  return render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

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
