import { expect, test } from '@playwright/test';
import { formatMoney, type OrderDto } from '@drop/shared';
import { OPERATOR, apiGet, createReseller, operatorToken, placeOrder, reviewShots, signInWithToken } from './fixtures.ts';

test('an operator moves a confirmed order and sets its TTN, then edits a product the reseller sees', async ({ page, request }) => {
  test.setTimeout(120_000);
  const reseller = await createReseller(request);
  const headers = { authorization: `Bearer ${reseller.token}` };
  // Its stock is asserted below: a product from the end of the catalogue, which fewer specs order.
  const { product, order } = await placeOrder(request, reseller.token, { fromEnd: true });
  const confirmed = await request.post(`/api/v1/orders/${order.id}/confirm`, { headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  const token = await operatorToken(request);
  await signInWithToken(page, token);
  await page.goto('/admin/orders');
  await expect(page.locator(`[data-testid="board-card"][data-order-id="${order.id}"]`)).toBeVisible();
  await reviewShots(page, 'admin-orders-board');
  await page.locator(`[data-testid="board-card"][data-order-id="${order.id}"] a`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await expect(page.getByTestId('admin-order-status')).toHaveAttribute('data-status', 'Confirmed');

  await page.getByTestId('order-move').click();
  const move = page.getByTestId('move-dialog');
  await move.getByTestId('move-status').click();
  await page.locator('[role="option"][data-value="Complected"]').click();
  await move.getByTestId('move-comment').fill('Зібрано на складі');
  await move.getByTestId('move-submit').click();
  await expect(page.getByTestId('admin-order-status')).toHaveAttribute('data-status', 'Complected');

  await page.getByTestId('order-set-ttn').click();
  const ttn = page.getByTestId('ttn-dialog');
  await ttn.getByTestId('ttn-number').fill('20450000123456');
  await ttn.getByTestId('ttn-submit').click();
  await expect(page.getByTestId('admin-order-ttn')).toHaveText('20450000123456');
  await expect(page.getByTestId('admin-order-delivery')).toHaveAttribute('data-status', 'CreatedTTN');
  await reviewShots(page, 'admin-order');
  const seen = (await apiGet<{ data: OrderDto }>(request, reseller.token, `/api/v1/orders/${order.id}`)).data;
  expect([seen.status, seen.ttn]).toEqual(['Complected', '20450000123456']);

  // The product: out of stock first (API), then a new price and stock in the editor.
  const staff = { authorization: `Bearer ${token}` };
  expect((await request.put(`/api/v1/admin/catalog/products/${product.id}`, { headers: staff, data: { qty: 0 } })).status()).toBe(200);
  const newDrop = Math.round((product.drop_price - 0.5) * 100) / 100;
  await page.goto(`/admin/catalog/products/${product.id}`);
  await expect(page.getByTestId('field-qty')).toHaveValue('0');
  await page.getByTestId('field-drop_price').fill(String(newDrop));
  await page.getByTestId('field-qty').fill('12');
  await expect(page.getByTestId('restock-alert')).toBeVisible();
  await reviewShots(page, 'admin-product');
  await page.getByTestId('product-save').first().click();
  await expect(page.getByTestId('toast')).toContainText('підписників сповіщено');

  await page.goto(`/dashboard/products/${product.id}`);
  await expect(page.getByTestId('price-drop').first()).toContainText(formatMoney(newDrop));
  // The editor's 12 reached the reseller: the page shows the stock the API has now, in stock and no more than 12
  // (specs running beside this one may order the same product from the end of the catalogue in the meantime).
  const shown = Number(await page.getByTestId('product-quantity').first().getAttribute('data-qty'));
  const now = (await apiGet<{ data: { qty: number } }>(request, reseller.token, `/api/v1/products/${product.id}`)).data.qty;
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(12);
  expect(now).toBeLessThanOrEqual(shown);
  expect(shown - now).toBeLessThanOrEqual(2);

  await page.goto('/admin/catalog/products');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await reviewShots(page, 'admin-products');
  await page.goto('/admin/catalog/categories');
  await page.getByTestId('categories-expand-all').click();
  await reviewShots(page, 'admin-categories');
});

test('an operator edits the FAQ the landing shows and broadcasts a notification a reseller sees', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const reseller = await createReseller(request);
  const me = (await apiGet<{ data: { id: number } }>(request, reseller.token, '/api/v1/auth/user')).data;
  const token = await operatorToken(request);
  await signInWithToken(page, token);

  await page.goto('/admin/content/faq');
  const question = `Чи є бек-офіс? ${Date.now()}`;
  await page.getByTestId('faq-question_uk-0').fill(question);
  await page.getByTestId('faq-save').click();
  await expect(page.getByTestId('toast')).toContainText('Збережено');
  await reviewShots(page, 'admin-faq');
  await page.goto('/admin/content/legal');
  await reviewShots(page, 'admin-legal');
  await page.goto('/admin/content/changelog');
  await reviewShots(page, 'admin-changelog');

  const landing = await browser.newPage();
  await landing.goto('/');
  await expect(landing.getByTestId('landing-faq')).toContainText(question);
  await landing.close();

  await page.goto('/admin/content/broadcast');
  const title = `Новини ${Date.now()}`;
  await page.getByTestId('broadcast-title_uk').fill(title);
  await page.getByTestId('broadcast-title_ru').fill(title);
  await page.getByTestId('broadcast-message_uk').fill('Бек-офіс працює');
  await page.getByTestId('broadcast-message_ru').fill('Бэк-офис работает');
  await page.getByTestId('broadcast-audience-selected').check();
  await page.getByTestId('broadcast-users').fill(String(me.id));
  await page.getByRole('option', { name: new RegExp(`#${me.id}`) }).click();
  await page.getByTestId('broadcast-send').click();
  await expect(page.getByTestId('broadcast-result')).toHaveText('Надіслано 1 отримувачу');
  await reviewShots(page, 'admin-broadcast');
  await page.goto('/admin/onec');
  await reviewShots(page, 'admin-onec');

  const list = await apiGet<{ data: { data: { title: string } }[] }>(request, reseller.token, '/api/v1/notifications');
  expect(list.data.map((n) => n.data.title)).toContain(title);
});

const OFFERS_FOR_AN_UNKNOWN_GOOD = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_210" ВерсияСхемы="2.10" ДатаФормирования="2026-11-24T08:00:00">
  <ПакетПредложений СодержитТолькоИзменения="true">
    <Ид>e2e-offers</Ид>
    <Наименование>Пакет пропозицій</Наименование>
    <ТипыЦен>
      <ТипЦены><Ид>e2e-drop</Ид><Наименование>Дроп</Наименование><Валюта>UAH</Валюта></ТипЦены>
    </ТипыЦен>
    <Предложения>
      <Предложение>
        <Ид>e2e-never-imported-good</Ид>
        <Наименование>Товар, якого немає в каталозі</Наименование>
        <Цены><Цена><ИдТипаЦены>e2e-drop</ИдТипаЦены><ЦенаЗаЕдиницу>100.00</ЦенаЗаЕдиницу><Валюта>UAH</Валюта></Цена></Цены>
        <Количество>3</Количество>
      </Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

test('an operator uploads 1C files in the back office and follows the import to its end; a broken file is refused with its reason', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInWithToken(page, await operatorToken(request));
  await page.goto('/admin/onec');
  await expect(page.getByTestId('onec-page')).toBeVisible();

  // An offers package for a good the catalogue does not have: imported with a warning, nothing else changes.
  await page
    .getByTestId('onec-file-offers')
    .setInputFiles({ name: 'offers.xml', mimeType: 'application/xml', buffer: Buffer.from(OFFERS_FOR_AN_UNKNOWN_GOOD) });
  await page.getByTestId('onec-start').click();
  await expect(page.getByTestId('onec-run')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('onec-run-warnings')).toContainText('e2e-never-imported-good');
  await expect(page.getByTestId('onec-run-row').first()).toBeVisible();
  await reviewShots(page, 'admin-onec-done');

  // A truncated import.xml: failed, with the reason in Ukrainian.
  await page.getByTestId('onec-file-import').setInputFiles({
    name: 'import.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10"><Классификатор><Ид>x</Ид><Группы><Группа><Ид>g1</Ид>',
    ),
  });
  await page.getByTestId('onec-start').click();
  await expect(page.getByTestId('onec-run')).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(page.getByTestId('onec-run-error')).toContainText('import.xml');
});

