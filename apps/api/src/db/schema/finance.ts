import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The ledger: every change of a user's balance is one row (DESIGN.md section 4). The balance row
 * is users.balance_kop, locked by every posting; it always equals the sum of the user's rows.
 */
export const operations = pgTable(
  'operations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['order', 'payment', 'withdrawal', 'correction', 'user_operation'] }).notNull(),
    /** Signed: credits are positive. */
    amountKop: bigint('amount_kop', { mode: 'number' }).notNull(),
    /** The balance right after this operation. */
    balanceKop: bigint('balance_kop', { mode: 'number' }).notNull(),
    comment: text('comment'),
    descriptionUk: text('description_uk').notNull(),
    descriptionRu: text('description_ru').notNull(),
    operationableType: text('operationable_type'),
    operationableId: integer('operationable_id'),
    /** e.g. `payment:12:credit`, `order:123:cod-profit`: a retried job or request never posts twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Who posted it (an operator for corrections and approvals), null for the system. Users with ledger rows are never deleted. */
    actorId: integer('actor_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operations_key_uq').on(t.idempotencyKey),
    index('operations_user_idx').on(t.userId, t.id),
    index('operations_created_idx').on(t.createdAt, t.id),
    index('operations_user_type_idx').on(t.userId, t.type, t.id),
  ],
);

/** Uploaded receipts (image or PDF, checked by content), stored under DATA_DIR. */
export const paymentDocuments = pgTable(
  'payment_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Relative to DATA_DIR. */
    path: text('path').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_documents_user_idx').on(t.userId, t.id)],
);

/** Top-up requests: pending until an operator approves (credit) or declines. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountKop: bigint('amount_kop', { mode: 'number' }).notNull(),
    paymentDocumentId: integer('payment_document_id')
      .notNull()
      .references(() => paymentDocuments.id),
    comment: text('comment'),
    status: text('status', { enum: ['Pending', 'Approved', 'Declined'] })
      .notNull()
      .default('Pending'),
    declineReason: text('decline_reason'),
    /** What was credited when the operator approved another amount than claimed (null: the claim). */
    creditedKop: bigint('credited_kop', { mode: 'number' }),
    /** Why the credited amount differs from the claim. */
    creditReason: text('credit_reason'),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    processedAt: ts('processed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_document_uq').on(t.paymentDocumentId),
    index('payments_user_idx').on(t.userId, t.id),
    index('payments_status_idx').on(t.status, t.id),
  ],
);

/** Withdrawals to a card: the amount is held at request, released if declined. */
export const withdraws = pgTable(
  'withdraws',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cardNumber: text('card_number').notNull(),
    amountKop: bigint('amount_kop', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['New', 'Paid', 'Declined'] })
      .notNull()
      .default('New'),
    declineReason: text('decline_reason'),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: ts('paid_at'),
    processedAt: ts('processed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('withdraws_user_idx').on(t.userId, t.id), index('withdraws_status_idx').on(t.status, t.id)],
);
