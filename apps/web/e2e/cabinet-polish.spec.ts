import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MAX_MARKETS, formatMoney, type MarketDto, type OrderDto, type ProductListItemDto, type ProductsResponse } from '@drop/shared';
import { apiGet, createReseller, lastMailId, leavesOf, mailedCode, operatorToken, placeOrder, productToBuy, signInWithToken, uniqueEmail } from './fixtures.ts';

/**
 * Issue 26, the reseller cabinet's honest messages and small things, in a browser (uk and ru):
 * point 3 (the newest toast at once; a form's warning goes with it), point 4 (order history in
 * words), point 5 (the store form's price example), point 7 (badges, /dashboard/orders/create,
 * zero stock '-', the ru title, questions before device sign-out / deleting all notifications /
 * deleting a store feeds use) and point 8 (forgot password's countdown and step, the store limit,
 * the search dropdown's own price and profit under the selected store).
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Opens pages in Russian (the language the app keeps in local storage). */
const inRussian = (page: Page) => page.addInitScript(() => window.localStorage.setItem('drop_locale', 'ru'));

/** The operator verifies the reseller through the admin API (stores need it); answers the user id. */
async function verify(request: APIRequestContext, email: string): Promise<number> {
  const headers = auth(await operatorToken(request));
  const users = (await (await request.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`, { headers })).json()) as { data: { id: number }[] };
  const id = users.data[0]?.id;
  expect(id).toBeTruthy();
  expect((await request.put(`/api/v1/admin/users/${id}`, { headers, data: { is_verified: true } })).status()).toBe(200);
  return id!;
}

async function createStore(request: APIRequestContext, token: string, name: string, markup = 50): Promise<MarketDto> {
  const r = await request.post('/api/v1/markets', { headers: auth(token), data: { name, base_markup: { type: 1, markup }, catalog_markup: [] } });
  expect(r.status(), await r.text()).toBe(201);
  return ((await r.json()) as { data: MarketDto }).data;
}

/** A confirmed reseller whose language is set before the first page (ru or uk). */
async function resellerIn(page: Page, request: APIRequestContext, lang: 'uk' | 'ru') {
  const r = await createReseller(request);
  if (lang === 'ru') await inRussian(page);
  return r;
}

// ---------------------------------------------------------------------------------------------
// Point 3: the newest toast replaces the current one at once; a form's warning never outlives it.
// ---------------------------------------------------------------------------------------------

test('p3: a refused cart edit right after an add shows the refusal at once, not "Товар додано до кошика"', async ({ page, request }) => {
  const r = await createReseller(request);
  const { leaf, product } = await productToBuy(request, r.token);
  await signInWithToken(page, r.token);
  await page.goto(`/dashboard/catalog/${leaf.id}/products?card_variant=card`);
  const card = page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`);
  await card.getByTestId('add-to-cart-button').click();
  const dialog = page.getByTestId('cart-dialog');
  await dialog.getByTestId('cart-price').fill(formatMoney(Math.max(product.retail_price, product.markup_price) + 10).replace(/\s/g, ''));
  await dialog.getByTestId('cart-confirm').click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Товар додано до кошика');
  await expect(dialog).toBeHidden();

  // At once (the add's toast still on screen): an edit to more than the stock is refused.
  await card.getByTestId('edit-cart-button').click();
  await dialog.getByTestId('cart-qty').fill(String(product.qty + 1));
  await dialog.getByTestId('cart-confirm').click();
  // The refusal shows well inside the add notice's 5 s (a queue showed the add's text first).
  await expect(toast).toContainText('Кількість перевищує залишок на складі', { timeout: 2_500 });
  await expect(page.getByTestId('toast').filter({ hasText: 'Товар додано до кошика' })).toHaveCount(0);
  await expect(toast).toHaveClass(/MuiAlert-colorWarning/);
  // The refusal belongs to the dialog: closing it takes the warning away.
  await dialog.getByTestId('cart-cancel').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: 'перевищує залишок' })).toHaveCount(0, { timeout: 2_500 });
});

