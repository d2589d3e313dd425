/**
 * Build-time rendering of the landing page (run by the build's preload-html plugin in Node, never
 * shipped): its HTML in the default locale, in the state a first visit renders (the promo products
 * and the FAQ loading), with the CSS of exactly the rules it uses as emotion's own <style> tags.
 *
 * The browser paints it before any JavaScript has loaded. The app then renders the same page over it
 * (main.tsx waits for the page's code, so no spinner comes in between), and emotion's cache adopts
 * these tags instead of compiling and inserting the rules again.
 */
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PRERENDERED_ATTRIBUTE } from '@drop/shared';
import { AppProviders } from '../app/providers.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';

export interface Prerendered {
  /** What React hoists out of the page (<link rel="preload"> of its first images), for <head>. */
  head: string;
  /** The page's markup, its top element marked with PRERENDERED_ATTRIBUTE. */
  html: string;
  /** emotion's <style data-emotion="css …"> tags (the global ones first). */
  styles: string;
}

export function renderLanding(): Prerendered {
  // The key of emotion's default browser cache: its tags are adopted when the app starts.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const markup = renderToString(
    <CacheProvider value={cache}>
      <AppProviders client={new QueryClient()}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </AppProviders>
    </CacheProvider>,
  );
  const chunks = extractCriticalToChunks(markup);
  // React puts the resources it hoists (the logo's image preload) before the page: they go to <head>.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? '';
  const page = markup.slice(hoisted.length);
  if (!page.startsWith('<div')) throw new Error('prerender: the landing page does not start with a <div>');
  return { head: hoisted, html: page.replace(/^<div/, `<div ${PRERENDERED_ATTRIBUTE}=""`), styles: constructStyleTagsFromChunks(chunks) };
}
