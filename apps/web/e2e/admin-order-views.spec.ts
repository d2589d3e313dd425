/**
 * Issue 29 point 3 in the browser: an admin shapes the orders list and saves it as a view. A fresh
 * reseller's orders (three COD, one Card, placed today through the API) are the rows: the admin
 * filters the list by that reseller, payment method COD and today's date range, hides the TTN
 * column and shows the profit one, sorts by sum (ascending), sets 50 rows per page and saves the
 * view. After leaving, reloading and putting the columns back to the defaults, one click on the
 * view's chip brings back the same URL, rows (in the same order) and columns. Another staff member
 * does not see the view (neither in the page nor through the API). With $SHOTS_DIR set, the list
 * with its views is saved at 1440 and 390 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { OrderDto, StaffViewDto, UserDto } from '@drop/shared';
import { apiGet, createReseller, createStaffMember, productToBuy, reviewShots, signInWithToken } from './fixtures.ts';

/** An order to a Rozetka branch in Lviv (no Nova Poshta refs needed), paid `method`, of `qty` pieces. */
async function order(request: APIRequestContext, token: string, method: 'COD' | 'Card', qty: number, fromEnd: boolean): Promise<OrderDto> {
  const headers = { authorization: `Bearer ${token}` };
  const { product } = await productToBuy(request, token, { fromEnd });
  const retail = Math.max(product.retail_price, product.markup_price);
  const add = await request.post('/api/v1/carts', { headers, data: { product_id: product.id, qty, retail_price: retail } });
  expect(add.status(), await add.text()).toBeLessThan(300);
  const res = await request.post('/api/v1/orders', {
    headers,
    data: {
      last_name: 'Вигляденко',
      first_name: 'Олена',
      phone: '+380671234567',
      delivery_service: 'Rozetka',
      delivery_method: 'Branch',
      delivery_type: 'NovaPoshta',
      payment_delivery: 'Recipient',
      payment_method: method,
      city_name: 'Львів',
      branch_name: 'Відділення 5',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: OrderDto }).data;
}

const kyivToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const dotted = (day: string) => day.split('-').reverse().join('.');

const rowIds = (page: Page) => page.getByTestId('admin-order-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-order-id'))));
const headers = (page: Page) => page.locator('[data-testid="admin-orders-table"] thead th').allInnerTexts();

async function pick(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).click();
  await page.locator(`[role="listbox"] li[data-value="${value}"]`).click();
}

