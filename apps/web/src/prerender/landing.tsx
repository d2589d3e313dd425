/**
 * Build-time HTML of the landing page (see render.tsx): the state a first visit renders (the promo
 * products and the FAQ loading).
 */
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { prerender, type Prerendered } from './render.tsx';

export function renderLanding(): Prerendered {
  return prerender(<LandingPage />);
}
