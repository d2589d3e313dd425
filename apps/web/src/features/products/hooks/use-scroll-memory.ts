import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { readScrollMemory, writeScrollMemory } from '../lib/scroll-memory.ts';

/** How long after the restore a layout change (late content above the list) still moves the page back. */
const SETTLE_MS = 1500;

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
  // Leaving again before the remembered position was restored keeps it (not the top of a list still loading).
  const lastScroll = useRef(memory && memory.url === url ? memory.scroll : 0);
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
      const target = memory.scroll;
      lastScroll.current = target;
      // After the browser has laid the rows out; then, while the page still settles (late pictures,
      // fonts, a banner or chips above the list that arrive after the rows), keep the position until
      // the user moves the page themselves.
      let frame = requestAnimationFrame(() => window.scrollTo({ top: target, behavior: 'instant' }));
      let settling = true;
      const stop = () => {
        settling = false;
      };
      const keep = () => {
        if (!settling || Math.abs(window.scrollY - target) < 2) return;
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => settling && window.scrollTo({ top: target, behavior: 'instant' }));
      };
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keep);
      observer?.observe(document.body);
      const userEvents = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
      for (const e of userEvents) window.addEventListener(e, stop, { passive: true, once: true });
      const timer = window.setTimeout(stop, SETTLE_MS);
      return () => {
        stop();
        observer?.disconnect();
        window.clearTimeout(timer);
        for (const e of userEvents) window.removeEventListener(e, stop);
      };
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
