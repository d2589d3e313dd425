import path from 'node:path';
import {
  mayAccess,
  RECEIPT_MAX_BYTES,
  RECEIPT_MIME_TYPES,
  TOP_UP_TRANSITIONS,
  WITHDRAW_TRANSITIONS,
  cardDigits,
  kopToUah,
  maskCard,
  uahToKop,
  type AdminOperationDto,
  type AdminOperationsQuery,
  type AdminPaymentsQuery,
  type AdminWithdrawsQuery,
  type OperationsQuery,
  type PaymentDecisionInput,
  type PaymentInput,
  type StatisticsSeriesDto,
  type WithdrawInput,
} from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { storeChecked, type UploadedFile } from '../../lib/uploads.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeCode, issueCode } from '../auth/codes.service.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notify } from '../notifications/notifications.service.ts';
import { announceMoney, ledger } from './ledger.ts';
import { adminOperationFilter, adminPaymentFilter, adminWithdrawFilter, financeRepo } from './finance.repository.ts';
import { presentDocument, presentOperation, presentPayment, presentWithdraw } from './finance.presenter.ts';

// ---------- operations and statistics ----------

const filterOf = (q: OperationsQuery) => ({ type: q.type, dateFrom: q.date_from, dateTo: q.date_to });

export async function listOperations(ctx: AuthedCtx, q: OperationsQuery) {
  const { rows, total } = await financeRepo.operationsPage(ctx.db, ctx.user.id, filterOf(q), q.page, q.per_page);
  return { data: rows.map((r) => presentOperation(r.op, ctx.locale)), total };
}

/** A page of operations grouped by Kyiv day, each day with its whole-day total. */
export async function groupedOperations(ctx: AuthedCtx, q: OperationsQuery) {
  const { rows, total } = await financeRepo.operationsPage(ctx.db, ctx.user.id, filterOf(q), q.page, q.per_page);
  const days = [...new Set(rows.map((r) => r.day))];
  const totals = await financeRepo.dayTotals(ctx.db, ctx.user.id, filterOf(q), days);
  const data = days.map((day) => ({
    date: day,
    total: kopToUah(totals.get(day) ?? 0),
    operations: rows.filter((r) => r.day === day).map((r) => presentOperation(r.op, ctx.locale)),
  }));
  return { data, total };
}

export const STATISTICS_DAYS = 7;

/** Balance at the end of each of the last 7 days; the maximum and the day it was reached. */
export async function operationStatistics(ctx: AuthedCtx): Promise<StatisticsSeriesDto> {
  const series = await financeRepo.balanceByDay(ctx.db, ctx.user.id, STATISTICS_DAYS);
  const labels = series.map((s) => `${s.day.slice(8, 10)}.${s.day.slice(5, 7)}`);
  const values = series.map((s) => kopToUah(s.balanceKop));
  let maxIdx = -1;
  values.forEach((v, i) => {
    if (maxIdx === -1 || v > values[maxIdx]!) maxIdx = i;
  });
  const max = maxIdx === -1 ? 0 : values[maxIdx]!;
  return { labels, values, max, at: max > 0 ? labels[maxIdx]! : null };
}

// ---------- receipts and top-ups ----------

export type { UploadedFile };

/** Stores a receipt after checking what it really is (not its name or declared type). */
export async function uploadDocument(ctx: AuthedCtx, file: UploadedFile | undefined) {
  const stored = await storeChecked(ctx.deps.config.dataDir, path.join('uploads', 'payment-documents', String(ctx.user.id)), file, {
    maxBytes: RECEIPT_MAX_BYTES,
    mimes: RECEIPT_MIME_TYPES,
    wrongType: 'not_a_receipt',
    fallbackName: 'receipt',
  });
  try {
    return presentDocument(
      await financeRepo.insertDocument(ctx.db, { userId: ctx.user.id, name: stored.name, mime: stored.mime, size: stored.size, path: stored.path }),
    );
  } catch (err) {
    await stored.remove();
    throw err;
  }
}

/** The receipt's file, for its owner or staff of the money queues; anyone else gets a 404. */
export async function documentFile(ctx: AuthedCtx, id: number) {
  const doc = await financeRepo.documentById(ctx.db, id);
  const staff = mayAccess(ctx.user.role, 'money');
  if (!doc || (doc.userId !== ctx.user.id && !staff)) throw AppError.notFound();
  return { doc, abs: path.join(ctx.deps.config.dataDir, doc.path) };
}

export async function createPayment(ctx: AuthedCtx, input: PaymentInput) {
  return ctx.db.transaction(async (tx) => {
    const doc = await financeRepo.documentById(tx, input.payment_document_id);
    if (!doc || doc.userId !== ctx.user.id) throw AppError.field('payment_document_id', 'document_not_found');
    if (await financeRepo.paymentOfDocument(tx, doc.id)) throw AppError.field('payment_document_id', 'document_used');
    const payment = await financeRepo.insertPayment(tx, {
      userId: ctx.user.id,
      amountKop: uahToKop(input.amount),
      paymentDocumentId: doc.id,
      comment: input.comment || null,
    });
    // The user's other open pages list the new request too.
    const who = await financeRepo.recipient(tx, ctx.user.id);
    await announceMoney(tx, ctx.deps, ctx.user.id, who?.balanceKop ?? ctx.user.balanceKop, { type: 'payment', id: payment.id });
    return presentPayment(payment, doc);
  });
}

