import { expect, test } from '@playwright/test';
import { EARLY_DATA_GLOBAL, EARLY_SHELL_READS } from '@drop/shared';
import { createReseller, openLanding, signInWithToken } from './fixtures.ts';

test('switch to ru and back', async ({ page, request }) => {
  const r = await createReseller(request);
  await signInWithToken(page, r.token);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Головна');
  await page.getByTestId('language-switch-ru').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Главная');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('nav-orders')).toContainText('Заказы');
  expect(await page.evaluate(() => localStorage.getItem('drop_locale'))).toBe('ru');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Главная');
  await page.getByTestId('language-switch-uk').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Головна');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
});

test('every dashboard route opens inside the shell with its title', async ({ page, request }) => {
  const r = await createReseller(request);
  await signInWithToken(page, r.token);
  const titles: [string, string][] = [
    ['/dashboard/specials', 'Акційні пропозиції'],
    ['/dashboard/news', 'Новинки'],
    ['/dashboard/favorites', 'Обрані товари'],
    ['/dashboard/search-products', 'Всі товари'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('side-nav')).toBeVisible();
  }
  for (const path of [
    '/dashboard/catalog',
    '/dashboard/cart',
    '/dashboard/orders',
    '/dashboard/finances',
    '/dashboard/withdraws',
    '/dashboard/export-settings',
    '/dashboard/markets/create',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
});

test('a phone-size viewport shows the mobile bars', async ({ page, request }) => {
  const r = await createReseller(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, r.token);
  await expect(page.getByTestId('mobile-top-bar')).toBeVisible();
  await expect(page.getByTestId('bottom-nav')).toBeVisible();
  await expect(page.getByTestId('top-bar')).toBeHidden();
  await page.getByTestId('mobile-menu-button').click();
  await expect(page.getByTestId('mobile-drawer')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('bottom-nav-profile').click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await page.screenshot({ path: `${test.info().outputDir}/mobile-profile.png`, fullPage: true });
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByText('Сторінку не знайдено')).toBeVisible();
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/\/$/);
});

test('the landing page shows its parts, the FAQ and the legal modals', async ({ page }) => {
  await openLanding(page);
  await expect(page.getByTestId('landing-hero')).toBeVisible();
  await expect(page.getByTestId('landing-benefits')).toBeVisible();
  await expect(page.getByTestId('landing-howto')).toBeVisible();
  await expect(page.getByTestId('landing-faq').locator('.MuiAccordion-root')).toHaveCount(12);
  await expect(page.getByTestId('landing-contacts')).toBeVisible();
  await page.getByRole('button', { name: 'Політика конфіденційності' }).click();
  await expect(page.getByTestId('landing-legal-dialog')).toContainText('15.12.2024');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('landing-mobile-menu-button').click();
  await expect(page.getByRole('link', { name: 'Зареєструватися' }).last()).toBeVisible();
});

test('the landing page arrives prerendered: painted before any script, taken over by the app, hidden from a Russian visitor until the app renders Russian', async ({
  page,
  browser,
}) => {
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('<div data-prerendered=""');
  expect(html).toContain('Продавайте тисячі товарів без власного складу');
  expect(html).toMatch(/<style data-emotion="css [^"]+">\.css-/);

  // Without JavaScript the page is there, with its CSS (the sticky header, the hero's heading).
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noJs.newPage();
  await bare.goto('/');
  await expect(bare.getByRole('heading', { level: 1 })).toHaveText('Продавайте тисячі товарів без власного складу');
  await expect(bare.getByRole('banner')).toHaveCSS('position', 'sticky');
  await expect(bare.getByRole('heading', { level: 1 })).toHaveCSS('font-weight', '800');
  await noJs.close();

  // With it: the app replaces the prerendered page, and the CSP lets the one inline script run.
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await openLanding(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продавайте тисячі товарів без власного складу');
  await expect(page.getByTestId('landing-faq').locator('.MuiAccordion-root')).toHaveCount(12);

  // A visitor who chose Russian: the Ukrainian HTML stays hidden while the app's code is held back…
  await page.evaluate(() => localStorage.setItem('drop_locale', 'ru'));
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-prerender', 'off');
  await expect(page.getByTestId('landing-hero')).toBeHidden();
  // …and the app shows the page in Russian once it runs.
  await page.unroute('**/assets/*.js');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продавайте тысячи товаров без собственного склада');
  expect(violations).toEqual([]);
});

test('a signed-in phone visit paints the prerendered shell before any script, and the app takes it over without a spinner', async ({ page, request }) => {
  const r = await createReseller(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, r.token);
  const html = await (await page.request.get('/dashboard/cart')).text();
  expect(html).toContain('<div data-prerendered=""');
  // The app's scripts do not hold the first paint: they come at low priority.
  expect(html).toMatch(/<script type="module" crossorigin fetchpriority="low" src=/);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });

  // With the app's code held back, the shell is there: the phone bars, real links, the page loading.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/dashboard/cart');
  const preview = page.locator('[data-prerendered]');
  await expect(preview.getByRole('navigation', { name: 'Швидкі розділи' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Каталог' })).toHaveAttribute('href', '/dashboard/catalog');
  await expect(preview.getByRole('combobox', { name: 'Пошук товарів' })).toBeVisible();
  await expect(preview.getByRole('progressbar')).toBeVisible();
  // A desktop window has the user's own bars: the phone shell is not shown there.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(preview).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.unroute('**/assets/*.js');

  // The app renders over it once its code and the user have loaded; never a full-screen spinner between.
  await page.addInitScript(() => {
    const w = window as unknown as { __spinnerSeen: boolean };
    w.__spinnerSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="full-screen-spinner"]')) w.__spinnerSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.route('**/api/v1/auth/user', async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  await page.goto('/dashboard/cart');
  await expect(page.getByTestId('dashboard-layout')).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(page.getByTestId('bottom-nav')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __spinnerSeen: boolean }).__spinnerSeen)).toBe(false);
  await page.unroute('**/api/v1/auth/user');

  // Signed out or Russian: the gate hides the shell (the app sends them to /login, or renders Russian).
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.evaluate(() => localStorage.setItem('drop_locale', 'ru'));
  await page.goto('/dashboard/cart');
  await expect(page.locator('html')).toHaveAttribute('data-prerender', 'off');
  await expect(preview).toBeHidden();
  await page.evaluate(() => {
    localStorage.setItem('drop_locale', 'uk');
    localStorage.removeItem('access_token');
  });
  await page.goto('/dashboard/cart');
  await expect(page.locator('html')).toHaveAttribute('data-prerender', 'off');
  await expect(preview).toBeHidden();
  expect(violations).toEqual([]);
});

test("a signed-in first visit gets its first reads from the page's HTML: each asked once, all taken by the app, under the CSP", async ({
  page: signInPage,
  request,
}) => {
  const r = await createReseller(request);
  await signInWithToken(signInPage, r.token);
  // The visit is measured in a page of its own (same storage): the sign-in page's dashboard may still be
  // asking for its shell when the sign-in returns (its /config came after the listener in two CI runs).
  const page = await signInPage.context().newPage();
  await signInPage.close();
  const asked: string[] = [];
  const violations: string[] = [];
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (u.pathname.startsWith('/api/')) asked.push(u.pathname + u.search);
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/dashboard/catalog');
  await expect(page.getByTestId('catalog-column').first()).toBeVisible();
  await expect(page.getByTestId('cart-button')).toBeVisible();
  // Counted before the realtime client connects (it may refresh some reads then).
  const firstReads = [...asked];
  for (const url of [...EARLY_SHELL_READS, '/api/v1/categories'])
    expect(
      firstReads.filter((a) => a === url),
      url,
    ).toHaveLength(1);
  // The script asked for them before the app's code had loaded, and the app took every answer.
  expect(await page.evaluate((name) => Object.keys((window as unknown as Record<string, object>)[name] ?? { missing: 1 }), EARLY_DATA_GLOBAL)).toEqual([]);
  expect(violations).toEqual([]);
});
