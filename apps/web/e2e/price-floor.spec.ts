import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { formatMoney, type CartDto, type ProductListItemDto, type ProductsResponse } from '@drop/shared';
import { apiGet, createReseller, operatorToken, productToBuy, reviewShots, signInWithToken } from './fixtures.ts';

/**
 * Issue 26 point 1, the web side of the supplier's price floor (uk and ru): while the supplier enforces
 * the recommended price (/config enforce_recommended_price), the store form's price example is lifted to
 * it and says so, a hint says which prices the markup lifts, and the cart dialog disables "Додати" with
 * the reason for a price below it. After an operator turns the floor off, a fresh browser (no HTTP cache
 * of /config, which the API lets the browser keep for 60 s) adds the same price.
 *
 * The floor is a supplier-wide switch: the spec turns it back on whatever happens.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const money = (v: number) => `${formatMoney(v)} грн.`;

const WORDS = {
  uk: {
    lifted: (p: number) => `Піднято до рекомендованої ціни ${money(p)}`,
    hintDrop:
      'Поки постачальник вимагає продавати не дешевше за рекомендовану ціну, ціни, які націнки магазину від дроп-ціни дають нижчими за рекомендовану, піднімаються до неї — у каталозі, кошику та фідах.',
    sale: (p: number) => `ціна продажу ${money(p)}`,
    refusal: (p: number) => `Ціна нижча за рекомендовану (${money(p)}): постачальник не дозволяє продавати дешевше`,
    confirm: 'Додати',
    added: 'Товар додано до кошика',
    profileHint: 'ціни, які ваша націнка від оптової ціни дає нижчими за рекомендовану, піднімаються до неї',
  },
  ru: {
    lifted: (p: number) => `Поднято до рекомендованной цены ${money(p)}`,
    hintDrop:
      'Пока поставщик требует продавать не дешевле рекомендованной цены, цены, которые наценки магазина от дроп-цены дают ниже рекомендованной, поднимаются до неё — в каталоге, корзине и фидах.',
    sale: (p: number) => `цена продажи ${money(p)}`,
    refusal: (p: number) => `Цена ниже рекомендованной (${money(p)}): поставщик не разрешает продавать дешевле`,
    confirm: 'Добавить',
    added: 'Товар добавлен в корзину',
    profileHint: 'цены, которые ваша наценка от оптовой цены даёт ниже рекомендованной, поднимаются до неё',
  },
} as const;

async function setFloor(request: APIRequestContext, on: boolean) {
  const r = await request.put('/api/v1/admin/supplier-settings', { headers: auth(await operatorToken(request)), data: { enforce_recommended_price: on } });
  expect(r.status(), await r.text()).toBe(200);
  const config = (await (await request.get('/api/v1/config')).json()) as { data: { enforce_recommended_price: boolean } };
  expect(config.data.enforce_recommended_price).toBe(on);
}

/** The operator verifies the reseller (stores need it). */
async function verify(request: APIRequestContext, email: string) {
  const headers = auth(await operatorToken(request));
  const users = (await (await request.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`, { headers })).json()) as { data: { id: number }[] };
  const id = users.data[0]?.id;
  expect(id).toBeTruthy();
  expect((await request.put(`/api/v1/admin/users/${id}`, { headers, data: { is_verified: true } })).status()).toBe(200);
}

/** A fresh browser context (its own HTTP cache) signed in as the reseller, in the given language. */
async function signedIn(browser: Browser, token: string, lang: 'uk' | 'ru'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (lang === 'ru') await page.addInitScript(() => window.localStorage.setItem('drop_locale', 'ru'));
  await signInWithToken(page, token);
  return { context, page };
}

/** The product the store form takes for its example: the first priced one of the smallest page. */
async function sampleProduct(request: APIRequestContext, token: string, lang: 'uk' | 'ru'): Promise<ProductListItemDto> {
  const r = await request.get('/api/v1/products?per_page=5', { headers: { ...auth(token), 'x-localization': lang } });
  expect(r.status()).toBe(200);
  const list = (await r.json()) as ProductsResponse;
  const p = list.data.find((x) => x.drop_price > 0) ?? list.data[0];
  expect(p).toBeTruthy();
  return p!;
}

async function openAddDialog(page: Page, leafId: number, product: ProductListItemDto) {
  await page.goto(`/dashboard/catalog/${leafId}/products?card_variant=card`);
  await page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`).getByTestId('add-to-cart-button').click();
  const dialog = page.getByTestId('cart-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const lang of ['uk', 'ru'] as const) {
  test(`the price floor: store example lifted with a hint, cart "${WORDS[lang].confirm}" disabled with the reason; with the floor off the same price is added (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    await setFloor(request, true);
    try {
      const r = await createReseller(request);
      await verify(request, r.email);
      const sample = await sampleProduct(request, r.token, lang);
      expect(sample.drop_price, 'the example product sells below its RRP at +0 % from drop').toBeLessThan(sample.retail_price);
      const { leaf, product } = await productToBuy(request, r.token, { fromEnd: lang === 'ru' });
      // A price between the drop and the recommended one: the API refuses it only under the floor.
      const below = Math.round((product.retail_price - 0.5) * 100) / 100;
      expect(below).toBeGreaterThan(product.drop_price);

      // --- Floor on ---
      const on = await signedIn(browser, r.token, lang);
      let page = on.page;
      await page.goto('/dashboard/markets/create');
      await page.getByTestId('market-base-markup').fill('0');
      const example = page.getByTestId('market-sample');
      await expect(example).toContainText(sample.name);
      await expect(example).toContainText(w.sale(sample.retail_price));
      await expect(page.getByTestId('market-sample-lifted')).toHaveText(w.lifted(sample.retail_price));
      await expect(page.getByTestId('market-floor-hint')).toHaveText(w.hintDrop);
      await reviewShots(page, `price-floor-store-on-${lang}`);

      // The profile's markup card says the same of the profile markup (from the drop price).
      expect((await request.put('/api/v1/auth/profile', { headers: auth(r.token), data: { is_drop_markup: true } })).status()).toBeLessThan(300);
      await page.goto('/dashboard/profile');
      await expect(page.getByTestId('profile-markup-floor-hint')).toContainText(w.profileHint);

      let dialog = await openAddDialog(page, leaf.id, product);
      await dialog.getByTestId('cart-price').fill(String(below));
      await expect(dialog.getByTestId('cart-refusal-recommended')).toHaveText(w.refusal(product.retail_price));
      await expect(dialog.getByTestId('cart-confirm')).toHaveText(w.confirm);
      await expect(dialog.getByTestId('cart-confirm')).toBeDisabled();
      await expect(dialog.getByTestId('cart-warning-recommended')).toHaveCount(0);
      await reviewShots(page, `price-floor-cart-on-${lang}`);
      await on.context.close();

      // --- The operator turns the floor off; a fresh browser asks /config anew ---
      await setFloor(request, false);
      const off = await signedIn(browser, r.token, lang);
      page = off.page;
      await page.goto('/dashboard/markets/create');
      await page.getByTestId('market-base-markup').fill('0');
      await expect(page.getByTestId('market-sample')).toContainText(w.sale(sample.drop_price));
      await expect(page.getByTestId('market-sample-lifted')).toHaveCount(0);
      await expect(page.getByTestId('market-floor-hint')).toHaveCount(0);
      await page.goto('/dashboard/profile');
      await expect(page.getByTestId('profile-markup')).toBeVisible();
      await expect(page.getByTestId('profile-markup-floor-hint')).toHaveCount(0);

      dialog = await openAddDialog(page, leaf.id, product);
      await dialog.getByTestId('cart-price').fill(String(below));
      await expect(dialog.getByTestId('cart-warning-recommended')).toBeVisible();
      await expect(dialog.getByTestId('cart-refusal-recommended')).toHaveCount(0);
      await expect(dialog.getByTestId('cart-confirm')).toBeEnabled();
      await reviewShots(page, `price-floor-cart-off-${lang}`);
      await dialog.getByTestId('cart-confirm').click();
      await expect(page.getByTestId('toast')).toContainText(w.added);
      await expect(dialog).toBeHidden();
      const cart = (await apiGet<{ data: CartDto }>(request, r.token, '/api/v1/carts')).data;
      expect(cart.items.map((l) => [l.product_id, l.retail_price])).toEqual([[product.id, below]]);
      await off.context.close();
    } finally {
      await setFloor(request, true);
    }
  });
}
