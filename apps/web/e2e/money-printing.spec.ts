import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PaymentDto } from '@drop/shared';
import { createReseller, operatorToken, pngBuffer, reviewShots, signInWithToken } from './fixtures.ts';

/**
 * Issue 28 in the back office on a phone (390 px): an admin chooses three pending top-ups and
 * approves them in one bulk action (one was approved meanwhile: its row fails, the others are
 * credited), then walks the next top-ups' receipts from the keyboard; the Printing section makes
 * the day's register in a new tab and checks the requisites' IBAN before sending anything.
 * With $SHOTS_DIR set, the money bulk bar, the results and the printing page are saved.
 */

async function pendingTopUp(request: APIRequestContext, token: string, amount: number) {
  const headers = { authorization: `Bearer ${token}` };
  const doc = await request.post('/api/v1/payment-documents', {
    headers,
    multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: pngBuffer() } },
  });
  expect(doc.status(), await doc.text()).toBe(201);
  const docId = ((await doc.json()) as { data: { id: number } }).data.id;
  const pay = await request.post('/api/v1/payments', { headers, data: { amount, payment_document_id: docId, comment: 'Переказ з картки' } });
  expect(pay.status(), await pay.text()).toBe(201);
  return ((await pay.json()) as { data: PaymentDto }).data;
}

test('money: three top-ups approved in one bulk action on a phone, one failing; then the receipt walk from the keyboard', async ({ page, request }) => {
  test.setTimeout(120_000);
  const reseller = await createReseller(request, { name: 'Олег Масовий' });
  const tops = [
    await pendingTopUp(request, reseller.token, 100),
    await pendingTopUp(request, reseller.token, 250.5),
    await pendingTopUp(request, reseller.token, 49.5),
  ];
  const op = await operatorToken(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, op);
  await page.goto('/admin/money');
  const row = (id: number) => page.locator(`[data-testid="money-row"][data-id="${id}"]`);
  for (const t of tops) await row(t.id).getByTestId('money-select-row').check();
  await expect(page.getByTestId('money-bulk-count')).toHaveText('Вибрано: 3');
  await expect(page.getByTestId('money-bulk-action')).toHaveText('Зарахувати вибрані (3)');
  await page.getByTestId('money-bulk-bar').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('money-bulk-bar-390.png') });
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/money-bulk-bar-390.png` });

  // Someone approves the second one meanwhile: its row fails, the others go through.
  const single = await request.put(`/api/v1/admin/payments/${tops[1]!.id}`, { headers: { authorization: `Bearer ${op}` }, data: { status: 'Approved' } });
  expect(single.status(), await single.text()).toBe(200);
  await page.getByTestId('money-bulk-action').click();
  const confirm = page.getByTestId('money-bulk-confirm');
  await expect(confirm.getByTestId('money-bulk-confirm-text')).toHaveText('Поповнень: 3, разом 400.00 грн. Кожне буде зараховано на заявлену суму.');
  await confirm.getByTestId('money-bulk-confirm-go').click();
  const results = page.getByTestId('money-bulk-results');
  await expect(results.getByTestId('money-bulk-results-title')).toHaveText('Результат: 2 з 3 успішно');
  await expect(results.locator(`[data-testid="money-bulk-results-row"][data-id="${tops[1]!.id}"]`)).toHaveAttribute('data-ok', 'false');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/money-bulk-results-390.png` });
  await results.getByTestId('money-bulk-results-done').click();
  for (const t of tops) await expect(row(t.id)).toHaveCount(0);
  const balance = await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${reseller.token}` } });
  expect(((await balance.json()) as { data: { balance: number } }).data.balance).toBe(400);

  // The walk: two more top-ups, approved with A from the receipt dialog without closing it.
  await page.setViewportSize({ width: 1440, height: 900 });
  const next = [await pendingTopUp(request, reseller.token, 10), await pendingTopUp(request, reseller.token, 20)];
  await page.reload();
  await row(next[1]!.id).getByTestId('receipt-open').click();
  const walk = page.getByTestId('receipt-dialog');
  await expect(walk).toHaveAttribute('data-id', String(next[1]!.id));
  await expect(walk.getByTestId('receipt-keys')).toContainText('Клавіші');
  await page.keyboard.press('a');
  await expect(walk).toHaveAttribute('data-id', String(next[0]!.id));
  await page.keyboard.press('a');
  await expect(row(next[0]!.id)).toHaveCount(0);
  await expect(row(next[1]!.id)).toHaveCount(0);
  const after = await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${reseller.token}` } });
  expect(((await after.json()) as { data: { balance: number } }).data.balance).toBe(430);
});

test('printing: the day register opens in a new tab; the requisites check the IBAN before saving', async ({ page, request, context }) => {
  await signInWithToken(page, await operatorToken(request));
  await page.goto('/admin/printing');
  await expect(page.getByTestId('admin-nav-printing')).toHaveText('Друк');
  await expect(page.getByTestId('requisites-card')).toBeVisible();
  const tab = context.waitForEvent('page');
  await page.getByTestId('print-register-submit').click();
  const pdf = await tab;
  await expect.poll(() => pdf.url(), { timeout: 15_000 }).toMatch(/^blob:/);
  await pdf.close();
  await expect(page.getByTestId('print-register-error')).toHaveCount(0);
  // A wrong IBAN check sum: refused on the field, nothing saved.
  await page.getByTestId('requisites-iban').fill('UA213223130000026007233566002');
  await page.getByTestId('requisites-save').click();
  await expect(page.getByTestId('requisites-iban-help')).toHaveText('Перевірте IBAN: UA і 27 цифр з правильною контрольною сумою');
  await reviewShots(page, 'admin-printing');
});
