import { eq, sql } from 'drizzle-orm';
import { REALTIME_EVENTS, kopToUah, type BalanceEventDto, type OperationType } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { operations, users } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { presentUser } from '../auth/auth.presenter.ts';
import { pushToUser } from '../notifications/notifications.service.ts';

export type OperationRow = typeof operations.$inferSelect;

export interface Posting {
  userId: number;
  type: OperationType;
  /** Kopecks, above 0; the direction comes from the call (credit, debit, hold, release). */
  amountKop: number;
  /** Unique per posting, e.g. `payment:12:credit`: the same key never posts twice. */
  key: string;
  descriptionUk: string;
  descriptionRu: string;
  comment?: string | null;
  operationable?: { type: string; id: number };
  actorId?: number | null;
  /** Only rules that may take the balance below zero say so (e.g. delivery costs of a refused parcel). */
  allowNegative?: boolean;
}

export interface Posted {
  operation: OperationRow;
  /** True when the key had already been posted: nothing changed. */
  duplicate: boolean;
}

/**
 * Tells the owner's open pages that their money changed (`.users.balance_updated`), queued inside
 * the caller's transaction: it leaves after the commit, and never for a rolled-back change. Every
 * posting sends one (post below); a money request that changes without a posting (a top-up asked
 * for or declined, a withdrawal paid) sends its own, naming the request.
 */
export async function announceMoney(
  tx: Db,
  deps: Deps,
  userId: number,
  balanceKop: number | string | bigint,
  about: { operationId?: number | null; type: string | null; id: number | null },
): Promise<void> {
  const payload: BalanceEventDto = {
    balance: kopToUah(Number(balanceKop)),
    operation_id: about.operationId ?? null,
    operationable_type: about.type,
    operationable_id: about.id,
  };
  await pushToUser(tx, deps, userId, REALTIME_EVENTS.balanceUpdated, payload);
}

/**
 * The one way to change a balance (DESIGN.md section 4). Inside the caller's transaction: locks
 * the user's balance row, returns the earlier posting when the key was used, refuses a debit
 * below zero with 400 InsufficientBalance (unless allowed), writes the operation with the
 * resulting balance and the new balance, and queues `.users.updated` and `.users.balance_updated`
 * (naming this posting) for after commit. A repeated key changes nothing and sends nothing.
 */
async function post(tx: Db, deps: Deps, p: Posting, sign: 1 | -1): Promise<Posted> {
  if (!Number.isSafeInteger(p.amountKop) || p.amountKop <= 0) throw new Error(`ledger: amount must be a positive integer of kopecks, got ${p.amountKop}`);
  const [user] = await tx.select().from(users).where(eq(users.id, p.userId)).for('no key update');
  if (!user) throw AppError.notFound();
  const [earlier] = await tx.select().from(operations).where(eq(operations.idempotencyKey, p.key)).limit(1);
  if (earlier) {
    if (earlier.userId !== p.userId) throw new Error(`ledger: key ${p.key} belongs to another user`);
    return { operation: earlier, duplicate: true };
  }
  const amount = sign * p.amountKop;
  const next = Number(user.balanceKop) + amount;
  if (next < 0 && !p.allowNegative) throw AppError.business('InsufficientBalance', 'insufficient_balance');
  const [operation] = await tx
    .insert(operations)
    .values({
      userId: p.userId,
      type: p.type,
      amountKop: amount,
      balanceKop: next,
      comment: p.comment ?? null,
      descriptionUk: p.descriptionUk,
      descriptionRu: p.descriptionRu,
      operationableType: p.operationable?.type ?? null,
      operationableId: p.operationable?.id ?? null,
      idempotencyKey: p.key,
      actorId: p.actorId ?? null,
    })
    .returning();
  const [updated] = await tx
    .update(users)
    .set({ balanceKop: sql`${users.balanceKop} + ${amount}` })
    .where(eq(users.id, p.userId))
    .returning();
  await pushToUser(tx, deps, p.userId, REALTIME_EVENTS.updated, { user: presentUser(updated!) });
  await announceMoney(tx, deps, p.userId, updated!.balanceKop, {
    operationId: operation!.id,
    type: p.operationable?.type ?? null,
    id: p.operationable?.id ?? null,
  });
  return { operation: operation!, duplicate: false };
}

export const ledger = {
  credit: (tx: Db, deps: Deps, p: Posting) => post(tx, deps, p, 1),
  debit: (tx: Db, deps: Deps, p: Posting) => post(tx, deps, p, -1),
  /** Takes an amount aside (a withdrawal at request): a debit that is released if it does not go through. */
  hold: (tx: Db, deps: Deps, p: Posting) => post(tx, deps, p, -1),
  /** Gives a hold back: a credit naming what it releases. */
  release: (tx: Db, deps: Deps, p: Posting) => post(tx, deps, p, 1),
};
