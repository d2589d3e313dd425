import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DEFAULT_ONEC_PRICE_TYPE_MAPPING, ONEC_PRICE_TYPES_SETTING, onecPriceTypeMapping, type OnecPriceTypeMapping } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { onecCredentials, onecExternalIds, onecImportRuns, onecSessions, settings, users } from '../../db/schema/index.ts';

export type OnecSessionRow = typeof onecSessions.$inferSelect;
export type OnecImportRunRow = typeof onecImportRuns.$inferSelect;
export type OnecCredentialRow = typeof onecCredentials.$inferSelect;

/** A run that has not written its heartbeat for this long is taken over by whoever asks for it. */
export const STALE_RUN_SECONDS = 120;

export const onecRepo = {
  // ---------- the exchange's credentials ----------
  /** The live (unrevoked) pair with its author, if any. */
  liveCredential: (db: Db) =>
    db
      .select({ credential: onecCredentials, author: { id: users.id, name: users.name, email: users.email } })
      .from(onecCredentials)
      .leftJoin(users, eq(users.id, onecCredentials.createdBy))
      .where(isNull(onecCredentials.revokedAt))
      .orderBy(desc(onecCredentials.id))
      .limit(1)
      .then((r) => r[0]),
  liveCredentialByLogin: (db: Db, login: string) =>
    db
      .select()
      .from(onecCredentials)
      .where(and(eq(onecCredentials.login, login), isNull(onecCredentials.revokedAt)))
      .limit(1)
      .then((r) => r[0]),
  insertCredential: (db: Db, v: { login: string; secretHash: string; createdBy: number }) =>
    db
      .insert(onecCredentials)
      .values(v)
      .returning()
      .then((r) => r[0]!),
  /** Revokes every live pair; answers the revoked rows. */
  revokeCredentials: (db: Db) => db.update(onecCredentials).set({ revokedAt: new Date() }).where(isNull(onecCredentials.revokedAt)).returning(),
  /** Ends the exchange sessions of these pairs (and any opened without one); answers their ids. */
  deleteSessionsOf: (db: Db, credentialIds: number[]) =>
    db
      .delete(onecSessions)
      .where(
        credentialIds.length > 0 ? or(isNull(onecSessions.credentialId), inArray(onecSessions.credentialId, credentialIds)) : isNull(onecSessions.credentialId),
      )
      .returning({ id: onecSessions.id })
      .then((r) => r.map((x) => x.id)),

  // ---------- exchange sessions ----------
  insertSession: (db: Db, credentialId: number, tokenHash: string) =>
    db
      .insert(onecSessions)
      .values({ credentialId, tokenHash })
      .returning()
      .then((r) => r[0]!),
  /** The session of a cookie with its pair, only while the pair is live. */
  sessionByHash: (db: Db, tokenHash: string) =>
    db
      .select({ session: onecSessions, credential: onecCredentials })
      .from(onecSessions)
      .innerJoin(onecCredentials, eq(onecCredentials.id, onecSessions.credentialId))
      .where(and(eq(onecSessions.tokenHash, tokenHash), isNull(onecCredentials.revokedAt)))
      .limit(1)
      .then((r) => r[0]),
  touchSession: (db: Db, id: number) =>
    db
      .update(onecSessions)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(onecSessions.id, id), lt(onecSessions.lastSeenAt, sql`now() - interval '30 seconds'`))),
  /** Sessions unused for `hours`: removed (their runs keep their history). */
  deleteOldSessions: (db: Db, hours: number) =>
    db
      .delete(onecSessions)
      .where(lt(onecSessions.lastSeenAt, sql`now() - make_interval(hours => ${hours})`))
      .returning({ id: onecSessions.id })
      .then((r) => r.map((x) => x.id)),

  // ---------- import runs ----------
  insertRun: (db: Db, v: typeof onecImportRuns.$inferInsert) =>
    db
      .insert(onecImportRuns)
      .values(v)
      .returning()
      .then((r) => r[0]!),
  findRun: (db: Db, id: number) =>
    db
      .select()
      .from(onecImportRuns)
      .where(eq(onecImportRuns.id, id))
      .limit(1)
      .then((r) => r[0]),
  /**
   * `mode=init` of a catalogue exchange: the session's next generation (its files are uploaded
   * anew; runs of earlier generations are never answered again). Answers the new generation.
   */
  nextGeneration: (db: Db, sessionId: number) =>
    db
      .update(onecSessions)
      .set({ generation: sql`${onecSessions.generation} + 1` })
      .where(eq(onecSessions.id, sessionId))
      .returning({ generation: onecSessions.generation })
      .then((r) => r[0]?.generation ?? 0),
  /** The newest run of the session's `generation` that asked for or included `file`. */
  sessionRunFor: (db: Db, sessionId: number, generation: number, file: string) =>
    db
      .select()
      .from(onecImportRuns)
      .where(
        and(
          eq(onecImportRuns.sessionId, sessionId),
          eq(onecImportRuns.generation, generation),
          or(eq(onecImportRuns.requestedFile, file), sql`${onecImportRuns.files} @> ${JSON.stringify([file])}::jsonb`),
        ),
      )
      .orderBy(desc(onecImportRuns.id))
      .limit(1)
      .then((r) => r[0]),
  /** Whether a run of the session's `generation` imported `file` successfully. */
  sessionImported: async (db: Db, sessionId: number, generation: number, file: string) =>
    (
      await db
        .select({ id: onecImportRuns.id })
        .from(onecImportRuns)
        .where(
          and(
            eq(onecImportRuns.sessionId, sessionId),
            eq(onecImportRuns.generation, generation),
            eq(onecImportRuns.status, 'done'),
            sql`${onecImportRuns.files} @> ${JSON.stringify([file])}::jsonb`,
          ),
        )
        .limit(1)
    ).length > 0,
  /** Takes a queued run, or a stale running one (its process died), for this process. */
  claimRun: (db: Db, id: number) =>
    db
      .update(onecImportRuns)
      .set({ status: 'running', startedAt: sql`coalesce(${onecImportRuns.startedAt}, now())`, heartbeatAt: sql`now()` })
      .where(
        and(
          eq(onecImportRuns.id, id),
          or(
            eq(onecImportRuns.status, 'queued'),
            and(eq(onecImportRuns.status, 'running'), lt(onecImportRuns.heartbeatAt, sql`now() - make_interval(secs => ${STALE_RUN_SECONDS})`)),
          ),
        ),
      )
      .returning()
      .then((r) => r[0]),
  updateRun: (db: Db, id: number, v: Partial<typeof onecImportRuns.$inferInsert>) => db.update(onecImportRuns).set(v).where(eq(onecImportRuns.id, id)),
  pageRuns: async (db: Db, page: number, perPage: number) => {
    const [rows, total] = await Promise.all([
      db
        .select({ run: onecImportRuns, actor: { id: users.id, name: users.name, email: users.email } })
        .from(onecImportRuns)
        .leftJoin(users, eq(users.id, onecImportRuns.actorId))
        .orderBy(desc(onecImportRuns.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(onecImportRuns)
        .then((r) => Number(r[0]?.n ?? 0)),
    ]);
    return { rows, total };
  },
  runWithActor: (db: Db, id: number) =>
    db
      .select({ run: onecImportRuns, actor: { id: users.id, name: users.name, email: users.email } })
      .from(onecImportRuns)
      .leftJoin(users, eq(users.id, onecImportRuns.actorId))
      .where(eq(onecImportRuns.id, id))
      .limit(1)
      .then((r) => r[0]),

  // ---------- price types and their mapping ----------
  /** Records the price types a file declares (Ид and name), so that the mapping can offer them. */
  rememberPriceTypes: async (db: Db, list: readonly { id: string; name: string }[]) => {
    if (list.length === 0) return;
    await db.execute(sql`
      INSERT INTO onec_external_ids (kind, external_id, name)
      SELECT 'price_type', u.id, u.name FROM unnest(${sql.param(list.map((t) => t.id))}::text[], ${sql.param(list.map((t) => t.name || t.id))}::text[]) AS u(id, name)
      ON CONFLICT (kind, external_id) DO UPDATE SET name = excluded.name, updated_at = now()
        WHERE onec_external_ids.name IS DISTINCT FROM excluded.name`);
  },
  knownPriceTypes: (db: Db) =>
    db
      .select({ id: onecExternalIds.externalId, name: onecExternalIds.name, updatedAt: onecExternalIds.updatedAt })
      .from(onecExternalIds)
      .where(eq(onecExternalIds.kind, 'price_type'))
      .orderBy(desc(onecExternalIds.updatedAt), onecExternalIds.externalId),
  /** The mapping setting (locale `uk` row) or the default rule; `row` null while unsaved. */
  priceMapping: async (db: Db): Promise<{ mapping: OnecPriceTypeMapping; updatedAt: Date | null }> => {
    const [row] = await db
      .select()
      .from(settings)
      .where(and(eq(settings.key, ONEC_PRICE_TYPES_SETTING), eq(settings.locale, 'uk')))
      .limit(1);
    const parsed = row ? onecPriceTypeMapping.safeParse(row.value) : undefined;
    return parsed?.success ? { mapping: parsed.data, updatedAt: row!.updatedAt } : { mapping: DEFAULT_ONEC_PRICE_TYPE_MAPPING, updatedAt: null };
  },
  savePriceMapping: (db: Db, mapping: OnecPriceTypeMapping, by: number) =>
    db
      .insert(settings)
      .values({ key: ONEC_PRICE_TYPES_SETTING, locale: 'uk', value: mapping, updatedBy: by })
      .onConflictDoUpdate({ target: [settings.key, settings.locale], set: { value: mapping, updatedBy: by, updatedAt: new Date() } }),
};
