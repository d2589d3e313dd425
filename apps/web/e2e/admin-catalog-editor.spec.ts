import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AdminCategoryDto, AdminProductDto, CategoryDto } from '@drop/shared';
import { apiGet, createReseller, leavesOf, operatorToken, reviewShots, signInWithToken } from './fixtures.ts';

/**
 * Issue 29 point 4 (first half): an operator creates a product with the editor's form, a reseller
 * finds it in the catalogue, the operator archives it and it is gone for the reseller; a category
 * gets an icon and a colour, and an empty one is deleted (a full one cannot be).
 * With $SHOTS_DIR set, the screens are saved at 1440 and 390 px.
 */

async function api<T>(request: APIRequestContext, token: string, method: string, path: string, data?: unknown): Promise<T> {
  const r = await request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(r.status(), `${method} ${path}: ${await r.text()}`).toBeLessThan(300);
  return r.status() === 204 ? (undefined as T) : ((await r.json()) as { data: T }).data;
}

test('create a product, see it as a reseller, archive it and it disappears; category icon, colour and delete', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await operatorToken(request);
  const reseller = await createReseller(request);
  const asReseller = (path: string) => request.get(path, { headers: { authorization: `Bearer ${reseller.token}` } });
  const tree = (await apiGet<{ data: CategoryDto[] }>(request, reseller.token, '/api/v1/categories')).data;
  const leaf = leavesOf(tree).find((c) => c.products_count > 0)!;
  const stamp = `${Date.now()}`.slice(-7);
  const name = `Тестовий павербанк E2E ${stamp}`;
  const vendor = `E2E-PB-${stamp}`;

  await signInWithToken(page, token);
  await page.goto('/admin/catalog/products');
  await page.getByTestId('products-create').click();
  await expect(page).toHaveURL(/\/admin\/catalog\/products\/new$/);
  await expect(page.getByTestId('product-create-page')).toBeVisible();
  await page.getByTestId('field-name_uk').fill(name);
  await page.getByTestId('field-name_ru').fill(`Тестовый повербанк E2E ${stamp}`);
  await page.getByTestId('field-vendor_code').fill(vendor);
  await page.getByTestId('field-brand').fill('Baseus');
  const category = page.getByTestId('product-category');
  await category.click();
  await category.fill(leaf.name);
  await page.getByRole('option').filter({ hasText: leaf.name }).first().click();
  await page.getByTestId('field-drop_price').fill('450,50');
  await page.getByTestId('field-retail_price').fill('699');
  await page.getByTestId('field-qty').fill('7');
  await page.getByTestId('field-inet_pack').fill('2');
  await page.getByTestId('field-in_pack').fill('20');
  await reviewShots(page, 'catalog-editor-new');
  await page.getByTestId('product-save').first().click();
  await expect(page).toHaveURL(/\/admin\/catalog\/products\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('product-editor')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('field-vendor_code')).toHaveValue(vendor);

  // The reseller finds it by its vendor code and opens it, pack size 2.
  const found = (await (await asReseller(`/api/v1/products?search=${encodeURIComponent(vendor)}`)).json()) as { data: { id: number; inet_pack: number }[] };
  expect(found.data.map((p) => p.id)).toEqual([id]);
  expect(found.data[0]!.inet_pack).toBe(2);
  expect((await asReseller(`/api/v1/products/${id}`)).status()).toBe(200);

  // Archived, it is gone for the reseller; the back office marks it.
  await page.getByTestId('product-archive').click();
  await expect(page.getByTestId('product-archive-dialog')).toContainText(name);
  await page.getByTestId('product-archive-dialog-confirm').click();
  await expect(page.getByTestId('product-archived-alert')).toBeVisible();
  await expect(page.getByTestId('product-unarchive')).toBeVisible();
  // The form starts again from the archived product: its category is the archive (not editable).
  await expect(page.getByTestId('product-category')).toHaveValue('Архів');
  await expect(page.getByTestId('product-category')).toBeDisabled();
  await reviewShots(page, 'catalog-editor-archived');
  expect((await asReseller(`/api/v1/products/${id}`)).status()).toBe(404);
  const after = (await (await asReseller(`/api/v1/products?search=${encodeURIComponent(vendor)}`)).json()) as { data: unknown[] };
  expect(after.data).toEqual([]);
  const stored = await api<AdminProductDto>(request, token, 'GET', `/api/v1/admin/catalog/products/${id}`);
  expect(stored.archived_from_category_id).toBe(leaf.id);

  // The list: live products by default, the archive on its chip.
  await page.goto(`/admin/catalog/products?search=${encodeURIComponent(vendor)}`);
  await expect(page.getByTestId('products-empty')).toBeVisible();
  await page.getByTestId('products-archived').click();
  await expect(page.getByTestId(`product-archived-${id}`)).toBeVisible();
  await reviewShots(page, 'catalog-editor-archive-list');

  // Categories: an empty one gets an icon and a colour, then goes; a full one cannot.
  const fresh = await api<AdminCategoryDto>(request, token, 'POST', '/api/v1/admin/catalog/categories', {
    name_uk: `Порожня E2E ${stamp}`,
    name_ru: `Пустая E2E ${stamp}`,
    sort: 999_998,
  });
  try {
    await page.goto('/admin/catalog/categories');
    // The leaf's root holds products: its delete button is disabled.
    const root = tree.find((r) => leavesOf([r]).some((l) => l.id === leaf.id))!;
    await expect(page.getByTestId(`category-delete-${root.id}`)).toBeDisabled();
    await page.getByTestId(`category-edit-${fresh.id}`).click();
    const dialog = page.getByTestId('category-dialog');
    await dialog.getByTestId('category-icon-Pets').click();
    await dialog.getByTestId('category-color-43A047').click();
    await expect(dialog.getByTestId('category-color-hex')).toHaveValue('#43A047');
    await reviewShots(page, 'catalog-editor-category-dialog');
    await dialog.getByTestId('category-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`category-icon-mark-${fresh.id}`)).toHaveAttribute('data-icon', 'Pets');
    const saved = (await api<AdminCategoryDto[]>(request, token, 'GET', '/api/v1/admin/catalog/categories')).find((c) => c.id === fresh.id)!;
    expect(saved).toMatchObject({ icon: 'Pets', icon_color: '#43A047' });
    await page.getByTestId(`category-icon-mark-${fresh.id}`).scrollIntoViewIfNeeded();
    await reviewShots(page, 'catalog-editor-categories');
    await page.getByTestId(`category-delete-${fresh.id}`).click();
    await page.getByTestId('category-delete-dialog-confirm').click();
    await expect(page.locator(`[data-category-id="${fresh.id}"]`)).toHaveCount(0);
  } finally {
    await request.fetch(`/api/v1/admin/catalog/categories/${fresh.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
});
