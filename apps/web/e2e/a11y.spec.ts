import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CategoryDto, PaymentDto } from '@drop/shared';
import { apiGet, createReseller, operatorToken, placeOrder, pngBuffer, productToBuy, signInWithToken, uniqueEmail } from './fixtures.ts';

/**
 * Accessibility (issue 10): axe-core scans the main screens (public pages, the reseller's app, the
 * back office, the phone layout, uk and ru) against WCAG 2.0/2.1 A and AA. A serious or critical
 * violation fails the test with its rule, targets and a snippet; moderate and minor ones are only
 * listed (console and the test's attachment `a11y-minor.json`).
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Collects the findings of one test; `done()` fails on serious and critical ones. */
class A11y {
  readonly blocking: Finding[] = [];
  readonly other: Finding[] = [];
  constructor(private readonly page: Page) {}

  /** Waits for skeletons and spinners to go and transitions to end, then runs axe on the page (or `include`). */
  async scan(screen: string, include?: string) {
    await settle(this.page);
    let builder = new AxeBuilder({ page: this.page }).withTags(TAGS);
    if (include) builder = builder.include(include);
    const { violations } = await builder.analyze();
    for (const v of violations) {
      const f: Finding = {
        screen,
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String).join(' '),
          html: n.html.slice(0, 240),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      };
      (BLOCKING.has(f.impact) ? this.blocking : this.other).push(f);
      // A11Y_REPORT=<file>: every finding as one JSON line, as soon as it is found (for a report across runs).
      if (process.env.A11Y_REPORT) fs.appendFileSync(process.env.A11Y_REPORT, `${JSON.stringify(f)}\n`);
    }
  }

  done() {
    if (this.other.length > 0) {
      void test.info().attach('a11y-minor.json', { body: JSON.stringify(this.other, null, 2), contentType: 'application/json' });
      console.log(`[a11y] ${test.info().title}: moderate/minor\n${format(this.other, false)}`);
    }
    expect(this.blocking.length, `serious/critical accessibility violations:\n${format(this.blocking, true)}`).toBe(0);
  }
}

function format(findings: Finding[], full: boolean): string {
  return findings
    .map((f) => {
      const nodes = f.nodes
        .slice(0, full ? 8 : 3)
        .map((n) => `      - ${n.target}\n        ${n.html}${full && n.summary ? `\n        ${n.summary}` : ''}`)
        .join('\n');
      const more = f.nodes.length > (full ? 8 : 3) ? `\n      ... and ${f.nodes.length - (full ? 8 : 3)} more` : '';
      return `  [${f.screen}] ${f.rule} (${f.impact}): ${f.help}\n${nodes}${more}`;
    })
    .join('\n');
}

