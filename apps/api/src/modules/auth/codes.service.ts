import { randomUUID } from 'node:crypto';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import type { authCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/ctx.ts';
import { hashCode, newCode, safeEqual } from '../../lib/security.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { codeMail, type CodePurpose } from '../../mail/templates.ts';
import { authRepo } from './auth.repository.ts';

export type CodeRow = typeof authCodes.$inferSelect;

/** Who asks for a code: the device fingerprint when the client sent one, else the address. */
export const deviceKeyOf = (ctx: Ctx, deviceToken?: string) => (deviceToken ? `dev:${deviceToken}` : `ip:${ctx.ip}`);

export interface IssueOptions {
  /**
   * Who asked (deviceKeyOf). The resend throttle counts per address, purpose and device, and a new
   * code replaces only that device's previous one. Without it, one code per address and purpose
   * (the withdrawal code of a signed-in user).
   */
  deviceKey?: string;
  /** What the attempt carries until it is confirmed (a registration's name, phone, password hash). */
  payload?: unknown;
  /**
   * false: the attempt is recorded but nothing is mailed (forgot-password of an unknown address).
   * The same mail job is still queued, marked `discard` (the worker drops it unsent), so the
   * answer costs the same work, and takes the same time, as for a known address.
   */
  mail?: boolean;
  /** How long the code lives (default CODE_TTL_MINUTES; a staff invitation: INVITE_TTL_HOURS). */
  ttlMinutes?: number;
  /** The mail to send instead of the plain code mail (a staff invitation carries a link with the attempt and code). */
  compose?: (code: string, attemptId: string) => MailMessage;
}

/**
 * One-time 6-digit codes (DESIGN.md sections 4 and 8): hashed, 10 minutes (unless `ttlMinutes`), single use, 5 wrong
 * tries burn the code. Each code belongs to an attempt (its id goes back to the client that asked,
 * which sends it with the code); issuing one never touches another device's attempt. One new code
 * a minute per address, purpose and device, and only while that device's previous code is unused
 * and live. The mail is enqueued in the caller's transaction and sent after commit.
 * Answers the attempt id.
 */
export async function issueCode(
  ctx: Ctx,
  tx: Db,
  to: { email: string; name: string; lang: 'uk' | 'ru' },
  purpose: CodePurpose,
  opts: IssueOptions = {},
): Promise<string> {
  const deviceKey = opts.deviceKey ?? 'account';
  const last = await authRepo.lastLiveCodeOfDevice(tx, to.email, purpose, deviceKey);
  if (last) {
    const age = (Date.now() - last.createdAt.getTime()) / 1000;
    if (age < CODE_RESEND_SECONDS) throw AppError.tooMany(CODE_RESEND_SECONDS - age, 'code_recently_sent');
  }
  const code = newCode();
  const attemptId = randomUUID();
  await authRepo.insertCode(tx, {
    email: to.email,
    purpose,
    codeHash: hashCode(to.email, code),
    expiresAt: new Date(Date.now() + (opts.ttlMinutes ?? CODE_TTL_MINUTES) * 60_000),
    attemptId,
    deviceKey,
    payload: opts.payload,
  });
  const mail = opts.compose ? opts.compose(code, attemptId) : codeMail(to.email, to.name, purpose, code, to.lang);
  await ctx.deps.queue.enqueue(tx, 'send-mail', opts.mail === false ? { ...mail, discard: true } : mail);
  return attemptId;
}

/**
 * Checks a code against its attempt (`attemptId`; without one, the newest live code of the address
 * and purpose: the withdrawal code of a signed-in user). A wrong code counts an attempt of that
 * code only (committed even though the call fails); the fifth wrong one burns it and answers 429.
 * Guesses sent with an address but another attempt id touch nothing; the per-IP brake bounds them.
 * Answers the code row (with its payload).
 */
export async function consumeCode(ctx: Ctx, email: string, purpose: CodePurpose, code: string, attemptId?: string): Promise<CodeRow> {
  const { limits } = ctx.deps.config;
  const perIp = await ctx.deps.limiter.hit(`code-ip:${ctx.ip}`, limits.codePerIp, limits.windowSeconds);
  if (!perIp.allowed) throw AppError.tooMany(perIp.retryAfter);

  const outcome = await ctx.db.transaction(async (tx) => {
    const live = await authRepo.liveCodeForUpdate(tx, email, purpose, attemptId);
    if (!live) return { kind: 'bad' as const };
    if (safeEqual(live.codeHash, hashCode(email, code))) {
      // A used attempt keeps no payload (a registration's password hash goes to the user row).
      await authRepo.markCode(tx, live.id, { usedAt: new Date(), payload: null });
      return { kind: 'ok' as const, row: live as CodeRow };
    }
    const attempts = live.attempts + 1;
    const burned = attempts >= CODE_MAX_ATTEMPTS;
    await authRepo.markCode(tx, live.id, burned ? { attempts, usedAt: new Date(), payload: null } : { attempts });
    return { kind: burned ? ('burned' as const) : ('bad' as const) };
  });
  if (outcome.kind === 'burned') throw AppError.tooMany(60);
  if (outcome.kind !== 'ok') throw AppError.field('code', 'bad_code', 'BadCode');
  return outcome.row;
}
