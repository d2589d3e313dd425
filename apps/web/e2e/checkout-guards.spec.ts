/**
 * Issue 26, point 6 in the browser, in uk and ru: the checkout does not accept what fails later.
 *  - Balance: the balance shows beside the sum to be debited; short of it, a warning with a link
 *    to the finances page's top-up; with auto-confirm on, placing is refused with the sums named
 *    and the cart stays; without it the warning says the order waits for the money.
 *  - Courier: a street typed but not picked from Nova Poshta's list is not sent; one picked is.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney, type CartDto, type OrderDto } from '@drop/shared';
import { apiGet, createReseller, productToBuy, reviewShots, signInWithToken } from './fixtures.ts';

const LANGS = ['uk', 'ru'] as const;
type Lang = (typeof LANGS)[number];

const WORDS = {
  uk: {
    balance: 'З балансу',
    courier: "Кур'єр",
    short: 'На балансі не вистачає',
    manual: 'Замовлення буде оформлено, але підтвердити його можна буде лише після поповнення балансу.',
    auto: 'Замовлення підтверджується одразу, тому його не буде оформлено',
    topUp: 'Поповнити баланс',
    topUpFinance: 'Поповнити',
    topUpDialog: 'Поповнення балансу',
    refused: (debit: string) => `Недостатньо коштів на балансі: до списання ${debit} грн., на балансі 0.00 грн.`,
    pickHint: 'Оберіть вулицю зі списку: Нова Пошта доставляє лише на вулиці зі свого довідника',
    pickError: 'Оберіть вулицю зі списку Нової Пошти',
    placed: 'оформлено',
  },
  ru: {
    balance: 'С баланса',
    courier: 'Курьер',
    short: 'На балансе не хватает',
    manual: 'Заказ будет оформлен, но подтвердить его можно будет только после пополнения баланса.',
    auto: 'Заказ подтверждается сразу, поэтому он не будет оформлен',
    topUp: 'Пополнить баланс',
    topUpFinance: 'Пополнить',
    topUpDialog: 'Пополнение баланса',
    refused: (debit: string) => `Недостаточно средств на балансе: к списанию ${debit} грн., на балансе 0.00 грн.`,
    pickHint: 'Выберите улицу из списка: Новая Почта доставляет только на улицы из своего справочника',
    pickError: 'Выберите улицу из списка Новой Почты',
    placed: 'оформлен',
  },
};

async function resellerWithCart(page: Page, request: APIRequestContext, lang: Lang) {
  const r = await createReseller(request);
  const headers = { authorization: `Bearer ${r.token}` };
  const { product } = await productToBuy(request, r.token);
  const add = await request.post('/api/v1/carts', {
    headers,
    data: { product_id: product.id, qty: 1, retail_price: Math.max(product.retail_price, product.markup_price) },
  });
  expect(add.status(), await add.text()).toBeLessThan(300);
  const cart = (await apiGet<{ data: CartDto }>(request, r.token, '/api/v1/carts')).data;
  if (lang === 'ru') await page.addInitScript(() => window.localStorage.setItem('drop_locale', 'ru'));
  await signInWithToken(page, r.token);
  return { ...r, headers, cart };
}

async function fillRecipient(page: Page) {
  const form = page.getByTestId('checkout-form');
  await expect(form).toBeVisible();
  await form.getByTestId('checkout-last_name').fill('Шевченко');
  await form.getByTestId('checkout-first_name').fill('Тарас');
  await form.getByTestId('checkout-phone').pressSequentially('0671234567');
  return form;
}

for (const lang of LANGS) {
  const w = WORDS[lang];

  test(`Balance at checkout (${lang}): the balance beside the debit, a top-up warning when short; refused only when it would auto-confirm`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const r = await resellerWithCart(page, request, lang);
    const debit = formatMoney(r.cart.drop_sum);

    await page.goto('/dashboard/checkout');
    const form = await fillRecipient(page);
    await form.getByRole('radio', { name: 'Rozetka' }).click();
    await form.getByTestId('checkout-city-input').fill('Львів');
    await form.getByTestId('checkout-branch-input').fill('Відділення 5');
    await expect(page.getByTestId('checkout-balance')).toHaveCount(0);
    await form.getByTestId('checkout-payment_method').getByRole('radio', { name: w.balance }).click();

    const box = page.getByTestId('checkout-balance');
    await expect(box.getByTestId('checkout-balance-amount')).toHaveText('0.00 грн.');
    await expect(box.getByTestId('checkout-balance-debit')).toHaveText(`${debit} грн.`);
    const warning = box.getByTestId('checkout-balance-warning');
    await expect(warning).toContainText(`${w.short} ${debit} грн.`);
    await expect(warning).toContainText(w.manual);
    await reviewShots(page, `checkout-balance-short-${lang}`);

    // Auto-confirm on (the profile switch): the order would be debited at once, so it is refused.
    const on = await request.put('/api/v1/auth/profile', { headers: r.headers, data: { auto_confirm_orders: true } });
    expect(on.status(), await on.text()).toBe(200);
    await page.reload();
    const form2 = await fillRecipient(page);
    await form2.getByRole('radio', { name: 'Rozetka' }).click();
    await form2.getByTestId('checkout-city-input').fill('Львів');
    await form2.getByTestId('checkout-branch-input').fill('Відділення 5');
    await form2.getByTestId('checkout-payment_method').getByRole('radio', { name: w.balance }).click();
    await expect(page.getByTestId('checkout-balance-warning')).toContainText(w.auto);
    await page.getByTestId('checkout-submit').click();
    await expect(page.getByTestId('toast')).toContainText(w.refused(debit));
    await expect(page).toHaveURL(/\/dashboard\/checkout$/);
    expect((await apiGet<{ data: CartDto }>(request, r.token, '/api/v1/carts')).data.count).toBe(1);
    expect((await apiGet<{ meta: { total: number } }>(request, r.token, '/api/v1/orders')).meta.total).toBe(0);

    // The warning's link opens the finances page's top-up dialog.
    await expect(page.getByTestId('checkout-balance-topup')).toHaveText(w.topUp);
    await page.getByTestId('checkout-balance-topup').click();
    await expect(page).toHaveURL(/\/dashboard\/finances\?top_up=1$/);
    const dialog = page.getByRole('dialog', { name: w.topUpDialog });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('topup-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/finances$/);
    await expect(page.getByTestId('topup-button')).toBeVisible();
    await expect(page.getByTestId('topup-button')).toHaveText(w.topUpFinance);
  });

  test(`Courier at checkout (${lang}): a typed street not picked from Nova Poshta's list cannot be submitted; a picked one is`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const r = await resellerWithCart(page, request, lang);
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/v1/orders')) posts.push(req.postData() ?? '');
    });

    await page.goto('/dashboard/checkout');
    const form = await fillRecipient(page);
    await form.getByTestId('checkout-delivery_method').getByRole('radio', { name: w.courier }).click();
    const city = form.getByTestId('checkout-city-input');
    await city.click();
    await city.pressSequentially('Київ', { delay: 30 });
    await page.getByRole('option').filter({ hasText: 'Київ' }).first().click();
    await expect(city).toHaveValue(/Київ/);

    const street = form.getByTestId('checkout-street-input');
    await street.click();
    await street.pressSequentially('Вигадана', { delay: 30 });
    await expect(page.getByRole('option')).toHaveCount(0);
    await form.getByTestId('checkout-house').fill('7а');
    await expect(form.getByTestId('checkout-street')).toContainText(w.pickHint);
    await page.getByTestId('checkout-submit').click();
    await expect(form.getByTestId('checkout-street')).toContainText(w.pickError);
    await expect(street).toHaveAttribute('aria-invalid', 'true');
    await reviewShots(page, `checkout-street-typed-${lang}`);
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(0);

    // Picked from the carrier's list: placed with the street's ref.
    await street.fill('');
    await street.pressSequentially('Шевч', { delay: 30 });
    await page.getByRole('option', { name: 'вул. Шевченка' }).click();
    await expect(street).toHaveValue('вул. Шевченка');
    await page.getByTestId('checkout-submit').click();
    await expect(page.getByTestId('toast')).toContainText(w.placed);
    await expect(page).toHaveURL(/\/dashboard\/order\/\d+$/);
    expect(posts).toHaveLength(1);
    const sent = JSON.parse(posts[0]!) as { street_ref?: string; street_name?: string };
    expect(sent.street_ref).toMatch(/^[0-9a-f-]{36}$/);
    const id = Number(/order\/(\d+)$/.exec(page.url())![1]);
    const order = (await apiGet<{ data: OrderDto }>(request, r.token, `/api/v1/orders/${id}`)).data;
    expect(order.delivery).toMatchObject({ street_ref: sent.street_ref, street_name: 'вул. Шевченка', house: '7а' });
    await expect(page.getByTestId('order-address')).toContainText('вул. Шевченка');
  });
}
