import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CategoryDto, FilterGroupDto, ProductsResponse } from '@drop/shared';
import { createReseller, signInWithToken } from './fixtures.ts';

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const r = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status(), path).toBe(200);
  return (await r.json()) as T;
}

const leavesOf = (tree: CategoryDto[]): CategoryDto[] => tree.flatMap((c) => (c.child.length === 0 ? [c] : leavesOf(c.child)));

/** A leaf category with a filter value that still matches more than one page of 10 products. */
async function leafWithFilter(request: APIRequestContext, token: string) {
  const tree = (await apiGet<{ data: CategoryDto[] }>(request, token, '/api/v1/categories')).data;
  // Specs running beside this one add and archive products in the catalogue's first leaf that has
  // products (pictures, the admin catalogue): this one compares counts, so it takes another.
  const busy = leavesOf(tree).find((c) => c.products_count > 0)?.id;
  const leaves = leavesOf(tree)
    .filter((c) => c.products_count > 20 && c.id !== busy)
    .sort((a, b) => b.products_count - a.products_count);
  for (const leaf of leaves.slice(0, 8)) {
    const groups = (await apiGet<{ data: FilterGroupDto[] }>(request, token, `/api/v1/filters?category_id=${leaf.id}`)).data;
    for (const g of groups) {
      const v = g.properties.find((p) => p.count > 10);
      if (v) return { leaf, group: g, value: v, key: `${v.property_type_id}_${v.property_value_id}` };
    }
  }
  throw new Error('no leaf category with a filter value matching more than 10 products');
}

const cards = (page: Page) => page.getByTestId('product-card');
const rows = (page: Page) => page.getByTestId('product-row');

