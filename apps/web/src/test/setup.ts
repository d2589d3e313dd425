import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { mediaQueryList } from './media.ts';

// A test file may run in Node (`@vitest-environment node`: the build-time prerender), with no DOM.
const dom = typeof window !== 'undefined';

afterEach(() => {
  if (!dom) return;
  cleanup();
  localStorage.clear();
});

if (dom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
}