for (const lang of ['uk', 'ru'] as const) {
  test(`p3: a wrong then the right registration code: the dashboard does not open with "bad code" (${lang})`, async ({ page, request }) => {
    const words = lang === 'uk' ? { bad: 'невірний код', ok: 'Реєстрацію підтверджено' } : { bad: 'неверный код', ok: 'Регистрация подтверждена' };
    if (lang === 'ru') await inRussian(page);
    await page.addInitScript(() => window.localStorage.setItem('show_changes_log', '1.0.7'));
    const email = uniqueEmail(`toast-${lang}`);
    await page.goto('/register');
    await page.getByTestId('register-name').fill('Олена Коваль');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-phone').pressSequentially('0671234567');
    await page.getByTestId('register-password').fill('olena-pass-1');
    await page.getByTestId('register-password-confirmation').fill('olena-pass-1');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-code-dialog')).toBeVisible();
    const code = await mailedCode(request, email, /реєстрації|регистрации/);
    await page.getByTestId('register-code-input').fill(code === '000000' ? '000001' : '000000');
    await page.getByTestId('register-code-confirm').click();
    await expect(page.getByTestId('toast').filter({ hasText: words.bad })).toBeVisible();

    await page.getByTestId('register-code-input').fill(code);
    await page.getByTestId('register-code-confirm').click();
    // The confirmation replaces the bad code's warning at once, within its 5 s. Asked before the URL:
    // on CI the dashboard's first render has stalled ~5 s (see playwright.config.ts), as long as a
    // toast lives, and the notice may be gone by the time the dashboard has painted.
    await expect(page.getByTestId('toast')).toContainText(words.ok);
    await expect(page.getByTestId('toast').filter({ hasText: words.bad })).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Signed in, the warning never comes back (a late one used to greet the dashboard).
    await expect(page.getByTestId('register-code-dialog')).toHaveCount(0);
    await expect(page.getByTestId('toast').filter({ hasText: words.bad })).toHaveCount(0);
  });
}

// ---------------------------------------------------------------------------------------------
// Point 4: order history as sentences in uk and ru (reservation, waybill document, COD settled).
// ---------------------------------------------------------------------------------------------

test('p4: the order history reads as sentences in uk and ru: no ids with system names, no English', async ({ page, request }) => {
  test.setTimeout(150_000);
  const r = await createReseller(request);
  const headers = auth(r.token);
  const { order } = await placeOrder(request, r.token);
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
  // The operator ships it and closes it: cash on delivery is settled (a history row of its own).
  const staff = auth(await operatorToken(request));
  for (const status of ['Complected', 'Delivered', 'Done']) {
    const moved = await request.post(`/api/v1/admin/orders/${order.id}/status`, { headers: staff, data: { status } });
    expect(moved.status(), `${status}: ${await moved.text()}`).toBe(200);
  }

  await signInWithToken(page, r.token);
  for (const lang of ['uk', 'ru'] as const) {
    await page.evaluate((l) => localStorage.setItem('drop_locale', l), lang);
    await page.goto(`/dashboard/order/${order.id}`);
    const view = page.getByTestId('order-page');
    await expect(view).toHaveAttribute('data-state', 'ready');
    const history = view.getByTestId('order-history');
    const waybill = lang === 'uk' ? 'Накладна «receipt.png»' : 'Накладная «receipt.png»';
    await expect(history.getByTestId('history-detail').filter({ hasText: waybill })).toBeVisible();
    await expect(
      history
        .getByTestId('history-detail')
        .filter({ hasText: lang === 'uk' ? /^Номер резерву/ : /^Номер резерва/ })
        .first(),
    ).toBeVisible();
    const text = (await history.innerText()).toLowerCase();
    for (const raw of ['embedded', 'commerceml', 'waybill', 'cash on delivery', 'cod_received', 'received', 'waiting for'])
      expect(text, `${lang}: ${raw}`).not.toContain(raw);
    // No 'system: value' rows ('waybill: receipt.pdf', 'embedded: E-100001').
    expect(text, lang).not.toMatch(/\b[a-z_]+:\s/);
  }
});

// ---------------------------------------------------------------------------------------------
// Point 5: the store form's price example (no 422 from /products).
// ---------------------------------------------------------------------------------------------

