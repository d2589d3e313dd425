import { expect, test } from '@playwright/test';
import { formatMoney, type AdminCategoryDto, type AdminProductDto } from '@drop/shared';
import { operatorToken, reviewShots, signInWithToken } from './fixtures.ts';

/**
 * Issue 29 point 4: a bulk price change with its preview, and the stock history. Works on two
 * products this spec makes (a unique word in their names), so specs running beside it see no
 * change; they are archived at the end.
 */
test('an admin filters products, previews +10 % on the retail price, applies it; the stock history shows an operator change', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await operatorToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const word = `bulk${Date.now().toString(36)}`;
  const categories = (
    (await (await request.get('/api/v1/admin/catalog/categories', { headers })).json()) as {
      data: (AdminCategoryDto & { children_count?: number; archive?: boolean })[];
    }
  ).data;
  const leaf = categories.find((c) => !c.hidden && !c.unsorted && !c.archive && !categories.some((x) => x.parent_id === c.id))!;
  const made: AdminProductDto[] = [];
  for (const [suffix, drop, retail] of [
    ['A', 50, 100],
    ['B', 100, 250.5],
  ] as const) {
    const r = await request.post('/api/v1/admin/catalog/products', {
      headers,
      data: { name_uk: `Чохол ${word} ${suffix}`, name_ru: `Чехол ${word} ${suffix}`, category_id: leaf.id, drop_price: drop, retail_price: retail, qty: 5 },
    });
    expect(r.status(), await r.text()).toBe(201);
    made.push(((await r.json()) as { data: AdminProductDto }).data);
  }
  const [a, b] = made as [AdminProductDto, AdminProductDto];

  try {
    await signInWithToken(page, token);
    await page.goto('/admin/catalog/products');
    await page.getByTestId('products-search').fill(word);
    await expect(page.getByTestId('product-row')).toHaveCount(2);

    // The bulk change: the list's filter, +10 % on the retail price, previewed first.
    await page.getByTestId('products-bulk-change').click();
    const dialog = page.getByTestId('bulk-change-dialog');
    await expect(dialog.getByTestId('bulk-target')).toHaveText('Усі товари за поточним фільтром списку');
    await dialog.getByTestId('bulk-field').click();
    await page.locator('[role="option"][data-value="retail_price"]').click();
    await dialog.getByTestId('bulk-mode').click();
    await page.locator('[role="option"][data-value="percent"]').click();
    await dialog.getByTestId('bulk-amount').fill('10');
    await expect(dialog.getByTestId('bulk-apply')).toBeDisabled();
    await dialog.getByTestId('bulk-preview').click();
    await expect(dialog.getByTestId('bulk-summary')).toContainText('Знайдено: 2 · Зміниться: 2 · Пропущено: 0');
    const rowA = dialog.locator(`[data-testid="bulk-row"][data-product-id="${a.id}"]`);
    const rowB = dialog.locator(`[data-testid="bulk-row"][data-product-id="${b.id}"]`);
    await expect(rowA.getByTestId('bulk-before')).toContainText(formatMoney(100));
    await expect(rowA.getByTestId('bulk-after')).toContainText(formatMoney(110));
    // 250.50 * 1.1 = 275.55 (whole kopecks).
    await expect(rowB.getByTestId('bulk-before')).toContainText(formatMoney(250.5));
    await expect(rowB.getByTestId('bulk-after')).toContainText(formatMoney(275.55));
    await reviewShots(page, 'admin-bulk-preview');

    await dialog.getByTestId('bulk-apply').click();
    await page.getByTestId('bulk-confirm-confirm').click();
    await expect(page.getByTestId('toast')).toContainText('Змінено 2 товари');
    await expect(dialog).toBeHidden();
    // The list shows the new prices.
    await expect(page.locator(`[data-testid="product-row"][data-product-id="${a.id}"]`)).toContainText(formatMoney(110));
    await expect(page.locator(`[data-testid="product-row"][data-product-id="${b.id}"]`)).toContainText(formatMoney(275.55));
    const after = ((await (await request.get(`/api/v1/admin/catalog/products?search=${word}`, { headers })).json()) as { data: AdminProductDto[] }).data;
    expect(after.map((p) => [p.id, p.retail_price]).sort()).toEqual(
      [
        [a.id, 110],
        [b.id, 275.55],
      ].sort(),
    );
    await reviewShots(page, 'admin-bulk-applied');

    // The stock history: an operator edits qty in the editor.
    await page.locator(`[data-testid="product-row"][data-product-id="${a.id}"] a`).first().click();
    await expect(page.getByTestId('product-editor')).toHaveAttribute('data-state', 'ready');
    await page.getByTestId('field-qty').fill('8');
    await page.getByTestId('product-save').first().click();
    await expect(page.getByTestId('toast').last()).toBeVisible();
    const history = page.getByTestId('stock-history');
    await expect(history.locator('[data-testid="stock-row"][data-source="operator"]').first()).toContainText('+3');
    await expect(history.getByTestId('stock-free')).toHaveText('8');
    await expect(history.getByTestId('stock-on-hand')).toHaveText('8');
    await expect(history.getByTestId('stock-source').first()).toHaveText('Оператор');
    await history.scrollIntoViewIfNeeded();
    await reviewShots(page, 'admin-stock-history');

    // The low-stock tab.
    await page.goto('/admin/catalog/low-stock?threshold=8');
    await expect(page.getByTestId('catalog-tab-low-stock')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('low-stock-row').first()).toBeVisible();
    await reviewShots(page, 'admin-low-stock');
  } finally {
    for (const p of made) await request.post(`/api/v1/admin/catalog/products/${p.id}/archive`, { headers });
  }
});
