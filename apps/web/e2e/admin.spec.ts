import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PaymentDto } from '@drop/shared';
import { apiGet, createReseller, operatorToken, placeOrder, pngBuffer, realtimeReady, reviewShots, signInWithToken } from './fixtures.ts';

/**
 * The back office (issue 9): an operator verifies a new reseller, approves their top-up and moves
 * their order in /admin while the reseller's dashboard, open in another browser context, follows
 * each change live (no reload). A reseller at /admin gets "no access".
 * With $SHOTS_DIR set, the admin pages are also saved at 1440 and 390 px in uk and ru.
 */

/** A pending top-up with a PNG receipt, made through the API. */
async function pendingTopUp(request: APIRequestContext, token: string, amount: number) {
  const headers = { authorization: `Bearer ${token}` };
  const doc = await request.post('/api/v1/payment-documents', {
    headers,
    multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: pngBuffer() } },
  });
  expect(doc.status(), await doc.text()).toBe(201);
  const docId = ((await doc.json()) as { data: { id: number } }).data.id;
  const pay = await request.post('/api/v1/payments', { headers, data: { amount, payment_document_id: docId, comment: 'Переказ з рахунку ФОП' } });
  expect(pay.status(), await pay.text()).toBe(201);
  return ((await pay.json()) as { data: PaymentDto }).data;
}

const noReload = (page: Page) => page.evaluate(() => ((window as unknown as { __e2eNoReload: boolean }).__e2eNoReload = true));
const stillNoReload = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload)).toBe(true);