test('an admin saves a filtered, sorted, reshaped orders list as a view and gets it back; another staff member does not see it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const reseller = await createReseller(request, { name: 'Віра Вигляд' });
  const me = await apiGet<{ data: UserDto } | UserDto>(request, reseller.token, '/api/v1/auth/user');
  const resellerId = ('data' in me ? me.data : me).id;
  const cod: OrderDto[] = [];
  for (const [i, qty] of [3, 1, 2].entries()) cod.push(await order(request, reseller.token, 'COD', qty, i % 2 === 1));
  await order(request, reseller.token, 'Card', 1, false);
  // The rows the view should show: COD ones by their sum, ascending (ties by id).
  const expected = [...cod].sort((a, b) => a.total - b.total || a.id - b.id).map((o) => o.id);
  const [adminToken, managerToken] = await Promise.all([
    createStaffMember(request, 'admin', 'Аліна Вигляд'),
    createStaffMember(request, 'manager', 'Марко Сторонній'),
  ]);
  const viewName = `Наложка Віри ${Date.now() % 100000}`;
  const today = kyivToday();

  await signInWithToken(page, adminToken);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/orders?view=list');
  await expect(page.getByTestId('admin-orders-table')).toBeVisible();
  await expect(page.getByTestId('saved-views-empty')).toBeVisible();

  // Filters: the reseller (by its id in the picker), COD, today to today.
  await page.getByTestId('filter-reseller').fill(`#${resellerId}`);
  await page.locator(`[data-testid="filter-reseller-option"][data-user-id="${resellerId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`user_id=${resellerId}`));
  await pick(page, 'filter-payment-method', 'COD');
  await expect(page).toHaveURL(/payment_method=COD/);
  await page.getByTestId('orders-date-from').fill(dotted(today));
  await expect(page).toHaveURL(new RegExp(`date_from=${today}`));
  await page.getByTestId('orders-date-to').fill(dotted(today));
  await expect(page).toHaveURL(new RegExp(`date_to=${today}`));
  await expect(page.getByTestId('admin-orders-total')).toHaveText('Знайдено: 3');

  // Columns: TTN hidden, profit shown.
  await page.getByTestId('list-columns').click();
  await page.getByTestId('list-column-ttn').click();
  await expect(page.getByTestId('list-column-ttn')).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('list-column-profit').click();
  await expect(page.getByTestId('list-column-profit')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/cols=[^&]*profit/);
  await expect.poll(() => headers(page)).not.toContain('ТТН');
  await expect.poll(() => headers(page)).toContain('Прибуток');

  // Sort by the sum, ascending; 50 rows per page.
  await page.getByTestId('list-sort-total').click();
  await expect(page).toHaveURL(/sort=total(&|$)/);
  await expect(page.locator('th[aria-sort="ascending"]')).toHaveText('Сума');
  await pick(page, 'list-per-page', '50');
  await expect(page).toHaveURL(/per_page=50/);
  await expect.poll(() => rowIds(page)).toEqual(expected);
  const savedHeaders = await headers(page);
  const savedUrl = new URL(page.url());

  // Save it.
  await page.getByTestId('save-view').click();
  await page.getByTestId('save-view-name').fill(viewName);
  await page.getByTestId('save-view-submit').click();
  await expect(page.getByText(`Вигляд «${viewName}» збережено`)).toBeVisible();
  const chip = page.getByTestId('saved-view').filter({ hasText: viewName });
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await reviewShots(page, 'admin-order-views');

  // Away and back: the board, a reload, the plain list with the default columns.
  await page.goto('/admin/orders');
  await page.reload();
  await page.getByTestId('orders-view-list').click();
  await expect(page.getByTestId('admin-orders-table')).toBeVisible();
  await page.getByTestId('list-columns').click();
  await page.getByTestId('list-columns-reset').click();
  await page.keyboard.press('Escape');
  await expect.poll(() => headers(page)).toContain('ТТН');
  await expect(chip).toHaveAttribute('aria-pressed', 'false');

  // One click on the view: the same query, rows and columns.
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('admin-orders-total')).toHaveText('Знайдено: 3');
  await expect.poll(() => rowIds(page)).toEqual(expected);
  await expect.poll(() => headers(page)).toEqual(savedHeaders);
  const applied = new URL(page.url());
  for (const k of ['user_id', 'payment_method', 'date_from', 'date_to', 'sort', 'per_page'])
    expect(applied.searchParams.get(k), k).toBe(savedUrl.searchParams.get(k));
  expect(applied.searchParams.get('cols')!.split(',').sort()).toEqual(savedUrl.searchParams.get('cols')!.split(',').sort());

  // Another staff member: not in their page, not through the API.
  const theirs = await apiGet<{ data: StaffViewDto[] }>(request, managerToken, '/api/v1/admin/views?list=orders');
  expect(theirs.data.map((v) => v.name)).not.toContain(viewName);
  const mine = await apiGet<{ data: StaffViewDto[] }>(request, adminToken, '/api/v1/admin/views?list=orders');
  const saved = mine.data.find((v) => v.name === viewName)!;
  expect(saved.params).toMatchObject({
    filters: { user_id: resellerId, payment_method: 'COD', date_from: today, date_to: today },
    sort: 'total',
    per_page: 50,
  });
  expect(saved.params.columns).toContain('profit');
  expect(saved.params.columns).not.toContain('ttn');
  const put = await request.put(`/api/v1/admin/views/${saved.id}`, { headers: { authorization: `Bearer ${managerToken}` }, data: { name: 'Чуже' } });
  expect(put.status()).toBe(404);

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signInWithToken(page, managerToken);
  await page.goto('/admin/orders?view=list');
  await expect(page.getByTestId('saved-views')).toBeVisible();
  await expect(page.getByTestId('saved-views-empty')).toBeVisible();
  await expect(page.getByTestId('saved-view').filter({ hasText: viewName })).toHaveCount(0);
});
