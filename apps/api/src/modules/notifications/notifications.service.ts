import { REALTIME_EVENTS, type Locale, type NotificationDto, type NotificationKind, type RealtimeEvent } from '@drop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { notificationMail } from '../../mail/templates.ts';
import { NOTIFICATION_KIND_SPECS } from './notification-kinds.ts';
import { presentNotification } from './notifications.presenter.ts';
import { notificationsRepo } from './notifications.repository.ts';

export interface Recipient {
  id: number;
  email: string;
  name: string;
  lang: Locale;
}

/**
 * Queues a realtime event for a user's private channel inside `tx`: it is pushed after the
 * transaction commits (and never if it rolls back), from whichever process runs the job.
 */
export async function pushToUser(tx: Db, deps: Deps, userId: number, event: RealtimeEvent, payload: unknown): Promise<void> {
  await deps.queue.enqueue(tx, 'realtime', { userId, event, payload });
}

/**
 * The one way to notify a user: stores the notification (title and message in the user's
 * language), mails it when its kind asks for mail, and pushes `.users.new_notification` with the
 * new unread count. Call it inside the transaction that causes it: mail and push leave only if
 * that commits.
 */
export async function notify(
  tx: Db,
  deps: Deps,
  user: Recipient,
  kind: NotificationKind,
  params: Record<string, string | number | null> = {},
): Promise<NotificationDto> {
  const spec = NOTIFICATION_KIND_SPECS[kind];
  const locale: Locale = user.lang === 'ru' ? 'ru' : 'uk';
  const title = spec.title(params)[locale];
  const message = spec.message(params)[locale];
  const row = await notificationsRepo.insert(tx, { userId: user.id, kind, title, message, data: params });
  if (spec.mail) {
    const link = spec.link ? new URL(spec.link(params), deps.config.publicUrl).toString() : undefined;
    await deps.queue.enqueue(tx, 'send-mail', notificationMail(user.email, user.name, title, message, locale, link));
  }
  const notification = presentNotification(row);
  const count = await notificationsRepo.unreadCount(tx, user.id);
  await pushToUser(tx, deps, user.id, REALTIME_EVENTS.newNotification, { notification, count });
  return notification;
}

// ---------- the user's list ----------

export async function listNotifications(ctx: AuthedCtx, limit: number) {
  const [rows, count] = await Promise.all([notificationsRepo.latest(ctx.db, ctx.user.id, limit), notificationsRepo.unreadCount(ctx.db, ctx.user.id)]);
  return { data: rows.map(presentNotification), count };
}

/** Opening a notification reads it: it is removed. Another user's id is a 404. */
export async function removeNotification(ctx: AuthedCtx, id: number) {
  if ((await notificationsRepo.deleteOwned(ctx.db, ctx.user.id, id)) === 0) throw AppError.notFound();
  return { count: await notificationsRepo.unreadCount(ctx.db, ctx.user.id) };
}

export async function removeAllNotifications(ctx: AuthedCtx) {
  await notificationsRepo.deleteAll(ctx.db, ctx.user.id);
  return { count: 0 };
}

// ---------- back in stock ----------

const RESTOCK_BATCH = 100;

/**
 * Turns recorded restocks (migration 0006's trigger) into one notification per subscriber of
 * the product's code and ends those subscriptions, all in one transaction: a crash leaves the
 * events for the next run, a second worker skips rows already taken. Returns the events handled.
 */
export async function processRestocks(deps: Deps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const events = await notificationsRepo.claimRestocks(tx, RESTOCK_BATCH);
    if (events.length === 0) return 0;
    const found = await notificationsRepo.productsByIds(tx, [...new Set(events.map((e) => e.productId))]);
    // A code is announced with a product of it that is still in stock when the event is handled.
    const byCode = new Map<number, (typeof found)[number]>();
    for (const p of found) if (p.qty > 0 && !byCode.has(p.codeId)) byCode.set(p.codeId, p);
    const subscribers = await notificationsRepo.takeSubscribers(tx, [...byCode.keys()]);
    for (const { user, codeId } of subscribers) {
      if (user.blocked) continue;
      const p = byCode.get(codeId)!;
      await notify(tx, deps, user, 'back_in_stock', { product_id: p.id, code_id: codeId, code: p.b2bCodeId, name_uk: p.nameUk, name_ru: p.nameRu });
    }
    return events.length;
  });
}

/** Runs processRestocks every `intervalMs` (and again at once while batches come back full). */
export function startRestockWatcher(deps: Deps, log: FastifyBaseLogger, intervalMs: number): () => Promise<void> {
  return repeatEvery(intervalMs, async () => (await processRestocks(deps)) === RESTOCK_BATCH, log, 'back-in-stock notifications');
}
