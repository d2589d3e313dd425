import { vi } from 'vitest';

/**
 * matchMedia for the tests (jsdom has none): MUI's useMediaQuery reads it. `setDesktop` answers
 * every query alike, `setViewport` answers min-width / max-width queries for a window that wide.
 * Undo with `vi.unstubAllGlobals()`.
 */

/** A MediaQueryList for `query` that never changes. */
export const mediaQueryList = (query: string, matches: boolean) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;

/** Every media query answers `matches` (true: the desktop layout, whose `up('lg')` matches). */
export function setDesktop(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, matches));
}

/** A window `width` px wide: a query matches when its min-width and max-width allow that width. */
export function setViewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return mediaQueryList(query, (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])));
  });
}
