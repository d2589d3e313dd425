import { index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OnecImportProgress, OnecImportStats, OnecMessage } from '@drop/shared';
import { onecCredentials, users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A 1C-to-site exchange session (CommerceML over HTTP, /1c/exchange): opened by `checkauth` with
 * an admin's basic auth, named by the cookie it answered (stored hashed). Kept in the database so
 * any API process answers the following calls; its files live in DATA_DIR/onec/exchange/<id>.
 */
export const onecSessions = pgTable(
  'onec_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    /** Legacy: sessions opened with a staff account before the exchange had credentials of its own. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    credentialId: integer('credential_id').references(() => onecCredentials.id, { onDelete: 'cascade' }),
    /** Bumped by every catalogue `init`: an import reads only files uploaded in the current generation. */
    generation: integer('generation').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('onec_sessions_token_uq').on(t.tokenHash), index('onec_sessions_seen_idx').on(t.lastSeenAt)],
);

/**
 * One catalogue import: the files 1C asked to import in an exchange session, or the files an
 * operator uploaded in the back office. Each file is applied in one transaction; the row is the
 * progress every process reads (and the history in the back office).
 */
export const onecImportRuns = pgTable(
  'onec_import_runs',
  {
    id: serial('id').primaryKey(),
    source: text('source', { enum: ['exchange', 'upload'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    sessionId: integer('session_id').references(() => onecSessions.id, { onDelete: 'set null' }),
    /** The session's generation (its `init`) the run belongs to. */
    generation: integer('generation').notNull().default(0),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The file 1C asked to import (exchange), or null (upload). */
    requestedFile: text('requested_file'),
    /** The directory of the files, relative to DATA_DIR. */
    dir: text('dir').notNull(),
    /** The files to import, in order (relative to `dir`). */
    files: jsonb('files').$type<string[]>().notNull(),
    progress: jsonb('progress').$type<OnecImportProgress>().notNull(),
    stats: jsonb('stats').$type<OnecImportStats>(),
    warnings: jsonb('warnings').$type<OnecMessage[]>().notNull().default([]),
    warningsCount: integer('warnings_count').notNull().default(0),
    error: jsonb('error').$type<OnecMessage>(),
    heartbeatAt: ts('heartbeat_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('onec_import_runs_session_idx').on(t.sessionId, t.requestedFile), index('onec_import_runs_created_idx').on(t.createdAt, t.id)],
);

/**
 * 1C identifiers of things that have no catalogue row of their own: price types (`price_type`:
 * name, so the mapping settings can list them) and pictures (`picture`: the 1C path -> the stored
 * file, so a changes package that does not resend a picture keeps it).
 */
export const onecExternalIds = pgTable(
  'onec_external_ids',
  {
    kind: text('kind', { enum: ['price_type', 'picture'] }).notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.externalId] })],
);

/**
 * b2b codes of products created by the 1C import when 1C's own Код is not a free number (see
 * catalog-import.ts). Moved past the highest code in use before each import, so it never
 * hands out a code a product already has, nor one a deleted product had.
 */
export const onecProductCodeSeq = pgSequence('onec_product_code_seq', { startWith: 1, minValue: 1 });