test('an operator verifies a new reseller, approves the top-up and moves the order; the reseller sees each change live', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const reseller = await createReseller(request, { name: 'Ірина Адмінтест' });
  const me = (await apiGet<{ data: { id: number } }>(request, reseller.token, '/api/v1/auth/user')).data;
  const { order } = await placeOrder(request, reseller.token);
  // The reseller confirms it (staff could too, for a non-Balance order); the back office's moves (OPERATOR_ORDER_MOVES) go on from there.
  const confirm = await request.post(`/api/v1/orders/${order.id}/confirm`, { headers: { authorization: `Bearer ${reseller.token}` } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const payment = await pendingTopUp(request, reseller.token, 1500);

  // The reseller's dashboard, open on the order's page (the top bar shows the balance, the side nav the badge).
  const resellerContext = await browser.newContext();
  const rp = await resellerContext.newPage();
  const ready = realtimeReady(rp);
  await signInWithToken(rp, reseller.token);
  await ready;
  await rp.getByTestId('side-nav').getByRole('link', { name: 'Замовлення' }).first().click();
  await rp.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`).getByTestId('order-row-number').click();
  await expect(rp).toHaveURL(new RegExp(`/dashboard/order/${order.id}$`));
  await expect(rp.getByTestId('order-status')).toHaveAttribute('data-status', 'Confirmed');
  await noReload(rp);
  const badge = rp.getByTestId('side-nav-profile').getByTestId('user-badge');
  await expect(badge).toHaveAttribute('data-kind', 'new');
  await expect(rp.getByTestId('user-menu-balance-text')).toHaveText('0.00 грн.');

  // The operator: from the dashboard's user menu into the back office.
  const operatorContext = await browser.newContext();
  const op = await operatorContext.newPage();
  await signInWithToken(op, await operatorToken(request));
  await op.getByTestId('user-menu-button').click();
  await op.getByTestId('user-menu-admin').click();
  await expect(op).toHaveURL(/\/admin\/[a-z]+/);
  await expect(op.getByTestId('admin-shell')).toBeVisible();

  // 1. Verify: find the reseller, open them, verify.
  await op.getByTestId('admin-nav-users').click();
  await op.getByTestId('admin-users-search').fill(reseller.email);
  await expect(op).toHaveURL(/search=/);
  const row = op.locator(`[data-testid="admin-user-row"][data-user-id="${me.id}"]`);
  await expect(op.getByTestId('admin-user-row')).toHaveCount(1);
  await expect(row.getByTestId('user-badge')).toHaveText('Новий');
  await row.getByTestId('admin-user-name').click();
  await expect(op).toHaveURL(new RegExp(`/admin/users/${me.id}$`));
  await expect(op.getByTestId('admin-user-title')).toHaveText('Ірина Адмінтест');
  await op.getByTestId('user-verify').click();
  await expect(op.getByTestId('toast').filter({ hasText: 'Реселера верифіковано' })).toBeVisible();
  await expect(op.getByTestId('admin-user-page').getByTestId('user-badge')).toHaveText('Верифікований');
  // ... and the reseller's badge follows without a reload.
  await expect(badge).toHaveAttribute('data-kind', 'verified');
  await stillNoReload(rp);

  // 2. Approve the pending top-up, with its receipt shown inline.
  await op.getByTestId('admin-nav-money').click();
  const pay = op.locator(`[data-testid="money-row"][data-id="${payment.id}"]`);
  await expect(pay.getByTestId('money-amount')).toHaveText('1 500.00');
  await expect(pay.getByTestId('reseller-link')).toHaveText('Ірина Адмінтест');
  await expect(pay.getByTestId('receipt-thumb')).toBeVisible();
  expect(await pay.getByTestId('receipt-thumb').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await pay.getByTestId('money-approve').click();
  await op.getByTestId('approve-dialog-confirm').click();
  await expect(op.getByTestId('toast').filter({ hasText: 'Поповнення зараховано' })).toBeVisible();
  await expect(pay).toHaveCount(0);
  // ... the reseller's balance in the top bar changes without a reload.
  await expect(rp.getByTestId('user-menu-balance-text')).toHaveText('1 500.00 грн.');
  await stillNoReload(rp);

  // The audit log shows the verification and the approval.
  await op.getByTestId('admin-nav-audit').click();
  await expect(op.getByTestId('admin-audit-page')).toHaveAttribute('data-state', 'ready');
  await op.getByTestId('audit-action').click();
  await op.getByRole('option', { name: 'Поповнення', exact: true }).click();
  await expect(op).toHaveURL(/action=payment\./);
  const approved = op.getByTestId('audit-row').filter({ hasText: `Поповнення #${payment.id}` });
  await expect(approved.getByTestId('audit-what')).toHaveText('Поповнення зараховано');
  await expect(approved.getByTestId('audit-changes')).toHaveText('Статус: На розгляді → Зараховано');
  await op.getByTestId('audit-reset').click();
  await op.getByTestId('audit-entity-select').click();
  await op.getByRole('option', { name: 'Реселер', exact: true }).click();
  await op.getByTestId('audit-entity-id').fill(String(me.id));
  await expect(op.getByTestId('audit-row').filter({ hasText: 'Верифікація: ні → так' })).toHaveCount(1);

  // Screenshots of the back office's pages (uk, then ru).
  for (const lang of ['uk', 'ru'] as const) {
    if (lang === 'ru') await op.getByTestId('admin-language-ru').click();
    await op.getByTestId('admin-nav-users').click();
    await expect(op.getByTestId('admin-users-page')).toHaveAttribute('data-state', 'ready');
    await reviewShots(op, `admin-users-${lang}`);
    await op.goto(`/admin/users/${me.id}`);
    await expect(op.getByTestId('user-operation-row').first()).toBeVisible();
    await reviewShots(op, `admin-user-${lang}`);
    await op.goto('/admin/money?status=all');
    await expect(op.getByTestId('money-row').first()).toBeVisible();
    await reviewShots(op, `admin-money-${lang}`);
    await op.goto(`/admin/audit`);
    await expect(op.getByTestId('audit-row').first()).toBeVisible();
    await reviewShots(op, `admin-audit-${lang}`);
  }
  await op.getByTestId('admin-language-uk').click();

  // 3. Move the order Confirmed -> Complected from the reseller's orders tab (the admin order page).
  await op.goto(`/admin/users/${me.id}`);
  await expect(op.getByTestId('user-balance')).toHaveText('1 500.00 грн.');
  await op.getByTestId('user-tab-orders').click();
  await op.locator(`[data-testid="user-order-row"][data-order-id="${order.id}"]`).getByRole('link').click();
  await expect(op).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await op.getByTestId('order-move').click();
  await op.getByTestId('move-status').click();
  await op.getByRole('option', { name: 'Укомплектоване' }).click();
  await op.getByTestId('move-submit').click();
  await expect(op.getByTestId('move-dialog')).toHaveCount(0);
  // ... the reseller's order page shows the new status without a reload.
  await expect(rp.getByTestId('order-status')).toHaveAttribute('data-status', 'Complected');
  await expect(rp.getByTestId('order-status')).toHaveText('Укомплектоване');
  await stillNoReload(rp);

  await resellerContext.close();
  await operatorContext.close();
});

test('a reseller at /admin gets the no-access page', async ({ page, request }) => {
  const reseller = await createReseller(request);
  await signInWithToken(page, reseller.token);
  // The dashboard's user menu has no back-office link for a reseller.
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-profile')).toBeVisible();
  await expect(page.getByTestId('user-menu-admin')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/users');
  await expect(page.getByTestId('admin-no-access')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Немає доступу');
  await expect(page.getByTestId('admin-shell')).toHaveCount(0);
  // And the API agrees.
  const r = await request.get('/api/v1/admin/users', { headers: { authorization: `Bearer ${reseller.token}` } });
  expect(r.status()).toBe(403);
  await page.getByTestId('admin-no-access-back').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('on a phone the operator reaches the back office from the menu drawer', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInWithToken(page, await operatorToken(request));
  await page.getByTestId('mobile-menu-button').click();
  await page.getByTestId('drawer-admin').click();
  await expect(page).toHaveURL(/\/admin\/[a-z]+/);
  await expect(page.getByTestId('admin-shell')).toBeVisible();
  await context.close();
});

test('a PDF receipt opens in the back office under the CSP (a blob: frame), with no policy violation', async ({ browser, request }) => {
  const reseller = await createReseller(request);
  const headers = { authorization: `Bearer ${reseller.token}` };
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const doc = await request.post('/api/v1/payment-documents', {
    headers,
    multipart: { file: { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(doc.status(), await doc.text()).toBe(201);
  const pay = await request.post('/api/v1/payments', {
    headers,
    data: { amount: 250, payment_document_id: ((await doc.json()) as { data: { id: number } }).data.id },
  });
  expect(pay.status(), await pay.text()).toBe(201);
  const payment = ((await pay.json()) as { data: PaymentDto }).data;

  const context = await browser.newContext();
  const op = await context.newPage();
  const violations: string[] = [];
  op.on('console', (m) => {
    if (/Content Security Policy|Refused to (frame|load)/i.test(m.text())) violations.push(m.text());
  });
  await signInWithToken(op, await operatorToken(request));
  await op.goto('/admin/money');
  const row = op.locator(`[data-testid="money-row"][data-id="${payment.id}"]`);
  await row.getByTestId('receipt-open').click();
  const frame = op.getByTestId('receipt-pdf');
  await expect(frame).toBeVisible();
  await expect.poll(() => frame.getAttribute('src')).toMatch(/^blob:/);
  await op.waitForTimeout(500);
  expect(violations).toEqual([]);
  await context.close();
});
