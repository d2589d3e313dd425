import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { CategoryDto } from '@drop/shared';
import { serve, type Call } from '../../../test/fetch-stub.ts';
import { setDesktop } from '../../../test/media.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CatalogPage } from './catalog-page.tsx';
import { CategoryPage } from './category-page.tsx';

const cat = (id: number, parent: number | null, child: CategoryDto[] = [], extra: Partial<CategoryDto> = {}): CategoryDto => ({
  id,
  name: `Категорія ${id}`,
  name_uk: `Категорія ${id}`,
  name_ru: `Категория ${id}`,
  image_url: `demo/c/${id}.svg`,
  icon: null,
  icon_color: null,
  parent_id: parent,
  products_count: 3,
  child,
  ...extra,
});

const TREE = [
  cat(1, null, [cat(11, 1, [cat(111, 11), cat(112, 11)]), cat(12, 1)], { icon: 'PhoneIphone', icon_color: '#1e88e5', name_uk: 'Телефони' }),
  cat(
    2,
    null,
    Array.from({ length: 10 }, (_, i) => cat(21 + i, 2)),
  ),
  cat(3, null),
];

/** The categories API: the tree, one category by id, 404 for an unknown one. */
const categoriesApi = ({ path }: Call) => {
  if (path === '/api/v1/categories') return { data: TREE };
  const m = /\/api\/v1\/categories\/(\d+)$/.exec(path);
  if (!m) return undefined;
  const find = (list: CategoryDto[]): CategoryDto | undefined => list.map((c) => (c.id === Number(m[1]) ? c : find(c.child))).find(Boolean);
  const found = find(TREE);
  return found ? { data: found } : undefined;
};

function Probe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

const renderAt = (route: string) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/catalog" element={<CatalogPage />} />
        <Route path="/dashboard/catalog/:id" element={<CategoryPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Probe />
    </>,
    { route },
  );

describe('CatalogPage', () => {
  let calls: Call[] = [];
  beforeEach(() => {
    calls = serve(categoriesApi);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows skeletons, then the roots in columns with a hover menu of their children', async () => {
    setDesktop(true);
    renderAt('/dashboard/catalog');
    expect(screen.getByTestId('catalog-loading')).toBeTruthy();
    const link = await screen.findByTestId('catalog-root-link-1');
    expect(link.textContent).toBe('Телефони');
    expect(link.getAttribute('href')).toBe('/dashboard/catalog/1');
    expect(screen.getByTestId('catalog-root-link-3').getAttribute('href')).toBe('/dashboard/catalog/3/products');
    expect(screen.getAllByTestId('catalog-column')).toHaveLength(3);
    expect(screen.getByTestId('catalog-child-link-12').getAttribute('href')).toBe('/dashboard/catalog/12/products');

    fireEvent.mouseEnter(link);
    const menu = await screen.findByTestId('catalog-hover-menu');
    expect(menu.getAttribute('data-root-id')).toBe('1');
    expect(within(menu).getByTestId('catalog-menu-link-11').getAttribute('href')).toBe('/dashboard/catalog/11');
    expect(within(menu).getByTestId('catalog-menu-link-112').getAttribute('href')).toBe('/dashboard/catalog/112/products');
    expect(menu.querySelector('[data-columns]')?.getAttribute('data-columns')).toBe('1');

    fireEvent.mouseLeave(link);
    fireEvent.mouseEnter(screen.getByTestId('catalog-root-link-2'));
    await waitFor(() => expect(screen.getByTestId('catalog-hover-menu').getAttribute('data-root-id')).toBe('2'));
    expect(screen.getByTestId('catalog-hover-menu').querySelector('[data-columns]')?.getAttribute('data-columns')).toBe('2');
    expect(calls).toHaveLength(1);
  });

  it('drills down on phones and keeps the open level in the URL', async () => {
    setDesktop(false);
    renderAt('/dashboard/catalog');
    // Found outside act(): the tree renders as a deferred update, which act() would hold back.
    const first = await screen.findByTestId('catalog-drilldown-item-1');
    await act(async () => {
      fireEvent.click(first);
    });
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/catalog?c=1');
    expect(screen.getByTestId('catalog-drilldown-title').textContent).toBe('Телефони');
    expect(screen.getByTestId('catalog-drilldown-item-12').getAttribute('href')).toBe('/dashboard/catalog/12/products');
    await act(async () => {
      fireEvent.click(screen.getByTestId('catalog-drilldown-item-11'));
    });
    expect(screen.getByTestId('catalog-drilldown-title').textContent).toBe('Категорія 11');
    await act(async () => {
      fireEvent.click(screen.getByTestId('catalog-drilldown-back'));
    });
    await waitFor(() => expect(screen.getByTestId('catalog-drilldown-title').textContent).toBe('Телефони'));
  });
});

describe('CategoryPage', () => {
  beforeEach(() => {
    serve(categoriesApi);
    setDesktop(true);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the children as cards linking to their pages or products', async () => {
    renderAt('/dashboard/catalog/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Телефони' })).toBeTruthy();
    expect(screen.getByTestId('category-card-11').getAttribute('href')).toBe('/dashboard/catalog/11');
    expect(screen.getByTestId('category-card-12').getAttribute('href')).toBe('/dashboard/catalog/12/products');
    expect(screen.getByTestId('category-card-12').querySelector('img')?.getAttribute('src')).toBe('/storage/demo/c/12.svg');
    expect(screen.getByTestId('category-back').getAttribute('href')).toBe('/dashboard/catalog');
  });

  it('shows a friendly not-found state for an unknown id', async () => {
    renderAt('/dashboard/catalog/999');
    expect((await screen.findByTestId('category-not-found')).textContent).toContain('Категорію не знайдено');
  });

  it('sends a leaf to its product list', async () => {
    renderAt('/dashboard/catalog/12');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/catalog/12/products'));
  });
});
