import { CARD_IMAGE_SIZES, PICTURE_SIZES, PRIORITY_CARD_IMAGES } from './catalog-constants.ts';
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
  `var u=${JSON.stringify(EARLY_SHELL_READS)}.slice(),q=null;` +
  `if(p==='/dashboard/catalog')u.push('/api/v1/categories');` +
  `var m=/^\\/dashboard\\/catalog\\/(\\d+)\\/products$/.exec(p);` +
  `if(m&&!location.search&&s.getItem(${JSON.stringify(STORAGE_KEYS.currentMarket)})===null){` +
  `var r=(s.getItem(${JSON.stringify(STORAGE_KEYS.perPage)})||'').trim(),n=/^\\d+$/.test(r)?Number(r):0;` +
  `if(${JSON.stringify(PER_PAGE_OPTIONS)}.indexOf(n)<0)n=${DEFAULT_PER_PAGE};` +
  `q='/api/v1/products?category_id='+m[1]+'&page=1&per_page='+n;u.push(q)}` +
  `var h={Accept:'application/json','X-Localization':l,'X-Api-Version':${JSON.stringify(API_VERSION)},Authorization:'Bearer '+t},` +
  `e=window[${JSON.stringify(EARLY_DATA_GLOBAL)}]={};` +
  // The card view's first pictures (the page's largest paint): preloaded as soon as the list answers,
  // beside the app's code rather than after it, with the card's own src, srcset and sizes (thumbSource).
  `var P=function(j){var d=j&&j.data;if(!d||!d.length)return;` +
  `var S=function(x){return '/storage/'+x.replace(/^\\/+/,'')};` +
  `for(var i=0;i<d.length&&i<${PRIORITY_CARD_IMAGES};i++){` +
  `var g=d[i].images||[],a=null,b=null,c=null;` +
  `for(var k=0;k<g.length;k++){var y=g[k].type,v=g[k].path;` +
  `if(y==='thumb'&&a===null)a=v;else if(y==='medium_centered'&&b===null)b=v;else if(y==='original'&&c===null)c=v}` +
  `var th=a||b||c;if(!th)continue;var me=b||c||(/^\\/?pictures\\/[0-9a-f]{2}\\/[0-9a-f]{64}-t\\.webp$/.test(th)?th.replace(/-t\\.webp$/,'-m.webp'):th),L=document.createElement('link');` +
  `L.rel='preload';L.setAttribute('data-early','');L.setAttribute('as','image');L.setAttribute('fetchpriority','high');` +
  `if(th!==me&&!/\\.svg$/i.test(th)&&!/\\.svg$/i.test(me)){` +
  `var z=S(th)+' ${PICTURE_SIZES.thumb}w, ';` +
  `if(/^\\/?pictures\\/[0-9a-f]{2}\\/[0-9a-f]{64}-t\\.webp$/.test(th))z+=S(th.replace(/-t\\.webp$/,'-s.webp'))+' ${PICTURE_SIZES.small}w, ';` +
  `L.setAttribute('imagesrcset',z+S(me)+' ${PICTURE_SIZES.medium_centered}w');L.setAttribute('imagesizes',${JSON.stringify(CARD_IMAGE_SIZES)})}` +
  `L.href=S(th);document.head.appendChild(L)}};` +
  `u.forEach(function(x){var f=fetch(x,{headers:h});f.catch(function(){});e[x]={res:f,token:t,lang:l,at:performance.now()};` +
  `if(x===q&&s.getItem(${JSON.stringify(STORAGE_KEYS.productVariant)})!=='table')f.then(function(r){return r.ok?r.clone().json():null}).then(P).catch(function(){})});` +
  `}catch(_){}})()`;
