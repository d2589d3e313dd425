/**
 * Product list state in the URL query (SPEC section 4): page, per_page, card_variant, search,
 * filters (one `filters=typeId_valueId` entry each), price_from, price_to. Pure helpers, no React.
 */
import { DEFAULT_PER_PAGE, FILTER_PATTERN, PER_PAGE_OPTIONS, STORAGE_KEYS } from '@drop/shared';

export type ProductVariant = 'card' | 'table';
export const PRODUCT_VARIANTS: readonly ProductVariant[] = ['card', 'table'];

export interface ProductListState {
  page: number;
  perPage: number;
  variant: ProductVariant;
  search: string;
  filters: string[];
  priceFrom: number | null;
  priceTo: number | null;
}

export type ListDefaults = Pick<ProductListState, 'perPage' | 'variant'>;

export const URL_KEYS = {
  page: 'page',
  perPage: 'per_page',
  variant: 'card_variant',
  search: 'search',
  filters: 'filters',
  priceFrom: 'price_from',
  priceTo: 'price_to',
} as const;

const isPerPageOption = (n: number) => (PER_PAGE_OPTIONS as readonly number[]).includes(n);

function positiveInt(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function price(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * The stored per-page value is used only if it is a positive integer (SPEC section 5) that the
 * API accepts (one of PER_PAGE_OPTIONS); anything else gives the default 10.
 */
export function perPageFromStorage(raw: string | null | undefined): number {
  const n = positiveInt(raw);
  return n !== null && isPerPageOption(n) ? n : DEFAULT_PER_PAGE;
}

export const variantFromStorage = (raw: string | null | undefined): ProductVariant => (raw === 'table' ? 'table' : 'card');

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode or full storage: the URL still holds the state
  }
}

export const readListDefaults = (): ListDefaults => ({
  perPage: perPageFromStorage(readStorage(STORAGE_KEYS.perPage)),
  variant: variantFromStorage(readStorage(STORAGE_KEYS.productVariant)),
});
export const storePerPage = (n: number) => writeStorage(STORAGE_KEYS.perPage, String(n));
export const storeVariant = (v: ProductVariant) => writeStorage(STORAGE_KEYS.productVariant, v);

/** Distinct valid 'typeId_valueId' pairs, in URL order (accepts `filters` and `filters[]`). */
export function parseFilters(params: URLSearchParams): string[] {
  const raw = [...params.getAll(URL_KEYS.filters), ...params.getAll(`${URL_KEYS.filters}[]`)];
  const out: string[] = [];
  for (const entry of raw.flatMap((v) => v.split(','))) {
    const v = entry.trim();
    if (FILTER_PATTERN.test(v) && !out.includes(v)) out.push(v);
  }
  return out;
}

export function parseListState(params: URLSearchParams, defaults: ListDefaults): ProductListState {
  const perPage = positiveInt(params.get(URL_KEYS.perPage));
  const variant = params.get(URL_KEYS.variant);
  let priceFrom = price(params.get(URL_KEYS.priceFrom));
  let priceTo = price(params.get(URL_KEYS.priceTo));
  // The API refuses a reversed range (422): a hand-edited URL gets the two swapped.
  if (priceFrom !== null && priceTo !== null && priceFrom > priceTo) [priceFrom, priceTo] = [priceTo, priceFrom];
  return {
    page: positiveInt(params.get(URL_KEYS.page)) ?? 1,
    perPage: perPage !== null && isPerPageOption(perPage) ? perPage : defaults.perPage,
    variant: variant === 'card' || variant === 'table' ? variant : defaults.variant,
    search: (params.get(URL_KEYS.search) ?? '').trim(),
    filters: parseFilters(params),
    priceFrom,
    priceTo,
  };
}

/** A new query with `patch` written over `params`; unknown keys are kept, defaults are dropped. */
export function applyListPatch(params: URLSearchParams, patch: Partial<ProductListState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const setOrDelete = (key: string, value: string | null) => (value === null || value === '' ? next.delete(key) : next.set(key, value));
  if (patch.page !== undefined) setOrDelete(URL_KEYS.page, patch.page > 1 ? String(patch.page) : null);
  if (patch.perPage !== undefined) setOrDelete(URL_KEYS.perPage, String(patch.perPage));
  if (patch.variant !== undefined) setOrDelete(URL_KEYS.variant, patch.variant);
  if (patch.search !== undefined) setOrDelete(URL_KEYS.search, patch.search.trim());
  if (patch.filters !== undefined) {
    next.delete(URL_KEYS.filters);
    next.delete(`${URL_KEYS.filters}[]`);
    for (const f of patch.filters) next.append(URL_KEYS.filters, f);
  }
  if (patch.priceFrom !== undefined) setOrDelete(URL_KEYS.priceFrom, patch.priceFrom === null ? null : String(patch.priceFrom));
  if (patch.priceTo !== undefined) setOrDelete(URL_KEYS.priceTo, patch.priceTo === null ? null : String(patch.priceTo));
  return next;
}

/** The filter button's badge: one per selected value, plus one for a price range. */
export const activeFilterCount = (s: Pick<ProductListState, 'filters' | 'priceFrom' | 'priceTo'>): number =>
  s.filters.length + (s.priceFrom !== null || s.priceTo !== null ? 1 : 0);

export const toggleFilter = (filters: readonly string[], key: string): string[] =>
  filters.includes(key) ? filters.filter((f) => f !== key) : [...filters, key];
