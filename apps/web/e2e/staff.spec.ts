import { expect, test, type APIRequestContext } from '@playwright/test';
import { mayAccess, STORAGE_KEYS, type StaffArea } from '@drop/shared';
import { lastMailId, mailedCode, operatorToken, reviewShots, signInWithToken, uniqueEmail } from './fixtures.ts';

/**
 * Staff accounts (issue 27 p.2): an admin adds a warehouse person in /admin/staff; the person opens
 * the invitation's link in their own browser, sets a password, signs in on /login with the password
 * and the mailed code, and sees only the sections their role may open (the orders and printing); the money
 * section shows the no-access state and the API answers 403 on the money queues.
 * With $SHOTS_DIR set, the staff list and the add dialog are saved at 1440 and 390 px.
 */

/**
 * The back office's sections and the STAFF_ACCESS area each needs, in navigation order
 * (apps/web/src/features/admin/sections.tsx; a section added there goes here too).
 */
const SECTION_AREAS: [path: string, area: StaffArea][] = [
  ['orders', 'orders.read'],
  ['printing', 'printing'],
  ['catalog', 'catalog'],
  ['content', 'content'],
  ['onec', 'onec'],
  ['novaposhta', 'novaposhta'],
  ['users', 'resellers.read'],
  ['money', 'money'],
  ['reports', 'reports'],
  ['staff', 'staff'],
  ['audit', 'audit'],
];

/** The newest mail to `email` whose subject matches, after mail id `after`: its subject and text. */
async function mailTo(request: APIRequestContext, email: string, subject: RegExp, after = 0) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const r = await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
        const mails = ((await r.json()) as { data: { id: number; subject: string; text: string }[] }).data;
        found = mails.find((m) => m.id > after && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 15_000, intervals: [200] },
    )
    .toBe(true);
  return found!;
}

