/**
 * Build-time rendering (run by the build's preload-html plugin in Node, never shipped): a page's HTML
 * in the default locale, with the CSS of exactly the rules it uses as emotion's own <style> tags.
 *
 * The browser paints it before any JavaScript has loaded. The app then renders over it (main.tsx
 * waits for the page's code, so no spinner comes in between), and emotion's cache adopts these tags
 * instead of compiling and inserting the rules again.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PRERENDERED_ATTRIBUTE } from '@drop/shared';
import { AppProviders } from '../app/providers.tsx';

export interface Prerendered {
  /** What React hoists out of the page (<link rel="preload"> of its first images), for <head>. */
  head: string;
  /** The page's markup, its top element marked with PRERENDERED_ATTRIBUTE. */
  html: string;
  /** emotion's <style data-emotion="css …"> tags (the global ones first). */
  styles: string;
}

/** Renders `page` (its top element a <div>) at `location` with the app's providers and an empty query cache. */
export function prerender(page: ReactNode, location = '/'): Prerendered {
  // The key of emotion's default browser cache: its tags are adopted when the app starts.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const markup = renderToString(
    <CacheProvider value={cache}>
      <AppProviders client={new QueryClient()}>
        <MemoryRouter initialEntries={[location]}>{page}</MemoryRouter>
      </AppProviders>
    </CacheProvider>,
  );
  const chunks = extractCriticalToChunks(markup);
  // React puts the resources it hoists (the logo's image preload) before the page: they go to <head>.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? '';
  const html = markup.slice(hoisted.length);
  if (!html.startsWith('<div')) throw new Error('prerender: the page does not start with a <div>');
  return { head: hoisted, html: html.replace(/^<div/, `<div ${PRERENDERED_ATTRIBUTE}=""`), styles: constructStyleTagsFromChunks(chunks) };
}
