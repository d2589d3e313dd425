import { REALTIME_EVENTS, type ConfirmInput, type ForgotInput, type LoginInput, type ProfileInput, type RegisterInput, type RestoreInput } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthedCtx, Ctx, UserRow } from '../../lib/ctx.ts';
import { hashPassword, newToken, verifyPassword } from '../../lib/security.ts';
import { deviceName } from '../../lib/user-agent.ts';
import { pushToUser } from '../notifications/notifications.service.ts';
import { presentUser } from './auth.presenter.ts';
import { authRepo } from './auth.repository.ts';
import { consumeCode, issueCode } from './codes.service.ts';

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

export async function register(ctx: Ctx, input: RegisterInput) {
  await limit(ctx, `register-ip:${ctx.ip}`, ctx.deps.config.limits.loginPerIp);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const existing = await authRepo.findUserByEmail(tx, input.email);
    if (existing?.emailVerifiedAt) throw AppError.field('email', 'email_taken', 'EmailTaken');
    const values = { name: input.name, phone: input.phone, city: input.city ?? null, passwordHash, lang: ctx.locale };
    const user = existing ? await authRepo.updateUser(tx, existing.id, values) : await authRepo.insertUser(tx, { ...values, email: input.email });
    await issueCode(ctx, tx, user, 'register');
    return { email: user.email };
  });
}

export async function confirmRegistration(ctx: Ctx, input: ConfirmInput) {
  const user = await authRepo.findUserByEmail(ctx.db, input.email);
  if (!user) throw AppError.field('code', 'bad_code', 'BadCode');
  await consumeCode(ctx, input.email, 'register', input.code);
  return ctx.db.transaction(async (tx) => {
    const confirmed = user.emailVerifiedAt ? user : await authRepo.updateUser(tx, user.id, { emailVerifiedAt: new Date() });
    return signIn(ctx, tx, confirmed, input.device_token);
  });
}

export async function login(ctx: Ctx, input: LoginInput) {
  const { limits } = ctx.deps.config;
  await limit(ctx, `login-ip:${ctx.ip}`, limits.loginPerIp);
  await limit(ctx, `login:${input.email}`, limits.loginPerEmail);
  const user = await authRepo.findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !ok) throw AppError.field('email', 'bad_credentials', 'BadCredentials');
  if (user.blocked) throw AppError.business('AccountBlocked', 'account_blocked', 403);
  if (!user.emailVerifiedAt) {
    await ctx.db.transaction((tx) => issueCode(ctx, tx, user, 'register')).catch((e: unknown) => {
      if (!(e instanceof AppError && e.status === 429)) throw e; // a code was sent a moment ago
    });
    throw AppError.field('email', 'not_confirmed', 'NotConfirmed');
  }
  if (user.login2fa) {
    await ctx.db.transaction((tx) => issueCode(ctx, tx, user, 'login'));
    return { enabled_2fa: true as const };
  }
  const signed = await ctx.db.transaction((tx) => signIn(ctx, tx, user, input.device_token));
  return { enabled_2fa: false as const, ...signed };
}

export async function confirmLogin(ctx: Ctx, input: ConfirmInput) {
  const user = await authRepo.findUserByEmail(ctx.db, input.email);
  if (!user) throw AppError.field('code', 'bad_code', 'BadCode');
  await consumeCode(ctx, input.email, 'login', input.code);
  if (user.blocked) throw AppError.business('AccountBlocked', 'account_blocked', 403);
  return ctx.db.transaction((tx) => signIn(ctx, tx, user, input.device_token));
}

export async function forgotPassword(ctx: Ctx, input: ForgotInput) {
  await limit(ctx, `forgot-ip:${ctx.ip}`, ctx.deps.config.limits.loginPerIp);
  const user = await authRepo.findUserByEmail(ctx.db, input.email);
  if (!user) throw AppError.field('email', 'user_not_found', 'UserNotFound');
  if (user.blocked) throw AppError.business('AccountBlocked', 'account_blocked', 403);
  await ctx.db.transaction((tx) => issueCode(ctx, tx, user, 'restore'));
  return { sent: true };
}

export async function restorePassword(ctx: Ctx, input: RestoreInput) {
  const user = await authRepo.findUserByEmail(ctx.db, input.email);
  if (!user) throw AppError.field('code', 'bad_code', 'BadCode');
  await consumeCode(ctx, input.email, 'restore', input.code);
  if (user.blocked) throw AppError.business('AccountBlocked', 'account_blocked', 403);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    // A new password signs every other session out.
    await authRepo.deleteTokensOfUser(tx, user.id);
    const updated = await authRepo.updateUser(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
    return signIn(ctx, tx, updated, input.device_token);
  });
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
  if (input.login_2fa !== undefined) values.login2fa = input.login_2fa;
  if (input.withdraw_2fa !== undefined) values.withdraw2fa = input.withdraw_2fa;
  const changingPassword = input.password !== undefined;
  if (changingPassword) {
    const { limits } = ctx.deps.config;
    await limit(ctx, `password:${ctx.user.id}`, limits.loginPerEmail);
    if (!(await verifyPassword(ctx.user.passwordHash, input.old_password ?? ''))) {
      throw AppError.field('old_password', 'bad_old_password', 'BadOldPassword');
    }
    values.passwordHash = await hashPassword(input.password!);
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
