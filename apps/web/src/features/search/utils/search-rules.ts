/**
 * The header search's rules (SPEC section 4 "Search"), as pure functions so they are tested
 * without a browser.
 */

export const SEARCH_PAGE_PATH = '/dashboard/search-products';
export const SEARCH_PARAM = 'search';
/** Shorter texts are not sent to the API (a hint row shows instead). */
export const MIN_SEARCH_LENGTH = 2;
/** The dropdown also shows unfocused when the text is longer than this. */
const VISIBLE_TEXT_LENGTH = 3;

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export const isSearchPage = (pathname: string): boolean => trimSlash(pathname) === SEARCH_PAGE_PATH;

/** Paths that keep the search text: the search page, a category's products, a product. */
const KEEPING = [/^\/dashboard\/search-products$/, /^\/dashboard\/catalog\/[^/]+\/products$/, /^\/dashboard\/products\/[^/]+$/];

export const keepsSearch = (pathname: string): boolean => {
  const p = trimSlash(pathname);
  return KEEPING.some((re) => re.test(p));
};

/**
 * Whether the dropdown may show: while there are results, while focused, or when the text is
 * longer than 3 characters; never on the search page (its list is the result there).
 */
export function isDropdownEligible(s: { pathname: string; focused: boolean; text: string; resultCount: number }): boolean {
  if (isSearchPage(s.pathname)) return false;
  return s.resultCount > 0 || s.focused || s.text.trim().length > VISIBLE_TEXT_LENGTH;
}

/**
 * The box's text after a navigation: the URL's `search` when it has one; the search page mirrors
 * its URL; the other keeping paths keep the text; any other path clears it.
 */
export function nextSearchText(s: { pathname: string; param: string | null; text: string }): string {
  if (s.param !== null) return s.param;
  if (isSearchPage(s.pathname)) return '';
  return keepsSearch(s.pathname) ? s.text : '';
}

/** The query string with `search` set (or removed when empty); a changed search drops `page`. */
export function withSearchParam(params: URLSearchParams, text: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const q = text.trim();
  if ((params.get(SEARCH_PARAM) ?? '') !== q) next.delete('page');
  if (q) next.set(SEARCH_PARAM, q);
  else next.delete(SEARCH_PARAM);
  return next;
}

/** Where Enter (or 'Всі результати') goes. */
export const searchPageHref = (text: string): string => {
  const q = text.trim();
  return q ? `${SEARCH_PAGE_PATH}?${SEARCH_PARAM}=${encodeURIComponent(q)}` : SEARCH_PAGE_PATH;
};

export const productHref = (id: number): string => `/dashboard/products/${id}`;
