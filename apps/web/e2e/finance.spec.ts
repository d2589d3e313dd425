import { expect, test } from '@playwright/test';
import { apiCall as call, createReseller, lastMailId, mailedCode, operatorToken, pngBuffer, realtimeReady, signInWithToken } from './fixtures.ts';

test('top up by receipt, operator approval, then a withdrawal confirmed by a mailed code', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const reseller = await createReseller(request);
  const me = await call<{ id: number }>(baseURL!, 'GET', '/api/v1/auth/user', undefined, reseller.token);
  const ready = realtimeReady(page);
  await signInWithToken(page, reseller.token);
  await ready;

  // An empty ledger first.
  await page.getByTestId('side-nav').getByRole('link', { name: 'Баланс' }).click();
  await expect(page).toHaveURL(/\/dashboard\/finances$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Фінанси');
  await expect(page.getByTestId('finance-balance')).toHaveText('0.00 грн.');
  await expect(page.getByTestId('operations-empty')).toBeVisible();
  await expect(page.getByTestId('payments-empty')).toBeVisible();

  // Top-up: a wrong file is refused on the client, then the PNG receipt goes through.
  await page.getByTestId('topup-button').click();
  const dialog = page.getByTestId('topup-dialog');
  await expect(dialog.getByRole('dialog', { name: 'Поповнення балансу' })).toBeVisible();
  const file = page.getByTestId('topup-file');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a receipt') });
  await expect(page.getByTestId('topup-file-error')).toHaveText('Завантажте зображення (JPG, PNG, WebP, HEIC) або PDF');
  await file.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: pngBuffer() });
  await expect(page.getByTestId('topup-file-error')).toHaveCount(0);
  await expect(page.getByTestId('topup-file-name')).toHaveText('receipt.png');
  await expect(dialog.getByRole('img', { name: 'Квитанція: receipt.png' })).toBeVisible();
  await page.getByTestId('topup-amount').fill('1500');
  await page.getByTestId('topup-comment').fill('Переказ з рахунку ФОП');
  await page.screenshot({ path: test.info().outputPath('finance-topup-dialog.png') });
  await page.getByTestId('topup-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Зазвичай кошти зараховуються протягом 24 годин' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const paymentRow = page.getByTestId('payment-row').first();
  await expect(paymentRow).toHaveAttribute('data-status', 'Pending');
  await expect(paymentRow.getByTestId('payment-status')).toHaveText('Очікує');
  await expect(paymentRow.getByTestId('payment-amount')).toHaveText('1 500.00 грн.');

  // The operator approves it; the top bar balance follows live ('.users.updated'), and so does the page.
  const op = await operatorToken(request);
  const pending = await call<{ id: number; user_id: number; amount: number }[]>(baseURL!, 'GET', '/api/v1/admin/payments?status=Pending', undefined, op);
  const mine = pending.find((p) => p.user_id === me.id);
  expect(mine?.amount).toBe(1500);
  await call(baseURL!, 'PUT', `/api/v1/admin/payments/${mine!.id}`, { status: 'Approved' }, op);
  await expect(page.getByTestId('user-menu-balance-text')).toHaveText('1 500.00 грн.');
  await expect(page.getByTestId('finance-balance')).toHaveText('1 500.00 грн.');
  await expect(paymentRow.getByTestId('payment-status')).toHaveText('Зараховано');
  const credit = page.getByTestId('operation-row').first();
  await expect(credit.getByTestId('operation-amount')).toHaveText('+1 500.00');
  await expect(credit.getByTestId('operation-amount')).toHaveAttribute('data-sign', 'positive');
  await expect(credit.getByTestId('operation-balance')).toHaveText('Баланс: 1 500.00 грн.');
  await expect(page.getByTestId('operations-day')).toHaveCount(1);
  await expect(page.getByTestId('operations-day-total')).toHaveText('За день: +1 500.00 грн.');
  await page.screenshot({ path: test.info().outputPath('finance-page.png'), fullPage: true });

  // Filters: no withdrawals yet.
  await page.getByTestId('operations-type').click();
  await page.getByRole('option', { name: 'Виведення коштів' }).click();
  await expect(page).toHaveURL(/type=withdrawal/);
  await expect(page.getByTestId('operations-empty')).toContainText('За вибраними фільтрами операцій не знайдено');
  await page.getByTestId('operations-reset').click();
  await expect(page.getByTestId('operation-row')).toHaveCount(1);

  // Withdrawal with 2FA on (switched on through the API with the page's own token).
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  await call(baseURL!, 'PUT', '/api/v1/auth/profile', { withdraw_2fa: true }, token!);
  await page.getByTestId('finance-to-withdraws').click();
  await expect(page).toHaveURL(/\/dashboard\/withdraws$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виведення коштів');
  await expect(page.getByTestId('withdraws-empty')).toBeVisible();
  const form = page.getByTestId('withdraw-form');
  await page.getByTestId('withdraw-card').pressSequentially('4111111111111112');
  await expect(page.getByTestId('withdraw-card')).toHaveValue('4111 1111 1111 1112');
  await page.getByTestId('withdraw-amount').fill('2000');
  await page.getByTestId('withdraw-submit').click();
  await expect(form.getByText('Невірний номер картки')).toBeVisible();
  await expect(form.getByText('Недостатньо коштів на балансі')).toBeVisible();
  await page.getByTestId('withdraw-card').fill('');
  await page.getByTestId('withdraw-card').pressSequentially('4111111111111111');
  await page.getByTestId('withdraw-amount').fill('400');
  const after = await lastMailId(request, reseller.email);
  await page.getByTestId('withdraw-submit').click();
  const codeDialog = page.getByTestId('withdraw-code-dialog');
  await expect(codeDialog.getByRole('dialog', { name: 'Підтвердження виведення коштів' })).toBeVisible();
  const code = await mailedCode(request, reseller.email, /виведення/, after);
  await page.getByTestId('withdraw-code-input').fill(code === '000000' ? '000001' : '000000');
  await page.getByTestId('withdraw-code-confirm').click();
  await expect(codeDialog.getByText('Помилка! Ви ввели невірний код')).toBeVisible();
  await page.getByTestId('withdraw-code-input').fill(code);
  await page.getByTestId('withdraw-code-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Заявку на виведення створено' })).toBeVisible();
  await expect(codeDialog).toHaveCount(0);
  const row = page.getByTestId('withdraw-row').first();
  await expect(row).toHaveAttribute('data-status', 'New');
  await expect(row.getByTestId('withdraw-status')).toHaveText('Нова');
  await expect(row.getByTestId('withdraw-requisites')).toHaveText('4111 **** **** 1111');
  await expect(row.getByTestId('withdraw-sum')).toHaveText('400.00 грн.');
  await expect(page.getByTestId('finance-balance')).toHaveText('1 100.00 грн.');
  await expect(page.getByTestId('user-menu-balance-text')).toHaveText('1 100.00 грн.');
  await page.screenshot({ path: test.info().outputPath('withdraws-page.png'), fullPage: true });

  // The operator pays it.
  const fresh = await call<{ id: number; user_id: number }[]>(baseURL!, 'GET', '/api/v1/admin/withdraws?status=New', undefined, op);
  const w = fresh.find((x) => x.user_id === me.id);
  expect(w).toBeTruthy();
  await call(baseURL!, 'PUT', `/api/v1/admin/withdraws/${w!.id}`, { status: 'Paid' }, op);
  await page.reload();
  await expect(page.getByTestId('withdraw-row').first().getByTestId('withdraw-status')).toHaveText('Виплачено');

  // The dashboard: the balance chart with its maximum and the last operations.
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-balance').click();
  await expect(page).toHaveURL(/\/dashboard\/finances$/);
  await page.goto('/dashboard');
  const chart = page.getByTestId('balance-chart');
  // Values are end-of-day balances: today ends at 1 100.00 after the hold.
  await expect(chart.getByTestId('balance-chart-max')).toHaveText(/^Максимум: 1 100\.00 грн\. \(\d{2}\/\d{2}\)$/);
  // The lazily loaded chart replaces its skeleton: a line over 7 points.
  const plot = chart.getByTestId('balance-chart-plot');
  await expect(plot.locator('.MuiLineChart-line')).toHaveCount(1);
  await expect(plot.locator('.MuiChartsAxis-tickLabel')).toContainText([/^\d{2}\/\d{2}$/]);
  const last = page.getByTestId('last-operations');
  await expect(last.getByTestId('operation-row')).toHaveCount(2);
  await expect(last.getByTestId('operation-amount').first()).toHaveText('\u2212400.00');
  await expect(last.getByTestId('operation-amount').first()).toHaveAttribute('data-sign', 'negative');
  await expect(last.getByTestId('operation-amount').nth(1)).toHaveText('+1 500.00');
  await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });
  await last.getByTestId('last-operations-all').click();
  await expect(page).toHaveURL(/\/dashboard\/finances$/);
  await expect(page.getByTestId('finance-balance')).toHaveText('1 100.00 грн.');
  await expect(page.getByTestId('operation-row')).toHaveCount(2);
  await expect(page.getByTestId('operation-row').first().getByTestId('operation-amount')).toHaveAttribute('data-sign', 'negative');

  // Below 1280 px the cards stack.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('bottom-nav')).toBeVisible();
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await expect(page.getByTestId('operations-loading')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('finance-page-phone.png'), fullPage: true });
});
