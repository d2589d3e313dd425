import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { INVITE_TTL_HOURS } from '@drop/shared';
import { accessTokens, auditLog, authCodes, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import type { CapturedMail } from '../../test/smtp.ts';

let t: TestApp;
let op: string;
let opId: number;
let seq = 0;
beforeAll(async () => {
  t = await buildTestApp();
  op = await t.operator();
  opId = (await t.request('GET', '/api/v1/auth/user', { token: op })).body.data.id;
});
afterAll(() => t.close());

const newEmail = (tag = 'staff') => `${tag}${++seq}-${Date.now()}@staff.test`;

/** The attempt and code an invitation mail carries (its link, and the code in the subject). */
function invitation(app: TestApp, mail: CapturedMail) {
  const link = /(https?:\/\/\S+\/forgot-password\?\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no link in ${mail.text}`);
  const url = new URL(link);
  return { link: url, attemptId: url.searchParams.get('attempt_id')!, code: app.codeFrom(mail) };
}

/** An admin creates a person; the person sets a password from the invitation and is signed in. */
async function invite(app: TestApp, token: string, role: string, over: Record<string, unknown> = {}) {
  const email = (over.email as string) ?? newEmail(role);
  const after = app.mails.length;
  const r = await app.request('POST', '/api/v1/admin/staff', { token, body: { email, name: `Працівник ${role}`, role, ...over } });
  expect(r.status).toBe(201);
  const mail = await app.waitForMail(email, /\d{6}/, after);
  const { attemptId, code } = invitation(app, mail);
  const password = 'staff-password-1';
  const restored = await app.request('POST', '/api/v1/password/restore', {
    body: { email, attempt_id: attemptId, code, password, password_confirmation: password, device_token: `dev-${email}` },
  });
  expect(restored.status).toBe(200);
  return { id: r.body.data.id as number, email, password, token: restored.body.data.token as string, created: r.body.data, mail };
}

describe('a new staff member', () => {
  test('create -> invitation -> password from its code -> signed in; later sign-ins need the mailed code; the role decides the routes', async () => {
    const email = newEmail('warehouse');
    const after = t.mails.length;
    const r = await t.request('POST', '/api/v1/admin/staff', {
      token: op,
      body: { email: `  ${email.toUpperCase()} `, name: 'Олена Складська', role: 'warehouse' },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({
      id: expect.any(Number),
      email,
      name: 'Олена Складська',
      role: 'warehouse',
      lang: 'uk',
      blocked: false,
      password_set: false,
      last_seen_at: null,
      created_at: expect.any(String),
    });
    const id = r.body.data.id;

    // The invitation: who invited, the role in words, a link with the attempt and the code, the code in the subject.
    const mail = await t.waitForMail(email, /\d{6}/, after);
    expect(mail.subject).toMatch(/^Запрошення до бек-офісу Drop: \d{6}$/);
    expect(mail.text).toContain('Оператор запрошує вас');
    expect(mail.text).toContain('працівник складу');
    const { link, attemptId, code } = invitation(t, mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.app.deps.config.publicUrl.replace(/\/+$/, '')}/forgot-password`);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('code')).toBe(code);
    expect(mail.html).toContain(code);
    // The code lives INVITE_TTL_HOURS, not 10 minutes.
    const [row] = await t.database.db
      .select()
      .from(authCodes)
      .where(and(eq(authCodes.email, email), eq(authCodes.attemptId, attemptId)));
    const ttlHours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(ttlHours).toBeGreaterThan(INVITE_TTL_HOURS - 0.1);
    expect(ttlHours).toBeLessThan(INVITE_TTL_HOURS + 0.1);

    // No password yet: sign-in is refused whatever is typed.
    for (const password of ['', 'anything-1', ' ']) {
      const login = await t.request('POST', '/api/v1/auth/login', { body: { email, password } });
      expect(login.status).toBe(422);
    }

    const password = 'warehouse-pass-1';
    const restored = await t.request('POST', '/api/v1/password/restore', {
      body: { email, attempt_id: attemptId, code, password, password_confirmation: password, device_token: 'wh-device' },
    });
    expect(restored.status).toBe(200);
    const first = restored.body.data.token as string;
    expect(restored.body.data.user).toMatchObject({ email, role: 'warehouse', login_2fa: true });

    // Their role's routes answer, others 403.
    expect((await t.request('GET', '/api/v1/admin/orders', { token: first })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/payments', { token: first })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/users', { token: first })).status).toBe(403);

    // The next sign-in asks for the mailed code; the confirmed token works the same way.
    const mark = t.mails.length;
    const login = await t.request('POST', '/api/v1/auth/login', { body: { email, password, device_token: 'wh-device-2' } });
    expect(login.status).toBe(200);
    expect(login.body.data).toEqual({ enabled_2fa: true, attempt_id: expect.any(String) });
    const loginCode = t.codeFrom(await t.waitForMail(email, /Код для входу/, mark));
    const confirmed = await t.request('POST', '/api/v1/auth/confirm-login', {
      body: { email, code: loginCode, attempt_id: login.body.data.attempt_id, device_token: 'wh-device-2' },
    });
    expect(confirmed.status).toBe(200);
    const second = confirmed.body.data.token as string;
    expect((await t.request('GET', '/api/v1/admin/orders', { token: second })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/payments', { token: second })).status).toBe(403);

    // The invitation's code was used: it sets nothing again.
    const again = await t.request('POST', '/api/v1/password/restore', {
      body: { email, attempt_id: attemptId, code, password: 'other-pass-1', password_confirmation: 'other-pass-1' },
    });
    expect(again.status).toBe(422);

    const shown = await t.request('GET', `/api/v1/admin/staff/${id}`, { token: op });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ id, password_set: true, last_seen_at: expect.any(String) });
  });

  test('the invitation is in the language asked for (default: the creator’s request language)', async () => {
    const email = newEmail('ru');
    const after = t.mails.length;
    const r = await t.request('POST', '/api/v1/admin/staff', { token: op, body: { email, name: 'Ирина Бухгалтер', role: 'accountant', lang: 'ru' } });
    expect(r.status).toBe(201);
    expect(r.body.data.lang).toBe('ru');
    const mail = await t.waitForMail(email, /\d{6}/, after);
    expect(mail.subject).toMatch(/^Приглашение в бэк-офис Drop: \d{6}$/);
    expect(mail.text).toContain('бухгалтер');

    const email2 = newEmail('ru');
    const r2 = await t.request('POST', '/api/v1/admin/staff', {
      token: op,
      body: { email: email2, name: 'Иван Менеджер', role: 'manager' },
      headers: { 'accept-language': 'ru' },
    });
    expect(r2.status).toBe(201);
    expect(r2.body.data.lang).toBe('ru');
  });

  test('a fresh invitation replaces the old one, at most one a minute, and only until a password is set', async () => {
    const email = newEmail('manager');
    const after = t.mails.length;
    const r = await t.request('POST', '/api/v1/admin/staff', { token: op, body: { email, name: 'Марко Менеджер', role: 'manager' } });
    const id = r.body.data.id;
    const old = invitation(t, await t.waitForMail(email, /\d{6}/, after));

    // The resend rule: not again within a minute.
    const early = await t.request('POST', `/api/v1/admin/staff/${id}/invite`, { token: op });
    expect(early.status).toBe(429);

    await t.database.db.execute(sql`UPDATE auth_codes SET created_at = now() - interval '2 minutes' WHERE email = ${email}`);
    const mark = t.mails.length;
    const sent = await t.request('POST', `/api/v1/admin/staff/${id}/invite`, { token: op });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sent: true });
    const fresh = invitation(t, await t.waitForMail(email, /\d{6}/, mark));
    expect(fresh.attemptId).not.toBe(old.attemptId);

    const password = 'manager-pass-1';
    const withOld = await t.request('POST', '/api/v1/password/restore', {
      body: { email, attempt_id: old.attemptId, code: old.code, password, password_confirmation: password },
    });
    expect(withOld.status).toBe(422);
    const withFresh = await t.request('POST', '/api/v1/password/restore', {
      body: { email, attempt_id: fresh.attemptId, code: fresh.code, password, password_confirmation: password },
    });
    expect(withFresh.status).toBe(200);

    await t.database.db.execute(sql`UPDATE auth_codes SET created_at = now() - interval '2 minutes' WHERE email = ${email}`);
    const late = await t.request('POST', `/api/v1/admin/staff/${id}/invite`, { token: op });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('PasswordAlreadySet');

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['staff.create', opId],
      ['staff.invite', opId],
    ]);
  });
});