test("p5: the store form shows a real product's drop price as the example, with no 422 on /products (create and edit)", async ({ page, request }) => {
  const r = await createReseller(request);
  await verify(request, r.email);
  const store = await createStore(request, r.token, 'Приклад', 20);
  const bad: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/v1/products') && res.status() >= 400) bad.push(`${res.status()} ${res.url()}`);
  });
  await signInWithToken(page, r.token);

  await page.goto('/dashboard/markets/create');
  const sample = page.getByTestId('market-sample');
  await expect(sample).toContainText(/\d\.\d\d/);
  const text = (await sample.innerText()).replace(/\s/g, ' ');
  // The product the example names, as the API prices it: its drop price is in the line.
  const list = await apiGet<ProductsResponse>(request, r.token, '/api/v1/products?per_page=5');
  const shown = list.data.find((p) => p.drop_price > 0 && text.includes(p.name));
  expect(shown, text).toBeTruthy();
  expect(text).toContain(formatMoney(shown!.drop_price).replace(/\s/g, ' '));

  await page.goto(`/dashboard/markets/${store.id}`);
  await expect(page.getByTestId('market-sample')).toContainText(shown!.name);
  expect(bad).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// Point 7: the small ones.
// ---------------------------------------------------------------------------------------------

for (const lang of ['uk', 'ru'] as const) {
  test(`p7: the user badge reads in the UI language: new, verified, VIP (${lang})`, async ({ page, request }) => {
    const r = await resellerIn(page, request, lang);
    await signInWithToken(page, r.token);
    const badge = page.getByTestId('user-badge').first();
    await expect(badge).toHaveText(lang === 'uk' ? 'Новий' : 'Новый');
    await verify(request, r.email);
    await page.reload();
    await expect(badge).toHaveText(lang === 'uk' ? 'Верифікований' : 'Верифицированный');
    const headers = auth(await operatorToken(request));
    const me = (await apiGet<{ data: { id: number } }>(request, r.token, '/api/v1/auth/user')).data;
    expect((await request.put(`/api/v1/admin/users/${me.id}`, { headers, data: { discount: 10 } })).status()).toBe(200);
    await page.reload();
    await expect(badge).toHaveText('VIP -10%');
  });

  test(`p7: the document title follows the UI language (${lang})`, async ({ page, request }) => {
    const r = await resellerIn(page, request, lang);
    await signInWithToken(page, r.token);
    await expect(page).toHaveTitle(lang === 'uk' ? 'Drop — кабінет реселера' : 'Drop — кабинет реселлера');
  });
}

test('p7: /dashboard/orders/create leads to the checkout, not an "in development" page', async ({ page, request }) => {
  const r = await createReseller(request);
  await signInWithToken(page, r.token);
  await page.goto('/dashboard/orders/create');
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);
  await expect(page.getByText(/в розробці/i)).toHaveCount(0);
});

