import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../../../test/render.tsx';
import type { StaffRole, UserDto } from '@drop/shared';
import { createQueryClient } from '../../../lib/query-client.ts';
import { authKeys } from '../../../lib/user.ts';
import { serve, type Call } from '../../../test/fetch-stub.ts';
export { setDesktop } from '../../../test/media.ts';

/** A call as `mockApi`'s handler sees it: the path without /api/v1. */
export type ApiCall = Call;

/** A reply with a status other than 200 (errors); `serve` answers it with its status and body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * The fetch stub (test/fetch-stub.ts `serve`) for the API under /api/v1: `handler` sees the path
 * without /api/v1 and returns the JSON body (200), a Reply, or undefined for a 404. Returns the
 * recorded calls, `find` over them, and the stub (`fn`) for a test that wraps it.
 */
export function mockApi(handler: (c: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  serve((c) => {
    const call = { ...c, path: c.path.replace(/^\/api\/v1/, '') };
    calls.push(call);
    return handler(call) ?? new Reply(404, { message: 'Не знайдено' });
  });
  const fn = vi.mocked(globalThis.fetch);
  return {
    calls,
    fn,
    find: (method: string, path: string | RegExp) =>
      calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path))),
  };
}

export const page = <T,>(data: T[], total = data.length, lastPage = 1) => ({
  data,
  meta: { current_page: 1, per_page: 10, total, last_page: lastPage },
  pagination: { last_page: lastPage },
});

function Probe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

/** Renders a section (its own <Routes>) mounted at `/admin/<base>/*`, starting at `route`; `role` seeds the signed-in user. */
export function renderSection(ui: ReactElement, base: string, route: string, role?: StaffRole) {
  const client = createQueryClient();
  if (role) client.setQueryData(authKeys.user, { id: 1, name: 'Staff', email: 'staff@example.com', role } as unknown as UserDto);
  return render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={`/admin/${base}/*`} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
}
