import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A user's notifications (SPEC: Notification). Title and message are in the user's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** What the kind adds: product_id, code_id, order_id ... */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/**
 * Products whose stock went from 0 to above 0 (written by a trigger on products, whoever changed
 * the stock); the back-in-stock worker turns each into notifications and removes it.
 */
export const restockEvents = pgTable('restock_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: integer('product_id').notNull(),
  codeId: integer('code_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