test('p7: zero stock reads "-" on the card and the product page (uk, ru)', async ({ page, request }) => {
  const r = await createReseller(request);
  const tree = (await apiGet<{ data: Parameters<typeof leavesOf>[0] }>(request, r.token, '/api/v1/categories')).data;
  let found: { product: ProductListItemDto } | undefined;
  for (const leaf of leavesOf(tree).filter((c) => c.products_count > 0)) {
    const list = await apiGet<ProductsResponse>(request, r.token, `/api/v1/products?category_id=${leaf.id}&per_page=100`);
    const p = list.data.find((x) => x.qty === 0);
    if (p) {
      found = { product: p };
      break;
    }
  }
  expect(found, 'a product out of stock in the demo catalogue').toBeTruthy();
  const { product } = found!;
  await signInWithToken(page, r.token);
  for (const lang of ['uk', 'ru'] as const) {
    await page.evaluate((l) => localStorage.setItem('drop_locale', l), lang);
    // Its card, found by its code on the search page.
    await page.goto(`/dashboard/search-products?search=${product.b2b_code_id}&card_variant=card`);
    const qty = page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`).getByTestId('product-quantity');
    await expect(qty).toHaveText(lang === 'uk' ? 'Залишок: -' : 'Остаток: -');
    await page.goto(`/dashboard/products/${product.id}`);
    await expect(page.getByTestId('product-quantity').first()).toHaveText(lang === 'uk' ? 'Залишок: -' : 'Остаток: -');
  }
});

test('p7: a device sign-out is asked first and names the device; the current one says "on this device" (uk, ru)', async ({ page, request }) => {
  const r = await createReseller(request);
  // A second session of the same user on another device.
  const other = await request.post('/api/v1/auth/login', { data: { email: r.email, password: r.password, device_token: `e2e-other-${Date.now()}` } });
  expect(other.status(), await other.text()).toBe(200);
  const devices = (await apiGet<{ data: { id: number; name: string; is_current: boolean }[] }>(request, r.token, '/api/v1/user-devices')).data;
  const current = devices.find((d) => d.is_current)!;
  const second = devices.find((d) => !d.is_current)!;
  expect(current && second).toBeTruthy();

  await signInWithToken(page, r.token);
  await page.goto('/dashboard/profile');
  const card = page.getByTestId('profile-devices');
  // The tooltip's words: "on this device" only for the current one.
  await expect(card.getByTestId(`device-sign-out-${current.id}`)).toHaveAccessibleName('Вийти на цьому пристрої');
  await expect(card.getByTestId(`device-sign-out-${second.id}`)).toHaveAccessibleName(`Вийти на пристрої ${second.name}`);
  await card.getByTestId(`device-sign-out-${second.id}`).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: `Вийти на пристрої ${second.name}` })).toBeVisible();
  await card.getByTestId(`device-sign-out-${current.id}`).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Вийти на цьому пристрої' })).toBeVisible();
  await page.mouse.move(0, 0);

  // Asked first: cancel keeps the device, confirm signs it out.
  await card.getByTestId(`device-sign-out-${second.id}`).click();
  const dialog = page.getByTestId('device-sign-out-dialog');
  await expect(dialog).toContainText('Вийти на пристрої?');
  await expect(dialog).toContainText(second.name);
  await page.getByTestId('device-sign-out-dialog-cancel').click();
  await expect(dialog).toBeHidden();
  expect((await apiGet<{ data: unknown[] }>(request, r.token, '/api/v1/user-devices')).data).toHaveLength(2);
  await card.getByTestId(`device-sign-out-${second.id}`).click();
  await page.getByTestId('device-sign-out-dialog-confirm').click();
  await expect(card.getByTestId('device-item')).toHaveCount(1);

  // In ru, the current device's question says it signs out here.
  await page.evaluate(() => localStorage.setItem('drop_locale', 'ru'));
  await page.reload();
  await expect(card.getByTestId(`device-sign-out-${current.id}`)).toHaveAccessibleName('Выйти на этом устройстве');
  await card.getByTestId(`device-sign-out-${current.id}`).click();
  await expect(dialog).toContainText('Выйти на этом устройстве?');
  await page.getByTestId('device-sign-out-dialog-cancel').click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
});

test('p7: deleting all notifications is asked first (uk, ru)', async ({ page, request }) => {
  const r = await createReseller(request);
  await verify(request, r.email); // the verification is a notification
  await expect.poll(async () => (await apiGet<{ data: unknown[] }>(request, r.token, '/api/v1/notifications')).data.length).toBeGreaterThan(0);
  await signInWithToken(page, r.token);
  for (const lang of ['ru', 'uk'] as const) {
    await page.evaluate((l) => localStorage.setItem('drop_locale', l), lang);
    await page.reload();
    await page.getByTestId('notifications-button').first().click();
    await page.getByTestId('notifications-delete-all').click();
    const dialog = page.getByTestId('notifications-delete-all-dialog');
    await expect(dialog).toContainText(lang === 'uk' ? 'Видалити всі сповіщення?' : 'Удалить все уведомления?');
    await page.getByTestId('notifications-delete-all-dialog-cancel').click();
    await expect(dialog).toBeHidden();
    expect((await apiGet<{ data: unknown[] }>(request, r.token, '/api/v1/notifications')).data.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  }
  await page.getByTestId('notifications-button').first().click();
  await page.getByTestId('notifications-delete-all').click();
  await page.getByTestId('notifications-delete-all-dialog-confirm').click();
  await expect.poll(async () => (await apiGet<{ data: unknown[] }>(request, r.token, '/api/v1/notifications')).data.length).toBe(0);
});

test('p7: deleting a store asks first and names how many feeds price by it (uk, ru)', async ({ page, request }) => {
  const r = await createReseller(request);
  await verify(request, r.email);
  const store = await createStore(request, r.token, 'Магазин з фідами');
  for (const name of ['Фід 1', 'Фід 2']) {
    const feed = await request.post('/api/v1/export-settings', {
      headers: auth(r.token),
      data: { name, file_type: 'yml', shop: { short_name: 'Shop' }, price_source: 'market', market_id: store.id },
    });
    expect(feed.status(), await feed.text()).toBe(201);
  }
  await signInWithToken(page, r.token);
  for (const lang of ['uk', 'ru'] as const) {
    await page.evaluate((l) => localStorage.setItem('drop_locale', l), lang);
    await page.goto('/dashboard/profile');
    await page.getByTestId(`market-delete-${store.id}`).click();
    const dialog = page.getByTestId('market-delete-dialog');
    await expect(dialog).toContainText(lang === 'uk' ? 'Фідів, що рахують ціни за цим магазином: 2' : 'Фидов, которые считают цены по этому магазину: 2');
    await page.getByTestId('market-delete-dialog-cancel').click();
    await expect(dialog).toBeHidden();
  }
  expect((await apiGet<{ data: MarketDto[] }>(request, r.token, '/api/v1/markets')).data).toHaveLength(1);
});

// ---------------------------------------------------------------------------------------------
// Point 8: forgot password, the store limit, the search dropdown's prices.
// ---------------------------------------------------------------------------------------------

test('p8: forgot password shows the resend countdown, keeps its step across reload and Back, a resend stays on step 2 (uk, ru)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const r = await createReseller(request);
  await page.addInitScript(() => window.localStorage.setItem('show_changes_log', '1.0.7'));
  await page.goto('/login');
  await page.getByTestId('link-forgot-password').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const before = await lastMailId(request, r.email);
  await page.getByTestId('forgot-email').fill(r.email);
  await page.getByTestId('forgot-send').click();
  const step2 = page.getByTestId('forgot-restore-step');
  await expect(step2).toBeVisible();
  const resend = page.getByTestId('forgot-resend');
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Надіслати код ще раз можна через (60|59|58|57|56|55) с$/);
  const first = await mailedCode(request, r.email, /відновлення/, before);

  // A reload and a trip to /login and Back find step 2 with the countdown still running.
  await page.reload();
  await expect(step2).toBeVisible();
  await expect(page.getByTestId('forgot-code-sent')).toContainText(r.email);
  await expect(resend).toBeDisabled();
  await page.getByTestId('link-login').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(step2).toBeVisible();
  // Its own Back, then the same address again inside the minute: step 2, no second mail.
  await page.getByTestId('forgot-back').click();
  await page.getByTestId('forgot-send').click();
  await expect(step2).toBeVisible();

  // In ru the countdown speaks Russian.
  await page.evaluate(() => localStorage.setItem('drop_locale', 'ru'));
  await page.reload();
  await expect(step2).toBeVisible();
  await expect(resend).toHaveText(/^Отправить код ещё раз можно через \d+ с$/);
  await page.evaluate(() => localStorage.setItem('drop_locale', 'uk'));
  await page.reload();

  // After the minute the resend mails a new code and the form stays on step 2.
  await expect(resend).toBeEnabled({ timeout: 75_000 });
  await expect(resend).toHaveText('Надіслати код ще раз');
  const mid = await lastMailId(request, r.email);
  await resend.click();
  const second = await mailedCode(request, r.email, /відновлення/, mid);
  await expect(step2).toBeVisible();
  await expect(resend).toBeDisabled();
  expect(second).toMatch(/^\d{6}$/);
  expect(second).not.toBe(first);
  await page.getByTestId('forgot-code-input').fill(second);
  await page.getByTestId('forgot-password').fill('restored-pass-2');
  await page.getByTestId('forgot-password-confirmation').fill('restored-pass-2');
  await page.getByTestId('forgot-restore').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The finished restore forgets its step: the page starts at the e-mail again.
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await page.goto('/forgot-password');
  await expect(page.getByTestId('forgot-email-step')).toBeVisible();
});

for (const lang of ['uk', 'ru'] as const) {
  test(`p8: with ${MAX_MARKETS} stores the create button is disabled with the reason and the create page shows it instead of a form (${lang})`, async ({
    page,
    request,
  }) => {
    const r = await resellerIn(page, request, lang);
    await verify(request, r.email);
    for (let i = 1; i <= MAX_MARKETS; i++) await createStore(request, r.token, `Магазин ${i}`, 10 + i);
    await signInWithToken(page, r.token);
    await page.goto('/dashboard/profile');
    const card = page.getByTestId('markets-card');
    await expect(card.getByTestId('market-row')).toHaveCount(MAX_MARKETS);
    await expect(card.getByTestId('market-create')).toHaveAttribute('aria-disabled', 'true');
    const limit = lang === 'uk' ? `Можна створити не більше ${MAX_MARKETS} магазинів` : `Можно создать не более ${MAX_MARKETS} магазинов`;
    await expect(card.getByTestId('markets-limit')).toHaveText(limit);

    await page.goto('/dashboard/markets/create');
    const reason = page.getByTestId('market-limit-reached');
    await expect(reason).toContainText(lang === 'uk' ? `У вас уже ${MAX_MARKETS} магазинів` : `У вас уже ${MAX_MARKETS} магазинов`);
    await expect(page.getByTestId('market-form')).toHaveCount(0);
    await page.getByTestId('market-limit-to-list').click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
  });
}

test('p8: the search dropdown shows "Ваша ціна" and the profit under the selected store, asking with its market_id (uk, ru)', async ({ page, request }) => {
  const r = await createReseller(request);
  await verify(request, r.email);
  const { product } = await productToBuy(request, r.token);
  const store = await createStore(request, r.token, 'Пошуковий', 50);
  const priced = async (marketId?: number) => {
    const q = `/api/v1/products?search=${encodeURIComponent(String(product.b2b_code_id))}&per_page=5${marketId ? `&market_id=${marketId}` : ''}`;
    const p = (await apiGet<ProductsResponse>(request, r.token, q)).data.find((x) => x.id === product.id);
    expect(p, q).toBeTruthy();
    return p!;
  };
  const underStore = await priced(store.id);
  const plain = await priced();
  expect(underStore.markup_price).not.toBe(plain.markup_price);

  await page.addInitScript((id) => window.localStorage.setItem('current_market', String(id)), store.id);
  await signInWithToken(page, r.token);
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/products?') && req.url().includes('search=')) asked.push(req.url());
  });
  for (const lang of ['uk', 'ru'] as const) {
    await page.evaluate((l) => localStorage.setItem('drop_locale', l), lang);
    await page.goto('/dashboard/catalog');
    const box = page.getByTestId('header-search');
    await box.fill(String(product.b2b_code_id));
    const row = page.locator(`[data-testid="search-result"][data-product-id="${product.id}"]`);
    await expect(row).toBeVisible();
    const labels = lang === 'uk' ? ['Ваша ціна', 'Прибуток'] : ['Ваша цена', 'Прибыль'];
    await expect(row.getByTestId('search-result-markup')).toHaveText(`${labels[0]}: ${formatMoney(underStore.markup_price)}`);
    await expect(row.getByTestId('search-result-profit')).toHaveText(`${labels[1]}: ${formatMoney(underStore.profit)}`);
    await expect(row.getByTestId('search-result-drop')).toHaveText(`${formatMoney(underStore.drop_price)} грн.`);
    await box.fill('');
  }
  // On a phone the row keeps its prices inside the dropdown (nothing cut off or scrolled sideways).
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneBox = page.getByTestId('mobile-search');
  await phoneBox.click();
  await phoneBox.fill(String(product.b2b_code_id));
  const phoneRow = page.locator(`[data-testid="search-result"][data-product-id="${product.id}"]`);
  await expect(phoneRow.getByTestId('search-result-profit')).toBeVisible();
  const fits = await page.getByTestId('search-dropdown').evaluate((el) => {
    const box = el.getBoundingClientRect();
    const profit = el.querySelector('[data-testid="search-result-profit"]')!.getBoundingClientRect();
    return { overflow: el.scrollWidth - el.clientWidth, inside: profit.right <= box.right + 0.5 && box.right <= 390 };
  });
  expect(fits).toEqual({ overflow: 0, inside: true });
  await page.screenshot({ path: test.info().outputPath('search-dropdown-prices-phone.png') });

  expect(asked.length).toBeGreaterThan(0);
  for (const url of asked) expect(new URL(url).searchParams.get('market_id'), url).toBe(String(store.id));
});
