/**
 * Issue 33 in the browser: a verified reseller connects their store to Prom.ua (the built-in
 * emulator, as strict as Prom's public API), a buyer's order of our product there comes in as a
 * draft with the Nova Poshta branch resolved, the reseller places it, and once the order has a
 * waybill the emulator's Prom order carries its number; the order's history shows the exchanges.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { OrderDto } from '@drop/shared';
import { apiGet, createReseller, operatorToken, productToBuy, reviewShots, signInWithToken } from './fixtures.ts';

async function verify(request: APIRequestContext, email: string) {
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  const users = (await (await request.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`, { headers })).json()) as { data: { id: number }[] };
  expect((await request.put(`/api/v1/admin/users/${users.data[0]!.id}`, { headers, data: { is_verified: true } })).status()).toBe(200);
}

const shot = (page: Page, name: string) => reviewShots(page, name);

test('a reseller connects Prom.ua, places the marketplace order from its draft, and Prom gets the waybill number', async ({ page, request }) => {
  test.setTimeout(150_000);
  const admin = { authorization: `Bearer ${await operatorToken(request)}` };
  const r = await createReseller(request);
  await verify(request, r.email);
  const headers = { authorization: `Bearer ${r.token}` };
  const store = await request.post('/api/v1/markets', { headers, data: { name: 'Prom-магазин', base_markup: { type: 1, markup: 30 } } });
  expect(store.status()).toBe(201);
  const { product } = await productToBuy(request, r.token, { fromEnd: true });

  // A Prom company (its API token) and a buyer's order there: our product by the offer id our feed publishes, to Kyiv's branch No 1.
  const seller = (await (await request.post('/emulators/prom/_control/accounts', { headers: admin, data: {} })).json()) as {
    account: string;
    credentials: { token: string };
  };
  const city = (await apiGet<{ data: { ref: string }[] }>(request, r.token, `/api/v1/delivery/cities?search=${encodeURIComponent('Київ')}`)).data[0]!;
  const branch = (
    await apiGet<{ data: { ref: string; number: string }[] }>(request, r.token, `/api/v1/delivery/warehouses?city_ref=${city.ref}&search=1`)
  ).data.find((b) => b.number === '1')!;
  const price = Math.ceil(Math.max(product.retail_price, product.drop_price) + 10);
  const made = await request.post('/emulators/prom/_control/orders', {
    headers: admin,
    data: {
      account: seller.account,
      order: {
        lines: [{ offer_id: String(product.b2b_code_id), name: `${product.name} (Prom)`, price, qty: 1 }],
        client: { last_name: 'Шевчук', first_name: 'Ірина', phone: '+380962990613' },
        delivery: { city_ref: city.ref, city_name: 'м. Київ', warehouse_ref: branch.ref, branch_number: '1' },
        payment: 'cod',
      },
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const promId = ((await made.json()) as { id: number }).id;

  await signInWithToken(page, r.token);
  await page.goto('/dashboard/marketplaces');
  await expect(page.getByTestId('marketplaces-page')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('connections-empty')).toBeVisible();
  await page.getByTestId('connection-add-empty').click();
  const dialog = page.getByTestId('connect-dialog');
  // A wrong token first: Prom refuses it, the form says so under the field.
  await dialog.getByTestId('connect-token').fill('not-the-right-token-1234');
  await dialog.getByTestId('connect-submit').click();
  await expect(dialog.getByText('Маркетплейс не прийняв ці дані для входу')).toBeVisible();
  await dialog.getByTestId('connect-token').fill(seller.credentials.token);
  await dialog.getByTestId('connect-submit').click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('connection-card');
  await expect(card).toHaveAttribute('data-status', 'active');
  await expect(card).toContainText(`••••${seller.credentials.token.slice(-4)}`);
  await expect(card).not.toContainText(seller.credentials.token);

  // Checked now: the order comes in as a draft, the branch resolved, nothing stopping it.
  await card.getByTestId('connection-poll').click();
  const draft = page.getByTestId('draft-card').filter({ hasText: `Prom.ua №${promId}` });
  await expect(draft).toHaveAttribute('data-ready', 'true');
  await expect(draft).toContainText('Шевчук Ірина');
  await expect(draft).toContainText('Нова Пошта, Київ');
  await expect(draft).toContainText(product.name);
  await shot(page, 'marketplace-draft');

  await draft.getByTestId('draft-place').click();
  await expect(page.getByTestId('toast')).toContainText(/Замовлення №\d+ оформлено/);
  await expect(page.getByTestId('draft-card')).toHaveCount(0);
  await page.getByTestId('drafts-tab-placed').click();
  const link = page.getByTestId('draft-order-link');
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/dashboard\/order\/\d+$/);
  const orderId = Number(/order\/(\d+)$/.exec(page.url())![1]);

  // Confirmed by the reseller, shipped by the supplier: the waybill goes to Prom.
  expect((await request.post(`/api/v1/orders/${orderId}/confirm`, { headers })).status()).toBe(200);
  const ttn = await request.post(`/api/v1/admin/orders/${orderId}/ttn`, { headers: admin, data: { weight: 1, seats: 1 } });
  expect(ttn.status(), await ttn.text()).toBe(200);
  const number = ((await ttn.json()) as { data: OrderDto & { ttn: string } }).data.ttn;
  await expect
    .poll(
      async () => {
        const e = (await (await request.get(`/emulators/prom/_control/orders/${promId}?account=${seller.account}`, { headers: admin })).json()) as {
          order: { status: string; delivery_provider_data: { declaration_number: string | null } };
        };
        return [e.order.status, e.order.delivery_provider_data.declaration_number];
      },
      { timeout: 30_000, intervals: [300] },
    )
    .toEqual(['received', number]);

  await page.reload();
  await expect(page.getByText(`Створено із замовлення Prom.ua №${promId}`)).toBeVisible();
  await expect(page.getByText('Prom.ua: передано «відправлено»')).toBeVisible();
  await shot(page, 'marketplace-order-history');
});
