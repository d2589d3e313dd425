import {
  isStaffRole,
  REALTIME_EVENTS,
  type ConfirmInput,
  type ForgotInput,
  type LoginInput,
  type ProfileInput,
  type RegisterInput,
  type RestoreInput,
} from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthedCtx, Ctx, UserRow } from '../../lib/ctx.ts';
import { hashPassword, newToken, verifyPassword } from '../../lib/security.ts';
import { deviceName } from '../../lib/user-agent.ts';
import { pushToUser } from '../notifications/notifications.service.ts';
import { presentUser } from './auth.presenter.ts';
import { authRepo } from './auth.repository.ts';
import { consumeCode, deviceKeyOf, issueCode } from './codes.service.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

// Verifying against a fixed hash keeps the timing of unknown e-mails close to known ones.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-0000'));

async function limit(ctx: Ctx, key: string, max: number) {
  const r = await ctx.deps.limiter.hit(key, max, ctx.deps.config.limits.windowSeconds);
  if (!r.allowed) throw AppError.tooMany(r.retryAfter);
}

/** Signs a user in on this device: device row (by fingerprint) and a new token bound to it. */
async function signIn(ctx: Ctx, tx: Db, user: UserRow, deviceToken: string | undefined) {
  const device = await authRepo.upsertDevice(tx, {
    userId: user.id,
    deviceToken: deviceToken || `anon-${newToken().hash.slice(0, 16)}`,
    name: deviceName(ctx.userAgent),
    userAgent: ctx.userAgent?.slice(0, 500),
    ipAddress: ctx.ip,
  });
  const { token, hash } = newToken();
  await authRepo.insertToken(tx, { userId: user.id, deviceId: device.id, tokenHash: hash });
  return { token, user };
}

/** What a registration attempt carries until its code confirms it (auth_codes.payload). */
interface RegistrationPayload {
  name: string;
  phone: string;
  city: string | null;
  passwordHash: string;
  lang: 'uk' | 'ru';
}

const emailTaken = () => AppError.field('email', 'email_taken', 'EmailTaken');

/**
 * A registration attempt: nothing is written to `users` until its code confirms it; the attempt
 * (name, phone, city, password hash, language) waits in its own code row. Another attempt for the
 * same e-mail never changes this one.
 */
export async function register(ctx: Ctx, input: RegisterInput) {
  await limit(ctx, `register-ip:${ctx.ip}`, ctx.deps.config.limits.loginPerIp);
  const existing = await authRepo.findUserByEmail(ctx.db, input.email);
  if (existing?.emailVerifiedAt) throw emailTaken();
  const payload: RegistrationPayload = {
    name: input.name,
    phone: input.phone,
    city: input.city || null,
    passwordHash: await hashPassword(input.password),
    lang: ctx.locale,
  };
  const attemptId = await ctx.db.transaction((tx) =>
    issueCode(ctx, tx, { email: input.email, name: input.name, lang: ctx.locale }, 'register', { deviceKey: deviceKeyOf(ctx, input.device_token), payload }),
  );
  return { email: input.email, attempt_id: attemptId };
}

/**
 * Confirms a registration attempt with its own code: creates the user from the attempt (or, for a
 * legacy unconfirmed row, sets its data from the attempt) and signs in. An e-mail confirmed
 * meanwhile (another attempt, a race) is a 422 on email.
 */
export async function confirmRegistration(ctx: Ctx, input: ConfirmInput) {
  const attempt = await consumeCode(ctx, input.email, 'register', input.code, input.attempt_id);
  const p = attempt.payload as RegistrationPayload | null;
  if (!p) throw AppError.field('code', 'bad_code', 'BadCode');
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = await authRepo.findUserByEmail(tx, input.email);
      if (existing?.emailVerifiedAt) throw emailTaken();
      const values = { name: p.name, phone: p.phone, city: p.city, passwordHash: p.passwordHash, lang: p.lang, emailVerifiedAt: new Date() };
      const user = existing ? await authRepo.updateUser(tx, existing.id, values) : await authRepo.insertUser(tx, { ...values, email: input.email });
      return signIn(ctx, tx, user, input.device_token);
    });
  } catch (e) {
    if (isUniqueViolation(e, 'users_email_uq')) throw emailTaken();
    throw e;
  }
}

