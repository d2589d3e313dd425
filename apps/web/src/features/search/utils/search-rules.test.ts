import { describe, expect, it } from 'vitest';
import { isDropdownEligible, keepsSearch, nextSearchText, searchPageHref, withSearchParam } from './search-rules.ts';

describe('dropdown visibility (SPEC 4)', () => {
  const base = { pathname: '/dashboard', focused: false, text: '', resultCount: 0 };

  it('shows while focused, while there are results, or when the text is longer than 3 characters', () => {
    expect(isDropdownEligible(base)).toBe(false);
    expect(isDropdownEligible({ ...base, focused: true })).toBe(true);
    expect(isDropdownEligible({ ...base, resultCount: 2 })).toBe(true);
    expect(isDropdownEligible({ ...base, text: 'abc' })).toBe(false);
    expect(isDropdownEligible({ ...base, text: ' abc ' })).toBe(false);
    expect(isDropdownEligible({ ...base, text: 'abcd' })).toBe(true);
  });

  it('never shows on the search page', () => {
    for (const pathname of ['/dashboard/search-products', '/dashboard/search-products/']) {
      expect(isDropdownEligible({ pathname, focused: true, text: 'samsung', resultCount: 5 })).toBe(false);
    }
    expect(isDropdownEligible({ pathname: '/dashboard/catalog/5/products', focused: true, text: '', resultCount: 0 })).toBe(true);
  });
});

describe('search text across navigation (SPEC 4)', () => {
  it('knows the paths that keep the text', () => {
    expect(keepsSearch('/dashboard/search-products')).toBe(true);
    expect(keepsSearch('/dashboard/catalog/12/products')).toBe(true);
    expect(keepsSearch('/dashboard/catalog/12/products/')).toBe(true);
    expect(keepsSearch('/dashboard/products/7')).toBe(true);
    expect(keepsSearch('/dashboard/catalog/12')).toBe(false);
    expect(keepsSearch('/dashboard/catalog')).toBe(false);
    expect(keepsSearch('/dashboard/products')).toBe(false);
    expect(keepsSearch('/dashboard/products/7/edit')).toBe(false);
    expect(keepsSearch('/dashboard')).toBe(false);
    expect(keepsSearch('/dashboard/cart')).toBe(false);
  });

  it('clears the text on other paths and keeps it on a product or a category list', () => {
    expect(nextSearchText({ pathname: '/dashboard/cart', param: null, text: 'чайник' })).toBe('');
    expect(nextSearchText({ pathname: '/dashboard/catalog/3', param: null, text: 'чайник' })).toBe('');
    expect(nextSearchText({ pathname: '/dashboard/products/9', param: null, text: 'чайник' })).toBe('чайник');
    expect(nextSearchText({ pathname: '/dashboard/catalog/3/products', param: null, text: 'чайник' })).toBe('чайник');
  });

  it('takes the URL parameter when there is one, and mirrors the URL on the search page', () => {
    expect(nextSearchText({ pathname: '/dashboard/search-products', param: 'samsung', text: '' })).toBe('samsung');
    expect(nextSearchText({ pathname: '/dashboard/cart', param: 'x', text: 'y' })).toBe('x');
    expect(nextSearchText({ pathname: '/dashboard/search-products', param: null, text: 'old' })).toBe('');
  });

  it('writes search to the query and resets the page when it changes', () => {
    const p = new URLSearchParams('page=3&per_page=20&search=old');
    expect(withSearchParam(p, ' new ').toString()).toBe('per_page=20&search=new');
    expect(withSearchParam(p, 'old').toString()).toBe('page=3&per_page=20&search=old');
    expect(withSearchParam(p, '').toString()).toBe('per_page=20');
    expect(searchPageHref(' чайник 2л ')).toBe('/dashboard/search-products?search=%D1%87%D0%B0%D0%B9%D0%BD%D0%B8%D0%BA%202%D0%BB');
    expect(searchPageHref('')).toBe('/dashboard/search-products');
  });
});
