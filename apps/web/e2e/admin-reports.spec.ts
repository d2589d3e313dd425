/**
 * Issue 29 in the browser, the reports: a reseller (made through the API) places three cash-on-delivery
 * orders at a high retail price (so they lead the resellers' report whatever else the test server
 * holds) and cancels one. An accountant (made through the API; the reports area is theirs) opens
 * "Звіти": the sales tab's table and totals equal the API's JSON for the period the page asks; the
 * resellers tab shows the reseller (linked to their page) with 2 orders, their sales and 1 cancelled;
 * the resellers report downloaded as CSV holds the same row. Top products lists the product ordered.
 * Screenshots (SHOTS_DIR) of the sales, resellers and returns tabs, desktop and 390 px.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type { OrderDto, SalesReportDto } from '@drop/shared';
import { apiGet, createReseller, createStaffMember, productToBuy, reviewShots, signInWithToken } from './fixtures.ts';

/** "13 500.50" as the page writes money -> a number. */
const uah = (text: string) => Number(text.replace(/[\s\u00a0]/g, ''));
const RETAIL = 40_000;

test('reports: sales and resellers show the figures the API sums; the resellers report downloads as CSV', async ({ page, request }) => {
  test.setTimeout(180_000);
  const name = `Звітна Реселерка ${Date.now() % 100000}`;
  const [token, reseller] = await Promise.all([createStaffMember(request, 'accountant', 'Бухгалтер Звітів'), createReseller(request, { name })]);
  const me = await apiGet<{ data: { id: number } }>(request, reseller.token, '/api/v1/auth/user');
  const headers = { authorization: `Bearer ${reseller.token}` };
  const { product } = await productToBuy(request, reseller.token, { fromEnd: true });
  const orders: OrderDto[] = [];
  for (let i = 0; i < 3; i++) {
    const add = await request.post('/api/v1/carts', { headers, data: { product_id: product.id, qty: 1, retail_price: RETAIL } });
    expect(add.status(), await add.text()).toBeLessThan(300);
    const res = await request.post('/api/v1/orders', {
      headers,
      data: {
        last_name: 'Франко',
        first_name: 'Іван',
        phone: '+380671234567',
        delivery_service: 'Rozetka',
        delivery_method: 'Branch',
        delivery_type: 'NovaPoshta',
        payment_delivery: 'Recipient',
        payment_method: 'COD',
        city_name: 'Львів',
        branch_name: 'Відділення 5',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    orders.push(((await res.json()) as { data: OrderDto }).data);
  }
  const cancel = await request.delete(`/api/v1/orders/${orders[2]!.id}`, { headers });
  expect(cancel.status(), await cancel.text()).toBe(200);

  await signInWithToken(page, token);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin');
  await page.getByTestId('admin-nav-reports').click();
  await expect(page).toHaveURL(/\/admin\/reports/);
  const reports = page.getByTestId('reports-page');
  await expect(reports).toHaveAttribute('data-state', 'ready');

  // Sales of this month: the page's table is the API's JSON for the same query.
  const from = (await reports.getAttribute('data-from'))!;
  const to = (await reports.getAttribute('data-to'))!;
  const sales = page.getByTestId('report-sales');
  await expect(sales).toHaveAttribute('data-state', 'ready');
  const api = (await apiGet<{ data: SalesReportDto }>(request, token, `/api/v1/admin/reports/sales?date_from=${from}&date_to=${to}&group=day`)).data;
  await expect(sales.getByTestId('report-sales-row')).toHaveCount(api.rows.length);
  const total = sales.getByTestId('report-sales-total');
  // Other specs may place orders meanwhile: the page's totals are at least the API's read before, and ours are in them.
  expect(Number(await total.locator('[data-col="orders"]').innerText())).toBeGreaterThanOrEqual(api.totals.orders);
  expect(api.totals.orders).toBeGreaterThanOrEqual(2);
  expect(uah(await total.locator('[data-col="sales"]').innerText())).toBeGreaterThanOrEqual(2 * RETAIL);
  await expect(sales.getByTestId('report-sales-chart').locator('svg').first()).toBeVisible();
  await reviewShots(page, 'reports-sales');

  // By reseller: ours leads (two orders of 40 000 UAH), linked to their page.
  await page.getByTestId('reports-tab-resellers').click();
  const byReseller = page.getByTestId('report-sales-by-reseller');
  await expect(byReseller).toHaveAttribute('data-state', 'ready');
  const row = byReseller.locator(`[data-testid="report-sales-by-reseller-row"][data-key="${me.data.id}"]`);
  await expect(row.getByTestId('reseller-link')).toHaveText(name);
  await expect(row.getByTestId('reseller-link')).toHaveAttribute('href', `/admin/users/${me.data.id}`);
  await expect(row.locator('[data-col="orders"]')).toHaveText('2');
  const wholesale = orders[0]!.calculations.wholesale_sum * 2;
  expect(uah(await row.locator('[data-col="sales"]').innerText())).toBe(2 * RETAIL);
  expect(uah(await row.locator('[data-col="wholesale"]').innerText())).toBeCloseTo(wholesale, 2);
  expect(uah(await row.locator('[data-col="profit"]').innerText())).toBeCloseTo(2 * RETAIL - wholesale, 2);
  await expect(row.locator('[data-col="canceled"]')).toHaveText('1');

  // The same report as CSV: the reseller's row with the same figures.
  await page.getByTestId('report-sales-by-reseller-export').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-sales-by-reseller-export-csv').click()]);
  expect(file.suggestedFilename()).toMatch(/^Продажі за реселерами \d{4}-\d{2}-\d{2} — \d{4}-\d{2}-\d{2}\.csv$/);
  const csv = parse(
    fs
      .readFileSync((await file.path())!)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  ) as string[][];
  expect(csv[0]!.slice(0, 5)).toEqual(['ID', 'Реселер', 'E-mail', 'Замовлень', 'Продажі, грн']);
  const line = csv.find((r) => r[0] === String(me.data.id))!;
  expect(line.slice(1, 9)).toEqual([name, reseller.email, '2', (2 * RETAIL).toFixed(2), wholesale.toFixed(2), (2 * RETAIL - wholesale).toFixed(2), '1', '0']);
  expect(csv.at(-1)![1]).toBe('Разом');
  await reviewShots(page, 'reports-resellers');

  // Top products by sales: the product ordered is there.
  await page.getByTestId('reports-tab-products').click();
  await page.getByTestId('reports-sort-sales').click();
  const top = page.getByTestId('report-top-products');
  await expect(top).toHaveAttribute('data-state', 'ready');
  await expect(top.getByTestId('report-top-products-row').first()).toBeVisible();
  await expect(page).toHaveURL(/sort=sales/);

  // Refusals and returns, grouped by week: the cards render (shots for review).
  await page.getByTestId('reports-tab-returns').click();
  await page.getByTestId('reports-group-week').click();
  await expect(page).toHaveURL(/group=week/);
  await expect(page.getByTestId('report-returns')).toHaveAttribute('data-state', /ready|empty/);
  await reviewShots(page, 'reports-returns');
});
