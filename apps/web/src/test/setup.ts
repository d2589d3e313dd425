import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
