import { expect, test, type Page } from '@playwright/test';
import { createReseller, operatorToken, signInWithToken } from './fixtures.ts';

/** Node fetch against the API the e2e server runs (JSON in, `{data}` out). */
async function call<T>(baseURL: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The operator verifies the reseller through the admin API. */
async function verifyAsOperator(baseURL: string, email: string, token: string) {
  const users = await call<{ id: number; email: string }[]>(baseURL, 'GET', `/api/v1/admin/users?search=${encodeURIComponent(email)}`, undefined, token);
  const id = users[0]?.id;
  expect(id).toBeTruthy();
  await call(baseURL, 'PUT', `/api/v1/admin/users/${id}`, { is_verified: true }, token);
}

/** Resolves once the Socket.IO namespace connect is acknowledged (the server joined the user's room). */
function realtimeReady(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).startsWith('40')));
}

test('verification arrives live: toasts, badge, popover list and the detail dialog', async ({ page, request, baseURL }) => {
  const reseller = await createReseller(request);
  const ready = realtimeReady(page);
  await signInWithToken(page, reseller.token);
  await ready;
  await page.evaluate(() => ((window as unknown as { __e2eNoReload: boolean }).__e2eNoReload = true));

  const badge = page.getByTestId('notifications-badge');
  const userBadge = page.getByTestId('side-nav-profile').getByTestId('user-badge');
  await expect(userBadge).toHaveAttribute('data-kind', 'new');
  await expect(badge).toBeHidden();

  await verifyAsOperator(baseURL!, reseller.email, await operatorToken(request));

  const toasts = page.getByTestId('toast');
  await expect(toasts.filter({ hasText: 'Користувач активовано' })).toBeVisible();
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('1');
  await expect(userBadge).not.toHaveAttribute('data-kind', 'new');
  // The info toast waits for the 3 s debounce and for the success toast (5 s) to leave the queue.
  await expect(toasts.filter({ hasText: 'Нове сповіщення' })).toBeVisible({ timeout: 12_000 });

  await page.getByTestId('notifications-button').click();
  const popover = page.getByTestId('notifications-popover');
  const item = popover.getByTestId('notification-item').filter({ hasText: 'Акаунт верифіковано' });
  await expect(item).toBeVisible();
  await expect(popover.getByTestId('notifications-skeleton')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('notifications-popover.png') });

  await item.click();
  const dialog = page.getByTestId('notification-dialog');
  await expect(dialog.getByRole('dialog', { name: 'Акаунт верифіковано' })).toBeVisible();
  await expect(badge).toBeHidden();
  await expect(popover.getByTestId('notification-item')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('notification-dialog.png') });
  await dialog.getByTestId('notification-dialog-close').click();
  await expect(dialog).toHaveCount(0);
  await expect(popover.getByText('Нових сповіщень немає')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);

  expect(await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload)).toBe(true);

  // Phones: the bell sits in the bottom bar and the popover takes the full width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('bottom-nav-notifications').click();
  await expect(popover).toBeVisible();
  // Polled: the Grow transition scales the paper while it opens.
  await expect.poll(async () => Math.round((await popover.boundingBox())?.width ?? 0)).toBe(390);
  await page.screenshot({ path: test.info().outputPath('notifications-popover-phone.png') });
});
