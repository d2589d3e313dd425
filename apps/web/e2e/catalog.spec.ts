import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { CategoryDto, ProductListItemDto, PromoProductDto } from '@drop/shared';
import { createReseller, signInWithToken } from './fixtures.ts';

/** Screenshots for review go next to the test's other output. */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** Every picture inside has loaded (lazy ones are scrolled to first). */
async function allImagesLoaded(scope: Locator) {
  for (const img of await scope.locator('img').all()) {
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveJSProperty('complete', true);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
  await scope.page().evaluate(() => window.scrollTo(0, 0));
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const r = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status(), path).toBe(200);
  return ((await r.json()) as { data: T }).data;
}

async function signedIn(page: Page, request: APIRequestContext) {
  const r = await createReseller(request);
  const tree = await apiGet<CategoryDto[]>(request, r.token, '/api/v1/categories');
  expect(tree.length, 'the demo catalogue has root categories').toBeGreaterThan(0);
  await signInWithToken(page, r.token);
  return { token: r.token, tree };
}

/** A root whose first child has children too (root → parent → leaf). */
function threeLevels(tree: CategoryDto[]) {
  for (const root of tree) {
    const parent = root.child.find((c) => c.child.length > 0);
    const leaf = parent?.child[0];
    if (parent && leaf) return { root, parent, leaf };
  }
  throw new Error('no three-level branch in the demo catalogue');
}

