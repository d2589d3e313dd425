import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { renderWithProviders } from '../../../test/render.tsx';
import { makeProduct, pictureHash, storedImages } from '../../../test/fixtures/products.ts';
import { HeaderSearch } from './header-search.tsx';

const product = (id: number, name: string) =>
  makeProduct({
    id,
    code_id: id,
    name,
    name_uk: name,
    name_ru: name,
    brand: 'Samsung',
    description: '',
    images: [{ type: 'thumb', path: `demo/p/${id}-1-t.svg` }],
    drop_price: 1234.5,
    retail_price: 1500,
    markup_price: 1500,
    profit: 265.5,
    qty: 15,
    quantity: '< 20',
  });

let answer: unknown[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL) => {
  void input;
  const body = {
    data: answer,
    current_category: null,
    breadcrumbs: [],
    meta: { current_page: 1, per_page: 5, total: answer.length, last_page: 1 },
    pagination: { last_page: 1 },
  };
  return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify(body)) } as Response);
});

function Probe() {
  const l = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{`${l.pathname}${l.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

function renderSearch(route: string) {
  return renderWithProviders(
    <>
      <HeaderSearch />
      <Probe />
      <Link to="/dashboard/products/7">product</Link>
      <Link to="/dashboard/catalog/3/products">category products</Link>
      <Link to="/dashboard/cart">cart</Link>
    </>,
    { route },
  );
}

const input = () => screen.getByTestId('header-search') as HTMLInputElement;
const location = () => screen.getByTestId('location').textContent;

describe('HeaderSearch', () => {
  beforeEach(() => {
    answer = [product(7, 'Смартфон Samsung Galaxy A15'), product(8, 'Навушники Samsung Buds')];
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('searches after the debounce and lists the results in a listbox', async () => {
    renderSearch('/dashboard');
    expect(input().getAttribute('role')).toBe('combobox');
    expect(input().getAttribute('aria-label')).toBe('Пошук товарів');
    fireEvent.focus(input());
    expect(await screen.findByTestId('search-hint')).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'самсунг' } });
    expect(fetchMock).not.toHaveBeenCalled();
    const options = await screen.findAllByTestId('search-result', {}, { timeout: 2000 });
    expect(options).toHaveLength(2);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/api/v1/products');
    expect(url.searchParams.get('search')).toBe('самсунг');
    expect(url.searchParams.get('per_page')).toBe('5');
    expect(screen.getByRole('listbox', { name: 'Результати пошуку' })).toBeTruthy();
    expect(options[0]?.textContent).toContain('Смартфон Samsung Galaxy A15');
    expect(options[0]?.textContent).toContain('Код: 100007');
    expect(options[0]?.textContent).toContain('1 234.50 грн.');
    expect(options[0]?.textContent).toContain('< 20');
    expect(screen.getByTestId('search-all-results').textContent).toContain('Всі результати');
    // The text is kept in the URL.
    await waitFor(() => expect(location()).toBe('/dashboard?search=%D1%81%D0%B0%D0%BC%D1%81%D1%83%D0%BD%D0%B3'));
  });

  it('a result shows its thumb (48 px, the medium as 600w, 200 x 200); a demo SVG alone', async () => {
    const hash = pictureHash(0x5e);
    answer = [{ ...product(7, 'Смартфон Samsung Galaxy A15'), images: storedImages(hash) }, product(8, 'Навушники Samsung Buds')];
    renderSearch('/dashboard');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'samsung' } });
    await screen.findAllByTestId('search-result', {}, { timeout: 2000 });
    const [photo, svg] = screen.getAllByTestId('search-result-image');
    const base = `/storage/pictures/5e/${hash}`;
    expect(photo!.getAttribute('src')).toBe(`${base}-t.webp`);
    expect(photo!.getAttribute('srcset')).toBe(`${base}-t.webp 200w, ${base}-s.webp 400w, ${base}-m.webp 600w`);
    expect(photo!.getAttribute('sizes')).toBe('48px');
    expect([photo!.getAttribute('width'), photo!.getAttribute('height'), photo!.getAttribute('loading')]).toEqual(['200', '200', 'lazy']);
    expect(svg!.getAttribute('src')).toBe('/storage/demo/p/8-1-t.svg');
    expect(svg!.hasAttribute('srcset')).toBe(false);
  });

  it('moves with the arrows, opens the highlighted product on Enter and closes on Escape', async () => {
    renderSearch('/dashboard');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'samsung' } });
    await screen.findAllByTestId('search-result', {}, { timeout: 2000 });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(screen.getByTestId('search-dropdown')).toBeTruthy();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const second = screen.getAllByTestId('search-result')[1];
    // MUI marks the highlighted option (Mui-focused) and points the input at it.
    expect(second?.classList.contains('Mui-focused')).toBe(true);
    expect(input().getAttribute('aria-activedescendant')).toBe(second?.id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/dashboard/products/8'));
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    // A product page keeps the text.
    expect(input().value).toBe('samsung');
  });

  it('goes to the search page on Enter without a highlighted result and never shows the dropdown there', async () => {
    renderSearch('/dashboard/catalog');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'чайник 2л' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/dashboard/search-products?search=%D1%87%D0%B0%D0%B9%D0%BD%D0%B8%D0%BA%202%D0%BB'));
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'чайник 2л електро' } });
    await waitFor(() => expect(location()).toContain('search=%D1%87%D0%B0%D0%B9%D0%BD%D0%B8%D0%BA+2%D0%BB+%D0%B5'), { timeout: 2000 });
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('"Всі результати" is the last option: the arrows reach it and Enter opens the search page', async () => {
    renderSearch('/dashboard');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'samsung' } });
    await screen.findAllByTestId('search-result', {}, { timeout: 2000 });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    const all = screen.getByTestId('search-all-results');
    expect(all.getAttribute('role')).toBe('option');
    expect(input().getAttribute('aria-activedescendant')).toBe(all.id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/dashboard/search-products?search=samsung'));
  });

  it('a click on a result opens it; the clear button empties the box and the URL and keeps the focus', async () => {
    renderSearch('/dashboard');
    input().focus();
    fireEvent.change(input(), { target: { value: 'samsung' } });
    const [first] = await screen.findAllByTestId('search-result', {}, { timeout: 2000 });
    fireEvent.click(first!);
    await waitFor(() => expect(location()).toBe('/dashboard/products/7'));
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    expect(input().value).toBe('samsung');

    input().focus();
    const clear = screen.getByTestId('header-search-clear');
    expect(clear.getAttribute('aria-label')).toBe('Очистити пошук');
    fireEvent.click(clear);
    expect(input().value).toBe('');
    await waitFor(() => expect(location()).toBe('/dashboard/products/7'));
    expect(document.activeElement).toBe(input());
    expect(await screen.findByTestId('search-hint')).toBeTruthy();
  });

  it('Enter on an empty or blank box opens the search page, once', async () => {
    renderSearch('/dashboard/cart');
    input().focus();
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/dashboard/search-products'));
    fireEvent.click(screen.getByText('cart'));
    await waitFor(() => expect(location()).toBe('/dashboard/cart'));
    input().focus();
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/dashboard/search-products'));
    // One entry was pushed: Back returns to the cart.
    fireEvent.click(screen.getByText('back'));
    await waitFor(() => expect(location()).toBe('/dashboard/cart'));
  });

  it('shows "Нічого не знайдено" when nothing matches', async () => {
    answer = [];
    renderSearch('/dashboard');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'qwzx' } });
    expect(await screen.findByTestId('search-empty', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByTestId('search-empty').textContent).toBe('Нічого не знайдено');
    expect(screen.queryByTestId('search-all-results')).toBeNull();
  });

  it('takes the text from ?search= and clears it when leaving to a path that does not keep it', async () => {
    renderSearch('/dashboard/catalog/3/products?search=samsung&page=2');
    expect(input().value).toBe('samsung');
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByText('product'));
    });
    expect(location()).toBe('/dashboard/products/7');
    expect(input().value).toBe('samsung');
    await act(async () => {
      fireEvent.click(screen.getByText('category products'));
    });
    expect(input().value).toBe('samsung');
    await act(async () => {
      fireEvent.click(screen.getByText('cart'));
    });
    expect(location()).toBe('/dashboard/cart');
    expect(input().value).toBe('');
  });
});
