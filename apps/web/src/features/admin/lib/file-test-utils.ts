/**
 * Test helpers for downloads (issue 29 exports): answer the file requests with real Responses (their
 * headers: Content-Disposition) on top of test-utils' `serve`, and catch the files saved.
 */
import { vi } from 'vitest';
import { callOf, stubFetch, type Call, type FetchFn } from '../../../test/fetch-stub.ts';

/**
 * After `serve(...)`: requests to `.../export` and `.../payouts` are answered by `file` (and added
 * to `calls`); the rest go to the served JSON.
 */
export function serveFiles(calls: Call[], file: (c: Call) => Response | Promise<Response>) {
  const json = globalThis.fetch as FetchFn;
  stubFetch<FetchFn>((input, init) => {
    const c = callOf(input, init);
    if (!c.path.endsWith('/export') && !c.path.endsWith('/payouts')) return json(input, init);
    calls.push(c);
    return Promise.resolve(file(c));
  });
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