/**
 * Password sign-in. The per-e-mail limit has a bucket of its own for each device that signed in
 * to this account before (its device_token): an attacker who knows only the e-mail uses up the
 * shared bucket of unknown devices, never the owner's. The per-IP brake stays.
 */
export async function login(ctx: Ctx, input: LoginInput) {
  const { limits } = ctx.deps.config;
  await limit(ctx, `login-ip:${ctx.ip}`, limits.loginPerIp);
  const user = await authRepo.findUserByEmail(ctx.db, input.email);
  const known = input.device_token ? await authRepo.findDevice(ctx.db, user?.id ?? 0, input.device_token) : undefined;
  await limit(ctx, known ? `login:${input.email}:dev:${input.device_token}` : `login:${input.email}`, limits.loginPerEmail);
  // An invited person who has not set a password yet (empty hash) is checked against the dummy and refused.
  const ok = (await verifyPassword(user?.passwordHash || (await getDummyHash()), input.password)) && Boolean(user?.passwordHash);
  if (!user || !ok) throw AppError.field('email', 'bad_credentials', 'BadCredentials');
  if (user.blocked) throw AppError.business('AccountBlocked', 'account_blocked', 403);
  // A legacy row registered before attempts existed: registering again confirms it.
  if (!user.emailVerifiedAt) throw AppError.field('email', 'not_confirmed', 'NotConfirmed');
  // Staff sign in with a mailed code always (DESIGN.md section 8).
  if (user.login2fa || isStaffRole(user.role)) {
    const attemptId = await ctx.db.transaction((tx) => issueCode(ctx, tx, user, 'login', { deviceKey: deviceKeyOf(ctx, input.device_token) }));
    return { enabled_2fa: true as const, attempt_id: attemptId };
  }
  const signed = await ctx.db.transaction((tx) => signIn(ctx, tx, user, input.device_token));
  return { enabled_2fa: false as const, ...signed };
}

export async function confirmLogin(ctx: Ctx, input: ConfirmInput) {
  await consumeCode(ctx, input.email, 'login', input.code, input.attempt_id);
  const user = await authRepo.findUserByEmail(ctx.db, input.email);
  if (!user) throw AppError.field('code', 'bad_code', 'BadCode');
  if (user.blocked) throw AppError.business('AccountBlocked', 'account_blocked', 403);
  return ctx.db.transaction((tx) => signIn(ctx, tx, user, input.device_token));
}

/**
 * Forgot-password answers the same for every address (status, body, timing): an attempt row is
 * written either way, and only a known, unblocked address gets the mail. The device key is the
 * device_token of a device that signed in to this account before, else the address: a stranger
 * asking never throttles the owner's own device, and made-up tokens share the address's key.
 */
export async function forgotPassword(ctx: Ctx, input: ForgotInput) {
  await limit(ctx, `forgot-ip:${ctx.ip}`, ctx.deps.config.limits.loginPerIp);
  const user = await authRepo.findUserByEmail(ctx.db, input.email);
  const known = input.device_token ? await authRepo.findDevice(ctx.db, user?.id ?? 0, input.device_token) : undefined;
  const deviceKey = known ? deviceKeyOf(ctx, input.device_token) : deviceKeyOf(ctx);
  const mail = Boolean(user && !user.blocked);
  const attemptId = await ctx.db.transaction((tx) =>
    issueCode(ctx, tx, { email: input.email, name: user?.name ?? '', lang: user?.lang ?? ctx.locale }, 'restore', { deviceKey, mail }),
  );
  return { sent: true, attempt_id: attemptId };
}

