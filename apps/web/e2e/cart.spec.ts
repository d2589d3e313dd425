import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMoney, type CartDto, type ProductListItemDto } from '@drop/shared';
import { apiGet, createReseller, productToBuy, signInWithToken } from './fixtures.ts';

/** Screenshots for review; dialogs as the viewport shows them, pages whole. */
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

const money = (v: number) => `${formatMoney(v)} грн.`;
const toUah = (kop: number) => Math.round(kop) / 100;
const kop = (uah: number) => Math.round(uah * 100);

/** The toast's close button (a CSS locator: while a dialog is open MUI hides the rest of the page from the accessibility tree). */
async function closeToast(page: Page) {
  const toast = page.getByTestId('toast');
  await toast.locator('button[aria-label="Закрити"]').click();
  await expect(toast).toBeHidden();
}

function cardOf(page: Page, product: ProductListItemDto): Locator {
  return page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`);
}

test('add with a custom price, edit the quantity, see the cart page and remove the line', async ({ page, request }) => {
  // One long user flow (list, dialog, cart page on desktop and phone): more time than the default 60 s on a busy machine.
  test.setTimeout(120_000);
  const r = await createReseller(request);
  const { leaf, product } = await productToBuy(request, r.token);
  await signInWithToken(page, r.token);
  await expect(page.getByTestId('cart-button')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  await page.goto(`/dashboard/catalog/${leaf.id}/products?card_variant=card`);
  const card = cardOf(page, product);
  await expect(card.getByTestId('add-to-cart-button')).toBeVisible();
  await expect(card.getByTestId('edit-cart-button')).toHaveCount(0);
  await card.getByTestId('add-to-cart-button').click();

  // The dialog: one piece at the markup price, drop and recommended shown.
  const dialog = page.getByTestId('cart-dialog');
  await expect(dialog.getByRole('heading', { name: 'Додати до кошика' })).toBeVisible();
  await expect(dialog.getByTestId('cart-dialog-name')).toHaveText(product.name);
  const qty = dialog.getByTestId('cart-qty');
  const price = dialog.getByTestId('cart-price');
  await expect(qty).toHaveValue('1');
  await expect(price).toHaveValue(formatMoney(Math.max(product.markup_price, product.drop_price)).replace(/\s/g, ''));
  await expect(dialog.getByTestId('cart-drop-price')).toHaveText(money(product.drop_price));
  await expect(dialog.getByTestId('cart-recommended-price')).toHaveText(money(product.retail_price));

  // Below drop (so below the recommended price the supplier enforces by default: the dialog gives
  // that reason, issue 26 p.1): snapped up to drop when the field is left.
  await price.fill(String(Math.max(0.01, toUah(kop(product.drop_price) - 500))));
  await expect(dialog.getByTestId('cart-refusal-recommended')).toBeVisible();
  await expect(dialog.getByTestId('cart-confirm')).toBeDisabled();
  await qty.focus();
  await expect(price).toHaveValue(product.drop_price.toFixed(2));

  // Below recommended while the supplier enforces it (the default): confirm stays disabled and the
  // dialog says why instead of a soft warning (issue 26 p.1; e2e/price-floor.spec.ts has the floor off).
  await expect(dialog.getByTestId('cart-refusal-recommended')).toContainText('постачальник не дозволяє продавати дешевше');
  await expect(dialog.getByTestId('cart-warning-recommended')).toHaveCount(0);
  await expect(dialog.getByTestId('cart-confirm')).toBeDisabled();

  // Quantity 0 disables confirm; above stock warns.
  await qty.fill('0');
  await expect(dialog.getByTestId('cart-confirm')).toBeDisabled();
  await qty.fill(String(product.qty + 1));
  await expect(dialog.getByTestId('cart-warning-stock')).toBeVisible();
  await qty.fill('1');
  await expect(dialog.getByTestId('cart-warning-stock')).toHaveCount(0);

  // A custom selling price above recommended; the profit follows.
  const customKop = kop(Math.max(product.retail_price, product.markup_price)) + 1234;
  const custom = toUah(customKop);
  await price.fill(custom.toFixed(2).replace('.', ','));
  await expect(dialog.getByTestId('cart-warning-recommended')).toHaveCount(0);
  await expect(dialog.getByTestId('cart-profit')).toHaveText(money(toUah(customKop - kop(product.drop_price))));
  await shot(page, 'cart-dialog-desktop', false);
  await dialog.getByTestId('cart-confirm').click();
  await expect(page.getByTestId('toast')).toContainText('Товар додано до кошика');
  await expect(dialog).toBeHidden();

  // The badge counts one line; the product's action is now "edit".
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(card.getByTestId('edit-cart-button')).toBeVisible();
  await expect(card.getByTestId('add-to-cart-button')).toHaveCount(0);
  let cart = (await apiGet<{ data: CartDto }>(request, r.token, '/api/v1/carts')).data;
  expect(cart.items.map((l) => [l.product_id, l.qty, l.retail_price])).toEqual([[product.id, 1, custom]]);

  // Edit the quantity from the list.
  await closeToast(page);
  await card.getByTestId('edit-cart-button').click();
  await expect(dialog.getByRole('heading', { name: 'Зміна товару в кошику' })).toBeVisible();
  await expect(price).toHaveValue(custom.toFixed(2));
  await expect(qty).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Збільшити кількість' }).click();
  await expect(qty).toHaveValue('2');
  await expect(dialog.getByTestId('cart-profit')).toHaveText(money(toUah((customKop - kop(product.drop_price)) * 2)));
  await dialog.getByTestId('cart-confirm').click();
  await expect(page.getByTestId('toast')).toContainText('Кошик оновлено');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  cart = (await apiGet<{ data: CartDto }>(request, r.token, '/api/v1/carts')).data;
  expect(cart.items.map((l) => [l.product_id, l.qty, l.retail_price])).toEqual([[product.id, 2, custom]]);

  // The cart page: the line and the totals.
  await page.getByTestId('cart-button').click();
  await expect(page).toHaveURL(/\/dashboard\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Кошик');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('cart-line-name')).toHaveText(product.name);
  await expect(line.getByTestId('cart-line-qty')).toHaveText('2');
  await expect(line.getByTestId('cart-line-price')).toHaveText(formatMoney(custom));
  await expect(line.getByTestId('cart-line-drop')).toHaveText(formatMoney(product.drop_price));
  await expect(line.getByTestId('cart-line-profit')).toHaveText(formatMoney(cart.profit));
  const totals = page.getByTestId('cart-totals');
  await expect(totals.getByTestId('cart-total-count')).toHaveText('1');
  await expect(totals.getByTestId('cart-total-drop')).toHaveText(money(cart.drop_sum));
  await expect(totals.getByTestId('cart-total-retail')).toHaveText(money(toUah(customKop * 2)));
  await expect(totals.getByTestId('cart-total-profit')).toHaveText(money(cart.profit));
  await expect(page.getByRole('button', { name: /Оформити/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await shot(page, 'cart-page-desktop');

  // Phone: cards, the mobile bar's badge, the edit dialog.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('mobile-cart-button').getByTestId('cart-badge')).toHaveText('1');
  await expect(page.getByTestId('cart-lines-cards')).toBeVisible();
  await expect(line.getByTestId('cart-line-qty')).toHaveText('2');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'cart-page-phone');
  await line.getByTestId('cart-line-edit').click();
  await expect(dialog.getByTestId('cart-qty')).toHaveValue('2');
  await shot(page, 'cart-dialog-phone', false);
  await dialog.getByTestId('cart-cancel').click();
  await expect(dialog).toBeHidden();

  // Remove after a confirmation: the empty state, no badge.
  await line.getByTestId('cart-line-remove').click();
  await page.getByTestId('cart-remove-confirm').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('cart-empty')).toContainText('Кошик порожній');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await expect(page.getByTestId('mobile-cart-button')).toHaveAttribute('data-count', '0');
  await shot(page, 'cart-empty-phone');

  // Back on the list the product can be added again.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('cart-empty-catalog').click();
  await page.goto(`/dashboard/catalog/${leaf.id}/products?card_variant=card`);
  await expect(cardOf(page, product).getByTestId('add-to-cart-button')).toBeVisible();
});

test('the table view and the product page offer the cart action; the cart page loads in Russian', async ({ page, request }) => {
  const r = await createReseller(request);
  const { leaf, product } = await productToBuy(request, r.token);
  await signInWithToken(page, r.token);

  await page.goto(`/dashboard/catalog/${leaf.id}/products?card_variant=table`);
  const row = page.locator(`[data-testid="product-row"][data-product-id="${product.id}"]`);
  await row.getByTestId('add-to-cart-button').click();
  const dialog = page.getByTestId('cart-dialog');
  await dialog.getByTestId('cart-confirm').click();
  await expect(page.getByTestId('toast')).toContainText('Товар додано до кошика');
  await expect(row.getByTestId('edit-cart-button')).toBeVisible();

  // Phone cards: the action row keeps its icons inside the card.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/catalog/${leaf.id}/products?card_variant=card`);
  const card = cardOf(page, product);
  await expect(card.getByTestId('edit-cart-button')).toBeVisible();
  const [cardBox, actionsBox] = [await card.boundingBox(), await card.getByTestId('product-actions').boundingBox()];
  expect(actionsBox!.x + actionsBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'product-cards-phone', false);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(`/dashboard/products/${product.id}`);
  await expect(page.getByTestId('product-title')).toHaveText(product.name);
  await expect(page.getByTestId('edit-cart-button')).toHaveText('Змінити в кошику');
  await shot(page, 'product-page-in-cart', false);

  await page.evaluate(() => localStorage.setItem('drop_locale', 'ru'));
  await page.goto('/dashboard/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
  await expect(page.getByTestId('cart-totals')).toContainText('Итого');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
});