test('category list: filter drawer, quick view, table view remembered, paging survives a reload, heart adds to favourites', async ({ page, request }) => {
  const r = await createReseller(request);
  const { leaf, value, key } = await leafWithFilter(request, r.token);
  await signInWithToken(page, r.token);

  await page.goto(`/dashboard/catalog/${leaf.id}/products`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(leaf.name_uk);
  await expect(page.getByTestId('product-breadcrumbs')).toContainText('Каталог');
  await expect(cards(page)).toHaveCount(10);
  await expect(page.getByTestId('product-total')).toHaveText(`Знайдено: ${leaf.products_count}`);
  await expect(page.getByTestId('product-filter-badge')).toBeHidden();

  // Filter drawer: tick a value; the URL, the list and the badge follow.
  await page.getByTestId('product-filter-button').click();
  const drawer = page.getByTestId('filter-drawer');
  await expect(drawer.getByRole('heading', { name: 'Фільтри' })).toBeVisible();
  await drawer.getByTestId(`filter-value-${key}`).check();
  await expect(page).toHaveURL(new RegExp(`[?&]filters=${key}(&|$)`));
  await expect(page.getByTestId('product-filter-badge')).toHaveText('1');
  await expect(page.getByTestId('product-total')).toHaveText(`Знайдено: ${value.count}`);
  await expect(drawer.getByTestId(`filter-value-${key}`)).toBeChecked();
  await drawer.getByTestId('filter-close').click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('product-list-page')).toHaveAttribute('data-state', 'ready');
  await expect(cards(page)).toHaveCount(10);

  // Every listed product has the value: the API agrees.
  const filtered = await apiGet<ProductsResponse>(request, r.token, `/api/v1/products?category_id=${leaf.id}&filters[]=${key}&per_page=10`);
  await expect(cards(page).first()).toHaveAttribute('data-product-id', String(filtered.data[0]!.id));

  // Quick view with the carousel.
  await cards(page).first().getByTestId('quick-view-button').click();
  const quick = page.getByTestId('quick-view-dialog');
  await expect(quick.getByTestId('quick-view-title')).toHaveText(filtered.data[0]!.name);
  const carousel = quick.getByTestId('image-carousel');
  await expect(carousel).toBeVisible();
  await expect(carousel.getByTestId('carousel-image')).toBeVisible();
  const count = Number(await carousel.getAttribute('data-count'));
  if (count > 1) {
    await expect(carousel.getByTestId('carousel-dot')).toHaveCount(count);
    await carousel.getByTestId('carousel-next').click();
    await expect(carousel).toHaveAttribute('data-index', '1');
  }
  await expect(quick.getByTestId('product-properties')).toBeVisible();
  await quick.getByTestId('quick-view-close').click();
  await expect(quick).toBeHidden();

  // Table view, remembered in the URL and in local storage.
  await page.getByTestId('product-variant-table').click();
  await expect(page).toHaveURL(/card_variant=table/);
  await expect(page.getByTestId('product-table')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  expect(await page.evaluate(() => localStorage.getItem('drop-product-variant'))).toBe('table');

  // Page 2, then a reload keeps page 2, the filter and the table.
  await page.getByTestId('product-pagination').getByRole('button', { name: 'Перейти на сторінку 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  const page2 = await apiGet<ProductsResponse>(request, r.token, `/api/v1/products?category_id=${leaf.id}&filters[]=${key}&per_page=10&page=2`);
  await expect(rows(page).first()).toHaveAttribute('data-product-id', String(page2.data[0]!.id));
  await page.reload();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]filters=${key}(&|$)`));
  await expect(page.getByTestId('product-pagination').getByRole('button', { name: 'Сторінка 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('product-filter-badge')).toHaveText('1');
  await expect(rows(page).first()).toHaveAttribute('data-product-id', String(page2.data[0]!.id));

  // Another list without card_variant in the URL opens as a table (remembered).
  await page.goto('/dashboard/search-products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Всі товари');
  await expect(page.getByTestId('product-table')).toBeVisible();

  // The heart adds to favourites.
  const first = rows(page).first();
  const productId = await first.getAttribute('data-product-id');
  await first.getByRole('button', { name: 'Додати до обраних' }).click();
  await expect(page.getByTestId('toast')).toContainText('Товар додано до обраних');
  await expect(first.getByRole('button', { name: 'Видалити з обраних' })).toBeVisible();
  await page.goto('/dashboard/favorites');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Обрані товари');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute('data-product-id', productId!);

  // Back to cards; removing the last favourite empties the list.
  await page.getByTestId('product-variant-card').click();
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().getByRole('button', { name: 'Видалити з обраних' }).click();
  await expect(page.getByTestId('product-empty')).toContainText('У вас ще немає обраних товарів');
});

test('per page, page reset on a new search, scroll restore and the product page', async ({ page, request }) => {
  const r = await createReseller(request);
  await signInWithToken(page, r.token);
  await page.goto('/dashboard/search-products?page=3');
  await expect(cards(page)).toHaveCount(10);
  await expect(page.getByTestId('product-pagination').getByRole('button', { name: 'Сторінка 3', exact: true })).toHaveAttribute('aria-current', 'page');

  // Closing the filter drawer returns to page 1.
  await page.getByTestId('product-filter-button').click();
  await page.getByTestId('filter-close').click();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await page.goto('/dashboard/search-products?page=3');
  await expect(cards(page)).toHaveCount(10);

  // Per page 20 resets to page 1 and is remembered.
  await page.getByTestId('product-per-page-select').click();
  await page.getByRole('option', { name: '20' }).click();
  await expect(page).toHaveURL(/per_page=20/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(cards(page)).toHaveCount(20);
  expect(await page.evaluate(() => localStorage.getItem('drop-products-per-page'))).toBe('20');

  // Scroll down, open a product, come back: the position is restored.
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  const scrolled = await page.evaluate(() => window.scrollY);
  const card = cards(page).nth(12);
  const name = (await card.getByTestId('product-card-name').textContent())!;
  await card.getByTestId('product-card-name').click();
  await expect(page).toHaveURL(/\/dashboard\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('product-prices')).toContainText('Дроп ціна');
  await expect(page.getByTestId('product-properties')).toBeVisible();
  await expect(page.getByTestId('product-breadcrumbs')).toBeVisible();
  await page.goBack();
  await expect(cards(page)).toHaveCount(20);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('product-scroll') ?? 'null') as { url: string } | null);
  expect(stored?.url).toMatch(/^\/dashboard\/search-products\?per_page=20/);

  // A new search text on page 2 goes back to page 1.
  await page.getByTestId('product-pagination').getByRole('button', { name: 'Перейти на сторінку 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  const search = page.getByTestId('header-search');
  await search.fill('чохол');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=/);
  await expect(page).not.toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результати пошуку: «чохол»');

  // Russian.
  await page.goto('/dashboard/specials');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Акційні пропозиції');
  await page.getByTestId('language-switch-ru').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Акционные предложения');
  await expect(cards(page).first().getByRole('button', { name: 'Добавить в избранное' })).toBeVisible();
  await expect(cards(page).first().getByTestId('price-drop')).toContainText('грн.');
  await page.getByTestId('language-switch-uk').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Акційні пропозиції');

  // An unknown product shows the friendly not-found state.
  await page.goto('/dashboard/products/999999999');
  await expect(page.getByTestId('product-not-found')).toContainText('Товар не знайдено');
});

test('phone: two cards a row, a full-width filter drawer and the table view as a list', async ({ page, request }) => {
  const r = await createReseller(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, r.token);
  await page.goto('/dashboard/news');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Новинки');
  await expect(cards(page).first()).toBeVisible();
  const [a, b] = await Promise.all([cards(page).nth(0).boundingBox(), cards(page).nth(1).boundingBox()]);
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
  await page.getByTestId('product-filter-button').click();
  const paper = page.getByTestId('filter-drawer').locator('.MuiDrawer-paper');
  await expect(paper).toBeVisible();
  expect((await paper.boundingBox())!.width).toBeCloseTo(390, 0);
  await page.getByTestId('filter-close').click();
  await page.getByTestId('product-variant-table').click();
  // The table view on a phone is a compact list: nothing to scroll sideways (issue 26 point 8).
  const table = page.getByTestId('product-table');
  await expect(table).toBeVisible();
  await expect(table).toHaveAttribute('data-layout', 'list');
  expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
