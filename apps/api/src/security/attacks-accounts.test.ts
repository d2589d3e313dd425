import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authCodes, users } from '../db/schema/index.ts';
import { hashCode, verifyPassword } from '../lib/security.ts';
import { buildTestApp, type Res, type TestApp } from '../test/app.ts';

/**
 * Issue 24, points 3 to 8 and the log part of 4: account takeover and lock-out attacks replayed
 * over HTTP. Each test is the attack; it passes only while the protection holds.
 */

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ logLevel: 'trace' }, { logStream: { write: (l: string) => void logLines.push(l) } });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function post(path: string, body: unknown, opts: { ip?: string; token?: string; method?: string } = {}): Promise<Res> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await t.app.inject({
    method: (opts.method ?? 'POST') as 'POST',
    url: path,
    headers,
    payload: JSON.stringify(body),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  let parsed: unknown = res.body;
  try {
    parsed = res.body ? JSON.parse(res.body) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body: parsed as any, headers: res.headers };
}

const reg = (email: string, password: string, over: Record<string, unknown> = {}) => ({
  name: 'Власник',
  email,
  phone: '0671234567',
  password,
  password_confirmation: password,
  ...over,
});

/** The codes mailed to `email` after mail number `after`, oldest first. */
async function codesSince(email: string, after: number, count: number, subject?: RegExp): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = t.mails.slice(after).filter((m) => m.to === email && (!subject || subject.test(m.subject)));
    if (found.length >= count) return found.map((m) => t.codeFrom(m));
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${email}, got ${found.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const wrongOf = (code: string) => (code === '000000' ? '000001' : '000000');
const canLogin = async (email: string, password: string) =>
  (await post('/api/v1/auth/login', { email, password, device_token: `probe-${Math.random()}` }, { ip: '10.99.0.1' })).status === 200;
/** Lets a code be re-sent at once: the previous one was asked for more than a minute ago. */
/** A signed-in user with login 2FA switched on after the sign-in. */
async function user2fa(over: Parameters<TestApp['user']>[0] = {}) {
  const u = await t.user(over);
  await t.database.db.update(users).set({ login2fa: true }).where(eq(users.id, u.id));
  return u;
}
const ageCodes = (email: string) =>
  t.database.db
    .update(authCodes)
    .set({ createdAt: new Date(Date.now() - 120_000) })
    .where(eq(authCodes.email, email));

// ---------- point 3: takeover before confirmation ----------

describe('3. a registration attempt never changes another attempt', () => {
  for (const order of ['owner first', 'attacker first'] as const) {
    for (const typed of ['own code', 'the other code'] as const) {
      test(`${order}, the owner types ${typed}: the attacker's password never works`, async () => {
        const email = `takeover-${order.split(' ')[0]}-${typed.split(' ')[0]}-${Date.now()}@example.com`;
        const ownerPw = 'owner-password-1';
        const attackerPw = 'attacker-password-1';
        const before = t.mails.length;
        const regOwner = () => post('/api/v1/auth/register', reg(email, ownerPw, { device_token: 'owner-device' }), { ip: '10.3.0.1' });
        const regAttacker = () =>
          post('/api/v1/auth/register', reg(email, attackerPw, { name: 'Attacker', phone: '0990000000', device_token: 'evil' }), { ip: '10.3.0.66' });
        const first = order === 'owner first' ? await regOwner() : await regAttacker();
        expect(first.status).toBe(201);
        await ageCodes(email); // the second registration comes after the resend minute
        const second = order === 'owner first' ? await regAttacker() : await regOwner();
        expect(second.status).toBe(201);
        const ownerReg = order === 'owner first' ? first : second;
        expect(ownerReg.body.data.attempt_id).toMatch(UUID);
        const [c1, c2] = await codesSince(email, before, 2);
        const ownerCode = order === 'owner first' ? c1! : c2!;
        const otherCode = order === 'owner first' ? c2! : c1!;
        const code = typed === 'own code' ? ownerCode : otherCode;
        const confirm = await post(
          '/api/v1/auth/confirm',
          { email, attempt_id: ownerReg.body.data.attempt_id, code, device_token: 'owner-device' },
          { ip: '10.3.0.1' },
        );
        if (typed === 'own code') {
          expect(confirm.status).toBe(200);
          expect(confirm.body.data.user).toMatchObject({ name: 'Власник', phone: '+380671234567' });
        } else {
          expect(confirm.status).toBe(422);
          expect(confirm.body.code).toBe('BadCode');
        }
        expect(await canLogin(email, attackerPw)).toBe(false);
        if (typed === 'own code') expect(await canLogin(email, ownerPw)).toBe(true);
        // Registering writes no user row: the name and phone are the owner's or there is no user yet.
        const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
        if (row) {
          expect(row.name).toBe('Власник');
          expect(await verifyPassword(row.passwordHash, attackerPw)).toBe(false);
        }
      });
    }
  }

  test('a code confirms only its own attempt; a confirmed e-mail cannot be confirmed by another attempt', async () => {
    const email = `own-attempt-${Date.now()}@example.com`;
    const before = t.mails.length;
    const a = await post('/api/v1/auth/register', reg(email, 'first-password-1', { device_token: 'd-a' }), { ip: '10.3.1.1' });
    const b = await post('/api/v1/auth/register', reg(email, 'second-password-1', { device_token: 'd-b' }), { ip: '10.3.1.2' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.attempt_id).not.toBe(b.body.data.attempt_id);
    const [ca, cb] = await codesSince(email, before, 2);
    expect((await post('/api/v1/auth/confirm', { email, attempt_id: a.body.data.attempt_id, code: ca })).status).toBe(200);
    // The confirmed attempt keeps no copy of the password hash.
    const [used] = await t.database.db.select().from(authCodes).where(eq(authCodes.attemptId, a.body.data.attempt_id));
    expect(used?.usedAt).toBeTruthy();
    expect(used?.payload).toBeNull();
    const late = await post('/api/v1/auth/confirm', { email, attempt_id: b.body.data.attempt_id, code: cb });
    expect(late.status).toBe(422);
    expect(late.body.errors.email[0]).toBe('Цей e-mail вже зареєстровано');
    expect(await canLogin(email, 'second-password-1')).toBe(false);
    expect(await canLogin(email, 'first-password-1')).toBe(true);
  });
});

// ---------- point 4: concurrent registrations ----------

describe('4. concurrent registrations of one new e-mail', () => {
  test('ten at once: no 500; ten confirmations at once: one account, the rest 422 on email', async () => {
    const email = `race-${Date.now()}@example.com`;
    const regs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/api/v1/auth/register', reg(email, `race-password-${i}`, { device_token: `race-${i}` }), { ip: `10.4.0.${i + 1}` }),
      ),
    );
    expect(regs.map((r) => r.status)).toEqual(Array(10).fill(201));
    // Every attempt gets the same known code, then all ten confirm at once.
    await t.database.db
      .update(authCodes)
      .set({ codeHash: hashCode(email, '424242') })
      .where(eq(authCodes.email, email));
    const confirms = await Promise.all(
      regs.map((r, i) =>
        post('/api/v1/auth/confirm', { email, attempt_id: r.body.data.attempt_id, code: '424242', device_token: `race-${i}` }, { ip: `10.4.1.${i + 1}` }),
      ),
    );
    const statuses = confirms.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(422)]);
    for (const r of confirms.filter((c) => c.status === 422)) expect(r.body.errors.email[0]).toBe('Цей e-mail вже зареєстровано');
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  test('a unique violation on users.email from any INSERT race is a 422 on email, and the log holds no hash', async () => {
    // The race: the row appears between the check and the INSERT (a trigger inserts it first).
    const email = `race-insert-${Date.now()}@example.com`;
    const before = t.mails.length;
    const r = await post('/api/v1/auth/register', reg(email, 'race-insert-pass-1', { device_token: 'ri' }), { ip: '10.4.2.1' });
    expect(r.status).toBe(201);
    const [code] = await codesSince(email, before, 1);
    await t.database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION t_race_users() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email = '${email}' AND NEW.name <> 'twin' AND NOT EXISTS (SELECT 1 FROM users WHERE email = NEW.email) THEN
          INSERT INTO users (name, email, password_hash) VALUES ('twin', NEW.email, NEW.password_hash);
        END IF;
        RETURN NEW;
      END $$`),
    );
    await t.database.db.execute(sql.raw('CREATE TRIGGER t_race_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION t_race_users()'));
    const logStart = logLines.length;
    try {
      const c = await post('/api/v1/auth/confirm', { email, attempt_id: r.body.data.attempt_id, code, device_token: 'ri' }, { ip: '10.4.2.1' });
      expect(c.status).toBe(422);
      expect(c.body.errors.email[0]).toBe('Цей e-mail вже зареєстровано');
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER t_race_users ON users'));
    }
    const log = logLines.slice(logStart).join('');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(code!);
  });

  test('an error the API does not expect is logged without its query parameters (no hash, no code)', async () => {
    const email = `boom-${Date.now()}@example.com`;
    await t.database.db.execute(sql.raw(`ALTER TABLE users ADD CONSTRAINT t_no_boom CHECK (name <> 'Boom') NOT VALID`));
    const logStart = logLines.length;
    let code = '';
    try {
      // Whichever step writes the user row (with its password hash) fails on the constraint: a 500.
      const before = t.mails.length;
      const r = await post('/api/v1/auth/register', reg(email, 'boom-password-1', { name: 'Boom', device_token: 'b' }), { ip: '10.4.3.1' });
      if (r.status === 201) {
        code = (await codesSince(email, before, 1))[0]!;
        const c = await post('/api/v1/auth/confirm', { email, attempt_id: r.body.data.attempt_id, code, device_token: 'b' }, { ip: '10.4.3.1' });
        expect(c.status).toBe(500);
      } else {
        expect(r.status).toBe(500);
      }
    } finally {
      await t.database.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT t_no_boom'));
    }
    const log = logLines.slice(logStart).join('');
    expect(log).toContain('t_no_boom'); // the error itself is logged
    expect(log).not.toContain('$argon2');
    if (code) expect(log).not.toContain(code);
    expect(log).not.toContain('boom-password-1');
  });
});

// ---------- point 5: step-up ----------

describe('5. turning 2FA off needs the current password or a mailed code', () => {
  for (const field of ['withdraw_2fa', 'login_2fa'] as const) {
    test(`${field}: the session token alone is refused`, async () => {
      const u = await t.user({ withdraw2fa: true });
      if (field === 'login_2fa') expect((await post('/api/v1/auth/profile', { login_2fa: true }, { token: u.token, method: 'PUT' })).status).toBe(200);
      const off = await post('/api/v1/auth/profile', { [field]: false }, { token: u.token, method: 'PUT' });
      expect(off.status).toBe(422);
      expect(off.body.errors.old_password[0]).toBe('Підтвердіть дію поточним паролем або кодом з листа');
      const me = await post('/api/v1/auth/user', undefined, { token: u.token, method: 'GET' });
      expect(me.body.data[field]).toBe(true);
      const wrong = await post('/api/v1/auth/profile', { [field]: false, old_password: 'not-the-password' }, { token: u.token, method: 'PUT' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.old_password[0]).toBe('Поточний пароль вказано невірно');
    });
  }

  test('withdraw_2fa off with the token alone: the next withdrawal still needs a code', async () => {
    const u = await t.user({ withdraw2fa: true, balanceKop: 100_000 });
    expect((await post('/api/v1/auth/profile', { withdraw_2fa: false }, { token: u.token, method: 'PUT' })).status).toBe(422);
    const w = await post('/api/v1/withdraws', { amount: 100, requisites: '4111111111111111' }, { token: u.token });
    expect(w.status).toBe(200);
    expect(w.body.data).toEqual({ requires_code: true });
  });

  test('with the current password, or with a step-up code of its own attempt, it turns off; turning on needs nothing', async () => {
    const u = await user2fa({ withdraw2fa: true });
    const pw = await post('/api/v1/auth/profile', { withdraw_2fa: false, old_password: u.password }, { token: u.token, method: 'PUT' });
    expect(pw.status).toBe(200);
    expect(pw.body.data.withdraw_2fa).toBe(false);
    expect((await post('/api/v1/auth/profile', { withdraw_2fa: true }, { token: u.token, method: 'PUT' })).body.data.withdraw_2fa).toBe(true);

    const before = t.mails.length;
    const step = await post('/api/v1/auth/step-up', {}, { token: u.token });
    expect(step.status).toBe(200);
    expect(step.body.data.attempt_id).toMatch(UUID);
    const [code] = await codesSince(u.email, before, 1);
    const bad = await post(
      '/api/v1/auth/profile',
      { login_2fa: false, attempt_id: step.body.data.attempt_id, code: wrongOf(code!) },
      { token: u.token, method: 'PUT' },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code[0]).toBe('Помилка! Ви ввели невірний код');
    const ok = await post(
      '/api/v1/auth/profile',
      { login_2fa: false, withdraw_2fa: false, attempt_id: step.body.data.attempt_id, code },
      { token: u.token, method: 'PUT' },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ login_2fa: false, withdraw_2fa: false });
  });
});

// ---------- point 6: lock-out without credentials ----------

describe('6. an attacker who knows only the e-mail cannot keep the owner out', () => {
  test('10 wrong passwords from anywhere: the right password from a device that signed in before still works', async () => {
    const u = await t.user();
    await t.login(u.email, u.password, 'owner-laptop');
    // The attacker uses up the per-e-mail limit (10) from many addresses and made-up devices.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await post('/api/v1/auth/login', { email: u.email, password: `guess-${i}`, device_token: `evil-${i}` }, { ip: `10.6.0.${i + 1}` })).status,
      );
    }
    expect(statuses.filter((s) => s === 422).length).toBeGreaterThanOrEqual(8);
    expect(statuses.at(-1)).toBe(429);
    // Unknown devices share the per-e-mail bucket: brute force stays bounded.
    const stranger = await post('/api/v1/auth/login', { email: u.email, password: u.password, device_token: 'never-seen' }, { ip: '10.6.0.50' });
    expect(stranger.status).toBe(429);
    const owner = await post('/api/v1/auth/login', { email: u.email, password: u.password, device_token: 'owner-laptop' }, { ip: '10.6.0.51' });
    expect(owner.status).toBe(200);
    expect(owner.body.data.token).toBeTruthy();
  });

  test('wrong codes sent with the victim e-mail do not burn the sign-in code of the owner attempt', async () => {
    const u = await user2fa();
    const before = t.mails.length;
    const login = await post('/api/v1/auth/login', { email: u.email, password: u.password, device_token: 'owner-2fa' }, { ip: '10.6.1.1' });
    expect(login.body.data).toMatchObject({ enabled_2fa: true });
    const [code] = await codesSince(u.email, before, 1, /входу/);
    for (let i = 0; i < 12; i++) {
      // With no attempt, or with an attempt id made up (the attacker never sees the owner's).
      const guess = i % 2 ? { email: u.email, attempt_id: crypto.randomUUID(), code: String(100000 + i) } : { email: u.email, code: String(100000 + i) };
      const r = await post('/api/v1/auth/confirm-login', guess, { ip: `10.6.1.${i + 10}` });
      expect([422, 429]).toContain(r.status);
    }
    const ok = await post(
      '/api/v1/auth/confirm-login',
      { email: u.email, attempt_id: login.body.data.attempt_id, code, device_token: 'owner-2fa' },
      { ip: '10.6.1.1' },
    );
    expect(ok.status).toBe(200);
  });

  test('wrong guesses against a reset attempt of the attacker burn only that attempt; the owner resets', async () => {
    const u = await t.user();
    const before = t.mails.length;
    const mine = await post('/api/v1/password/forgot', { email: u.email }, { ip: '10.6.2.1' });
    expect(mine.status).toBe(200);
    // The attacker asks too (the owner gets that mail; the attacker gets an attempt id).
    const theirs = await post('/api/v1/password/forgot', { email: u.email }, { ip: '10.6.2.66' });
    expect(theirs.status).toBe(200);
    const [myCode] = await codesSince(u.email, before, 2, /відновлення/);
    const body = (attempt: string, code: string) => ({
      email: u.email,
      attempt_id: attempt,
      code,
      password: 'owner-new-pass-1',
      password_confirmation: 'owner-new-pass-1',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await post('/api/v1/password/restore', body(theirs.body.data.attempt_id, String(200000 + i)), { ip: '10.6.2.66' })).status);
    expect(statuses.slice(0, 4)).toEqual([422, 422, 422, 422]);
    expect(statuses[4]).toBe(429); // at most 5 guesses per code
    const ok = await post('/api/v1/password/restore', body(mine.body.data.attempt_id, myCode!), { ip: '10.6.2.1' });
    expect(ok.status).toBe(200);
  });

  test('five wrong guesses burn the attempt: even its right code is refused afterwards', async () => {
    const u = await t.user();
    const before = t.mails.length;
    const mine = await post('/api/v1/password/forgot', { email: u.email }, { ip: '10.6.3.1' });
    const [code] = await codesSince(u.email, before, 1, /відновлення/);
    const body = (c: string) => ({
      email: u.email,
      attempt_id: mine.body.data.attempt_id,
      code: c,
      password: 'owner-new-pass-1',
      password_confirmation: 'owner-new-pass-1',
    });
    for (let i = 0; i < 4; i++) expect((await post('/api/v1/password/restore', body(wrongOf(code!)), { ip: `10.6.3.${i + 2}` })).status).toBe(422);
    expect((await post('/api/v1/password/restore', body(wrongOf(code!)), { ip: '10.6.3.9' })).status).toBe(429);
    expect((await post('/api/v1/password/restore', body(code!), { ip: '10.6.3.10' })).status).toBe(422);
  });

  test('a stranger asking for codes for the address never stops the owner asking for their own', async () => {
    const u = await t.user();
    await t.login(u.email, u.password, 'owner-phone');
    await t.database.db.update(users).set({ login2fa: true }).where(eq(users.id, u.id));
    const before = t.mails.length;
    expect((await post('/api/v1/password/forgot', { email: u.email }, { ip: '10.6.4.66' })).status).toBe(200);
    const owner = await post('/api/v1/password/forgot', { email: u.email }, { ip: '10.6.4.1' });
    expect(owner.status).toBe(200);
    await codesSince(u.email, before, 2, /відновлення/);
    // The same for a 2FA sign-in from the owner's device, after a stranger's sign-in codes from elsewhere.
    const login = await post('/api/v1/auth/login', { email: u.email, password: u.password, device_token: 'owner-phone' }, { ip: '10.6.4.1' });
    expect(login.status).toBe(200);
    expect(login.body.data.attempt_id).toMatch(UUID);
  });
});

// ---------- point 7: resend throttle ----------

describe('7. the resend throttle applies only while an unused code is live', () => {
  test('re-login with 2FA right after using the previous code gets a new code', async () => {
    const u = await user2fa();
    let before = t.mails.length;
    const first = await post('/api/v1/auth/login', { email: u.email, password: u.password, device_token: 'p7' }, { ip: '10.7.0.1' });
    const [code] = await codesSince(u.email, before, 1, /входу/);
    expect(
      (await post('/api/v1/auth/confirm-login', { email: u.email, attempt_id: first.body.data.attempt_id, code, device_token: 'p7' }, { ip: '10.7.0.1' }))
        .status,
    ).toBe(200);
    before = t.mails.length;
    const again = await post('/api/v1/auth/login', { email: u.email, password: u.password, device_token: 'p7' }, { ip: '10.7.0.1' });
    expect(again.status).toBe(200);
    expect(again.body.data.attempt_id).toMatch(UUID);
    await codesSince(u.email, before, 1, /входу/);
    // While that code is unused and live, the same device waits a minute.
    const third = await post('/api/v1/auth/login', { email: u.email, password: u.password, device_token: 'p7' }, { ip: '10.7.0.1' });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('Новий код можна отримати через хвилину');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

// ---------- point 8: enumeration ----------

describe('8. forgot-password answers the same for known and unknown e-mails', () => {
  test('same status and body shape; only the known address gets mail', async () => {
    const u = await t.user();
    const before = t.mails.length;
    const known = await post('/api/v1/password/forgot', { email: u.email }, { ip: '10.8.0.1' });
    const unknown = await post('/api/v1/password/forgot', { email: `ghost-${Date.now()}@example.com` }, { ip: '10.8.0.1' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(known.body.data).sort()).toEqual(['attempt_id', 'sent']);
    expect(Object.keys(unknown.body.data).sort()).toEqual(['attempt_id', 'sent']);
    expect(unknown.body.data.sent).toBe(true);
    expect(unknown.body.data.attempt_id).toMatch(UUID);
    await codesSince(u.email, before, 1, /відновлення/);
    await new Promise((r) => setTimeout(r, 1500)); // the mail job would have run by now
    expect(t.mails.slice(before).map((m) => m.to)).toEqual([u.email]);
    // Asking again at once: the same answer for both (the resend minute).
    const known2 = await post('/api/v1/password/forgot', { email: u.email }, { ip: '10.8.0.1' });
    const unknown2 = await post('/api/v1/password/forgot', { email: unknown.body.data.attempt_id.slice(0, 8) + '@example.com' }, { ip: '10.8.0.1' });
    expect(known2.status).toBe(unknown2.status === 200 ? 429 : unknown2.status);
  });

  test('same timing: the medians of 20 calls each differ by little', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 20; i++) emails.push((await t.user({ password: 'timing-pass-1' })).email);
    const time = async (email: string, ip: string) => {
      const s = performance.now();
      const r = await post('/api/v1/password/forgot', { email }, { ip });
      expect(r.status).toBe(200);
      return performance.now() - s;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a slow moment of the machine hits both sides alike.
    for (let i = 0; i < 20; i++) {
      known.push(await time(emails[i]!, `10.8.1.${i + 1}`));
      unknown.push(await time(`nobody-${i}-${Date.now()}@example.com`, `10.8.2.${i + 1}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const k = median(known);
    const u = median(unknown);
    expect(Math.abs(k - u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(Math.max(5, 0.35 * Math.max(k, u)));
  });
});

describe('an attempt never confirmed does not keep its data for good', () => {
  test('the minute sweep deletes codes expired a day ago, with their payload (a password hash); live attempts stay', async () => {
    const stale = `stale-${Date.now()}@example.com`;
    const live = `live-${Date.now()}@example.com`;
    expect((await post('/api/v1/auth/register', reg(stale, 'stale-password-1'), { ip: '10.7.0.1' })).status).toBe(201);
    expect((await post('/api/v1/auth/register', reg(live, 'live-password-1'), { ip: '10.7.0.2' })).status).toBe(201);
    await t.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(authCodes.email, stale));
    await t.app.deps.realtime.sweep();
    expect(await t.database.db.select().from(authCodes).where(eq(authCodes.email, stale))).toEqual([]);
    const [kept] = await t.database.db.select().from(authCodes).where(eq(authCodes.email, live));
    expect(kept?.payload).toBeTruthy();
  });
});