export async function restorePassword(ctx: Ctx, input: RestoreInput) {
  await consumeCode(ctx, input.email, 'restore', input.code, input.attempt_id);
  const user = await authRepo.findUserByEmail(ctx.db, input.email);
  if (!user) throw AppError.field('code', 'bad_code', 'BadCode');
  if (user.blocked) throw AppError.business('AccountBlocked', 'account_blocked', 403);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    // A new password signs every other session out, and ends every other reset code (an invitation's too).
    await authRepo.deleteTokensOfUser(tx, user.id);
    await authRepo.burnCodes(tx, user.email, 'restore');
    const updated = await authRepo.updateUser(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
    return signIn(ctx, tx, updated, input.device_token);
  });
}

/** Mails a step-up code to the signed-in user (to turn login_2fa or withdraw_2fa off). */
export async function stepUp(ctx: AuthedCtx) {
  const attemptId = await ctx.db.transaction((tx) => issueCode(ctx, tx, ctx.user, 'stepup', { deviceKey: `session:${ctx.deviceId}` }));
  return { attempt_id: attemptId };
}

export async function logout(ctx: AuthedCtx) {
  await authRepo.deleteToken(ctx.db, ctx.tokenId);
}

export async function updateProfile(ctx: AuthedCtx, input: ProfileInput) {
  const values: Parameters<typeof authRepo.updateUser>[2] = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.phone !== undefined) values.phone = input.phone;
  if (input.city !== undefined) values.city = input.city || null;
  if (input.lang !== undefined) values.lang = input.lang;
  if (input.markup !== undefined) values.markup = input.markup;
  if (input.is_drop_markup !== undefined) values.isDropMarkup = input.is_drop_markup;
  if (input.auto_confirm_orders !== undefined) values.autoConfirmOrders = input.auto_confirm_orders;
  // Staff always sign in with a code: the switch is not theirs to turn off.
  if (input.login_2fa === false && isStaffRole(ctx.user.role)) throw AppError.field('login_2fa', 'staff_2fa_required', 'Staff2faRequired');
  if (input.login_2fa !== undefined) values.login2fa = input.login_2fa;
  if (input.withdraw_2fa !== undefined) values.withdraw2fa = input.withdraw_2fa;
  const changingPassword = input.password !== undefined;
  // Turning a second factor off is a step-up: the current password or a mailed step-up code.
  const turningOff = (input.login_2fa === false && ctx.user.login2fa) || (input.withdraw_2fa === false && ctx.user.withdraw2fa);
  const byCode = turningOff && !changingPassword && input.old_password === undefined;
  if (byCode) {
    if (!input.attempt_id || !input.code) throw AppError.field('old_password', 'step_up_required', 'StepUpRequired');
    await consumeCode(ctx, ctx.user.email, 'stepup', input.code, input.attempt_id);
  }
  if (changingPassword || (turningOff && !byCode)) {
    const { limits } = ctx.deps.config;
    await limit(ctx, `password:${ctx.user.id}`, limits.loginPerEmail);
    if (!(await verifyPassword(ctx.user.passwordHash, input.old_password ?? ''))) {
      throw AppError.field('old_password', 'bad_old_password', 'BadOldPassword');
    }
    if (changingPassword) values.passwordHash = await hashPassword(input.password!);
  }
  return ctx.db.transaction(async (tx) => {
    // Changing the password signs the other devices out.
    if (changingPassword) await authRepo.deleteTokensOfUser(tx, ctx.user.id, ctx.deviceId);
    if (Object.keys(values).length === 0) return ctx.user;
    const updated = await authRepo.updateUser(tx, ctx.user.id, values);
    // The user's other open pages refresh the profile (markup, language, switches).
    await pushToUser(tx, ctx.deps, ctx.user.id, REALTIME_EVENTS.updated, { user: presentUser(updated) });
    return updated;
  });
}
