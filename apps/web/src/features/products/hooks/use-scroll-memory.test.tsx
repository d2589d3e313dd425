import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS } from '@drop/shared';
import { useScrollMemory } from './use-scroll-memory.ts';
import { readScrollMemory } from '../lib/scroll-memory.ts';

const URL = '/dashboard/catalog/3/products?page=2';

function List({ ready }: { ready: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useScrollMemory(ready, ref);
  return <div ref={ref}>list</div>;
}
const view = (ready: boolean) => (
  <MemoryRouter initialEntries={[URL]}>
    <List ready={ready} />
  </MemoryRouter>
);

let layoutChanged: (() => void) | null = null;
let scrollY = 0;
const scrollTo = vi.fn((opts: ScrollToOptions) => {
  scrollY = opts.top ?? 0;
});

beforeEach(() => {
  localStorage.clear();
  scrollY = 0;
  scrollTo.mockClear();
  layoutChanged = null;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: () => void) {
        layoutChanged = cb;
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    cb(0);
    return 1;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useScrollMemory (issue 26 point 7: scroll restore lands where the list was left)', () => {
  it('keeps the position while the page settles after the restore: content arriving above the list does not move the list away', () => {
    localStorage.setItem(STORAGE_KEYS.productScroll, JSON.stringify({ url: URL, scroll: 2400 }));
    render(view(true));
    expect(scrollY).toBe(2400);
    // A banner/chips arrive above the rows: the browser keeps scrollY, the rows move 400 px down.
    scrollY = 2000;
    act(() => layoutChanged?.());
    expect(scrollY).toBe(2400);
  });

  it('stops keeping it once the user moves the page', () => {
    localStorage.setItem(STORAGE_KEYS.productScroll, JSON.stringify({ url: URL, scroll: 2400 }));
    render(view(true));
    window.dispatchEvent(new Event('touchstart'));
    scrollY = 1800;
    act(() => layoutChanged?.());
    expect(scrollY).toBe(1800);
  });

  it('leaving again before the list was ready keeps the remembered position, not the top', () => {
    localStorage.setItem(STORAGE_KEYS.productScroll, JSON.stringify({ url: URL, scroll: 2400 }));
    const r = render(view(false));
    r.unmount();
    expect(readScrollMemory()).toEqual({ url: URL, scroll: 2400 });
  });
});