test('an admin adds a warehouse person, who sets a password from the invitation, signs in with the code and may open only the orders', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('warehouse');
  const name = 'Степан Комірник';
  const password = 'warehouse-pass-1';

  // 1. The admin, in the browser: /admin/staff, "Додати працівника", a warehouse person.
  await signInWithToken(page, await operatorToken(request));
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Працівники' })).toBeVisible();
  await expect(page.getByTestId('staff-page')).toHaveAttribute('data-state', /ready|empty/);
  await page.getByTestId('staff-add').click();
  const dialog = page.getByTestId('staff-form-dialog');
  await expect(dialog.getByRole('heading', { name: 'Новий працівник' })).toBeVisible();
  await dialog.getByTestId('staff-form-name').fill(name);
  await dialog.getByTestId('staff-form-email').fill(email);
  await dialog.getByTestId('staff-form-role').click();
  await expect(page.getByTestId('staff-role-option-accountant')).toContainText('Поповнення, виведення, коригування балансу');
  await page.getByTestId('staff-role-option-warehouse').click();
  await expect(dialog.getByTestId('staff-form-role')).toHaveText('Склад');
  await expect(dialog.getByTestId('staff-form-role-hint')).toHaveText('Пакування й відправлення замовлень, накладні');
  await reviewShots(page, 'staff-dialog');
  await dialog.getByTestId('staff-form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText(`Працівника додано, запрошення надіслано на ${email}`);
  const row = page.getByTestId('staff-row').filter({ hasText: email });
  await expect(row.getByTestId('staff-role')).toHaveText('Склад');
  await expect(row.getByTestId('staff-status')).toHaveText('Запрошено');
  await expect(row.getByTestId('staff-last-seen')).toHaveText('Ще не входив');
  await expect(row.getByTestId('staff-invite')).toBeVisible();
  await reviewShots(page, 'staff-list');

  // 2. The invitation (uk, the admin's language): its link carries the address, the attempt and the code.
  const invite = await mailTo(request, email, /Запрошення/);
  const code = /(\d{6})/.exec(invite.subject)?.[1];
  expect(code, invite.subject).toMatch(/^\d{6}$/);
  const href = /\S*\/forgot-password\?\S+/.exec(invite.text)?.[0];
  expect(href, invite.text).toBeTruthy();
  const link = new URL(href!, baseURL);
  expect(link.searchParams.get('email')).toBe(email);
  expect(link.searchParams.get('code')).toBe(code);

  // 3. The person, in a browser of their own: the link opens on "set the password" with the code filled in.
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem('show_changes_log', '1.0.7'));
  const sp = await context.newPage();
  await sp.goto(`${link.pathname}${link.search}`);
  await expect(sp.getByRole('heading', { name: 'Встановіть пароль' })).toBeVisible();
  await expect(sp.getByTestId('forgot-restore-step')).toBeVisible();
  await expect(sp.getByTestId('forgot-code-sent')).toContainText(email);
  await expect(sp.getByTestId('forgot-code-input')).toHaveValue(code!);
  await sp.getByTestId('forgot-password').fill(password);
  await sp.getByTestId('forgot-password-confirmation').fill(password);
  await sp.getByTestId('forgot-restore').click();
  // Signed in: the back office opens on the first section the role may open.
  await expect(sp).toHaveURL(/\/admin\/orders/);
  await expect(sp.getByTestId('admin-shell')).toBeVisible();
  await sp.getByTestId('admin-logout').click();
  await expect(sp).toHaveURL(/\/login$/);

  // 4. Signing in with the new password asks for the mailed code (staff always have 2FA).
  const before = await lastMailId(request, email);
  await sp.getByTestId('login-email').fill(email);
  await sp.getByTestId('login-password').fill(password);
  await sp.getByTestId('login-submit').click();
  await expect(sp.getByTestId('login-code-step')).toBeVisible();
  await expect(sp.getByTestId('login-code-sent')).toContainText(email);
  await sp.getByTestId('login-code-input').fill(await mailedCode(request, email, /вход/, before));
  await sp.getByTestId('login-code-submit').click();
  await expect(sp).toHaveURL(/\/dashboard/);
  await sp.goto('/admin');
  await expect(sp).toHaveURL(/\/admin\/orders/);
  await expect(sp.getByTestId('admin-shell')).toBeVisible();

  // 5. The navigation lists exactly the sections STAFF_ACCESS opens to the warehouse: the orders and printing.
  const expected = SECTION_AREAS.filter(([, area]) => mayAccess('warehouse', area)).map(([path]) => `admin-nav-${path}`);
  expect(expected).toContain('admin-nav-orders');
  const nav = sp.getByTestId('admin-nav').locator('[data-testid^="admin-nav-"]');
  await expect(nav).toHaveCount(expected.length);
  expect(await nav.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(expected);
  // The item's text starts with the section's name (its worklist counter follows).
  await expect(sp.getByTestId('admin-nav-orders')).toHaveText(/^Замовлення/);

  // 6. The money section: the no-access state (not the queues).
  await sp.goto('/admin/money');
  await expect(sp.getByTestId('admin-section-no-access')).toBeVisible();
  await expect(sp.getByTestId('admin-section-no-access')).toContainText('Немає доступу');

  // 7. The API agrees: 403 on the money queues to this person's token, the orders answer.
  const token = await sp.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.accessToken);
  expect(token).toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/v1/admin/orders', { headers })).status()).toBe(200);
  expect((await request.get('/api/v1/admin/payments', { headers })).status()).toBe(403);
  expect((await request.get('/api/v1/admin/withdraws', { headers })).status()).toBe(403);
  expect((await request.get('/api/v1/admin/staff', { headers })).status()).toBe(403);

  // 8. One label in Russian: the person's own language switch (the shared admin's stays uk).
  await sp.getByTestId('admin-language-ru').click();
  await expect(sp.getByTestId('admin-nav-orders')).toHaveText(/^Заказы/);
  await expect(sp.getByTestId('admin-section-no-access')).toContainText('Нет доступа');
  await context.close();

  // 9. The admin's list: the person is active now and was seen.
  await page.reload();
  await expect(row.getByTestId('staff-status')).toHaveText('Активний');
  await expect(row.getByTestId('staff-last-seen')).not.toHaveText('Ще не входив');
  await expect(row.getByTestId('staff-invite')).toHaveCount(0);
});
