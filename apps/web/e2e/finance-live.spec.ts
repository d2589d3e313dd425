import { expect, test } from '@playwright/test';
import { apiCall as call, createReseller, operatorToken, pngBuffer, signInWithToken } from './fixtures.ts';

/**
 * Issue 26, point 2: balance changes reach open pages. The report: after an operator approved two
 * top-ups (500 and 300) while a withdrawal was pending, the open finances page and the top bar
 * stayed at 0.00 and "Очікує" until reload. The condition: the page's realtime channel connects
 * only once the first screen has settled (1.5 s at least), and whatever was pushed before it was
 * never heard, and nothing reloaded on that first connection.
 */

/** A top-up request with a receipt, as the reseller's other tab would send it. */
async function askTopUp(baseURL: string, token: string, amount: number) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngBuffer())], { type: 'image/png' }), 'receipt.png');
  const res = await fetch(`${baseURL}/api/v1/payment-documents`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
  const doc = ((await res.json()) as { data: { id: number } }).data;
  return call<{ id: number }>(baseURL, 'POST', '/api/v1/payments', { amount, payment_document_id: doc.id }, token);
}

test('two top-ups approved while a withdrawal is pending reach the open finances page and the top bar without a reload; so do a decline, a payout and a correction', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const reseller = await createReseller(request);
  const me = await call<{ id: number }>(base, 'GET', '/api/v1/auth/user', undefined, reseller.token);
  const op = await operatorToken(request);
  // 100.00 in, all of it asked out (held: 0.00 left), and two top-ups waiting.
  await call(base, 'POST', `/api/v1/admin/users/${me.id}/corrections`, { amount: 100, comment: 'Початковий баланс' }, op);
  const withdrawal = await call<{ id: number }>(base, 'POST', '/api/v1/withdraws', { amount: 100, requisites: '4111 1111 1111 1111' }, reseller.token);
  const first = await askTopUp(base, reseller.token, 500);
  const second = await askTopUp(base, reseller.token, 300);

  await signInWithToken(page, reseller.token);
  await page.goto('/dashboard/finances');
  let channels = 0;
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) channels++;
  });
  const topBar = page.getByTestId('user-menu-balance-text');
  const balance = page.getByTestId('finance-balance');
  const payments = page.getByTestId('payment-row');
  await expect(balance).toHaveText('0.00 грн.');
  await expect(topBar).toHaveText('0.00 грн.');
  await expect(payments).toHaveCount(2);
  await expect(payments.getByTestId('payment-status')).toHaveText(['Очікує', 'Очікує']);

  // The operator clears the queue while the page is open, before its realtime channel is up.
  await call(base, 'PUT', `/api/v1/admin/payments/${first.id}`, { status: 'Approved' }, op);
  await call(base, 'PUT', `/api/v1/admin/payments/${second.id}`, { status: 'Approved' }, op);
  expect(channels, 'the approvals came before the page had its realtime channel').toBe(0);

  // No reload: within a few seconds the page and the top bar show the new balance.
  const live = { timeout: 8_000 };
  await expect(balance).toHaveText('800.00 грн.', live);
  await expect(topBar).toHaveText('800.00 грн.', live);
  await expect(payments.getByTestId('payment-status')).toHaveText(['Зараховано', 'Зараховано'], live);
  await expect(page.getByTestId('operation-row').first().getByTestId('operation-balance')).toHaveText('Баланс: 800.00 грн.', live);
  expect(channels).toBe(1);

  // With the channel up: a request from another tab appears, and its decline (no posting) shows.
  const third = await askTopUp(base, reseller.token, 200);
  await expect(payments).toHaveCount(3, live);
  await expect(payments.first()).toHaveAttribute('data-status', 'Pending');
  await call(base, 'PUT', `/api/v1/admin/payments/${third.id}`, { status: 'Declined', reason: 'Квитанція нечитабельна' }, op);
  await expect(payments.first()).toHaveAttribute('data-status', 'Declined', live);
  await expect(payments.first().getByTestId('payment-reason')).toContainText('Квитанція нечитабельна');
  await expect(topBar).toHaveText('800.00 грн.');

  // The withdrawals page: the payout (no posting either) and a correction reach it and the top bar.
  await page.getByTestId('finance-to-withdraws').click();
  await expect(page).toHaveURL(/\/dashboard\/withdraws$/);
  const row = page.getByTestId('withdraw-row').first();
  await expect(row.getByTestId('withdraw-status')).toHaveAttribute('data-status', 'New');
  await call(base, 'PUT', `/api/v1/admin/withdraws/${withdrawal.id}`, { status: 'Paid' }, op);
  await expect(row.getByTestId('withdraw-status')).toHaveAttribute('data-status', 'Paid', live);
  await expect(row.getByTestId('withdraw-status')).toHaveText('Виплачено');
  await call(base, 'POST', `/api/v1/admin/users/${me.id}/corrections`, { amount: -50, comment: 'Коригування' }, op);
  await expect(topBar).toHaveText('750.00 грн.', live);
  expect(channels).toBe(1);
});
