import { describe, expect, it, vi } from 'vitest';
import { API_VERSION } from './constants.ts';
import { EARLY_DATA_GLOBAL, EARLY_DATA_SCRIPT, EARLY_SHELL_READS, type EarlyRead } from './early-data.ts';
import { PRERENDER_GATE_ATTRIBUTE } from './prerender.ts';

/** Runs the script as a browser would at `href` with `stored` in localStorage; returns what it asked and left. */
function runEarlyData(href: string, stored: Record<string, string>, fetchImpl = async () => new Response('{}')) {
  const url = new URL(href, 'http://shop.test');
  const fetch = vi.fn(fetchImpl);
  const window: Record<string, unknown> = { fetch };
  const localStorage = { getItem: (k: string) => (k in stored ? stored[k]! : null) };
  const attributes: Record<string, string> = {};
  const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
  new Function('window', 'localStorage', 'location', 'fetch', 'performance', 'document', EARLY_DATA_SCRIPT)(
    window,
    localStorage,
    url,
    fetch,
    { now: () => 42 },
    document,
  );
  const calls = fetch.mock.calls as unknown as [string, RequestInit][];
  return {
    urls: calls.map(([u]) => u),
    calls,
    reads: window[EARLY_DATA_GLOBAL] as Record<string, EarlyRead> | undefined,
    gate: attributes[PRERENDER_GATE_ATTRIBUTE],
  };
}

const signedIn = { access_token: 'tok' };

describe('EARLY_DATA_SCRIPT (the dashboard HTML asks for the first reads before the app loads)', () => {
  it('asks nothing without a token or outside the dashboard', () => {
    expect(runEarlyData('/dashboard/cart', {}).urls).toEqual([]);
    expect(runEarlyData('/login', signedIn).urls).toEqual([]);
    expect(runEarlyData('/', signedIn).urls).toEqual([]);
  });

  it("asks for the shell's reads with the API client's headers, and leaves them by URL", () => {
    const { urls, calls, reads } = runEarlyData('/dashboard/cart', signedIn);
    expect(urls).toEqual([...EARLY_SHELL_READS]);
    expect(calls[0]![1].headers).toEqual({ Accept: 'application/json', 'X-Localization': 'uk', 'X-Api-Version': API_VERSION, Authorization: 'Bearer tok' });
    expect(Object.keys(reads!)).toEqual([...EARLY_SHELL_READS]);
    expect(reads!['/api/v1/carts']).toMatchObject({ token: 'tok', lang: 'uk', at: 42 });
  });

  it('sends the stored language, and the default one for anything unknown', () => {
    expect(runEarlyData('/dashboard', { ...signedIn, drop_locale: 'ru' }).calls[0]![1].headers).toMatchObject({ 'X-Localization': 'ru' });
    expect(runEarlyData('/dashboard', { ...signedIn, drop_locale: 'en' }).calls[0]![1].headers).toMatchObject({ 'X-Localization': 'uk' });
  });

  it("adds the catalogue's tree and a category list's first page (the stored per page, if the API takes it)", () => {
    expect(runEarlyData('/dashboard/catalog', signedIn).urls.slice(EARLY_SHELL_READS.length)).toEqual(['/api/v1/categories']);
    const list = (stored: Record<string, string>, path = '/dashboard/catalog/53/products') =>
      runEarlyData(path, { ...signedIn, ...stored }).urls.slice(EARLY_SHELL_READS.length);
    expect(list({})).toEqual(['/api/v1/products?category_id=53&page=1&per_page=10']);
    expect(list({ 'drop-products-per-page': '30' })).toEqual(['/api/v1/products?category_id=53&page=1&per_page=30']);
    expect(list({ 'drop-products-per-page': '7' })).toEqual(['/api/v1/products?category_id=53&page=1&per_page=10']);
    // A query string (page, filters…) or a chosen store: the page asks itself.
    expect(list({}, '/dashboard/catalog/53/products?page=2')).toEqual([]);
    expect(list({ current_market: '4' })).toEqual([]);
    expect(list({}, '/dashboard/catalog/53')).toEqual([]);
  });

  it('hides the prerendered phone shell from a visitor with no token or another language, and only from them', () => {
    expect(runEarlyData('/dashboard/cart', {}).gate).toBe('off');
    expect(runEarlyData('/dashboard/cart', { drop_locale: 'uk' }).gate).toBe('off');
    expect(runEarlyData('/dashboard/cart', { ...signedIn, drop_locale: 'ru' }).gate).toBe('off');
    expect(runEarlyData('/dashboard/cart', signedIn).gate).toBeUndefined();
    expect(runEarlyData('/dashboard/cart', { ...signedIn, drop_locale: 'uk' }).gate).toBeUndefined();
    expect(runEarlyData('/dashboard/cart', { ...signedIn, drop_locale: 'en' }).gate).toBeUndefined();
  });

  it('a failed read is no unhandled rejection, and a throwing storage breaks nothing', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { reads } = runEarlyData('/dashboard', signedIn, async () => {
      throw new TypeError('offline');
    });
    await expect(reads!['/api/v1/config']!.res).rejects.toThrow('offline');
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    const window = {};
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() =>
      new Function('window', 'localStorage', 'location', 'document', EARLY_DATA_SCRIPT)(window, throwing, new URL('http://x/dashboard'), {}),
    ).not.toThrow();
  });
});
