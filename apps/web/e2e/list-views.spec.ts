/**
 * Issue 26 points 7 and 8 (lists): scroll restore on the phone and the desktop, the analogues modal's
 * prices, the table view as a compact list on the phone, the orders filter's DD.MM.YYYY dates.
 * Screens for review go next to the test's other output.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CategoryDto, ProductListItemDto, ProductsResponse } from '@drop/shared';
import { apiGet, createReseller, leavesOf, placeOrder, signInWithToken } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

async function asRu(page: Page) {
  await page.evaluate(() => localStorage.setItem('drop_locale', 'ru'));
  await page.reload();
}

/** A product with analogues in the demo catalogue. */
async function productWithAnalogues(request: APIRequestContext, token: string): Promise<ProductListItemDto> {
  for (let p = 1; p <= 20; p++) {
    const list = await apiGet<ProductsResponse>(request, token, `/api/v1/products?per_page=100&page=${p}`);
    const hit = list.data.find((x) => x.analogues_count > 0);
    if (hit) return hit;
    if (p >= list.pagination.last_page) break;
  }
  throw new Error('no product with analogues in the demo catalogue');
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${name}: back from a product page lands where the list was left (cards, table, a category page)`, async ({ page, request }) => {
    const r = await createReseller(request);
    const tree = (await apiGet<{ data: CategoryDto[] }>(request, r.token, '/api/v1/categories')).data;
    const leaf = leavesOf(tree).sort((a, b) => b.products_count - a.products_count)[0]!;
    await page.setViewportSize(viewport);
    await signInWithToken(page, r.token);
    const cases = [
      { url: `/dashboard/catalog/${leaf.id}/products`, item: 'product-card', link: 'product-card-name' },
      { url: '/dashboard/search-products?per_page=20', item: 'product-card', link: 'product-card-name' },
      { url: `/dashboard/catalog/${leaf.id}/products?per_page=20&card_variant=table`, item: 'product-row', link: 'product-row-name' },
      // Back after a reload of the product page: the list's data comes late (skeletons first).
      { url: `/dashboard/catalog/${leaf.id}/products?page=2`, item: 'product-card', link: 'product-card-name', cold: true },
    ];
    for (const c of cases) {
      await page.goto(c.url);
      await expect(page.getByTestId(c.item).nth(9)).toBeVisible();
      // Scroll as a person does (wheel), well down the list but not to its end.
      const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      await page.mouse.wheel(0, Math.round(max * 0.6));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(max * 0.5);
      await page.waitForTimeout(300);
      // The item in the middle of the screen; clicked where it is (no scrolling into view before the click).
      const target = await page.evaluate(
        ({ item, link }) => {
          const el = [...document.querySelectorAll(`[data-testid="${link}"]`)].find((e) => {
            const b = e.getBoundingClientRect();
            return b.top > 120 && b.bottom < window.innerHeight - 120;
          });
          const row = el?.closest(`[data-testid="${item}"]`);
          return row ? { id: row.getAttribute('data-product-id')!, top: row.getBoundingClientRect().top, scrollY: window.scrollY } : null;
        },
        { item: c.item, link: c.link },
      );
      expect(target, c.url).not.toBeNull();
      // Clicked where it is: no scrolling into view before the click (what Playwright's click() would do).
      const atClick = await page.locator(`[data-testid="${c.item}"][data-product-id="${target!.id}"] [data-testid="${c.link}"]`).evaluate((el: HTMLElement) => {
        const y = window.scrollY;
        el.click();
        return y;
      });
      expect(atClick).toBe(target!.scrollY);
      await expect(page).toHaveURL(new RegExp(`/dashboard/products/${target!.id}$`));
      await expect(page.getByTestId('product-page')).toBeVisible();
      if (c.cold) {
        await page.reload();
        await expect(page.getByTestId('product-page')).toBeVisible();
        await page.route('**/api/v1/products?**', async (route) => {
          await new Promise((r) => setTimeout(r, 800));
          await route.continue();
        });
      }
      await page.goBack();
      const back = page.locator(`[data-testid="${c.item}"][data-product-id="${target!.id}"]`);
      await expect(back).toBeVisible();
      // Within a few px of where it was: the page's scroll and the item on the screen.
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: c.url }).toBeGreaterThan(target!.scrollY - 3);
      await page.waitForTimeout(500);
      const y = await page.evaluate(() => window.scrollY);
      expect(Math.abs(y - target!.scrollY), `${c.url}: scrollY ${y} vs ${target!.scrollY}`).toBeLessThanOrEqual(3);
      const top = await back.evaluate((el) => el.getBoundingClientRect().top);
      expect(Math.abs(top - target!.top), `${c.url}: item top ${top} vs ${target!.top}`).toBeLessThanOrEqual(3);
      if (c.cold) await page.unroute('**/api/v1/products?**');
    }
  });
}

test('analogues modal: drop price, RRP, your price, profit and stock per analogue, as on the cards (uk, ru; desktop and phone)', async ({ page, request }) => {
  const r = await createReseller(request);
  const product = await productWithAnalogues(request, r.token);
  const analogues = await apiGet<{ data: ProductListItemDto[] }>(request, r.token, `/api/v1/products/analogues/${product.id}`);
  const first = analogues.data[0]!;
  await signInWithToken(page, r.token);
  const money = (n: number) => n.toFixed(2);

  for (const [lang, labels, currency] of [
    ['uk', ['РРЦ', 'Ваша ціна', 'Прибуток'], 'грн.'],
    ['ru', ['РРЦ', 'Ваша цена', 'Прибыль'], 'грн.'],
  ] as const) {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`/dashboard/products/${product.id}`);
      if (lang === 'ru') await asRu(page);
      await page.getByTestId('product-page-analogues').click();
      const dialog = page.getByTestId('analogues-dialog');
      const item = dialog.locator(`[data-testid="analogue-item"][data-product-id="${first.id}"]`);
      await expect(item).toBeVisible();
      const prices = item.getByTestId('analogue-prices');
      await expect(prices.getByTestId('price-drop')).toHaveText(`${money(first.drop_price)} ${currency}`);
      await expect(prices.getByTestId('price-retail')).toHaveText(money(first.retail_price));
      await expect(prices.getByTestId('price-markup')).toHaveText(money(first.markup_price));
      await expect(prices.getByTestId('price-profit')).toHaveText(money(first.profit));
      await expect(prices.locator('dt')).toHaveText([...labels]);
      await expect(prices.getByTestId('product-quantity')).toBeVisible();
      // Nothing is cut off on the phone.
      const b = (await prices.getByTestId('price-profit').boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(viewport.width);
      await shot(page, `analogues-${lang}-${viewport.width}`);
      await dialog.getByTestId('analogues-close').click();
      await expect(dialog).toBeHidden();
    }
  }
});

test('phone: the table view is a compact list (image, name, prices, profit, stock, cart); the desktop keeps the table (uk, ru)', async ({ page, request }) => {
  const r = await createReseller(request);
  const list = await apiGet<ProductsResponse>(request, r.token, '/api/v1/products?per_page=10');
  const p = list.data.find((x) => x.qty > 0)!;
  // A list item has one name (the request's language): the product's own answer has both.
  const names = (await apiGet<{ data: { name_uk: string; name_ru: string } }>(request, r.token, `/api/v1/products/${p.id}`)).data;
  await page.setViewportSize(PHONE);
  await signInWithToken(page, r.token);

  for (const [lang, labels, add] of [
    ['uk', ['Дроп ціна', 'Роздрібна ціна', 'Прибуток'], 'Додати до кошика'],
    ['ru', ['Дроп цена', 'Розничная цена', 'Прибыль'], 'Добавить в корзину'],
  ] as const) {
    await page.goto('/dashboard/search-products?card_variant=table');
    if (lang === 'ru') await asRu(page);
    const table = page.getByTestId('product-table');
    await expect(table).toHaveAttribute('data-layout', 'list');
    const row = page.locator(`[data-testid="product-row"][data-product-id="${p.id}"]`);
    await expect(row).toBeVisible();
    await expect(row.locator('img')).toBeVisible();
    await expect(row.getByTestId('product-row-name')).toHaveText(lang === 'ru' ? names.name_ru : names.name_uk);
    await expect(row.locator('dt')).toHaveText([...labels]);
    await expect(row.getByTestId('price-drop')).toHaveText(p.drop_price.toFixed(2));
    await expect(row.getByTestId('price-retail')).toHaveText(p.retail_price.toFixed(2));
    await expect(row.getByTestId('price-profit')).toHaveText(p.profit.toFixed(2));
    await expect(row.getByTestId('product-quantity')).toBeVisible();
    // Every price and the cart button are on the screen: nothing cut off, nothing to scroll sideways.
    for (const id of ['price-drop', 'price-retail', 'price-profit', 'product-quantity', 'add-to-cart-button']) {
      const b = (await row.getByTestId(id).first().boundingBox())!;
      expect(b.x, id).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, id).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, `table-list-${lang}-390`);
    // The cart action works from the list.
    await row.getByRole('button', { name: add }).click();
    await expect(page.getByRole('dialog', { name: add })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: add })).toBeHidden();
  }

  // A tablet where the table's columns would not fit: the list, two columns.
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.evaluate(() => localStorage.setItem('drop_locale', 'uk'));
  await page.goto('/dashboard/search-products?card_variant=table');
  await expect(page.getByTestId('product-table')).toHaveAttribute('data-layout', 'list');
  const [a, b] = [await page.getByTestId('product-row').nth(0).boundingBox(), await page.getByTestId('product-row').nth(1).boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1000);
  await shot(page, 'table-list-uk-1000');

  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard/search-products?card_variant=table');
  await expect(page.getByTestId('product-table')).toHaveAttribute('data-layout', 'table');
  await expect(page.getByTestId('product-table').getByRole('columnheader')).toHaveText([
    'ID',
    'Фото',
    'Назва',
    'Дроп ціна',
    'Роздрібна ціна',
    'Прибуток',
    'Залишок',
    'Дії',
  ]);
  await shot(page, 'table-1440');
});

/** YYYY-MM-DD of today + days in Kyiv (the business day of the orders). */
function kyivDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}
const asText = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

for (const [lang, placeholder, open] of [
  ['uk', 'ДД.ММ.РРРР', 'Дата з: обрати в календарі'],
  ['ru', 'ДД.ММ.ГГГГ', 'Дата с: выбрать в календаре'],
] as const) {
  test(`orders filter: DD.MM.YYYY dates typed and picked, the API gets YYYY-MM-DD (${lang}, phone and desktop)`, async ({ page, request }) => {
    const r = await createReseller(request);
    const { order } = await placeOrder(request, r.token);
    await signInWithToken(page, r.token);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/orders');
      if (lang === 'ru') await asRu(page);
      await expect(page.getByTestId('order-row')).toHaveCount(1);
      const from = page.getByTestId('orders-date-from');
      await expect(from).toHaveAttribute('type', 'text');
      await expect(from).toHaveAttribute('placeholder', placeholder);

      // Typed: a day after the order's leaves nothing; the request carries YYYY-MM-DD.
      const later = kyivDay(2);
      const asked = page.waitForRequest((q) => q.url().includes('/api/v1/orders?') && q.url().includes(`date_from=${later}`));
      await from.click();
      await page.keyboard.type(asText(later).replaceAll('.', ''));
      await expect(from).toHaveValue(asText(later));
      await asked;
      await expect(page).toHaveURL(new RegExp(`date_from=${later}`));
      await expect(page.getByTestId('orders-nothing')).toBeVisible();

      // Picked from the calendar: yesterday as the start shows the order again.
      const yesterday = kyivDay(-1);
      await page.getByRole('button', { name: open }).click();
      const calendar = page.getByTestId('orders-date-from-calendar');
      await expect(calendar).toBeVisible();
      if ((await calendar.getAttribute('data-month')) !== yesterday.slice(0, 7)) await calendar.getByTestId('orders-date-from-prev').click();
      await expect(calendar).toHaveAttribute('data-month', yesterday.slice(0, 7));
      await calendar.locator(`[data-date="${yesterday}"]`).click();
      await expect(calendar).toBeHidden();
      await expect(from).toHaveValue(asText(yesterday));
      await expect(page).toHaveURL(new RegExp(`date_from=${yesterday}`));
      await expect(page.getByTestId('order-row')).toHaveCount(1);
      await expect(page.getByTestId('order-row').first()).toContainText(order.number);

      // The end day cannot be before the start in the calendar.
      await page.getByTestId('orders-date-to-open').click();
      const toCalendar = page.getByTestId('orders-date-to-calendar');
      await expect(toCalendar.locator(`[data-date="${yesterday}"]`)).toBeEnabled();
      const before = kyivDay(-2);
      if (before.slice(0, 7) === yesterday.slice(0, 7)) await expect(toCalendar.locator(`[data-date="${before}"]`)).toBeDisabled();
      await page.waitForTimeout(400);
      await shot(page, `orders-dates-${lang}-${viewport.width}`);
      await page.keyboard.press('Escape');
      await expect(toCalendar).toBeHidden();

      await page.getByTestId('orders-reset').click();
      await expect(from).toHaveValue('');
      await page.evaluate(() => localStorage.setItem('drop_locale', 'uk'));
    }
  });
}
