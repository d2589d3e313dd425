import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, type OrderDto, type StatisticsDto } from '@drop/shared';
import { apiGet, createReseller, operatorToken, placeOrder, realtimeReady, signInWithToken } from './fixtures.ts';

/**
 * Screenshots for review: into the test's output folder, and also into $SHOTS_DIR (e.g. /tmp/shots)
 * at 1440 and 390 px wide when it is set.
 */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  await page.screenshot({ path: path.join(dir, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(size);
  await page.waitForTimeout(300);
}

test('orders: list, confirm, edit a line, copy, cancel the copy; the home cards show the statistics', async ({ page, request }) => {
  test.setTimeout(180_000);
  const r = await createReseller(request);
  const { product, order } = await placeOrder(request, r.token);
  await signInWithToken(page, r.token);

  // The list shows the order; a status filter lives in the URL.
  await page.goto('/dashboard/orders');
  const list = page.getByTestId('orders-page');
  await expect(list).toHaveAttribute('data-state', 'ready');
  const row = list.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
  await expect(row.getByTestId('order-row-number')).toHaveText(`№${order.number}`);
  await expect(row.getByTestId('order-row-status')).toHaveText('Нове');
  await expect(row.getByTestId('order-row-client')).toContainText('Шевченко Тарас');
  await expect(row.getByTestId('order-row-address')).toHaveText('Львів, Відділення 5');
  await shot(page, 'orders-list');

  await page.getByTestId('orders-status').click();
  await page.getByRole('option', { name: 'Скасоване' }).click();
  await expect(page).toHaveURL(/status=Canceled/);
  await expect(list).toHaveAttribute('data-state', 'nothing');
  await page.getByTestId('orders-reset').click();
  await expect(list).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('orders-search').fill(order.number);
  await expect(page).toHaveURL(new RegExp(`search=${order.number}`));
  await expect(list.getByTestId('order-row')).toHaveCount(1);

  // The order page: confirm it.
  await row.getByTestId('order-row-number').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/order/${order.id}$`));
  const view = page.getByTestId('order-page');
  await expect(view).toHaveAttribute('data-state', 'ready');
  await expect(view.getByTestId('order-documents')).toHaveAttribute('data-enabled', 'false');
  await expect(view.getByTestId('order-documents-hint')).toBeVisible();
  await view.getByTestId('order-confirm').click();
  await expect(view.getByTestId('order-status')).toHaveText('Підтверджене');
  await expect(view.getByTestId('order-confirm')).toBeDisabled();
  await expect(view.getByTestId('order-documents')).toHaveAttribute('data-enabled', 'true');
  await expect(view.getByTestId('history-entry').first()).toBeVisible();
  await shot(page, 'order-page');

  // Edit: the line's quantity 1 -> 2; a price below drop is snapped up on blur.
  await view.getByTestId('order-edit').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/order/${order.id}/edit$`));
  const edit = page.getByTestId('order-edit-page');
  await expect(edit).toHaveAttribute('data-state', 'ready');
  await expect(edit.getByRole('radio', { name: 'Передоплата' })).toBeDisabled();
  const line = edit.getByTestId('order-edit-line').first();
  const price = line.getByTestId('order-edit-price');
  const original = await price.inputValue();
  await price.fill('0,01');
  await expect(edit.getByTestId('order-edit-save')).toBeDisabled();
  await price.blur();
  await expect(price).toHaveValue(product.drop_price.toFixed(2));
  await price.fill(original);
  await price.blur();
  await line.getByTestId('order-edit-qty').fill('2');
  await shot(page, 'order-edit');
  await edit.getByTestId('order-edit-save').click();
  await expect(page.getByTestId('toast')).toContainText('збережено');
  await expect(page).toHaveURL(new RegExp(`/dashboard/order/${order.id}$`));
  await expect(view.getByTestId('order-line-qty')).toHaveText('2');
  const edited = (await apiGet<{ data: OrderDto }>(request, r.token, `/api/v1/orders/${order.id}`)).data;
  expect(edited.products[0]?.qty).toBe(2);
  await expect(view.getByTestId('order-retail')).toHaveText(`${formatMoney(edited.calculations.retail_sum)} грн.`);

  // Copy: a new order in New; then cancel the copy (with a confirmation).
  await view.getByTestId('order-copy').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'копію' })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/dashboard/order/${order.id}$`));
  await expect(page).toHaveURL(/\/dashboard\/order\/\d+$/);
  const copyId = Number(/order\/(\d+)$/.exec(page.url())![1]);
  await expect(view.getByTestId('order-status')).toHaveText('Нове');
  await view.getByTestId('order-cancel').click();
  const dialog = page.getByTestId('order-cancel-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('order-cancel-dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(view.getByTestId('order-status')).toHaveText('Скасоване');
  await expect(view.getByTestId('order-cancel')).toBeDisabled();
  await expect(view.getByTestId('order-edit')).toBeDisabled();
  const copy = (await apiGet<{ data: OrderDto }>(request, r.token, `/api/v1/orders/${copyId}`)).data;
  expect(copy.status).toBe('Canceled');

  // Pushed live: the operator completes the original order, sets its waybill and hands it over;
  // the open order page follows each change without a reload.
  const ready = realtimeReady(page);
  await page.goto(`/dashboard/order/${order.id}`);
  await ready;
  await expect(view).toHaveAttribute('data-state', 'ready');
  await expect(view.getByTestId('order-status')).toHaveText('Підтверджене');
  const staff = { authorization: `Bearer ${await operatorToken(request)}` };
  expect((await request.post(`/api/v1/admin/orders/${order.id}/status`, { headers: staff, data: { status: 'Complected' } })).status()).toBe(200);
  await expect(view.getByTestId('order-status')).toHaveText('Укомплектоване');
  expect((await request.put(`/api/v1/admin/orders/${order.id}/ttn`, { headers: staff, data: { ttn: '0503012345678', cost: 45 } })).status()).toBe(200);
  await expect(view.getByTestId('order-delivery-status')).toHaveText('Створено ТТН');
  expect((await request.post(`/api/v1/admin/orders/${order.id}/status`, { headers: staff, data: { status: 'Delivered' } })).status()).toBe(200);
  await expect(view.getByTestId('order-status')).toHaveText('Доставляється');
  await expect(view.getByTestId('order-cancel')).toBeDisabled();

  // The list now has both; the cancelled one under its filter.
  await page.goto('/dashboard/orders?status=Canceled');
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page.getByTestId('order-row').getByTestId('order-row-number')).toHaveText(`№${copy.number}`);

  // Home: the three cards and the last orders show what /statistics and /orders/last return.
  const stats = (await apiGet<{ data: StatisticsDto }>(request, r.token, '/api/v1/statistics')).data;
  await page.goto('/dashboard');
  await expect(page.getByTestId('orders-count-total')).toHaveText(String(stats.orders_count.total_count));
  await expect(page.getByTestId('orders-count-delivered')).toHaveText(String(stats.orders_count.count_delivered));
  await expect(page.getByTestId('orders-count-done')).toHaveText(String(stats.orders_count.count_done));
  await expect(page.getByTestId('orders-count-return')).toHaveText(String(stats.orders_count.count_return));
  await expect(page.getByTestId('orders-conversion')).toHaveText(`${stats.orders_count.conversion.toFixed(1)}%`);
  expect(stats.orders_count.total_count).toBe(2);
  const max = page.getByTestId('orders-week-max');
  if (stats.last_week.at) await expect(max).toHaveText(`Максимум: ${stats.last_week.max} шт. (${stats.last_week.at.replace('.', '/')})`);
  await expect(page.getByTestId('orders-week-plot')).toBeVisible();
  await expect(page.getByTestId('balance-chart')).toBeVisible();
  const last = page.getByTestId('last-orders');
  await expect(last.getByTestId('last-order')).toHaveCount(2);
  await expect(last.getByTestId('last-order-number').first()).toHaveText(`№${copy.number}`);
  await expect(last.getByTestId('last-order-status').first()).toHaveText('Скасоване');
  await expect(page.getByTestId('last-operations')).toBeVisible();
  await shot(page, 'home');
});

test('another reseller’s order shows the not-found state', async ({ page, request }) => {
  const owner = await createReseller(request);
  const { order } = await placeOrder(request, owner.token);
  const other = await createReseller(request);
  await signInWithToken(page, other.token);
  await page.goto(`/dashboard/order/${order.id}`);
  await expect(page.getByTestId('order-not-found')).toBeVisible();
  await page.goto(`/dashboard/order/${order.id}/edit`);
  await expect(page.getByTestId('order-not-found')).toBeVisible();
  await page.goto('/dashboard/orders');
  await expect(page.getByTestId('orders-page')).toHaveAttribute('data-state', 'empty');
});

test('the order history reads as sentences in ru: no reservation system names, no document ids, no English', async ({ page, request }) => {
  test.setTimeout(120_000);
  const r = await createReseller(request);
  const headers = { authorization: `Bearer ${r.token}` };
  const { order } = await placeOrder(request, r.token);
  // The reservation lands in the history; then confirm and attach a waybill.
  await expect
    .poll(async () => (await apiGet<{ data: OrderDto }>(request, r.token, `/api/v1/orders/${order.id}`)).data.history.some((h) => h.kind === 'reservation'), {
      timeout: 30_000,
    })
    .toBe(true);
  expect((await request.post(`/api/v1/orders/${order.id}/confirm`, { headers })).status()).toBe(200);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const up = await request.post('/api/v1/media-files', {
    headers,
    multipart: { order_id: String(order.id), type: 'waybill', file: { name: 'receipt.png', mimeType: 'image/png', buffer: png } },
  });
  expect(up.status(), await up.text()).toBeLessThan(300);

  await signInWithToken(page, r.token);
  await page.evaluate(() => localStorage.setItem('drop_locale', 'ru'));
  await page.goto(`/dashboard/order/${order.id}`);
  const view = page.getByTestId('order-page');
  await expect(view).toHaveAttribute('data-state', 'ready');
  const history = view.getByTestId('order-history');
  await expect(history.getByTestId('history-detail').filter({ hasText: 'Накладная «receipt.png»' })).toBeVisible();
  await expect(
    history
      .getByTestId('history-detail')
      .filter({ hasText: /^Номер резерва( в 1С)?: / })
      .first(),
  ).toBeVisible();
  const text = await history.innerText();
  for (const raw of ['embedded', 'commerceml', 'waybill', 'cash on delivery', 'waiting for']) expect(text.toLowerCase(), raw).not.toContain(raw);
});
