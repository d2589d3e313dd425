import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AuditEntryDto, StaffRole, UserDto } from '@drop/shared';
import { AppProviders } from '../../test/render.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { authKeys } from '../../lib/user.ts';

export { callOf, reply, serve, type Call } from '../../test/fetch-stub.ts';
export { setDesktop } from '../../test/media.ts';

export const page = <T,>(data: T[], total = data.length, lastPage = 1) => ({
  data,
  meta: { current_page: 1, per_page: 20, total, last_page: lastPage },
  pagination: { last_page: lastPage },
});

export const user = (id: number, over: Partial<UserDto> = {}): UserDto => ({
  id,
  name: `Реселер ${id}`,
  email: `r${id}@example.com`,
  phone: '+380671234567',
  city: 'Київ',
  lang: 'uk',
  role: 'reseller',
  markup: 0,
  discount: 0,
  is_verified: false,
  is_drop_markup: false,
  auto_confirm_orders: false,
  login_2fa: false,
  withdraw_2fa: false,
  blocked: false,
  balance: 1250.5,
  created_at: '2025-03-04T10:00:00Z',
  ...over,
});

export const auditEntry = (id: number, over: Partial<AuditEntryDto> = {}): AuditEntryDto => ({
  id,
  actor: { id: 1, name: 'Оператор Олена', email: 'op@example.com', role: 'manager' },
  action: 'user.update',
  entity: 'user',
  entity_id: 7,
  changes: { is_verified: [false, true] },
  created_at: '2025-03-04T10:00:00Z',
  ...over,
});

function Probe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

/** The signed-in staff member renderAt seeds (id 999: no clash with the people a test serves). */
export const signedIn = (role: StaffRole) => user(999, { name: 'Працівник', email: 'staff@example.com', role, login_2fa: true });

/**
 * Renders `ui` at `route` (matched by `path`) with the app's providers and a location probe.
 * `as` seeds the signed-in user in the query cache (what AdminApp has loaded before a section
 * renders; the sections' role checks read it): an admin unless told, null for none (AdminApp's
 * own tests, which serve /auth/user).
 */
export function renderAt(ui: ReactElement, route: string, path = route.split('?')[0]!, as: StaffRole | null = 'admin') {
  const client = createQueryClient();
  if (as) client.setQueryData(authKeys.user, signedIn(as));
  const result = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, client };
}

/** The location the probe shows. */
export const locationOf = (el: HTMLElement) => new URL(el.textContent ?? '/', 'http://x');