test('an admin makes the 1C exchange its own credentials: the secret is shown once and opens the exchange, a staff password does not', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInWithToken(page, await operatorToken(request));
  await page.goto('/admin/onec');
  const card = page.getByTestId('onec-credentials');
  await expect(card.getByTestId('onec-credentials-none').or(card.getByTestId('onec-credentials-login'))).toBeVisible();
  const hadPair = (await card.getByTestId('onec-credentials-login').count()) > 0;
  await card.getByTestId('onec-credentials-generate').click();
  // A pair already exists (an earlier run): the old one stops working only after a confirmation.
  if (hadPair) await page.getByTestId('onec-credentials-replace').getByTestId('onec-credentials-replace-confirm').click();
  const dialog = page.getByTestId('onec-credentials-secret');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('більше не буде показано');
  const login = await dialog.getByTestId('onec-credentials-secret-login').inputValue();
  const secret = await dialog.getByTestId('onec-credentials-secret-value').inputValue();
  expect(login).toMatch(/^1c-[a-z0-9]+$/);
  await reviewShots(page, 'admin-onec-credentials');
  await dialog.getByTestId('onec-credentials-done').click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('onec-credentials-login')).toHaveText(login);
  await expect(card).not.toContainText(secret);

  const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
  const ok = await request.get('/1c/exchange?type=catalog&mode=checkauth', { headers: basic(login, secret) });
  expect((await ok.text()).split('\n')[0]).toBe('success');
  const staff = await request.get('/1c/exchange?type=catalog&mode=checkauth', { headers: basic(OPERATOR.email, OPERATOR.password) });
  expect(staff.status()).toBe(401);
});