async function withDocuments(ctx: AuthedCtx, rows: Awaited<ReturnType<typeof financeRepo.paymentsPage>>['rows']) {
  const docs = new Map(
    (
      await financeRepo.documentsByIds(
        ctx.db,
        rows.map((r) => r.paymentDocumentId),
      )
    ).map((d) => [d.id, d]),
  );
  return rows.map((p) => ({ ...presentPayment(p, docs.get(p.paymentDocumentId)), user_id: p.userId }));
}

export async function listPayments(ctx: AuthedCtx, page: number, perPage: number) {
  const { rows, total } = await financeRepo.paymentsPage(ctx.db, { userId: ctx.user.id }, page, perPage);
  return { data: (await withDocuments(ctx, rows)).map(({ user_id: _u, ...p }) => p), total };
}

// ---------- withdrawals ----------

export async function listWithdraws(ctx: AuthedCtx, page: number, perPage: number) {
  const { rows, total } = await financeRepo.withdrawsPage(ctx.db, { userId: ctx.user.id }, page, perPage);
  return { data: rows.map(presentWithdraw), total };
}

/**
 * A withdrawal: the amount must be covered by the balance; with withdraw_2fa on, the first call
 * mails a code and the same call with it completes. The amount is held at once.
 */
export async function createWithdraw(ctx: AuthedCtx, input: WithdrawInput) {
  const amountKop = uahToKop(input.amount);
  if (amountKop > Number(ctx.user.balanceKop)) {
    const fresh = await financeRepo.recipient(ctx.db, ctx.user.id);
    if (!fresh || amountKop > Number(fresh.balanceKop)) throw AppError.business('InsufficientBalance', 'insufficient_balance');
  }
  if (ctx.user.withdraw2fa) {
    if (!input.code) {
      await ctx.db.transaction((tx) => issueCode(ctx, tx, { email: ctx.user.email, name: ctx.user.name, lang: ctx.user.lang }, 'withdraw'));
      return { requires_code: true as const };
    }
    await consumeCode(ctx, ctx.user.email, 'withdraw', input.code);
  }
  const card = cardDigits(input.requisites);
  return ctx.db.transaction(async (tx) => {
    const w = await financeRepo.insertWithdraw(tx, { userId: ctx.user.id, cardNumber: card, amountKop });
    await ledger.hold(tx, ctx.deps, {
      userId: ctx.user.id,
      type: 'withdrawal',
      amountKop,
      key: `withdraw:${w.id}:hold`,
      descriptionUk: `Виведення на картку ${maskCard(card)}`,
      descriptionRu: `Вывод на карту ${maskCard(card)}`,
      operationable: { type: 'withdraw', id: w.id },
    });
    return presentWithdraw(w);
  });
}

// ---------- operator ----------

/** The ledger of every reseller, newest first, in the staff member's language (issue 29). */
export async function adminOperations(ctx: AuthedCtx, q: AdminOperationsQuery): Promise<{ data: AdminOperationDto[]; total: number }> {
  const { rows, total } = await financeRepo.adminOperationsPage(ctx.db, adminOperationFilter(q), q.page, q.per_page);
  return { data: rows.map((r) => ({ ...presentOperation(r.op, ctx.locale), user_id: r.op.userId, user_name: r.userName })), total };
}

export async function adminPayments(ctx: AuthedCtx, q: AdminPaymentsQuery) {
  const { rows, total } = await financeRepo.paymentsPage(ctx.db, adminPaymentFilter(q), q.page, q.per_page);
  return { data: await withDocuments(ctx, rows), total };
}

/**
 * An operator's decision on a top-up. Approving credits the claim, or `amount` (UAH) when the money
 * received differs: then a reason is required (422 on `reason`), the payment keeps its claim and
 * records what was credited and why. One posting per payment (its key), under the payment's lock.
 */
