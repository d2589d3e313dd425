/**
 * Issue 28 in the browser: a warehouse person works through "До відправки" with bulk actions. Twenty
 * confirmed Nova Poshta orders (a reseller's, made through the API) wait without waybills; the
 * person opens the worklist from the navigation, narrows it to these orders (their recipient's
 * name), selects all that match, makes the twenty waybills in one action (each row's result: all
 * ok), moves the same orders to Complected in one action and prints their packing lists: one PDF
 * with the pick list and the twenty orders, fetched with the person's token and opened in a new tab.
 * The test counts its clicks and seconds ("process 20 confirmed orders": 120 clicks before).
 * With $SHOTS_DIR set, the list with the bulk bar is saved at 1440 and 390 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { OrderDto } from '@drop/shared';
import { apiGet, createReseller, createStaffMember, productToBuy, reviewShots, signInWithToken } from './fixtures.ts';

const ORDERS = 20;

/** axe (WCAG 2.1 A/AA) on the page as it is: serious and critical findings fail the test. */
async function axe(page: Page, screen: string) {
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${screen}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** `count` confirmed COD orders to Kyiv's Nova Poshta branch No 1, all to the recipient `lastName`. */
async function confirmedNpOrders(request: APIRequestContext, count: number, lastName: string): Promise<OrderDto[]> {
  const reseller = await createReseller(request);
  const headers = { authorization: `Bearer ${reseller.token}` };
  const city = (
    await apiGet<{ data: { ref: string; name: string }[] }>(request, reseller.token, `/api/v1/delivery/cities?search=${encodeURIComponent('Київ')}`)
  ).data[0]!;
  const branches = (
    await apiGet<{ data: { ref: string; name: string; number: string }[] }>(
      request,
      reseller.token,
      `/api/v1/delivery/warehouses?city_ref=${city.ref}&search=1`,
    )
  ).data;
  const branch = branches.find((b) => b.number === '1')!;
  const out: OrderDto[] = [];
  for (let i = 0; i < count; i++) {
    const { product } = await productToBuy(request, reseller.token, { fromEnd: i % 2 === 1 });
    const retail = Math.max(product.retail_price, product.markup_price);
    const add = await request.post('/api/v1/carts', { headers, data: { product_id: product.id, qty: 1, retail_price: retail } });
    expect(add.status(), await add.text()).toBeLessThan(300);
    const placed = await request.post('/api/v1/orders', {
      headers,
      data: {
        last_name: lastName,
        first_name: 'Тарас',
        middle_name: 'Григорович',
        phone: '+380671234567',
        delivery_service: 'NovaPoshta',
        delivery_method: 'Branch',
        delivery_type: 'NovaPoshta',
        payment_delivery: 'Recipient',
        payment_method: 'COD',
        city_ref: city.ref,
        city_name: city.name,
        branch_ref: branch.ref,
        branch_name: branch.name,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as { data: OrderDto }).data;
    const confirmed = await request.post(`/api/v1/orders/${order.id}/confirm`, { headers });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    out.push(order);
  }
  return out;
}

test('a warehouse person processes 20 confirmed orders with bulk actions: waybills, Complected, packing lists', async ({ page, request }) => {
  test.setTimeout(300_000);
  // A recipient name no other spec uses, so the worklist narrowed to it holds exactly these orders.
  const lastName = `Пакувальник${[...String(Date.now() % 1e6)].map((d) => 'абвгдежзик'[Number(d)]).join('')}`;
  const [token, orders] = await Promise.all([createStaffMember(request, 'warehouse', 'Степан Комірник'), confirmedNpOrders(request, ORDERS, lastName)]);
  const ids = orders.map((o) => o.id).sort((a, b) => a - b);

  await signInWithToken(page, token);
  await page.goto('/admin/orders');
  await expect(page.getByTestId('admin-shell')).toBeVisible();
  const toShip = page.getByTestId('worklist-link-to_ship');
  await expect(toShip).toHaveAttribute('data-count', /^\d+$/);
  const before = Number(await toShip.getAttribute('data-count'));
  expect(before).toBeGreaterThanOrEqual(ORDERS);

  let clicks = 0;
  const click = async (l: Locator) => {
    clicks++;
    await l.click();
  };
  const started = Date.now();

  // 1. "До відправки (без ТТН)" from the navigation, narrowed to these orders, all of them selected.
  await click(toShip);
  await expect(page).toHaveURL(/worklist=to_ship/);
  clicks++; // focusing the search field
  await page.getByTestId('orders-search').fill(lastName);
  // The search applies after its debounce (the URL carries it); a new filter starts a new selection.
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByTestId('admin-orders-total')).toHaveText(`Знайдено: ${ORDERS}`);
  await click(page.getByTestId('select-page'));
  await click(page.getByTestId('select-all-matching'));
  const bar = page.getByTestId('bulk-bar');
  await expect(page.getByTestId('bulk-count')).toHaveText(`Вибрано всі ${ORDERS} за фільтром`);

  // 2. Waybills for all twenty in one action (1 kg, 1 seat): every row ok.
  await click(bar.getByTestId('bulk-ttn'));
  const ttn = page.getByTestId('bulk-ttn-dialog');
  await expect(ttn.getByTestId('np-weight')).toHaveValue('1');
  await click(ttn.getByTestId('bulk-ttn-submit'));
  const results = page.getByTestId('bulk-results');
  await expect(results).toHaveAttribute('data-action', 'ttn', { timeout: 60_000 });
  await expect(results.getByTestId('bulk-summary')).toHaveText(`Успішно: ${ORDERS} з ${ORDERS}. Не вдалося: 0.`);
  await expect(results.locator('[data-testid="bulk-result-row"][data-ok="true"]')).toHaveCount(ORDERS);
  await click(results.getByTestId('bulk-results-close'));
  // They left "До відправки": its counter drops at once; the same twenty stay chosen.
  await expect.poll(async () => Number(await toShip.getAttribute('data-count'))).toBeLessThanOrEqual(before - ORDERS);
  await expect(page.getByTestId('bulk-count')).toHaveText(`Вибрано: ${ORDERS}`);

  // 3. Complected, in one action.
  await click(bar.getByTestId('bulk-status'));
  await click(page.locator('[data-testid="bulk-status-option"][data-status="Complected"]'));
  await expect(results).toHaveAttribute('data-action', 'status', { timeout: 60_000 });
  await expect(results.getByTestId('bulk-summary')).toHaveText(`Успішно: ${ORDERS} з ${ORDERS}. Не вдалося: 0.`);
  await click(results.getByTestId('bulk-results-close'));

  // 4. Their packing lists: one PDF, fetched with the token and opened in a new tab.
  await click(bar.getByTestId('bulk-print'));
  const popup = page.waitForEvent('popup');
  const pdfResponse = page.waitForResponse((r) => r.url().includes('/api/v1/admin/orders/print/packing'), { timeout: 60_000 });
  await click(page.locator('[data-testid="bulk-print-option"][data-kind="packing"]'));
  const pdf = await pdfResponse;
  const tab = await popup;
  await expect(results.getByTestId('bulk-pdf')).toHaveAttribute('data-state', 'opened');
  const seconds = (Date.now() - started) / 1000;

  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(
    new URL(pdf.url()).searchParams
      .get('ids')!
      .split(',')
      .map(Number)
      .sort((a, b) => a - b),
  ).toEqual(ids);
  // The same file read again with the person's token (the browser's copy went into a blob).
  const file = await request.get(pdf.url(), { headers: { authorization: `Bearer ${token}` } });
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  const body = await file.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  expect(body.length).toBeGreaterThan(20_000);
  // The pick list, then a packing list per order: at least 21 pages.
  expect((body.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(ORDERS + 1);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  console.log(`process ${ORDERS} confirmed orders: ${clicks} clicks, ${seconds.toFixed(1)} s`);

  // The orders are Complected with their waybills (read back through the API).
  const after = await apiGet<{ data: { id: number; status: string; ttn: string | null }[] }>(
    request,
    token,
    `/api/v1/admin/orders?search=${encodeURIComponent(lastName)}&per_page=100`,
  );
  expect(after.data).toHaveLength(ORDERS);
  for (const o of after.data) {
    expect(o.status).toBe('Complected');
    expect(o.ttn).toMatch(/^\d{14}$/);
  }

  // The bar over the chosen orders, for review (1440 and 390 px).
  await tab.close();
  await click(results.getByTestId('bulk-results-close'));
  await page.getByTestId('worklist-chip-all').click();
  await page.getByTestId('select-page').click();
  await expect(bar).toBeVisible();
  await reviewShots(page, 'warehouse-bulk-bar');
  await axe(page, 'orders list with the bulk bar');
  // The markings of the ten chosen (all have waybills): the results dialog with its PDF line.
  const markingTab = page.waitForEvent('popup');
  await bar.getByTestId('bulk-print').click();
  await page.locator('[data-testid="bulk-print-option"][data-kind="marking"]').click();
  await (await markingTab).close();
  await expect(results.getByTestId('bulk-pdf')).toHaveAttribute('data-state', /opened|blocked/, { timeout: 60_000 });
  await expect(results.getByTestId('bulk-summary')).toHaveText('Успішно: 10 з 10. Не вдалося: 0.');
  await axe(page, 'bulk results dialog');

  // An order opened from the list: its place in the list, Наступне (N) and the print menu.
  await results.getByTestId('bulk-results-close').click();
  await page.getByTestId('admin-order-row').first().getByRole('link').first().click();
  await expect(page.getByTestId('queue-position')).toHaveText('1 з 10 у списку');
  await page.keyboard.press('n');
  await expect(page.getByTestId('queue-position')).toHaveText('2 з 10 у списку');
  await page.getByTestId('order-print').click();
  await expect(page.getByTestId('order-print-option')).toHaveText(['Маркування', 'Пакувальний лист']);
  await page.keyboard.press('Escape');
  await reviewShots(page, 'warehouse-order-queue');
  await axe(page, 'an order with its queue');
});