test('cancelling a New order: nothing is preselected, the cancel asks first and lists what will happen; Back keeps the order', async ({ page, request }) => {
  test.setTimeout(90_000);
  const reseller = await createReseller(request);
  const { order } = await placeOrder(request, reseller.token);
  await signInWithToken(page, await operatorToken(request));
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByTestId('admin-order-status')).toHaveAttribute('data-status', 'New');

  await page.getByTestId('order-move').click();
  const move = page.getByTestId('move-dialog');
  await expect(move.locator('input[name="status"]')).toHaveValue('');
  await expect(move.getByTestId('dialog-close')).toHaveText('Закрити');
  await move.getByTestId('move-submit').click();
  await expect(move.getByText("Поле обов'язкове для заповнення")).toBeVisible();
  await move.getByTestId('move-status').click();
  await page.locator('[role="option"][data-value="Canceled"]').click();
  await move.getByTestId('move-submit').click();

  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByTestId('confirm-item')).toContainText([
    `Замовлення №${order.number} отримає статус «Скасоване»`,
    'повернуться на склад',
    'Реселер',
  ]);
  await expect(confirm.getByTestId('confirm-submit')).toHaveText('Так, скасувати замовлення');
  await expect(confirm.getByTestId('confirm-back')).toHaveText('Назад');
  await reviewShots(page, 'admin-order-cancel-confirm');
  await confirm.getByTestId('confirm-back').click();
  await expect(move).toBeVisible();
  await move.getByTestId('dialog-close').click();
  await expect(page.getByTestId('admin-order-status')).toHaveAttribute('data-status', 'New');

  await page.getByTestId('order-move').click();
  await move.getByTestId('move-status').click();
  await page.locator('[role="option"][data-value="Canceled"]').click();
  await move.getByTestId('move-submit').click();
  await confirm.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('admin-order-status')).toHaveAttribute('data-status', 'Canceled');
  const seen = (await apiGet<{ data: OrderDto }>(request, reseller.token, `/api/v1/orders/${order.id}`)).data;
  expect(seen.status).toBe('Canceled');
});