test('the catalogue shows the roots in 4 columns, a hover menu, and leads root → subcategory page → leaf products', async ({ page, request }) => {
  const { tree } = await signedIn(page, request);
  const { root, parent, leaf } = threeLevels(tree);

  await page.goto('/dashboard/catalog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог');
  await expect(page.getByTestId('catalog-column')).toHaveCount(Math.min(4, tree.length));
  for (const r of tree) {
    await expect(page.getByTestId(`catalog-root-link-${r.id}`)).toHaveText(r.name_uk);
  }
  // Children are listed under their root.
  await expect(page.getByTestId(`catalog-root-${root.id}`).getByTestId(`catalog-child-link-${parent.id}`)).toHaveText(parent.name_uk);
  await shot(page, 'catalog-desktop');

  // Hover: a menu of the root's children and their children.
  await page.getByTestId(`catalog-root-link-${root.id}`).hover();
  const menu = page.getByTestId('catalog-hover-menu');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('data-root-id', String(root.id));
  await expect(menu.locator('[data-columns]')).toHaveAttribute('data-columns', root.child.length > 9 ? '2' : '1');
  await expect(menu.getByTestId(`catalog-menu-link-${parent.id}`)).toHaveAttribute('href', `/dashboard/catalog/${parent.id}`);
  await expect(menu.getByTestId(`catalog-menu-link-${leaf.id}`)).toHaveAttribute('href', `/dashboard/catalog/${leaf.id}/products`);
  await shot(page, 'catalog-hover-menu');
  // Leaving closes it; another root opens its own; Escape closes too.
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(menu).toBeHidden();
  const other = tree.find((r) => r.id !== root.id && r.child.length > 0);
  if (other) {
    await page.getByTestId(`catalog-root-link-${other.id}`).hover();
    await expect(menu).toHaveAttribute('data-root-id', String(other.id));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }

  // Root → its subcategory page (cards) → the parent's page → a leaf's product list.
  await page.getByTestId(`catalog-root-link-${root.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/catalog/${root.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(root.name_uk);
  await expect(page.getByTestId('category-grid').getByRole('link')).toHaveCount(root.child.length);
  await expect(page.getByTestId(`category-card-${parent.id}`)).toContainText(parent.name_uk);
  await allImagesLoaded(page.getByTestId('category-grid'));
  await shot(page, 'category-page-desktop');
  await page.getByTestId(`category-card-${parent.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/catalog/${parent.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(parent.name_uk);
  await page.getByTestId(`category-card-${leaf.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/catalog/${leaf.id}/products$`));

  // The back arrow returns to the catalogue; an unknown id is a friendly not-found.
  await page.goto(`/dashboard/catalog/${root.id}`);
  await page.getByTestId('category-back').click();
  await expect(page).toHaveURL(/\/dashboard\/catalog$/);
  await page.goto('/dashboard/catalog/987654321');
  await expect(page.getByTestId('category-not-found')).toContainText('Категорію не знайдено');
  await page.goto('/dashboard/catalog/abc');
  await expect(page.getByTestId('category-not-found')).toBeVisible();
});

test('on a phone the catalogue is a drill-down list', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { tree } = await signedIn(page, request);
  const { root, parent, leaf } = threeLevels(tree);

  await page.getByTestId('bottom-nav-catalog').click();
  await expect(page).toHaveURL(/\/dashboard\/catalog$/);
  const list = page.getByTestId('catalog-drilldown');
  await expect(list).toBeVisible();
  await expect(page.getByTestId('catalog-columns')).toHaveCount(0);
  await expect(page.getByTestId(`catalog-drilldown-item-${root.id}`)).toContainText(root.name_uk);
  await shot(page, 'catalog-phone');

  await page.getByTestId(`catalog-drilldown-item-${root.id}`).click();
  await expect(page.getByTestId('catalog-drilldown-title')).toHaveText(root.name_uk);
  await expect(page.getByTestId('catalog-drilldown-back')).toBeVisible();
  await page.getByTestId(`catalog-drilldown-item-${parent.id}`).click();
  await expect(page.getByTestId('catalog-drilldown-title')).toHaveText(parent.name_uk);
  await shot(page, 'catalog-phone-level');
  // Back goes up one level, then forward again, then a leaf opens its products.
  await page.getByTestId('catalog-drilldown-back').click();
  await expect(page.getByTestId('catalog-drilldown-title')).toHaveText(root.name_uk);
  await page.getByTestId(`catalog-drilldown-item-${parent.id}`).click();
  await page.getByTestId(`catalog-drilldown-item-${leaf.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/catalog/${leaf.id}/products$`));
  // Coming back restores the open level.
  await page.goBack();
  await expect(page.getByTestId('catalog-drilldown-title')).toHaveText(parent.name_uk);

  // The subcategory page on a phone.
  await page.goto(`/dashboard/catalog/${root.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(root.name_uk);
  await allImagesLoaded(page.getByTestId('category-grid'));
  await shot(page, 'category-page-phone');
});

/** A word of a real product's brand (or name) with one letter dropped: a typo the search must survive. */
function typoFor(p: ProductListItemDto): { typo: string; word: string } {
  const words = [p.brand ?? '', ...p.name.split(/\s+/)].filter((w) => /^[\p{L}]{6,}$/u.test(w));
  const word = words[0];
  if (!word) throw new Error(`no word to misspell in ${p.name}`);
  const i = Math.floor(word.length / 2);
  return { word, typo: word.slice(0, i) + word.slice(i + 1) };
}

test('the header search survives a typo, opens a product on click and the search page on Enter', async ({ page, request }) => {
  const { token } = await signedIn(page, request);
  const sample = await apiGet<ProductListItemDto[]>(request, token, '/api/v1/products?per_page=20');
  const target = sample.find((p) => p.brand && /^[\p{L}]{6,}$/u.test(p.brand)) ?? sample[0];
  expect(target).toBeTruthy();
  const { typo, word } = typoFor(target!);

  await page.goto('/dashboard/catalog');
  const box = page.getByTestId('header-search');
  await expect(box).toHaveAttribute('role', 'combobox');
  await box.click();
  await box.pressSequentially(typo, { delay: 30 });
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown).toBeVisible();
  const results = dropdown.getByTestId('search-result');
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeLessThanOrEqual(5);
  await expect(results.filter({ hasText: new RegExp(word, 'i') }).first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // The text is kept in the URL.
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(typo)}`));
  await shot(page, 'search-dropdown-desktop');

  // Keyboard: Escape closes, ArrowDown reopens and highlights.
  await box.press('Escape');
  await expect(dropdown).toBeHidden();
  await box.press('ArrowDown');
  await expect(dropdown).toBeVisible();

  const first = results.first();
  const id = await first.getAttribute('data-product-id');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/products/${id}$`));
  await expect(dropdown).toBeHidden();
  await expect(box).toHaveValue(typo);

  // Enter without a highlighted result goes to the search page, where the dropdown never shows.
  await box.click();
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/search-products\\?search=${encodeURIComponent(typo)}$`));
  await box.click();
  await expect(dropdown).toBeHidden();

  // A path that does not keep the search clears it.
  await page.getByTestId('nav-catalog').click();
  await expect(page).toHaveURL(/\/dashboard\/catalog$/);
  await expect(box).toHaveValue('');

  // Nothing found.
  await box.click();
  await box.pressSequentially('жщъыэюqzxv', { delay: 20 });
  await expect(dropdown.getByTestId('search-empty')).toHaveText('Нічого не знайдено');

  // 'Всі результати' goes to the search page as well.
  await box.fill(word);
  await dropdown.getByTestId('search-all-results').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/search-products\\?search=${encodeURIComponent(word)}$`));
});

test('the phone search bar opens the dropdown too', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token } = await signedIn(page, request);
  const sample = await apiGet<ProductListItemDto[]>(request, token, '/api/v1/products?per_page=5');
  const { word } = typoFor(sample[0]!);
  const box = page.getByTestId('mobile-search');
  await box.click();
  await box.fill(word);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await shot(page, 'search-dropdown-phone');
  await page.getByTestId('search-result').first().click();
  await expect(page).toHaveURL(/\/dashboard\/products\/\d+$/);
});

test('the landing shows promo products with the profit', async ({ page, request }) => {
  const promo = ((await (await request.get('/api/products/promo')).json()) as { data: PromoProductDto[] }).data;
  expect(promo.length).toBeGreaterThan(0);
  await page.goto('/');
  const section = page.getByTestId('landing-promo');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Товари, на яких ви заробите');
  await expect(section.getByTestId('promo-card')).toHaveCount(promo.length);
  const first = promo[0]!;
  const card = section.locator(`[data-testid="promo-card"][data-product-id="${first.id}"]`);
  await expect(card).toContainText(first.name);
  await expect(card.getByTestId('promo-profit')).toHaveText(/^Ваш прибуток: [\d ]+\.\d{2} грн\.$/);
  // Scrolled so the heading sits under the sticky header.
  const showSection = () => section.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 40));
  await allImagesLoaded(section);
  await showSection();
  await shot(page, 'landing-promo-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await showSection();
  await shot(page, 'landing-promo-phone');
});
