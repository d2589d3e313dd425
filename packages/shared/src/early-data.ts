import { API_VERSION, DEFAULT_PER_PAGE, PER_PAGE_OPTIONS, STORAGE_KEYS } from './constants.ts';
import { DEFAULT_LOCALE, LOCALES } from './locale.ts';
import { PRERENDER_GATE_ATTRIBUTE } from './prerender.ts';

/**
 * The reads a signed-in first visit of any /dashboard page makes at once (the shell's user, config,
 * balance, notifications and cart), exactly as the web's API client builds their URLs.
 */
export const EARLY_SHELL_READS = ['/api/v1/auth/user', '/api/v1/config', '/api/v1/auth/balance', '/api/v1/notifications?limit=50', '/api/v1/carts'] as const;

/** The property of `window` the early reads are left under, by URL. */
export const EARLY_DATA_GLOBAL = '__dropEarly';

/** An early read: the answer's promise and what it was asked with (the client uses it only if they still hold). */
export interface EarlyRead {
  res: Promise<Response>;
  token: string;
  lang: string;
  /** performance.now() when it was asked. */
  at: number;
}

/**
 * The one inline script of the dashboard's HTML (dashboard.html, pages/*.html), run in <head> before
 * the app's code has even downloaded: with a stored token it asks for the shell's reads and, on the
 * catalogue and on a category's product list without query parameters, the page's own, with the
 * headers the API client sends, and leaves the promises under window[EARLY_DATA_GLOBAL] by URL. The
 * client takes an answer for the same URL, token and language instead of asking again (once each).
 * It is also the gate of the HTML's prerendered phone shell (in the default locale): it marks
 * <html data-prerender="off"> for a visitor with no token (the app sends them to /login) or who chose
 * another language, so the shell is not shown. The API's CSP allows exactly this text by its SHA-256 hash.
 */
export const EARLY_DATA_SCRIPT =
  `(function(){try{` +
  `var s=localStorage,t=s.getItem(${JSON.stringify(STORAGE_KEYS.accessToken)}),p=location.pathname,` +
  `l=s.getItem(${JSON.stringify(STORAGE_KEYS.locale)});if(${JSON.stringify(LOCALES)}.indexOf(l)<0)l=${JSON.stringify(DEFAULT_LOCALE)};` +
  `if(!t||l!==${JSON.stringify(DEFAULT_LOCALE)})document.documentElement.setAttribute('${PRERENDER_GATE_ATTRIBUTE}','off');` +
  `if(!t||p.indexOf('/dashboard')!==0||!window.fetch)return;` +
  `var u=${JSON.stringify(EARLY_SHELL_READS)}.slice();` +
  `if(p==='/dashboard/catalog')u.push('/api/v1/categories');` +
  `var m=/^\\/dashboard\\/catalog\\/(\\d+)\\/products$/.exec(p);` +
  `if(m&&!location.search&&s.getItem(${JSON.stringify(STORAGE_KEYS.currentMarket)})===null){` +
  `var r=(s.getItem(${JSON.stringify(STORAGE_KEYS.perPage)})||'').trim(),n=/^\\d+$/.test(r)?Number(r):0;` +
  `if(${JSON.stringify(PER_PAGE_OPTIONS)}.indexOf(n)<0)n=${DEFAULT_PER_PAGE};` +
  `u.push('/api/v1/products?category_id='+m[1]+'&page=1&per_page='+n)}` +
  `var h={Accept:'application/json','X-Localization':l,'X-Api-Version':${JSON.stringify(API_VERSION)},Authorization:'Bearer '+t},` +
  `e=window[${JSON.stringify(EARLY_DATA_GLOBAL)}]={};` +
  `u.forEach(function(x){var f=fetch(x,{headers:h});f.catch(function(){});e[x]={res:f,token:t,lang:l,at:performance.now()}})` +
  `}catch(_){}})()`;