export async function decidePayment(ctx: AuthedCtx, id: number, input: PaymentDecisionInput) {
  const { status, reason } = input;
  return ctx.db.transaction(async (tx) => {
    const p = await financeRepo.lockPayment(tx, id);
    if (!p) throw AppError.notFound();
    if (!TOP_UP_TRANSITIONS[p.status].includes(status)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
    const creditKop = status === 'Approved' && input.amount !== undefined ? uahToKop(input.amount) : p.amountKop;
    const differs = creditKop !== p.amountKop;
    if (differs && !reason) throw AppError.field('reason', 'reason_required');
    const updated = await financeRepo.updatePayment(tx, id, {
      status,
      declineReason: status === 'Declined' ? reason! : null,
      creditedKop: differs ? creditKop : null,
      creditReason: differs ? reason! : null,
      processedBy: ctx.user.id,
      processedAt: new Date(),
    });
    const who = (await financeRepo.recipient(tx, p.userId))!;
    if (status === 'Approved') {
      await ledger.credit(tx, ctx.deps, {
        userId: p.userId,
        type: 'payment',
        amountKop: creditKop,
        key: `payment:${p.id}:credit`,
        descriptionUk: 'Поповнення балансу',
        descriptionRu: 'Пополнение баланса',
        comment: p.comment,
        operationable: { type: 'payment', id: p.id },
        actorId: ctx.user.id,
      });
      await notify(tx, ctx.deps, who, 'payment_credited', {
        payment_id: p.id,
        amount: kopToUah(creditKop).toFixed(2),
        ...(differs ? { claimed: kopToUah(p.amountKop).toFixed(2), reason: reason! } : {}),
      });
    } else {
      await notify(tx, ctx.deps, who, 'payment_declined', { payment_id: p.id, amount: kopToUah(p.amountKop).toFixed(2), reason: reason! });
      // Nothing is posted, but the owner's request list changes: their open pages are told.
      await announceMoney(tx, ctx.deps, p.userId, who.balanceKop, { type: 'payment', id: p.id });
    }
    // Another amount than claimed: the row names both (claim -> credited) and the reason.
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: `payment.${status.toLowerCase()}`,
      entity: 'payment',
      entityId: id,
      changes: { status: [p.status, status], ...(differs ? { amount_kop: [p.amountKop, creditKop] } : {}), ...(reason ? { reason } : {}) },
    });
    const [doc] = await financeRepo.documentsByIds(tx, [p.paymentDocumentId]);
    return { ...presentPayment(updated, doc), user_id: p.userId };
  });
}

export async function adminWithdraws(ctx: AuthedCtx, q: AdminWithdrawsQuery) {
  const { rows, total } = await financeRepo.withdrawsPage(ctx.db, adminWithdrawFilter(q), q.page, q.per_page);
  return { data: rows.map((w) => ({ ...presentWithdraw(w), user_id: w.userId, card_number: w.cardNumber })), total };
}

export async function decideWithdraw(ctx: AuthedCtx, id: number, status: 'Paid' | 'Declined', reason: string | undefined) {
  return ctx.db.transaction(async (tx) => {
    const w = await financeRepo.lockWithdraw(tx, id);
    if (!w) throw AppError.notFound();
    if (!WITHDRAW_TRANSITIONS[w.status].includes(status)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
    const now = new Date();
    const updated = await financeRepo.updateWithdraw(tx, id, {
      status,
      declineReason: status === 'Declined' ? reason! : null,
      paidAt: status === 'Paid' ? now : null,
      processedBy: ctx.user.id,
      processedAt: now,
    });
    const who = (await financeRepo.recipient(tx, w.userId))!;
    const amount = kopToUah(w.amountKop).toFixed(2);
    if (status === 'Declined') {
      await ledger.release(tx, ctx.deps, {
        userId: w.userId,
        type: 'withdrawal',
        amountKop: w.amountKop,
        key: `withdraw:${w.id}:release`,
        descriptionUk: 'Повернення коштів: виведення відхилено',
        descriptionRu: 'Возврат средств: вывод отклонён',
        comment: reason ?? null,
        operationable: { type: 'withdraw', id: w.id },
        actorId: ctx.user.id,
      });
      await notify(tx, ctx.deps, who, 'withdraw_declined', { withdraw_id: w.id, amount, reason: reason! });
    } else {
      await notify(tx, ctx.deps, who, 'withdraw_paid', { withdraw_id: w.id, amount, card: maskCard(w.cardNumber) });
      // The amount was held at request: nothing is posted, but the owner's request list changes.
      await announceMoney(tx, ctx.deps, w.userId, who.balanceKop, { type: 'withdraw', id: w.id });
    }
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: `withdraw.${status.toLowerCase()}`,
      entity: 'withdraw',
      entityId: id,
      changes: { status: [w.status, status], ...(reason ? { reason } : {}) },
    });
    return { ...presentWithdraw(updated), user_id: w.userId, card_number: w.cardNumber };
  });
}

/** An operator's correction: a signed amount with a comment; it may not take the balance below zero. */
export async function postCorrection(ctx: AuthedCtx, userId: number, amount: number, comment: string, key: string) {
  return ctx.db.transaction(async (tx) => {
    const who = await financeRepo.recipient(tx, userId);
    if (!who) throw AppError.notFound();
    const amountKop = uahToKop(amount);
    const p = {
      userId,
      type: 'correction' as const,
      amountKop: Math.abs(amountKop),
      key,
      descriptionUk: 'Коригування балансу',
      descriptionRu: 'Корректировка баланса',
      comment,
      actorId: ctx.user.id,
    };
    // Its one audit row is the ledger's own (money.correction: the operator, the amount, the
    // balance before and after, the comment), written by the operations trigger (migration 0016).
    const posted = amountKop > 0 ? await ledger.credit(tx, ctx.deps, p) : await ledger.debit(tx, ctx.deps, p);
    return presentOperation(posted.operation, ctx.locale);
  });
}
