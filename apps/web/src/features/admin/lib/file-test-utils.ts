/**
 * Test helpers for downloads (issue 29 exports): answer the file requests with real Responses (their
 * headers: Content-Disposition) on top of test-utils' `serve`, and catch the files saved.
 */
import { vi } from 'vitest';
import type { Call } from '../test-utils.tsx';

/**
 * After `serve(...)`: requests to `.../export` and `.../payouts` are answered by `file` (and added
 * to `calls`); the rest go to the served JSON.
 */
export function serveFiles(calls: Call[], file: (c: Call) => Response | Promise<Response>) {
  const json = globalThis.fetch as unknown as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname.endsWith('/export') || url.pathname.endsWith('/payouts')) {
        calls.push({ path: url.pathname, query: url.searchParams, method: 'GET', body: undefined, idempotencyKey: undefined });
        return Promise.resolve(file(calls.at(-1)!));
      }
      return json(input, init);
    }),
  );
}

/** The saved files: each `<a download>` clicked (its name and object URL). */
export function catchDownloads() {
  const saved: { name: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined }));
  return saved;
}

/** A CSV answer named as the API names its files. */
export const csvFile = (name: string, body = 'id,amount\n1,1500.50\n') =>
  new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="export.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
