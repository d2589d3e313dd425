import { expect, test } from '@playwright/test';
import { createReseller, lastMailId, mailedCode, signInWithToken } from './fixtures.ts';

test('profile: personal data and markup settings are saved', async ({ page, request }) => {
  const r = await createReseller(request);
  await signInWithToken(page, r.token);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Профіль');
  const personal = page.getByTestId('profile-personal');
  await personal.getByLabel("Ім'я").fill('Ірина Оновлена');
  await personal.getByLabel('Місто').fill('Львів');
  await page.getByTestId('profile-personal-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Зміни збережено' })).toBeVisible();

  await page.getByTestId('profile-markup-value').fill('30');
  await page.getByTestId('profile-markup-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Зміни збережено' }).first()).toBeVisible();
  // Switches save at once.
  await page.getByTestId('profile-is-drop-markup').click();
  await expect(page.getByTestId('profile-is-drop-markup').locator('input')).toBeChecked();

  await expect
    .poll(async () => {
      const me = await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${r.token}` } });
      const u = ((await me.json()) as { data: { name: string; city: string; markup: number; is_drop_markup: boolean } }).data;
      return [u.name, u.city, u.markup, u.is_drop_markup];
    })
    .toEqual(['Ірина Оновлена', 'Львів', 30, true]);
  await page.reload();
  await expect(page.getByTestId('profile-personal').getByLabel('Місто')).toHaveValue('Львів');
  // The current device is listed.
  await expect(page.getByTestId('device-current')).toHaveCount(1);
});

test('password change: a wrong old password is shown under the field, then it changes', async ({ page, request }) => {
  const r = await createReseller(request);
  await signInWithToken(page, r.token);
  await page.goto('/dashboard/profile');
  await page.getByTestId('profile-old-password').fill('wrong-old-password');
  await page.getByTestId('profile-new-password').fill('changed-pass-1');
  await page.getByTestId('profile-new-password-confirmation').fill('changed-pass-1');
  await page.getByTestId('profile-password-save').click();
  await expect(page.getByText('Поточний пароль вказано невірно')).toBeVisible();

  await page.getByTestId('profile-old-password').fill(r.password);
  await page.getByTestId('profile-password-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Пароль змінено' })).toBeVisible();
  // The form is emptied and its labels drop back into the empty fields (no stale floated labels).
  const card = page.getByTestId('profile-password');
  await expect(page.getByTestId('profile-old-password')).toHaveValue('');
  await expect(card.locator('label[data-shrink="true"]')).toHaveCount(0);
  expect((await request.post('/api/v1/auth/login', { data: { email: r.email, password: 'changed-pass-1' } })).status()).toBe(200);
  expect((await request.post('/api/v1/auth/login', { data: { email: r.email, password: r.password } })).status()).toBe(422);
});

test('profile: turning withdrawal 2FA on saves at once; turning it off asks for the password or a mailed code', async ({ page, request }) => {
  const r = await createReseller(request);
  await signInWithToken(page, r.token);
  await page.goto('/dashboard/profile');
  const withdraw = page.getByTestId('profile-withdraw-2fa').locator('input');
  await withdraw.click();
  await expect(withdraw).toBeChecked();
  await expect(page.getByTestId('toast').filter({ hasText: 'Зміни збережено' })).toBeVisible();

  // Off by the current password.
  await withdraw.click();
  const dialog = page.getByTestId('two-factor-off-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Поточний пароль').fill('not-the-password');
  await page.getByTestId('two-factor-off-confirm').click();
  await expect(dialog.getByText('Поточний пароль вказано невірно')).toBeVisible();
  await dialog.getByLabel('Поточний пароль').fill(r.password);
  await page.getByTestId('two-factor-off-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(withdraw).not.toBeChecked();

  // On again, then off by a mailed code.
  await withdraw.click();
  await expect(withdraw).toBeChecked();
  const after = await lastMailId(request, r.email);
  await withdraw.click();
  await page.getByTestId('two-factor-off-send-code').click();
  const code = await mailedCode(request, r.email, /захисту/, after);
  await page.getByTestId('two-factor-off-code-input').fill(code);
  await page.getByTestId('two-factor-off-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(withdraw).not.toBeChecked();
  const me = await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${r.token}` } });
  expect(((await me.json()) as { data: { withdraw_2fa: boolean } }).data.withdraw_2fa).toBe(false);
});
