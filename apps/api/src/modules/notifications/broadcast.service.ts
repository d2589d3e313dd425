import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { BroadcastInput } from '@drop/shared';
import { users } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { notificationMail } from '../../mail/templates.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notify } from './notifications.service.ts';

/** Recipients are notified in batches, each batch in its own transaction (a broadcast to every reseller stays bounded). */
const BATCH = 250;

/**
 * A notification from the supplier to every active reseller, or to the chosen users: each gets
 * it in their language (live, in the bell) and, when asked, by e-mail. The broadcast itself is
 * written to the audit log with its text and the number of recipients.
 */
export async function broadcast(ctx: AuthedCtx, input: BroadcastInput): Promise<{ recipients: number }> {
  const params = { title_uk: input.title_uk, title_ru: input.title_ru, message_uk: input.message_uk, message_ru: input.message_ru };
  const chosen = input.user_ids ? [...new Set(input.user_ids)] : null;
  let recipients = 0;
  let after = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ id: users.id, email: users.email, name: users.name, lang: users.lang })
      .from(users)
      .where(and(gt(users.id, after), eq(users.blocked, false), chosen ? inArray(users.id, chosen) : eq(users.role, 'reseller')))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (!batch.length) break;
    await ctx.db.transaction(async (tx) => {
      for (const u of batch) {
        const n = await notify(tx, ctx.deps, u, 'broadcast', params);
        if (input.mail)
          await ctx.deps.queue.enqueue(tx, 'send-mail', notificationMail(u.email, u.name, n.data.title as string, n.data.message as string, u.lang));
      }
    });
    recipients += batch.length;
    after = batch.at(-1)!.id;
  }
  if (recipients === 0) throw AppError.business('NoRecipients', 'no_recipients', 422);
  await writeAudit(ctx.db, {
    actorId: ctx.user.id,
    action: 'broadcast',
    entity: 'notification',
    entityId: null,
    changes: { ...params, mail: Boolean(input.mail), user_ids: chosen, recipients },
  });
  return { recipients };
}
