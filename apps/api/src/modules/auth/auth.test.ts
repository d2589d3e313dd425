import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { authCodes, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const reg = (email: string, over: Record<string, unknown> = {}) => ({
  name: 'Олена Коваль',
  email,
  phone: '+38 (067) 123-45-67',
  password: 'secret-pass-1',
  password_confirmation: 'secret-pass-1',
  device_token: 'fp-1',
  ...over,
});

async function registerAndConfirm(email: string) {
  const r = await t.request('POST', '/api/v1/auth/register', { body: reg(email) });
  expect(r.status).toBe(201);
  expect(r.body.data).toEqual({ email: email.toLowerCase(), attempt_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  const code = t.codeFrom(await t.waitForMail(email.toLowerCase(), /реєстрації/));
  const c = await t.request('POST', '/api/v1/auth/confirm', { body: { email, attempt_id: r.body.data.attempt_id, code, device_token: 'fp-1' } });
  expect(c.status).toBe(200);
  return c.body.data as { token: string; user: { id: number; email: string; phone: string } };
}

describe('registration', () => {
  test('register, code by SMTP, confirm, then the token works', async () => {
    const { token, user } = await registerAndConfirm('Olena.Koval@Example.com');
    expect(user.email).toBe('olena.koval@example.com');
    expect(user.phone).toBe('+380671234567');
    const me = await t.request('GET', '/api/v1/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'olena.koval@example.com', role: 'reseller', is_verified: false, balance: 0 });
    expect((await t.request('GET', '/api/v1/auth/balance', { token })).body).toEqual({ data: { balance: 0 } });
  });

  test('the code mail comes in the language the user registered in', async () => {
    const r = await t.request('POST', '/api/v1/auth/register', { body: reg('ru-mail@example.com'), headers: { 'x-localization': 'ru' } });
    expect(r.status).toBe(201);
    const mail = await t.waitForMail('ru-mail@example.com');
    expect(mail.subject).toMatch(/^Код подтверждения регистрации: \d{6}$/);
    expect(mail.text).toContain('Здравствуйте, Олена Коваль!');
  });

  test('a registered e-mail cannot register twice, whatever its case', async () => {
    await registerAndConfirm('twice@example.com');
    const r = await t.request('POST', '/api/v1/auth/register', { body: reg('TWICE@example.com') });
    expect(r.status).toBe(422);
    expect(r.body.errors.email[0]).toBe('Цей e-mail вже зареєстровано');
  });

  test('field errors come in the request language', async () => {
    const bad = { name: '', email: 'nope', phone: '123', password: 'short', password_confirmation: 'other' };
    const uk = await t.request('POST', '/api/v1/auth/register', { body: bad, headers: { 'x-localization': 'uk' } });
    expect(uk.status).toBe(422);
    expect(Object.keys(uk.body.errors).sort()).toEqual(['email', 'name', 'password', 'phone']);
    expect(uk.body.errors.email[0]).toBe('Введіть коректну адресу e-mail');
    const ru = await t.request('POST', '/api/v1/auth/register', { body: bad, headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' } });
    expect(ru.body.errors.email[0]).toBe('Введите корректный адрес e-mail');
    const mismatch = await t.request('POST', '/api/v1/auth/register', { body: reg('mm@example.com', { password_confirmation: 'different-1' }) });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation[0]).toBe('Паролі не збігаються');
  });

  test('malformed JSON, wrong types, unknown fields and big bodies never give a 500', async () => {
    const json = await t.request('POST', '/api/v1/auth/register', { raw: '{"name": "x",' });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('InvalidJson');
    const types = await t.request('POST', '/api/v1/auth/register', { body: { ...reg('types@example.com'), name: 42, phone: ['x'] } });
    expect(types.status).toBe(422);
    expect(types.body.errors.name[0]).toBe("Поле обов'язкове для заповнення");
    const unknown = await t.request('POST', '/api/v1/auth/register', { body: { ...reg('unk@example.com'), role: 'admin' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.role[0]).toBe('Невідоме поле');
    const big = await t.request('POST', '/api/v1/auth/register', { body: { ...reg('big@example.com'), name: 'x'.repeat(2 * 1024 * 1024) } });
    expect(big.status).toBe(413);
    const arr = await t.request('POST', '/api/v1/auth/login', { raw: '[1,2]' });
    expect(arr.status).toBe(422);
    const text = await t.request('POST', '/api/v1/auth/login', { raw: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(422);
  });

  test('a wrong code is a 422 on code, in uk and ru', async () => {
    const { attempt_id } = (await t.request('POST', '/api/v1/auth/register', { body: reg('wrong@example.com') })).body.data;
    const mailed = t.codeFrom(await t.waitForMail('wrong@example.com'));
    const [w1, w2] = ['000000', '000001', '000002'].filter((c) => c !== mailed);
    const uk = await t.request('POST', '/api/v1/auth/confirm', { body: { email: 'wrong@example.com', attempt_id, code: w1 } });
    const ru = await t.request('POST', '/api/v1/auth/confirm', {
      body: { email: 'wrong@example.com', attempt_id, code: w2 },
      headers: { 'x-localization': 'ru' },
    });
    expect(uk.status).toBe(422);
    expect(uk.body.code).toBe('BadCode');
    expect(uk.body.errors.code[0]).toBe('Помилка! Ви ввели невірний код');
    expect(ru.body.errors.code[0]).toBe('Ошибка! Вы ввели неверный код');
    const fmt = await t.request('POST', '/api/v1/auth/confirm', { body: { email: 'wrong@example.com', attempt_id, code: '12ab' } });
    expect(fmt.status).toBe(422);
    expect(fmt.body.errors.code[0]).toBe('Код складається з 6 цифр');
    // The attempt id is required and must be one the API could have answered.
    const none = await t.request('POST', '/api/v1/auth/confirm', { body: { email: 'wrong@example.com', code: mailed } });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors)).toEqual(['attempt_id']);
    const bad = await t.request('POST', '/api/v1/auth/confirm', { body: { email: 'wrong@example.com', attempt_id: 'not-a-uuid', code: mailed } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['attempt_id']);
  });

  test('an expired code is refused', async () => {
    const { attempt_id } = (await t.request('POST', '/api/v1/auth/register', { body: reg('expired@example.com') })).body.data;
    const code = t.codeFrom(await t.waitForMail('expired@example.com'));
    await t.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.email, 'expired@example.com'));
    const r = await t.request('POST', '/api/v1/auth/confirm', { body: { email: 'expired@example.com', attempt_id, code } });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('BadCode');
  });

  test('five wrong tries burn the code: 429, and the right code no longer works', async () => {
    const { attempt_id } = (await t.request('POST', '/api/v1/auth/register', { body: reg('burn@example.com') })).body.data;
    const code = t.codeFrom(await t.waitForMail('burn@example.com'));
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++) {
      expect((await t.request('POST', '/api/v1/auth/confirm', { body: { email: 'burn@example.com', attempt_id, code: wrong } })).status).toBe(422);
    }
    const fifth = await t.request('POST', '/api/v1/auth/confirm', { body: { email: 'burn@example.com', attempt_id, code: wrong } });
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe('TooManyAttempts');
    expect(fifth.headers['retry-after']).toBeDefined();
    const right = await t.request('POST', '/api/v1/auth/confirm', { body: { email: 'burn@example.com', attempt_id, code } });
    expect(right.status).toBe(422);
  });

  test('one new code a minute per address, purpose and device', async () => {
    await t.request('POST', '/api/v1/auth/register', { body: reg('resend@example.com') });
    const again = await t.request('POST', '/api/v1/auth/register', { body: reg('resend@example.com') });
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.body.message).toBe('Новий код можна отримати через хвилину');
    // Another address, or another device, is not affected.
    expect((await t.request('POST', '/api/v1/auth/register', { body: reg('resend2@example.com') })).status).toBe(201);
    expect((await t.request('POST', '/api/v1/auth/register', { body: reg('resend@example.com', { device_token: 'fp-other' }) })).status).toBe(201);
  });
});

describe('login', () => {
  test('wrong password is a field error; an unconfirmed account is told to confirm', async () => {
    const u = await t.user();
    const r = await t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: 'wrong-password' } });
    expect(r.status).toBe(422);
    expect(r.body.errors.email[0]).toBe('Невірний e-mail або пароль');
    const none = await t.request('POST', '/api/v1/auth/login', { body: { email: 'nobody@example.com', password: 'whatever1' } });
    expect(none.status).toBe(422);
    // A registration not yet confirmed is no account.
    await t.request('POST', '/api/v1/auth/register', { body: reg('pending@example.com') });
    const pending = await t.request('POST', '/api/v1/auth/login', { body: { email: 'pending@example.com', password: 'secret-pass-1' } });
    expect(pending.status).toBe(422);
    expect(pending.body.code).toBe('BadCredentials');
    // A legacy unconfirmed row (registered before attempts) is told to confirm.
    await t.user({ email: 'unconfirmed@example.com', password: 'secret-pass-1' });
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'unconfirmed@example.com'));
    const unconf = await t.request('POST', '/api/v1/auth/login', { body: { email: 'unconfirmed@example.com', password: 'secret-pass-1' } });
    expect(unconf.status).toBe(422);
    expect(unconf.body.code).toBe('NotConfirmed');
  });

  test('with login_2fa on: no token, a code is mailed, confirm-login signs in', async () => {
    const u = await t.user();
    const on = await t.request('PUT', '/api/v1/auth/profile', { token: u.token, body: { login_2fa: true } });
    expect(on.body.data.login_2fa).toBe(true);
    const before = t.mails.length;
    const r = await t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: u.password, device_token: 'fp-2fa' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ enabled_2fa: true, attempt_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const { attempt_id } = r.body.data;
    const code = t.codeFrom(await t.waitForMail(u.email, /входу/, before));
    const bad = await t.request('POST', '/api/v1/auth/confirm-login', {
      body: { email: u.email, attempt_id, code: code === '000000' ? '000001' : '000000', device_token: 'fp-2fa' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code[0]).toBe('Помилка! Ви ввели невірний код');
    const ok = await t.request('POST', '/api/v1/auth/confirm-login', { body: { email: u.email, attempt_id, code, device_token: 'fp-2fa' } });
    expect(ok.status).toBe(200);
    expect((await t.request('GET', '/api/v1/auth/user', { token: ok.body.data.token })).status).toBe(200);
  });

  test('logout revokes the token at once', async () => {
    const u = await t.user();
    expect((await t.request('DELETE', '/api/v1/auth/logout', { token: u.token })).status).toBe(204);
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/auth/user')).status).toBe(401);
    expect((await t.request('GET', '/api/v1/auth/user', { token: 'garbage' })).status).toBe(401);
  });
});

describe('forgot and restore', () => {
  test('a mailed code sets a new password, signs the other sessions out and signs in', async () => {
    const u = await t.user();
    // An unknown address gets the same answer (and no mail): see security/attacks-accounts.test.ts.
    const unknown = await t.request('POST', '/api/v1/password/forgot', { body: { email: 'ghost@example.com' } });
    expect(unknown.status).toBe(200);
    const before = t.mails.length;
    const forgot = await t.request('POST', '/api/v1/password/forgot', { body: { email: u.email.toUpperCase() } });
    expect(forgot.status).toBe(200);
    const code = t.codeFrom(await t.waitForMail(u.email, /відновлення/, before));
    const body = {
      email: u.email,
      attempt_id: forgot.body.data.attempt_id,
      code,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
      device_token: 'fp-r',
    };
    const r = await t.request('POST', '/api/v1/password/restore', { body });
    expect(r.status).toBe(200);
    expect(r.body.data.user.email).toBe(u.email);
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/auth/user', { token: r.body.data.token })).status).toBe(200);
    await t.login(u.email, 'brand-new-pass');
    // The code is single use.
    expect((await t.request('POST', '/api/v1/password/restore', { body })).status).toBe(422);
  });
});

describe('profile', () => {
  test('partial updates keep the other fields', async () => {
    const u = await t.user();
    const r = await t.request('PUT', '/api/v1/auth/profile', { token: u.token, body: { city: 'Київ', markup: 25.5, is_drop_markup: true } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ city: 'Київ', markup: 25.5, is_drop_markup: true, name: 'Тест Реселер', phone: '+380501234567' });
    const r2 = await t.request('PUT', '/api/v1/auth/profile', {
      token: u.token,
      body: { lang: 'ru', auto_confirm_orders: true, withdraw_2fa: true, phone: '0931112233' },
    });
    expect(r2.body.data).toMatchObject({ lang: 'ru', auto_confirm_orders: true, withdraw_2fa: true, city: 'Київ', markup: 25.5, phone: '+380931112233' });
    const bad = await t.request('PUT', '/api/v1/auth/profile', { token: u.token, body: { markup: -1, lang: 'en', is_drop_markup: 'yes' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['is_drop_markup', 'lang', 'markup']);
    const me = await t.request('GET', '/api/v1/auth/user', { token: u.token });
    expect(me.body.data.markup).toBe(25.5);
  });

  test('password change needs old, new and repeated new; it signs the other devices out', async () => {
    const u = await t.user();
    const other = await t.login(u.email, u.password, 'fp-other');
    const missing = await t.request('PUT', '/api/v1/auth/profile', { token: u.token, body: { password: 'new-password-1' } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['old_password', 'password_confirmation']);
    const wrongOld = await t.request('PUT', '/api/v1/auth/profile', {
      token: u.token,
      body: { old_password: 'not-it-at-all', password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.errors.old_password[0]).toBe('Поточний пароль вказано невірно');
    const ok = await t.request('PUT', '/api/v1/auth/profile', {
      token: u.token,
      body: { old_password: u.password, password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(ok.status).toBe(200);
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/auth/user', { token: other })).status).toBe(401);
    await t.login(u.email, 'new-password-1');
    const old = await t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: u.password } });
    expect(old.status).toBe(422);
  });
});
