import { vi } from 'vitest';

/**
 * The tests' one fetch stub. `serve(handler)` puts a router in place of the global fetch: the
 * handler sees each call parsed (`callOf`) and answers with a JSON body (200), `status(code, body)`
 * (or any `{status, body}`), a Response (or a promise of one) as it is, or undefined for a 404.
 * `stubFetch(impl)` is the raw form for a test that wants the mock itself. Undo with
 * `vi.unstubAllGlobals()`.
 */

type FetchInput = RequestInfo | URL;
export type FetchFn = (input: FetchInput, init?: RequestInit) => Promise<Response>;

/** A fetch answer with `body` as JSON (none for undefined) and `status`. */
export const reply = (body: unknown, status = 200): Promise<Response> =>
  Promise.resolve({
    ok: status < 400,
    status,
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
    json: () => Promise.resolve(body),
    blob: () => Promise.resolve(new Blob(['x'])),
  } as Response);

/** A real Response with `body` as JSON (none for 204), for code that reads headers or streams. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** One fetch call, parsed: full pathname, query, method, JSON (or FormData) body, Idempotency-Key. */
export function callOf(input: FetchInput, init?: RequestInit) {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://x');
  const raw = init?.body;
  return {
    url,
    path: url.pathname,
    query: url.searchParams,
    method: init?.method ?? 'GET',
    body: raw instanceof FormData ? raw : typeof raw === 'string' && raw !== '' ? (JSON.parse(raw) as unknown) : undefined,
    idempotencyKey: new Headers(init?.headers).get('Idempotency-Key') ?? undefined,
  };
}
export type Call = ReturnType<typeof callOf>;

/** An answer with a status other than 200. */
export const status = (code: number, body: unknown) => ({ status: code, body });

const isStatusReply = (out: unknown): out is { status: number; body: unknown } =>
  !!out && typeof out === 'object' && 'status' in out && 'body' in out && typeof (out as { status: unknown }).status === 'number';

/** Replaces fetch with `impl` (a vi.fn, typed by `impl`'s own parameters); returns the mock. */
export function stubFetch<F extends (...args: never[]) => Promise<Response>>(impl: F) {
  const fetchMock = vi.fn<F>(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Replaces fetch with a router over `handler` (see above); returns the calls made, in order. */
export function serve(handler: (c: Call) => unknown) {
  const calls: Call[] = [];
  stubFetch<FetchFn>((input, init) => {
    const c = callOf(input, init);
    calls.push(c);
    const out = handler(c);
    if (out instanceof Response || out instanceof Promise) return Promise.resolve(out as Response | Promise<Response>);
    if (out === undefined) return reply({ message: 'Not found' }, 404);
    if (isStatusReply(out)) return reply(out.body, out.status);
    return reply(out);
  });
  return calls;
}
