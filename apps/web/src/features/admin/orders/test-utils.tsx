import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../../../test/render.tsx';
import type { StaffRole, UserDto } from '@drop/shared';
import { createQueryClient } from '../../../lib/query-client.ts';
import { authKeys } from '../../../lib/user.ts';

export interface ApiCall {
  path: string;
  query: URLSearchParams;
  method: string;
  body: unknown;
  idempotencyKey?: string;
}

/** A reply with a status other than 200 (errors). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * Stubs fetch with `handler` (path without /api/v1, method, query, JSON or FormData body); what it
 * returns is the JSON body (200), a Reply, or undefined for a 404. Returns the recorded calls.
 */
export function mockApi(handler: (c: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined;
    const idempotencyKey = new Headers(init?.headers).get('Idempotency-Key') ?? undefined;
    const call = { path: url.pathname.replace(/^\/api\/v1/, ''), query: url.searchParams, method: init?.method ?? 'GET', body, idempotencyKey };
    calls.push(call);
    const out = handler(call);
    const reply = out instanceof Reply ? out : out === undefined ? new Reply(404, { message: 'Не знайдено' }) : new Reply(200, out);
    return Promise.resolve({ ok: reply.status < 400, status: reply.status, text: () => Promise.resolve(JSON.stringify(reply.body)) } as Response);
  });
  vi.stubGlobal('fetch', fn);
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

/** matchMedia answering every query with `matches` (true: desktop). */
export function setDesktop(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
