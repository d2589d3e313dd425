import { STORAGE_KEYS } from './constants.ts';
import { DEFAULT_LOCALE, LOCALES } from './locale.ts';

/** The attribute the gate sets on <html> (to "off"); the build's CSS hides the prerendered page then. */
export const PRERENDER_GATE_ATTRIBUTE = 'data-prerender';

/**
 * The one inline script of the prerendered landing page (its HTML is in the default locale): run in
 * <head> before the body is parsed, it marks <html data-prerender="off"> for a visitor who chose
 * another language, so the prerendered page is not shown until the app renders theirs. The API's
 * CSP allows exactly this text by its SHA-256 hash.
 */
export const PRERENDER_GATE_SCRIPT =
  `try{var l=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.locale)});` +
  `if(l!==${JSON.stringify(DEFAULT_LOCALE)}&&${JSON.stringify(LOCALES)}.indexOf(l)>=0)document.documentElement.setAttribute('${PRERENDER_GATE_ATTRIBUTE}','off')}catch(e){}`;

/** The attribute on the prerendered page's top element; hidden while <html data-prerender="off">. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