/** Skeletons and spinners gone (or 8 s passed), then the fade/slide transitions' time. */
async function settle(page: Page) {
  await page
    .waitForFunction(() => !document.querySelector('.MuiSkeleton-root, .MuiCircularProgress-root'), undefined, { timeout: 8_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

/**
 * page.goto, again after a 404 of the document: the server answers 404 for a moment while `vite build`
 * rewrites apps/web/dist (another build on the same tree during a local run).
 */
async function visit(page: Page, url: string) {
  for (let attempt = 1; ; attempt++) {
    const res = await page.goto(url);
    // The landing page's HTML is prerendered: its buttons work once the app has taken it over.
    if (url === '/') await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    if (res?.status() !== 404 || attempt === 5) return;
    await page.waitForTimeout(1_000);
  }
}

/** Signs in with a stored token without marking the changelog as seen (its dialog is scanned too). */
async function signInShowingChangelog(page: Page, token: string) {
  await visit(page, `/login?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function verify(request: APIRequestContext, email: string) {
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  const users = (await (await request.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`, { headers })).json()) as { data: { id: number }[] };
  const id = users.data[0]!.id;
  expect((await request.put(`/api/v1/admin/users/${id}`, { headers, data: { is_verified: true } })).status()).toBe(200);
  return id;
}

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

async function addToCart(request: APIRequestContext, token: string) {
  const { leaf, product } = await productToBuy(request, token);
  const add = await request.post('/api/v1/carts', {
    headers: { authorization: `Bearer ${token}` },
    data: { product_id: product.id, qty: 1, retail_price: Math.max(product.retail_price, product.markup_price) },
  });
  expect(add.status(), await add.text()).toBeLessThan(300);
  return { leaf, product };
}

// Parallel on the config's 2 workers; the longest tests first.
test.describe.configure({ mode: 'parallel' });

test('the back office: resellers, a reseller, money queues and the receipt walk, orders board and an order, catalogue editor, content, 1C, printing, audit', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const a11y = new A11y(page);
  const reseller = await createReseller(request, { name: 'Ірина Доступна' });
  const me = (await apiGet<{ data: { id: number } }>(request, reseller.token, '/api/v1/auth/user')).data;
  const { product, order } = await placeOrder(request, reseller.token);
  expect((await request.post(`/api/v1/orders/${order.id}/confirm`, { headers: { authorization: `Bearer ${reseller.token}` } })).status()).toBe(200);
  const payment = await pendingTopUp(request, reseller.token, 700);
  await verify(request, reseller.email); // an operator's action: the audit log has a row even on a fresh server
  await signInWithToken(page, await operatorToken(request));

  await visit(page, `/admin/users?search=${encodeURIComponent(reseller.email)}`);
  await expect(page.getByTestId('admin-users-page')).toHaveAttribute('data-state', 'ready');
  await a11y.scan('admin: resellers');
  await visit(page, `/admin/users/${me.id}`);
  await expect(page.getByTestId('admin-user-title')).toHaveText('Ірина Доступна');
  await a11y.scan("admin: a reseller's page");
  await page.getByTestId('user-discount').click();
  await expect(page.getByTestId('discount-dialog')).toBeVisible();
  await a11y.scan('admin: discount dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('discount-dialog')).toHaveCount(0);
  await page.getByTestId('user-tab-orders').click();
  await expect(page.getByTestId('user-order-row').first()).toBeVisible();
  await a11y.scan("admin: a reseller's orders tab");

  await visit(page, '/admin/money');
  const row = page.locator(`[data-testid="money-row"][data-id="${payment.id}"]`);
  await expect(row).toBeVisible();
  await a11y.scan('admin: money queues (top-ups)');
  await row.getByTestId('money-approve').click();
  await expect(page.getByTestId('approve-dialog-confirm')).toBeVisible();
  await a11y.scan('admin: approve confirm dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('approve-dialog-confirm')).toHaveCount(0);
  // The receipt walk (issue 28), opened from the row's receipt.
  await row.getByTestId('receipt-open').click();
  const walk = page.locator(`[data-testid="receipt-dialog"][data-id="${payment.id}"]`);
  await expect(walk.getByTestId('receipt-image')).toBeVisible();
  await a11y.scan('admin: receipt walk dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('receipt-dialog')).toHaveCount(0);
  await page.getByTestId('money-tab-withdrawals').click();
  await a11y.scan('admin: money queues (withdrawals)');

  await visit(page, '/admin/orders');
  await expect(page.locator(`[data-testid="board-card"][data-order-id="${order.id}"]`)).toBeVisible();
  await a11y.scan('admin: orders board');
  await page.getByTestId('orders-view-list').click();
  await expect(page.getByTestId('admin-order-row').first()).toBeVisible();
  await a11y.scan('admin: orders list');
  await visit(page, `/admin/orders/${order.id}`);
  await expect(page.getByTestId('admin-order-page')).toBeVisible();
  await a11y.scan('admin: an order');
  await page.getByTestId('order-move').click();
  await expect(page.getByTestId('move-dialog')).toBeVisible();
  await a11y.scan('admin: move order dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('move-dialog')).toHaveCount(0);

  await visit(page, '/admin/catalog/products');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await a11y.scan('admin: catalogue products');
  await visit(page, `/admin/catalog/products/${product.id}`);
  await expect(page.getByTestId('field-qty')).toBeVisible();
  await a11y.scan('admin: product editor');
  await visit(page, '/admin/catalog/categories');
  await expect(page.getByTestId('categories-page')).toBeVisible();
  await page.getByTestId('categories-expand-all').click();
  await a11y.scan('admin: categories');

  for (const part of ['faq', 'legal', 'changelog', 'broadcast', 'settings']) {
    await visit(page, `/admin/content/${part}`);
    await expect(page.getByTestId('content-error')).toHaveCount(0);
    await a11y.scan(`admin: content ${part}`);
  }

  await visit(page, '/admin/onec');
  await expect(page.getByTestId('onec-page')).toBeVisible();
  await a11y.scan('admin: 1C');
  await visit(page, '/admin/printing');
  await expect(page.getByTestId('requisites-card')).toBeVisible();
  await a11y.scan('admin: printing');
  await visit(page, '/admin/audit');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await a11y.scan('admin: audit');
  await page.getByTestId('admin-language-ru').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await a11y.scan('admin: audit (ru)');
  await page.getByTestId('admin-language-uk').click();
  a11y.done();
});

test('the back office of issue 29: reports, the ledger, list columns and views, bulk change preview, low stock, a new product; ru', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const a11y = new A11y(page);
  const reseller = await createReseller(request, { name: 'Марта Звітна' });
  const { order } = await placeOrder(request, reseller.token);
  expect((await request.post(`/api/v1/orders/${order.id}/confirm`, { headers: { authorization: `Bearer ${reseller.token}` } })).status()).toBe(200);
  await pendingTopUp(request, reseller.token, 300);
  await signInWithToken(page, await operatorToken(request));

  await visit(page, '/admin/reports');
  await expect(page.getByTestId('report-sales')).toHaveAttribute('data-state', /ready|empty/);
  await a11y.scan('admin: reports (sales)');
  await page.getByTestId('reports-tab-resellers').click();
  await expect(page.getByTestId('report-sales-by-reseller')).toHaveAttribute('data-state', /ready|empty/);
  await a11y.scan('admin: reports (resellers)');
  await page.getByTestId('reports-tab-cod').click();
  await expect(page.getByTestId('report-cod')).toHaveAttribute('data-state', /ready|empty/);
  await a11y.scan('admin: reports (cash on delivery)');

  await visit(page, '/admin/money/operations');
  await expect(page.getByTestId('admin-ledger-page')).toHaveAttribute('data-state', /ready|empty/);
  await a11y.scan('admin: ledger');
  await page.getByTestId('ledger-export').click();
  await a11y.scan('admin: ledger export menu');
  await page.keyboard.press('Escape');

  await visit(page, '/admin/orders?view=list');
  await expect(page.getByTestId('admin-orders-table')).toBeVisible();
  await page.getByTestId('list-columns').click();
  await a11y.scan('admin: orders list column chooser');
  await page.keyboard.press('Escape');

  await visit(page, '/admin/catalog/products');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await page.getByTestId('products-bulk-change').click();
  const dialog = page.getByTestId('bulk-change-dialog');
  await dialog.getByTestId('bulk-amount').fill('5');
  await dialog.getByTestId('bulk-preview').click();
  await expect(dialog.getByTestId('bulk-summary')).toBeVisible();
  await a11y.scan('admin: bulk change preview');
  await page.keyboard.press('Escape');

  await visit(page, '/admin/catalog/low-stock');
  await expect(page.getByTestId('low-stock-page')).toBeVisible();
  await a11y.scan('admin: low stock');
  await visit(page, '/admin/catalog/products/new');
  await expect(page.getByTestId('product-create-page')).toBeVisible();
  await a11y.scan('admin: new product');

  await page.getByTestId('admin-language-ru').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await visit(page, '/admin/reports?tab=returns');
  await expect(page.getByTestId('reports-page')).toBeVisible();
  await a11y.scan('admin: reports (ru)');
  await page.getByTestId('admin-language-uk').click();
  a11y.done();
});

test('the reseller app: home, catalogue, product list with filters and its dialogs, cart, checkout; ru', async ({ page, request }) => {
  test.setTimeout(180_000);
  const a11y = new A11y(page);
  const r = await createReseller(request);
  const { leaf, product } = await productToBuy(request, r.token);
  const tree = (await apiGet<{ data: CategoryDto[] }>(request, r.token, '/api/v1/categories')).data;
  const root = tree.find((c) => c.child.length > 0)!;

  await signInShowingChangelog(page, r.token);
  const changelog = page.getByTestId('changelog-dialog');
  await expect(changelog).toBeVisible();
  await a11y.scan('changelog dialog');
  await page.getByTestId('changelog-close').click();
  await expect(changelog).toHaveCount(0);
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  await a11y.scan('dashboard home');

  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-profile')).toBeVisible();
  await a11y.scan('user menu');
  await page.keyboard.press('Escape');

  // Catalogue: the category grid, its hover menu, a subcategory page.
  await visit(page, '/dashboard/catalog');
  await expect(page.getByTestId(`catalog-root-link-${root.id}`)).toBeVisible();
  await a11y.scan('catalogue');
  await page.getByTestId(`catalog-root-link-${root.id}`).hover();
  await expect(page.getByTestId('catalog-hover-menu')).toBeVisible();
  await a11y.scan('catalogue: hover menu');
  await visit(page, `/dashboard/catalog/${root.id}`);
  await expect(page.getByTestId('category-grid')).toBeVisible();
  await a11y.scan('subcategory page');

  // The product list: cards, filters open, table view, add-to-cart and quick-view dialogs.
  await visit(page, `/dashboard/catalog/${leaf.id}/products?card_variant=card`);
  const card = page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`);
  await expect(card).toBeVisible();
  await a11y.scan('product list (cards)');
  await page.getByTestId('product-filter-button').click();
  await expect(page.getByTestId('filter-drawer')).toBeVisible();
  await expect(page.getByTestId('filters-loading')).toHaveCount(0);
  await a11y.scan('product list: filters open');
  await page.getByTestId('filter-close').click();
  await expect(page.getByTestId('filter-drawer')).toBeHidden();
  await card.getByTestId('quick-view-button').click();
  await expect(page.getByTestId('quick-view-title')).toBeVisible();
  await a11y.scan('product list: quick view dialog');
  await page.getByTestId('quick-view-close').click();
  await expect(page.getByTestId('quick-view-dialog')).toHaveCount(0);
  await card.getByTestId('add-to-cart-button').click();
  const cartDialog = page.getByTestId('cart-dialog');
  await expect(cartDialog.getByTestId('cart-dialog-name')).toBeVisible();
  await a11y.scan('product list: add to cart dialog');
  await cartDialog.getByTestId('cart-price').fill(Math.max(product.retail_price, product.markup_price).toFixed(2).replace('.', ','));
  await cartDialog.getByTestId('cart-confirm').click();
  await expect(cartDialog).toBeHidden();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await visit(page, `/dashboard/catalog/${leaf.id}/products?card_variant=table`);
  await expect(page.locator(`[data-testid="product-row"][data-product-id="${product.id}"]`)).toBeVisible();
  await a11y.scan('product list (table)');

  // Cart with an item, its remove confirmation, the checkout (empty submit shows the errors).
  await visit(page, '/dashboard/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await a11y.scan('cart');
  await page.getByTestId('cart-line').getByTestId('cart-line-remove').click();
  await expect(page.getByTestId('cart-remove-dialog')).toBeVisible();
  await a11y.scan('cart: remove confirm dialog');
  await page.getByTestId('cart-remove-cancel').click();
  await expect(page.getByTestId('cart-remove-dialog')).toHaveCount(0);
  await visit(page, '/dashboard/checkout');
  await expect(page.getByTestId('checkout-form')).toBeVisible();
  await a11y.scan('checkout');
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('checkout-form').getByLabel('Прізвище')).toHaveAttribute('aria-invalid', 'true');
  await a11y.scan('checkout: required fields');

  // Russian through the language switch.
  await visit(page, '/dashboard');
  await page.getByTestId('language-switch-ru').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Главная');
  await a11y.scan('dashboard home (ru)');
  await visit(page, `/dashboard/catalog/${leaf.id}/products?card_variant=card`);
  await expect(page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`)).toBeVisible();
  await a11y.scan('product list (ru)');
  await visit(page, '/dashboard/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
  await a11y.scan('cart (ru)');
  a11y.done();
});

test('public screens: landing (uk, ru), login, registration with its code dialog, password restore', async ({ page, request }) => {
  test.setTimeout(120_000);
  const a11y = new A11y(page);
  await visit(page, '/');
  await expect(page.getByTestId('landing-hero')).toBeVisible();
  await a11y.scan('landing');
  await page.getByTestId('landing-faq').locator('.MuiAccordionSummary-root').first().click();
  await a11y.scan('landing: FAQ item open', '[data-testid="landing-faq"]');
  await page.getByRole('button', { name: 'Політика конфіденційності' }).click();
  await expect(page.getByTestId('landing-legal-dialog')).toBeVisible();
  await a11y.scan('landing: privacy policy dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('landing-legal-dialog')).toBeHidden();
  await page.getByTestId('landing-language-switch-ru').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await a11y.scan('landing (ru)');
  await page.getByTestId('landing-language-switch-uk').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');

  await visit(page, '/login');
  await expect(page.getByTestId('login-email')).toBeVisible();
  await a11y.scan('login');
  await page.getByTestId('login-email').fill('nobody@e2e.test');
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Невірний e-mail або пароль')).toBeVisible();
  await a11y.scan('login: wrong password');

  await visit(page, '/register');
  await expect(page.getByTestId('register-name')).toBeVisible();
  await a11y.scan('registration');
  await page.getByTestId('register-name').fill('Андрій Ткаченко');
  await page.getByTestId('register-email').fill(uniqueEmail('a11y-register'));
  await page.getByTestId('register-phone').pressSequentially('0671234567');
  await page.getByTestId('register-password').fill('andrii-pass-1');
  await page.getByTestId('register-password-confirmation').fill('andrii-pass-1');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-code-dialog')).toBeVisible();
  await a11y.scan('registration: code dialog');

  const r = await createReseller(request);
  await visit(page, '/forgot-password');
  await expect(page.getByTestId('forgot-email')).toBeVisible();
  await a11y.scan('password restore: e-mail');
  await page.getByTestId('forgot-email').fill(r.email);
  await page.getByTestId('forgot-send').click();
  await expect(page.getByTestId('forgot-restore-step')).toBeVisible();
  await a11y.scan('password restore: code and new password');

  await visit(page, '/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await a11y.scan('not found');
  a11y.done();
});

test('the reseller app: product page, favourites, orders, an order, finance, stores, feeds, profile, notifications', async ({ page, request }) => {
  test.setTimeout(180_000);
  const a11y = new A11y(page);
  const r = await createReseller(request);
  await verify(request, r.email); // stores need it; it also leaves a notification
  const { order, product } = await placeOrder(request, r.token);
  const headers = { authorization: `Bearer ${r.token}` };
  expect((await request.post('/api/v1/favorite-products', { headers, data: { product_id: product.id } })).status()).toBeLessThan(300);
  await signInWithToken(page, r.token);

  await visit(page, `/dashboard/products/${product.id}`);
  await expect(page.getByTestId('product-title')).toBeVisible();
  await a11y.scan('product page');

  await visit(page, '/dashboard/favorites');
  await expect(page.locator(`[data-product-id="${product.id}"]`).first()).toBeVisible();
  await a11y.scan('favourites');

  // Orders.
  await visit(page, '/dashboard/orders');
  await expect(page.getByTestId('orders-page')).toHaveAttribute('data-state', 'ready');
  await a11y.scan('orders list');
  await visit(page, `/dashboard/order/${order.id}`);
  await expect(page.getByTestId('order-page')).toHaveAttribute('data-state', 'ready');
  await a11y.scan('order page');
  await visit(page, `/dashboard/order/${order.id}/edit`);
  await expect(page.getByTestId('order-edit-page')).toHaveAttribute('data-state', 'ready');
  await a11y.scan('order edit');

  // Finance: operations and the top-up dialog; withdrawals with the form.
  await visit(page, '/dashboard/finances');
  await expect(page.getByTestId('finance-balance')).toBeVisible();
  await a11y.scan('finances');
  await page.getByTestId('topup-button').click();
  await expect(page.getByTestId('topup-dialog').getByRole('dialog')).toBeVisible();
  await a11y.scan('finances: top-up dialog');
  await page.getByTestId('topup-cancel').click();
  await expect(page.getByTestId('topup-dialog')).toHaveCount(0);
  await visit(page, '/dashboard/withdraws');
  await expect(page.getByTestId('withdraw-form')).toBeVisible();
  await a11y.scan('withdrawals');

  // Stores, feeds.
  await visit(page, '/dashboard/markets/create');
  await expect(page.getByTestId('market-form')).toBeVisible();
  await a11y.scan('store create');
  await visit(page, '/dashboard/export-settings');
  await expect(page.getByTestId('exports-page')).toBeVisible();
  await a11y.scan('feeds list');
  await visit(page, '/dashboard/export-settings/create');
  await expect(page.getByTestId('export-form')).toBeVisible();
  await a11y.scan('feed create');

  // Profile and settings.
  await visit(page, '/dashboard/profile');
  await expect(page.getByTestId('profile-personal')).toBeVisible();
  await a11y.scan('profile');

  // Notifications: the popover and the detail dialog.
  await page.getByTestId('notifications-button').click();
  const popover = page.getByTestId('notifications-popover');
  await expect(popover.getByTestId('notification-item').first()).toBeVisible();
  await a11y.scan('notifications popover');
  await popover.getByTestId('notification-item').first().click();
  await expect(page.getByTestId('notification-dialog').getByRole('dialog')).toBeVisible();
  await a11y.scan('notification dialog');
  await page.getByTestId('notification-dialog-close').click();
  await expect(page.getByTestId('notification-dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);

  a11y.done();
});

test('the phone layout (390 x 844): landing with its menu, catalogue, product list, cart, the menu drawer', async ({ page, request }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const a11y = new A11y(page);
  await visit(page, '/');
  await expect(page.getByTestId('landing-hero')).toBeVisible();
  await a11y.scan('phone: landing');
  await page.getByTestId('landing-mobile-menu-button').click();
  await expect(page.getByRole('link', { name: 'Зареєструватися' }).last()).toBeVisible();
  await a11y.scan('phone: landing menu');
  await page.keyboard.press('Escape');

  const r = await createReseller(request);
  const { leaf, product } = await addToCart(request, r.token);
  await signInWithToken(page, r.token);
  await expect(page.getByTestId('mobile-top-bar')).toBeVisible();
  await page.getByTestId('bottom-nav-catalog').click();
  await expect(page.getByTestId('catalog-drilldown')).toBeVisible();
  await a11y.scan('phone: catalogue');
  await visit(page, `/dashboard/catalog/${leaf.id}/products?card_variant=card`);
  await expect(page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`)).toBeVisible();
  await a11y.scan('phone: product list');
  await page.getByTestId('product-filter-button').click();
  await expect(page.getByTestId('filter-drawer')).toBeVisible();
  await a11y.scan('phone: product list filters');
  await page.getByTestId('filter-close').click();
  await visit(page, '/dashboard/cart');
  await expect(page.getByTestId('cart-lines-cards')).toBeVisible();
  await a11y.scan('phone: cart');
  await page.getByTestId('mobile-menu-button').click();
  await expect(page.getByTestId('mobile-drawer')).toBeVisible();
  await a11y.scan('phone: menu drawer');
  await page.keyboard.press('Escape');
  a11y.done();
});