describe('the invitation after a password is set another way', () => {
  test('a password set through forgot-password ends the invitation: its code no longer resets the password', async () => {
    const email = newEmail('warehouse');
    const after = t.mails.length;
    expect((await t.request('POST', '/api/v1/admin/staff', { token: op, body: { email, name: 'Степан Склад', role: 'warehouse' } })).status).toBe(201);
    const invited = invitation(t, await t.waitForMail(email, /\d{6}/, after));

    const mark = t.mails.length;
    const forgot = await t.request('POST', '/api/v1/password/forgot', { body: { email, device_token: 'own-phone' } });
    expect(forgot.status).toBe(200);
    const code = t.codeFrom(await t.waitForMail(email, /\d{6}/, mark));
    const password = 'own-password-1';
    const set = await t.request('POST', '/api/v1/password/restore', {
      body: { email, attempt_id: forgot.body.data.attempt_id, code, password, password_confirmation: password },
    });
    expect(set.status).toBe(200);

    // Whoever else read the invitation mail cannot use it to take the account over.
    const hijack = await t.request('POST', '/api/v1/password/restore', {
      body: { email, attempt_id: invited.attemptId, code: invited.code, password: 'hijack-pass-1', password_confirmation: 'hijack-pass-1' },
    });
    expect(hijack.status).toBe(422);
    const login = await t.request('POST', '/api/v1/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    expect(login.body.data.enabled_2fa).toBe(true);
  });
});

describe('validation and not found', () => {
  test('422 for a bad e-mail, a short name, an unknown role or field, an e-mail anyone has', async () => {
    const reseller = await t.user();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email', name: 'Ім’я Прізвище', role: 'manager' }, 'email'],
      [{ email: newEmail(), name: 'Я', role: 'manager' }, 'name'],
      [{ email: newEmail(), name: '   ', role: 'manager' }, 'name'],
      [{ email: newEmail(), name: 'Ім’я Прізвище', role: 'boss' }, 'role'],
      [{ email: newEmail(), name: 'Ім’я Прізвище', role: 'reseller' }, 'role'],
      [{ email: newEmail(), name: 'Ім’я Прізвище', role: 'operator' }, 'role'],
      [{ email: newEmail(), name: 'Ім’я Прізвище', role: 'manager', password: 'x'.repeat(10) }, 'password'],
      [{ email: newEmail(), name: 'Ім’я Прізвище', role: 'manager', lang: 'en' }, 'lang'],
      [{ email: reseller.email, name: 'Ім’я Прізвище', role: 'manager' }, 'email'],
      [{ email: 'admin@test.local', name: 'Ім’я Прізвище', role: 'manager' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const r = await t.request('POST', '/api/v1/admin/staff', { token: op, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.body.errors), JSON.stringify(body)).toContain(field);
    }
    const taken = await t.request('POST', '/api/v1/admin/staff', {
      token: op,
      body: { email: reseller.email.toUpperCase(), name: 'Ім’я Прізвище', role: 'manager' },
    });
    expect(taken.body.code).toBe('EmailTaken');
    expect((await t.request('POST', '/api/v1/admin/staff', { token: op, raw: '{"email":' })).status).toBe(400);

    const person = await invite(t, op, 'accountant');
    const puts: [Record<string, unknown>, string][] = [
      [{ email: 'nope' }, 'email'],
      [{ email: reseller.email }, 'email'],
      [{ name: 'x' }, 'name'],
      [{ role: 'reseller' }, 'role'],
      [{ blocked: 'yes' }, 'blocked'],
      [{ password_hash: '' }, 'password_hash'],
    ];
    for (const [body, field] of puts) {
      const r = await t.request('PUT', `/api/v1/admin/staff/${person.id}`, { token: op, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.body.errors), JSON.stringify(body)).toContain(field);
    }
    // Unchanged after all of it.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ email: person.email, role: 'accountant', blocked: false });
    expect((await t.request('GET', '/api/v1/admin/staff?role=reseller', { token: op })).status).toBe(422);
    expect((await t.request('GET', '/api/v1/admin/staff?per_page=1000', { token: op })).status).toBe(422);
    expect((await t.request('GET', '/api/v1/admin/staff?sort=email', { token: op })).status).toBe(422);
  });

  test("404 for a reseller's id and for an unknown id; there is no DELETE", async () => {
    const reseller = await t.user();
    for (const id of [reseller.id, 999999]) {
      expect((await t.request('GET', `/api/v1/admin/staff/${id}`, { token: op })).status).toBe(404);
      expect((await t.request('PUT', `/api/v1/admin/staff/${id}`, { token: op, body: { role: 'admin' } })).status).toBe(404);
      expect((await t.request('PUT', `/api/v1/admin/staff/${id}`, { token: op, body: { name: 'Новий Адмін' } })).status).toBe(404);
      expect((await t.request('POST', `/api/v1/admin/staff/${id}/invite`, { token: op })).status).toBe(404);
    }
    // The reseller stayed a reseller.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, reseller.id));
    expect(row!.role).toBe('reseller');
    expect([404, 422]).toContain((await t.request('GET', '/api/v1/admin/staff/abc', { token: op })).status);
    const person = await invite(t, op, 'manager');
    expect((await t.request('DELETE', `/api/v1/admin/staff/${person.id}`, { token: op })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/admin/staff/${person.id}`, { token: op })).status).toBe(200);
  });
});

describe('who may', () => {
  test('non-admin staff and resellers get 403 on every staff route, visitors 401', async () => {
    const target = await invite(t, op, 'warehouse');
    const reseller = await t.user();
    const tokens = [reseller.token];
    for (const role of ['manager', 'accountant', 'warehouse']) tokens.push((await invite(t, op, role)).token);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/staff'],
      ['POST', '/api/v1/admin/staff', { email: newEmail(), name: 'Чужий Працівник', role: 'admin' }],
      ['GET', `/api/v1/admin/staff/${target.id}`],
      ['PUT', `/api/v1/admin/staff/${target.id}`, { role: 'admin' }],
      ['PUT', `/api/v1/admin/staff/${target.id}`, { blocked: true }],
      ['POST', `/api/v1/admin/staff/${target.id}/invite`],
    ];
    for (const token of tokens) {
      for (const [method, url, body] of calls) expect((await t.request(method, url, { token, body })).status, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, body] of calls) expect((await t.request(method, url, { body })).status).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ role: 'warehouse', blocked: false });
  });

  test('a new admin manages staff too', async () => {
    const admin = await invite(t, op, 'admin');
    const made = await t.request('POST', '/api/v1/admin/staff', {
      token: admin.token,
      body: { email: newEmail(), name: 'Від Нового Адміна', role: 'warehouse' },
    });
    expect(made.status).toBe(201);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, made.body.data.id), eq(auditLog.action, 'staff.create')));
    expect(entry!.actorId).toBe(admin.id);
  });
});

describe('changes', () => {
  test('a role change takes effect on the very next request; the change is audited with its author', async () => {
    const person = await invite(t, op, 'warehouse');
    expect((await t.request('GET', '/api/v1/admin/payments', { token: person.token })).status).toBe(403);
    const r = await t.request('PUT', `/api/v1/admin/staff/${person.id}`, { token: op, body: { role: 'accountant', name: '  Нове Ім’я  ' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ role: 'accountant', name: 'Нове Ім’я', password_set: true });
    expect((await t.request('GET', '/api/v1/admin/payments', { token: person.token })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/auth/user', { token: person.token })).body.data.role).toBe('accountant');

    const back = await t.request('PUT', `/api/v1/admin/staff/${person.id}`, { token: op, body: { role: 'warehouse' } });
    expect(back.status).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/payments', { token: person.token })).status).toBe(403);

    // Nothing changed: no audit row.
    expect((await t.request('PUT', `/api/v1/admin/staff/${person.id}`, { token: op, body: { role: 'warehouse', name: 'Нове Ім’я' } })).status).toBe(200);

    const audit = await t.request('GET', `/api/v1/admin/audit?entity=staff&entity_id=${person.id}`, { token: op });
    expect(audit.body.data.map((a: { action: string; actor: { id: number }; changes: unknown }) => [a.action, a.actor.id, a.changes])).toEqual([
      ['staff.update', opId, { role: ['accountant', 'warehouse'] }],
      ['staff.update', opId, { role: ['warehouse', 'accountant'], name: ['Працівник warehouse', 'Нове Ім’я'] }],
      ['staff.create', opId, { email: [null, person.email], name: [null, 'Працівник warehouse'], role: [null, 'warehouse'], lang: [null, 'uk'] }],
    ]);
    // Never a password (or its hash) in the log.
    expect(JSON.stringify(audit.body.data)).not.toMatch(/password|argon|scrypt|\$2[aby]\$/i);
  });

  test('blocking signs the person out at once and they cannot sign in; unblocking lets them sign in again', async () => {
    const person = await invite(t, op, 'manager');
    const other = await t.login(person.email, person.password);
    expect((await t.request('GET', '/api/v1/admin/orders', { token: person.token })).status).toBe(200);
    const r = await t.request('PUT', `/api/v1/admin/staff/${person.id}`, { token: op, body: { blocked: true } });
    expect(r.status).toBe(200);
    expect(r.body.data.blocked).toBe(true);
    for (const token of [person.token, other]) {
      expect((await t.request('GET', '/api/v1/admin/orders', { token })).status).toBe(401);
      expect((await t.request('GET', '/api/v1/auth/user', { token })).status).toBe(401);
    }
    const login = await t.request('POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password } });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('AccountBlocked');
    expect(await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, person.id))).toHaveLength(0);
    expect(
      (await t.request('GET', `/api/v1/admin/staff?blocked=true&search=${encodeURIComponent(person.email)}`, { token: op })).body.data.map(
        (s: { id: number }) => s.id,
      ),
    ).toEqual([person.id]);

    // An invitation is not sent to a blocked person.
    expect((await t.request('PUT', `/api/v1/admin/staff/${person.id}`, { token: op, body: { blocked: false } })).status).toBe(200);
    // The old tokens stay revoked.
    expect((await t.request('GET', '/api/v1/auth/user', { token: person.token })).status).toBe(401);
    const again = await t.login(person.email, person.password);
    expect((await t.request('GET', '/api/v1/admin/orders', { token: again })).status).toBe(200);
  });

  test('a blocked, invited person gets no fresh invitation and cannot use the old one', async () => {
    const email = newEmail('blocked');
    const after = t.mails.length;
    const r = await t.request('POST', '/api/v1/admin/staff', { token: op, body: { email, name: 'Заблокований Запрошений', role: 'manager' } });
    const inv = invitation(t, await t.waitForMail(email, /\d{6}/, after));
    expect((await t.request('PUT', `/api/v1/admin/staff/${r.body.data.id}`, { token: op, body: { blocked: true } })).status).toBe(200);
    await t.database.db.execute(sql`UPDATE auth_codes SET created_at = now() - interval '2 minutes' WHERE email = ${email}`);
    const re = await t.request('POST', `/api/v1/admin/staff/${r.body.data.id}/invite`, { token: op });
    expect(re.status).toBe(400);
    expect(re.body.code).toBe('AccountBlocked');
    const restore = await t.request('POST', '/api/v1/password/restore', {
      body: { email, attempt_id: inv.attemptId, code: inv.code, password: 'blocked-pass-1', password_confirmation: 'blocked-pass-1' },
    });
    expect(restore.status).toBe(403);
  });

  test('an admin cannot block or demote themselves (422 last_admin)', async () => {
    for (const body of [{ blocked: true }, { role: 'manager' }, { role: 'warehouse', blocked: true }]) {
      const r = await t.request('PUT', `/api/v1/admin/staff/${opId}`, { token: op, body });
      expect(r.status).toBe(422);
      expect(r.body.code).toBe('SelfChange');
      expect(Object.values(r.body.errors).flat()).toContain('Має лишитися хоча б один активний адміністратор');
    }
    const [me] = await t.database.db.select().from(users).where(eq(users.id, opId));
    expect(me).toMatchObject({ role: 'admin', blocked: false });
    // Their own name is theirs to change.
    expect((await t.request('PUT', `/api/v1/admin/staff/${opId}`, { token: op, body: { name: 'Оператор' } })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/auth/user', { token: op })).status).toBe(200);
  });

  test('e-mail change: unique against anyone; the person signs in with the new address', async () => {
    const a = await invite(t, op, 'manager');
    const b = await invite(t, op, 'accountant');
    const taken = await t.request('PUT', `/api/v1/admin/staff/${a.id}`, { token: op, body: { email: b.email } });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe('EmailTaken');
    const fresh = newEmail('renamed');
    const r = await t.request('PUT', `/api/v1/admin/staff/${a.id}`, { token: op, body: { email: fresh.toUpperCase() } });
    expect(r.status).toBe(200);
    expect(r.body.data.email).toBe(fresh);
    await t.login(fresh, a.password);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'staff.update')));
    expect(entry!.changes).toEqual({ email: [a.email, fresh] });
  });
});

describe('an invited person with a new e-mail', () => {
  test('gets a fresh invitation at the new address, which sets the password', async () => {
    const email = newEmail('accountant');
    const after = t.mails.length;
    const r = await t.request('POST', '/api/v1/admin/staff', { token: op, body: { email, name: 'Оксана Бухгалтер', role: 'accountant' } });
    expect(r.status).toBe(201);
    await t.waitForMail(email, /\d{6}/, after);
    const fresh = newEmail('fixed');
    const mark = t.mails.length;
    expect((await t.request('PUT', `/api/v1/admin/staff/${r.body.data.id}`, { token: op, body: { email: fresh } })).status).toBe(200);
    const { attemptId, code } = invitation(t, await t.waitForMail(fresh, /\d{6}/, mark));
    const password = 'fixed-pass-1';
    const set = await t.request('POST', '/api/v1/password/restore', {
      body: { email: fresh, attempt_id: attemptId, code, password, password_confirmation: password },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.user.role).toBe('accountant');
  });
});

describe('the list', () => {
  test('staff only, newest first or by name; filters by role, blocked and name or e-mail', async () => {
    const tag = `list${Date.now()}`;
    const made: { id: number; name: string }[] = [];
    for (const [name, role] of [
      ['Вера', 'manager'],
      ['Анна', 'warehouse'],
      ['Борис', 'manager'],
    ] as const) {
      const r = await t.request('POST', '/api/v1/admin/staff', {
        token: op,
        body: { email: `${tag}-${made.length}@staff.test`, name: `${name} ${tag}`, role },
      });
      made.push({ id: r.body.data.id, name: r.body.data.name });
    }
    await t.user({ name: `Реселер ${tag}` });
    const ids = async (q: string) => {
      const r = await t.request('GET', `/api/v1/admin/staff?search=${tag}&${q}`, { token: op });
      expect(r.status).toBe(200);
      return r.body.data.map((s: { id: number }) => s.id);
    };
    expect(await ids('')).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    expect(await ids('sort=name')).toEqual([made[1]!.id, made[2]!.id, made[0]!.id]);
    expect(await ids('role=manager')).toEqual([made[2]!.id, made[0]!.id]);
    expect(await ids('blocked=true')).toEqual([]);
    await t.request('PUT', `/api/v1/admin/staff/${made[0]!.id}`, { token: op, body: { blocked: true } });
    expect(await ids('blocked=true')).toEqual([made[0]!.id]);
    expect(await ids('blocked=false&sort=name')).toEqual([made[1]!.id, made[2]!.id]);
    const byEmail = await t.request('GET', `/api/v1/admin/staff?search=${tag}-1@`, { token: op });
    expect(byEmail.body.data.map((s: { id: number }) => s.id)).toEqual([made[1]!.id]);
    const byName = await t.request('GET', `/api/v1/admin/staff?search=${encodeURIComponent('анна ' + tag)}`, { token: op });
    expect(byName.body.data.map((s: { id: number }) => s.id)).toEqual([made[1]!.id]);
    const page = await t.request('GET', `/api/v1/admin/staff?search=${tag}&per_page=2&page=2`, { token: op });
    expect(page.body.meta).toMatchObject({ total: 3, per_page: 2, current_page: 2, last_page: 2 });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0]).toMatchObject({ password_set: false, last_seen_at: null });
    // LIKE wildcards are literal; resellers never show.
    expect((await t.request('GET', '/api/v1/admin/staff?search=%25', { token: op })).body.data).toHaveLength(0);
    const all = await t.request('GET', '/api/v1/admin/staff?per_page=100', { token: op });
    expect(all.body.data.every((s: { role: string }) => s.role !== 'reseller')).toBe(true);
    expect(all.body.data.find((s: { id: number }) => s.id === opId)).toMatchObject({ role: 'admin', password_set: true, last_seen_at: expect.any(String) });
  });
});

describe('attacks', () => {
  test('a double submit of the same create makes one account', async () => {
    const email = newEmail('double');
    const body = { email, name: 'Двічі Натиснутий', role: 'manager' };
    const results = await Promise.all([1, 2, 3].map(() => t.request('POST', '/api/v1/admin/staff', { token: op, body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.code).toBe('EmailTaken');
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, rows[0]!.id), eq(auditLog.action, 'staff.create')));
    expect(audit).toHaveLength(1);
  });

  test('two admins demoting or blocking each other at once: one admin always stays', async () => {
    // A fresh app: its first admin and one invited admin are the only admins.
    const app = await buildTestApp();
    try {
      let first = await app.operator();
      const firstId = (await app.request('GET', '/api/v1/auth/user', { token: first })).body.data.id;
      for (const [a, b] of [
        [{ role: 'manager' }, { role: 'accountant' }],
        [{ blocked: true }, { blocked: true }],
        [{ role: 'warehouse' }, { blocked: true }],
      ] as const) {
        const second = await invite(app, first, 'admin');
        const [r1, r2] = await Promise.all([
          app.request('PUT', `/api/v1/admin/staff/${second.id}`, { token: first, body: a }),
          app.request('PUT', `/api/v1/admin/staff/${firstId}`, { token: second.token, body: b }),
        ]);
        const statuses = [r1.status, r2.status];
        expect(
          statuses.filter((s) => s === 200),
          JSON.stringify([r1.body, r2.body]),
        ).toHaveLength(1);
        expect(statuses.every((s) => s === 200 || s === 403 || s === 401 || s === 422)).toBe(true);
        const admins = await app.database.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.blocked, false)));
        expect(admins).toHaveLength(1);
        // Whoever stayed is the admin; put the first admin back in charge for the next round.
        if (admins[0]!.id !== firstId) {
          await app.database.db.update(users).set({ role: 'admin', blocked: false }).where(eq(users.id, firstId));
          await app.database.db.update(users).set({ role: 'manager' }).where(eq(users.id, second.id));
        } else if (r2.status === 200) throw new Error('the second admin’s change went through but the first admin stayed');
        // The first admin's token was revoked if the block went through: sign in again.
        if ((await app.request('GET', '/api/v1/admin/staff', { token: first })).status !== 200) first = await app.login('admin@test.local', 'admin-password-1');
      }
    } finally {
      await app.close();
    }
  });
});
