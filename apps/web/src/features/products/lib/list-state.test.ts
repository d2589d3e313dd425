import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applyListPatch,
  parseListState,
  perPageFromStorage,
  readListDefaults,
  storePerPage,
  storeVariant,
  toggleFilter,
  variantFromStorage,
} from './list-state.ts';

const defaults = { perPage: 10, variant: 'card' as const };
const parse = (qs: string) => parseListState(new URLSearchParams(qs), defaults);

describe('product list URL state', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual({ page: 1, perPage: 10, variant: 'card', search: '', filters: [], priceFrom: null, priceTo: null });
  });

  it('reads every key, with repeated filters entries', () => {
    const s = parse('page=3&per_page=50&card_variant=table&search=%20чохол%20&filters=4_17&filters=6_31&price_from=100&price_to=250.5');
    expect(s).toEqual({ page: 3, perPage: 50, variant: 'table', search: 'чохол', filters: ['4_17', '6_31'], priceFrom: 100, priceTo: 250.5 });
  });

  it('drops what the API would refuse', () => {
    const s = parse('page=0&per_page=7&card_variant=grid&filters=abc&filters=4_17&filters=4_17&filters[]=5_2&price_from=-1&price_to=x');
    expect(s.page).toBe(1);
    expect(s.perPage).toBe(10);
    expect(s.variant).toBe('card');
    expect(s.filters).toEqual(['4_17', '5_2']);
    expect(s.priceFrom).toBeNull();
    expect(s.priceTo).toBeNull();
    expect(parse('page=2.5').page).toBe(1);
  });

  it('swaps a reversed price range', () => {
    expect(parse('price_from=300&price_to=100')).toMatchObject({ priceFrom: 100, priceTo: 300 });
  });

  it('falls back to the remembered per page and variant', () => {
    expect(parseListState(new URLSearchParams(''), { perPage: 30, variant: 'table' })).toMatchObject({ perPage: 30, variant: 'table' });
    expect(parseListState(new URLSearchParams('per_page=20&card_variant=card'), { perPage: 30, variant: 'table' })).toMatchObject({
      perPage: 20,
      variant: 'card',
    });
  });

  it('writes a patch, keeping other keys and dropping page 1', () => {
    const base = new URLSearchParams('search=lamp&page=4&filters=1_2&utm=x');
    const next = applyListPatch(base, { page: 1, filters: ['1_2', '3_4'], priceFrom: 10, priceTo: null });
    expect(next.get('page')).toBeNull();
    expect(next.getAll('filters')).toEqual(['1_2', '3_4']);
    expect(next.get('price_from')).toBe('10');
    expect(next.has('price_to')).toBe(false);
    expect(next.get('search')).toBe('lamp');
    expect(next.get('utm')).toBe('x');
    expect(next.toString()).toBe('search=lamp&utm=x&filters=1_2&filters=3_4&price_from=10');
    expect(base.get('page')).toBe('4');
  });

  it('round-trips through the URL', () => {
    const state = { page: 2, perPage: 20, variant: 'table' as const, search: 'кабель', filters: ['1_2', '3_4'], priceFrom: 5, priceTo: 99.9 };
    expect(parseListState(applyListPatch(new URLSearchParams(), state), defaults)).toEqual(state);
  });

  it('counts active filters: values plus one for a price range', () => {
    expect(activeFilterCount({ filters: [], priceFrom: null, priceTo: null })).toBe(0);
    expect(activeFilterCount({ filters: ['1_2', '1_3'], priceFrom: null, priceTo: null })).toBe(2);
    expect(activeFilterCount({ filters: ['1_2'], priceFrom: 0, priceTo: null })).toBe(2);
    expect(activeFilterCount({ filters: ['1_2'], priceFrom: 10, priceTo: 20 })).toBe(2);
  });

  it('toggles a filter value', () => {
    expect(toggleFilter(['1_2'], '1_3')).toEqual(['1_2', '1_3']);
    expect(toggleFilter(['1_2', '1_3'], '1_2')).toEqual(['1_3']);
  });
});

describe('remembered per page and variant', () => {
  it('uses the stored per page only if it is a positive integer the API accepts', () => {
    expect(perPageFromStorage('20')).toBe(20);
    expect(perPageFromStorage('100')).toBe(100);
    for (const bad of [null, undefined, '', '0', '-20', '2.5', 'abc', '1e2', '7', '20px']) expect(perPageFromStorage(bad)).toBe(10);
  });

  it('reads and writes drop-products-per-page and drop-product-variant', () => {
    expect(readListDefaults()).toEqual({ perPage: 10, variant: 'card' });
    storePerPage(50);
    storeVariant('table');
    expect(localStorage.getItem('drop-products-per-page')).toBe('50');
    expect(localStorage.getItem('drop-product-variant')).toBe('table');
    expect(readListDefaults()).toEqual({ perPage: 50, variant: 'table' });
    localStorage.setItem('drop-products-per-page', '-3');
    expect(readListDefaults().perPage).toBe(10);
    expect(variantFromStorage('list')).toBe('card');
  });
});
