import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { readScrollMemory, writeScrollMemory } from '../lib/scroll-memory.ts';

/**
 * SPEC section 4: leaving the list stores `{url, scroll}` in `product-scroll`; reopening the same
 * URL restores the position once the data is on screen (`ready`). Any other entry starts at the top.
 * The position is tracked while the list is visible, so a layout that hides or removes it on the
 * way out (Suspense fallback, route change) cannot overwrite it with a clamped value.
 */
export function useScrollMemory(ready: boolean, containerRef: RefObject<HTMLElement | null>) {
  const { pathname, search } = useLocation();
  const url = pathname + search;
  const [memory] = useState(readScrollMemory);
  const urlRef = useRef(url);
  const lastScroll = useRef(0);
  const restored = useRef(false);

  useEffect(() => {
    urlRef.current = url;
  }, [url]);

  useEffect(() => {
    const onScroll = () => {
      const el = containerRef.current;
      if (el && el.isConnected && el.offsetParent !== null) lastScroll.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [containerRef]);

  useEffect(() => {
    if (restored.current || !ready) return;
    restored.current = true;
    if (memory && memory.url === url && memory.scroll > 0) {
      lastScroll.current = memory.scroll;
      // After the browser has laid the rows out.
      requestAnimationFrame(() => window.scrollTo({ top: memory.scroll, behavior: 'instant' }));
    }
  }, [ready, memory, url]);

  useEffect(() => {
    // A fresh list (another path, or a URL other than the remembered one) starts at the top. In the
    // next frame: scrolling now would lay the page out inside the commit's task, once more.
    if (!memory || memory.url !== urlRef.current) {
      const frame = requestAnimationFrame(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      return () => cancelAnimationFrame(frame);
    }
  }, [memory]);

  // Layout cleanup: runs before the rows leave the DOM.
  useLayoutEffect(() => () => writeScrollMemory({ url: urlRef.current, scroll: lastScroll.current }), []);
}
