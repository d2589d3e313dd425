import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/ctx.ts';
import { hashCode, newCode, safeEqual } from '../../lib/security.ts';
import { codeMail, type CodePurpose } from '../../mail/templates.ts';
import { authRepo } from './auth.repository.ts';

/**
 * One-time 6-digit codes (DESIGN.md section 4): hashed, 10 minutes, single use, 5 wrong tries
 * burn the code, at most one new code a minute per address and purpose. The mail is enqueued
 * in the caller's transaction and sent after commit.
 */
export async function issueCode(ctx: Ctx, tx: Db, to: { email: string; name: string; lang: 'uk' | 'ru' }, purpose: CodePurpose) {
  const last = await authRepo.lastCode(tx, to.email, purpose);
  if (last) {
    const age = (Date.now() - last.createdAt.getTime()) / 1000;
    if (age < CODE_RESEND_SECONDS) throw AppError.tooMany(CODE_RESEND_SECONDS - age, 'code_recently_sent');
  }
  const code = newCode();
  await authRepo.insertCode(tx, to.email, purpose, hashCode(to.email, code), new Date(Date.now() + CODE_TTL_MINUTES * 60_000));
  await ctx.deps.queue.enqueue(tx, 'send-mail', codeMail(to.email, to.name, purpose, code, to.lang));
}

/**
 * Checks a code. A wrong code counts an attempt (committed even though the call fails);
 * the fifth wrong one burns the code and answers 429.
 */
export async function consumeCode(ctx: Ctx, email: string, purpose: CodePurpose, code: string): Promise<void> {
  const { limits } = ctx.deps.config;
  const perEmail = await ctx.deps.limiter.hit(`code:${purpose}:${email}`, limits.codePerEmail, limits.windowSeconds);
  const perIp = await ctx.deps.limiter.hit(`code-ip:${ctx.ip}`, limits.codePerIp, limits.windowSeconds);
  if (!perEmail.allowed || !perIp.allowed) throw AppError.tooMany(Math.max(perEmail.retryAfter, perIp.retryAfter));

  const outcome = await ctx.db.transaction(async (tx) => {
    const live = await authRepo.liveCodeForUpdate(tx, email, purpose);
    if (!live) return 'bad' as const;
    if (safeEqual(live.codeHash, hashCode(email, code))) {
      await authRepo.markCode(tx, live.id, { usedAt: new Date() });
      return 'ok' as const;
    }
    const attempts = live.attempts + 1;
    const burned = attempts >= CODE_MAX_ATTEMPTS;
    await authRepo.markCode(tx, live.id, burned ? { attempts, usedAt: new Date() } : { attempts });
    return burned ? ('burned' as const) : ('bad' as const);
  });
  if (outcome === 'burned') throw AppError.tooMany(60);
  if (outcome === 'bad') throw AppError.field('code', 'bad_code', 'BadCode');
}
