import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney, type CategoryDto, type MarketDto, type ProductListItemDto, type ProductsResponse } from '@drop/shared';
import { apiGet, operatorToken, createReseller, productToBuy, signInWithToken } from './fixtures.ts';

/** Screenshots for review (whole pages). */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The operator verifies the reseller through the admin API (stores and store prices need it). */
async function verify(request: APIRequestContext, email: string) {
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  const users = (await (await request.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`, { headers })).json()) as { data: { id: number }[] };
  const id = users.data[0]?.id;
  expect(id).toBeTruthy();
  expect((await request.put(`/api/v1/admin/users/${id}`, { headers, data: { is_verified: true } })).status()).toBe(200);
}

/** The product as the API prices it for this user (with a store when given). */
async function pricedProduct(request: APIRequestContext, token: string, categoryId: number, productId: number, marketId?: number): Promise<ProductListItemDto> {
  const q = `/api/v1/products?category_id=${categoryId}&per_page=10${marketId ? `&market_id=${marketId}` : ''}`;
  const p = (await apiGet<ProductsResponse>(request, token, q)).data.find((x) => x.id === productId);
  expect(p, q).toBeTruthy();
  return p!;
}

/** The root category above a category. */
function rootOf(tree: CategoryDto[], id: number): CategoryDto {
  const contains = (c: CategoryDto): boolean => c.id === id || c.child.some(contains);
  const root = tree.find(contains);
  expect(root).toBeTruthy();
  return root!;
}

test('a store with a markup picked in the top bar reprices the product list; a feed with its prices is built and downloaded', async ({ page, request }) => {
  // Two user flows end to end (store, then feed and its build): more than the default 60 s on a busy machine.
  test.setTimeout(120_000);
  const r = await createReseller(request);
  await verify(request, r.email);
  const { leaf, product } = await productToBuy(request, r.token);
  await signInWithToken(page, r.token);

  // The product list with the markup profile (no store yet).
  const listUrl = `/dashboard/catalog/${leaf.id}/products?card_variant=card`;
  await page.goto(listUrl);
  const card = page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`);
  const before = await pricedProduct(request, r.token, leaf.id, product.id);
  await expect(card.getByTestId('price-markup')).toHaveText(formatMoney(before.markup_price));
  await expect(card.getByTestId('price-profit')).toHaveText(formatMoney(before.profit));

  // (a) A store in the profile: +200% from the drop price (above any demo recommended price, so the
  // supplier's recommended-price floor does not lift it).
  await page.goto('/dashboard/profile');
  const stores = page.getByTestId('markets-card');
  await expect(stores.getByTestId('markets-empty')).toBeVisible();
  await stores.getByTestId('market-create').click();
  await expect(page).toHaveURL(/\/dashboard\/markets\/create$/);
  await page.getByTestId('market-name').fill('E2E магазин');
  await page.getByTestId('market-base-type-1').check();
  await page.getByTestId('market-base-markup').fill('200');
  await page.getByTestId('market-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Магазин створено' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(stores.getByTestId('market-row')).toHaveCount(1);
  const market = (await apiGet<{ data: MarketDto[] }>(request, r.token, '/api/v1/markets')).data[0]!;
  expect(market.name).toBe('E2E магазин');

  // Picked in the top bar: the list shows the store's prices.
  await page.goto(listUrl);
  await expect(card.getByTestId('price-markup')).toHaveText(formatMoney(before.markup_price));
  await page.getByRole('combobox', { name: 'Тип цін' }).click();
  await page.getByTestId(`market-selector-option-${market.id}`).click();
  await expect(page.getByRole('combobox', { name: 'Тип цін' })).toHaveText('E2E магазин');
  const after = await pricedProduct(request, r.token, leaf.id, product.id, market.id);
  expect(after.markup_price).toBeCloseTo(after.drop_price * 3, 1);
  expect(after.markup_price).not.toBe(before.markup_price);
  await expect(card.getByTestId('price-markup')).toHaveText(formatMoney(after.markup_price));
  await expect(card.getByTestId('price-profit')).toHaveText(formatMoney(after.profit));
  expect(formatMoney(after.profit)).not.toBe(formatMoney(before.profit));

  // (b) A feed of the product's root category at the store's prices.
  const root = rootOf((await apiGet<{ data: CategoryDto[] }>(request, r.token, '/api/v1/categories')).data, leaf.id);
  await page.goto('/dashboard/export-settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Налаштування експорту');
  await expect(page.getByTestId('exports-empty')).toBeVisible();
  await page.getByTestId('exports-empty-create').click();
  await expect(page).toHaveURL(/\/dashboard\/export-settings\/create$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Новий експорт товарів');
  await page.getByTestId('export-name').fill('Prom — E2E');
  await page.getByTestId('export-provider-yml').click();
  await page.getByTestId('export-short-name').fill('E2E Shop');
  await page.getByTestId('export-url').fill('https://e2e-shop.example');
  await page.getByTestId('export-price-source-market').check();
  await page.getByTestId('export-market').selectOption(String(market.id));
  await page.getByTestId(`export-category-${root.id}`).check();
  await expect(page.getByTestId('export-categories-summary')).toHaveText('Обрано 1 категорію');
  await page.getByTestId('export-extra-add').click();
  await page.getByTestId('export-extra-0-param').fill('Гарантія');
  await page.getByTestId('export-extra-0-value').fill('12 міс');
  await page.getByTestId('export-interval').selectOption('6');
  await page.getByTestId('export-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Файл експорту створено' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/export-settings$/);

  // The list polls until the build is done.
  const row = page.getByTestId('export-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('export-row-name')).toHaveText('Prom — E2E');
  await expect(row.getByTestId('export-row-price')).toHaveText('Ціни магазину «E2E магазин»');
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(row.getByTestId('feed-status')).toHaveText('Готовий');
  await expect(row.getByTestId('export-row-products')).not.toHaveText('0');
  await expect(row.getByTestId('export-row-generated')).not.toHaveText('-');
  await shot(page, 'exports-list');

  // Download through the public address (no sign-in): a yml_catalog with offers at the store's prices.
  const url = await row.getByTestId('feed-url').inputValue();
  expect(url).toMatch(/\/feeds\/[A-Za-z0-9_-]{43}\.xml$/);
  await expect(row.getByTestId('feed-download')).toHaveAttribute('href', url);
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('xml');
  const xml = await res.text();
  expect(xml).toContain('<yml_catalog');
  expect(xml).toContain('<name>E2E Shop</name>');
  const offers = xml.match(/<offer id="/g) ?? [];
  expect(offers.length).toBeGreaterThan(0);
  expect(offers.length).toBe(Number(await row.getByTestId('export-row-products').textContent()));
  const start = xml.indexOf(`<offer id="${product.b2b_code_id}"`);
  expect(start, `offer ${product.b2b_code_id}`).toBeGreaterThanOrEqual(0);
  const offer = xml.slice(start, xml.indexOf('</offer>', start));
  expect(offer).toContain(`<price>${after.markup_price.toFixed(2)}</price>`);
  expect(offer).toContain('<param name="Гарантія">12 міс</param>');

  // The history: the first build, started by the creation.
  await row.getByTestId(/^export-history-/).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Історія оновлень: Prom — E2E');
  const build = page.getByTestId('history-row');
  await expect(build).toHaveCount(1);
  await expect(build).toHaveAttribute('data-status', 'done');
  await expect(build.getByTestId('history-row-trigger')).toHaveText('Створення');
  await shot(page, 'exports-history');

  // Rebuild now: a second build appears. Toasts show one at a time and a pointer resting on one
  // pauses it, so the creation's toast may still hold the next one back: close it first.
  for (const close of await page.getByTestId('toast').getByRole('button', { name: 'Закрити' }).all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  await page.getByTestId('history-generate').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Оновлення файлу запущено' })).toBeVisible();
  await expect(build).toHaveCount(2, { timeout: 30_000 });
  await expect(build.first()).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(build.first().getByTestId('history-row-trigger')).toHaveText('Вручну');
});
