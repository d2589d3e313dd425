import { expect, test } from '@playwright/test';
import { createReseller, lastMailId, mailedCode, signInWithToken, uniqueEmail } from './fixtures.ts';

test('register, enter the mailed code, land on the dashboard', async ({ page, request }) => {
  const email = uniqueEmail('ui-register');
  await page.goto('/register');
  await page.getByTestId('register-name').fill('Андрій Ткаченко');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-phone').pressSequentially('0671234567');
  await expect(page.getByTestId('register-phone')).toHaveValue('+38 (067) 123-45-67');
  await page.getByTestId('register-password').fill('andrii-pass-1');
  await page.getByTestId('register-password-confirmation').fill('andrii-pass-1');
  await page.getByTestId('register-submit').click();

  const dialog = page.getByTestId('register-code-dialog');
  await expect(dialog).toBeVisible();
  const confirm = page.getByTestId('register-code-confirm');
  await page.getByTestId('register-code-input').fill('12ab3');
  await expect(page.getByTestId('register-code-input')).toHaveValue('123');
  await expect(confirm).toBeDisabled();
  // A wrong code: warning toast and the message under the field; the dialog stays.
  const code = await mailedCode(request, email, /реєстрації/);
  await page.getByTestId('register-code-input').fill(code === '000000' ? '000001' : '000000');
  await confirm.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Помилка! Ви ввели невірний код' })).toBeVisible();
  await expect(dialog).toBeVisible();

  await page.getByTestId('register-code-input').fill(code);
  await confirm.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The changelog is shown once per version.
  await expect(page.getByRole('dialog', { name: 'Оновлення у системі' })).toBeVisible();
  await page.getByTestId('changelog-close').click();
  await expect(page.getByTestId('welcome-name')).toContainText('Андрій Ткаченко');
  await expect(page.getByTestId('user-badge').first()).toHaveText('Новий');
  await page.reload();
  await expect(page.getByTestId('welcome-name')).toBeVisible();
  await expect(page.getByTestId('changelog-dialog')).toHaveCount(0);
});

test('logout goes to /login and the dashboard then asks to sign in', async ({ page, request }) => {
  const r = await createReseller(request);
  await signInWithToken(page, r.token);
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login$/);
  // The old token is revoked on the server too.
  expect((await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${r.token}` } })).status()).toBe(401);
});

test('login with 2FA on: code step, a bad code warns, the right code signs in', async ({ page, request }) => {
  const r = await createReseller(request);
  const on = await request.put('/api/v1/auth/profile', { headers: { authorization: `Bearer ${r.token}` }, data: { login_2fa: true } });
  expect(on.status()).toBe(200);
  await page.addInitScript(() => window.localStorage.setItem('show_changes_log', '1.0.7'));
  await page.goto('/login');
  const after = await lastMailId(request, r.email);
  await page.getByTestId('login-email').fill(r.email);
  await page.getByTestId('login-password').fill(r.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-code-step')).toBeVisible();
  await expect(page.getByTestId('login-code-sent')).toContainText(r.email);
  const code = await mailedCode(request, r.email, /входу/, after);
  await page.getByTestId('login-code-input').fill(code === '111111' ? '222222' : '111111');
  await page.getByTestId('login-code-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Помилка! Ви ввели невірний код' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-code-input').fill(code);
  await page.getByTestId('login-code-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-card')).toBeVisible();
});

test('wrong password shows the error under the field', async ({ page, request }) => {
  const r = await createReseller(request);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(r.email);
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Невірний e-mail або пароль')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password: mailed code and a new password sign in', async ({ page, request }) => {
  const r = await createReseller(request);
  await page.addInitScript(() => window.localStorage.setItem('show_changes_log', '1.0.7'));
  await page.goto('/login');
  await page.getByTestId('link-forgot-password').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const send = page.getByTestId('forgot-send');
  await expect(send).toBeDisabled();
  await expect(send).toHaveText('Надіслати');
  const after = await lastMailId(request, r.email);
  await page.getByTestId('forgot-email').fill(r.email);
  await send.click();
  await expect(page.getByTestId('forgot-restore-step')).toBeVisible();
  const restore = page.getByTestId('forgot-restore');
  await expect(restore).toHaveText('Відновити пароль');
  await expect(restore).toBeDisabled();
  const code = await mailedCode(request, r.email, /відновлення/, after);
  await page.getByTestId('forgot-code-input').fill(code);
  await page.getByTestId('forgot-password').fill('restored-pass-1');
  await page.getByTestId('forgot-password-confirmation').fill('restored-pass-1');
  await restore.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const login = await request.post('/api/v1/auth/login', { data: { email: r.email, password: 'restored-pass-1' } });
  expect(login.status()).toBe(200);
});

test('a token revoked elsewhere sends the next call to /login and removes the token', async ({ page, request }) => {
  const r = await createReseller(request);
  await signInWithToken(page, r.token);
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  // Signed out from another device: the server forgets this token.
  expect((await request.delete('/api/v1/auth/logout', { headers: { authorization: `Bearer ${r.token}` } })).status()).toBe(204);
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});
