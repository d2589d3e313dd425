/**
 * Issue 25, points 8-9 in the browser: the back office's Nova Poshta page shows the sender the API
 * key belongs to and its address; a waybill Nova Poshta refuses (the built-in emulator enforces NP's
 * rules: a branch "до 30 кг" takes no 45 kg parcel) shows the operator NP's reason in Ukrainian with
 * NP's own text, not "carrier unavailable"; within the limit the same order gets its waybill.
 */
import { expect, test, type Page } from '@playwright/test';
import type { OrderDto } from '@drop/shared';
import { apiGet, createReseller, operatorToken, productToBuy, reviewShots, signInWithToken } from './fixtures.ts';

/** A full-page screenshot into $SHOTS_DIR (nothing without it), at 1440 and 390 px wide. */
const shot = (page: Page, name: string) => reviewShots(page, name);

test("the operator sees the NP sender, and NP's reason for a refused waybill", async ({ page, request }) => {
  test.setTimeout(120_000);
  const reseller = await createReseller(request);
  const headers = { authorization: `Bearer ${reseller.token}` };
  // A Nova Poshta branch order to Kyiv's branch No 1 (up to 30 kg), refs as the carrier gives them.
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
  expect(branch.name).toContain('30 кг');
  const { product } = await productToBuy(request, reseller.token);
  const retail = Math.max(product.retail_price, product.markup_price);
  expect((await request.post('/api/v1/carts', { headers, data: { product_id: product.id, qty: 1, retail_price: retail } })).status()).toBeLessThan(300);
  const placed = await request.post('/api/v1/orders', {
    headers,
    data: {
      last_name: 'Шевченко',
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

  const token = await operatorToken(request);
  await signInWithToken(page, token);

  // The sender page: the counterparty and contact found with the key, its one address used without asking.
  await page.goto('/admin/novaposhta');
  await expect(page.getByTestId('np-sender-counterparty')).not.toHaveText('—');
  await expect(page.getByTestId('np-sender-contact')).toHaveText('Коваль Ірина Петрівна');
  await expect(page.getByTestId('np-sender-phone')).toHaveText('+380501112233');
  await expect(page.getByTestId('np-sender-address')).toHaveCount(1);
  await expect(page.getByTestId('np-sender-address')).toHaveAttribute('data-current', 'true');
  await expect(page.getByText('У відправника одна адреса: вона використовується автоматично.')).toBeVisible();
  await page.getByTestId('np-sender-refresh').click();
  await expect(page.getByTestId('toast')).toContainText('Дані відправника оновлено');
  await shot(page, 'np-sender-settings');

  // The waybill NP refuses: 45 kg to a branch that takes up to 30 kg.
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByTestId('admin-order-status')).toHaveAttribute('data-status', 'Confirmed');
  await page.getByTestId('order-create-ttn').click();
  const dialog = page.getByTestId('np-dialog');
  await dialog.getByTestId('np-weight').fill('45');
  await dialog.getByTestId('np-submit').click();
  const error = dialog.getByTestId('dialog-error');
  await expect(error).toHaveText('Нова Пошта не прийняла накладну: Максимальна вага для відділення: 30 кг (НП: «Warehouse max allowed weight: 30»)');
  await expect(error).not.toContainText('тимчасово недоступна');
  await shot(page, 'np-waybill-refused');

  // Within the limit the same order gets its waybill.
  await dialog.getByTestId('np-weight').fill('2');
  await dialog.getByTestId('np-submit').click();
  await expect(page.getByTestId('np-dialog')).toBeHidden();
  await expect(page.getByTestId('admin-order-ttn')).toHaveText(/^2045\d{10}$/);
  await expect(page.getByTestId('admin-order-delivery')).toHaveAttribute('data-status', 'CreatedTTN');
});
