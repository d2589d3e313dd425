import { expect, test, type Page } from '@playwright/test';
import { formatMoney, type CartDto, type OrderDto } from '@drop/shared';
import { apiGet, createReseller, productToBuy, signInWithToken } from './fixtures.ts';

/** Screenshots for review. */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const money = (v: number) => `${formatMoney(v)} грн.`;

test('search a product, add it to the cart, check out with Nova Poshta and see the order', async ({ page, request }) => {
  test.setTimeout(120_000);
  const r = await createReseller(request);
  const { product } = await productToBuy(request, r.token);
  await signInWithToken(page, r.token);

  // The header search finds the product by its name; its page adds it to the cart.
  await page.goto('/dashboard/catalog');
  const box = page.getByTestId('header-search');
  await box.click();
  await box.pressSequentially(product.name, { delay: 10 });
  const result = page.locator(`[data-testid="search-result"][data-product-id="${product.id}"]`);
  await expect(result).toBeVisible();
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/products/${product.id}$`));
  await page.getByTestId('product-page').getByTestId('add-to-cart-button').first().click();
  const dialog = page.getByTestId('cart-dialog');
  const retail = Math.max(product.retail_price, product.markup_price);
  await dialog.getByTestId('cart-price').fill(retail.toFixed(2).replace('.', ','));
  await dialog.getByTestId('cart-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  const cart = (await apiGet<{ data: CartDto }>(request, r.token, '/api/v1/carts')).data;

  // The cart page leads to the checkout.
  await page.getByTestId('cart-button').click();
  await expect(page).toHaveURL(/\/dashboard\/cart$/);
  await page.getByRole('link', { name: 'Оформити замовлення' }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);
  const form = page.getByTestId('checkout-form');
  await expect(form).toBeVisible();
  const summary = page.getByTestId('checkout-summary');
  await expect(summary.getByTestId('checkout-summary-lines')).toHaveText('1');
  await expect(summary.getByTestId('checkout-summary-retail')).toHaveText(money(cart.retail_sum));
  await expect(summary.getByTestId('checkout-summary-drop')).toHaveText(money(cart.drop_sum));
  await expect(summary.getByTestId('checkout-summary-profit')).toHaveText(money(cart.profit));

  // Submitting empty shows the required fields.
  await page.getByTestId('checkout-submit').click();
  await expect(form.getByLabel('Прізвище')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Прізвище').fill('Шевченко');
  await form.getByLabel("Ім'я").fill('Тарас');
  await form.getByTestId('checkout-phone').pressSequentially('0671234567');
  await expect(form.getByTestId('checkout-phone')).toHaveValue('+38 (067) 123-45-67');

  // City from the autocomplete (the Nova Poshta emulator answers), then a branch.
  const city = form.getByTestId('checkout-city-input');
  await city.click();
  await city.pressSequentially('Київ', { delay: 30 });
  const cityOption = page.getByRole('option').filter({ hasText: 'Київ' }).first();
  await expect(cityOption).toBeVisible();
  await cityOption.click();
  await expect(city).toHaveValue(/Київ/);
  const branch = form.getByTestId('checkout-branch-input');
  await branch.click();
  const branchOption = page.getByRole('option').first();
  await expect(branchOption).toBeVisible();
  const branchName = (
    await branchOption
      .locator('span')
      .first()
      .evaluate((el) => el.firstChild?.textContent ?? '')
  ).trim();
  await branchOption.click();
  await expect(branch).toHaveValue(branchName);
  await expect(form.getByRole('radio', { name: 'Накладений платіж' })).toBeChecked();
  await shot(page, 'checkout-form');

  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('toast')).toContainText('оформлено');
  await expect(page).toHaveURL(/\/dashboard\/order\/\d+$/);
  const id = Number(/order\/(\d+)$/.exec(page.url())![1]);
  const order = (await apiGet<{ data: OrderDto }>(request, r.token, `/api/v1/orders/${id}`)).data;

  const view = page.getByTestId('order-page');
  await expect(view).toHaveAttribute('data-state', 'ready');
  await expect(view.getByTestId('order-number')).toHaveText(`№${order.number}`);
  await expect(view.getByTestId('order-status')).toHaveText('Нове');
  await expect(view.getByTestId('order-line')).toHaveCount(1);
  await expect(view.getByTestId('order-line')).toContainText(product.name);
  await expect(view.getByTestId('order-retail')).toHaveText(money(order.calculations.retail_sum));
  await expect(view.getByTestId('order-wholesale')).toHaveText(money(order.calculations.wholesale_sum));
  await expect(view.getByTestId('order-profit')).toHaveText(money(order.calculations.profit));
  await expect(view.getByTestId('order-address')).toContainText(branchName);
  await expect(view.getByTestId('order-confirm')).toBeVisible();
  await expect(view.getByTestId('order-history')).toBeVisible();
  expect(order.calculations.retail_sum).toBe(cart.retail_sum);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await shot(page, 'order-page');

  // The emptied cart shows an empty checkout.
  await page.goto('/dashboard/checkout');
  await expect(page.getByTestId('checkout-page')).toHaveAttribute('data-state', 'empty');
});

test('the place-order button pressed twice quickly makes one order', async ({ page, request }) => {
  const r = await createReseller(request);
  const { product } = await productToBuy(request, r.token);
  const retail = Math.max(product.retail_price, product.markup_price);
  const add = await request.post('/api/v1/carts', {
    headers: { authorization: `Bearer ${r.token}` },
    data: { product_id: product.id, qty: 2, retail_price: retail },
  });
  expect(add.status(), await add.text()).toBeLessThan(300);
  await signInWithToken(page, r.token);

  // A slow network: every placement the page sends waits a second and a half, so both clicks land
  // while the first is on its way.
  const placements: string[] = [];
  await page.route('**/api/v1/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    placements.push(route.request().headers()['idempotency-key'] ?? '');
    await new Promise((done) => setTimeout(done, 1500));
    return route.continue();
  });

  await page.goto('/dashboard/checkout');
  const form = page.getByTestId('checkout-form');
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: 'Rozetka' }).click();
  await form.getByLabel('Прізвище').fill('Шевченко');
  await form.getByLabel("Ім'я").fill('Тарас');
  await form.getByTestId('checkout-phone').pressSequentially('0671234567');
  await form.getByTestId('checkout-city-input').fill('Львів');
  await form.getByTestId('checkout-branch-input').fill('Відділення 5');

  const submit = page.getByTestId('checkout-submit');
  await submit.dblclick();
  await submit.click({ force: true, noWaitAfter: true }).catch(() => undefined);
  await expect(page.getByTestId('toast')).toContainText('оформлено');
  await expect(page).toHaveURL(/\/dashboard\/order\/\d+$/);
  // The second click joined the first: no "cart is empty" refusal shown.
  await expect(page.getByText('Кошик порожній')).toHaveCount(0);

  // Exactly one order, the cart emptied; whatever the page sent carried one key.
  const orders = await apiGet<{ data: { id: number }[]; meta: { total: number } }>(request, r.token, '/api/v1/orders');
  expect(orders.meta.total).toBe(1);
  const placed = (await apiGet<{ data: OrderDto }>(request, r.token, `/api/v1/orders/${orders.data[0]!.id}`)).data;
  expect(placed.products.map((l) => [l.product_id, l.qty])).toEqual([[product.id, 2]]);
  expect((await apiGet<{ data: CartDto }>(request, r.token, '/api/v1/carts')).data.count).toBe(0);
  expect(placements.length).toBeGreaterThanOrEqual(1);
  expect(new Set(placements).size).toBe(1);
  expect(placements[0]).toMatch(/^[\x20-\x7e]{1,255}$/);
});
