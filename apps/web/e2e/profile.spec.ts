import { expect, test } from '@playwright/test';
import { createReseller, signInWithToken } from './fixtures.ts';

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
