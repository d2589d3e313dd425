import { and, desc, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessTokens, authCodes, devices, users } from '../../db/schema/index.ts';
import type { CodePurpose } from '../../mail/templates.ts';

export type NewUser = typeof users.$inferInsert;

export const authRepo = {
  findUserByEmail: (db: Db, email: string) =>
    db
      .select()
      .from(users)
      .where(eq(users.email, email))
      .limit(1)
      .then((r) => r[0]),

  /** The user's balance as committed (the session's cached user may lag). */
  balanceOf: (db: Db, id: number) =>
    db
      .select({ balanceKop: users.balanceKop })
      .from(users)
      .where(eq(users.id, id))
      .then((r) => r[0]),

  insertUser: (db: Db, values: NewUser) =>
    db
      .insert(users)
      .values(values)
      .returning()
      .then((r) => r[0]!),

  updateUser: (db: Db, id: number, values: Partial<NewUser>) =>
    db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
      .then((r) => r[0]!),

  /** The newest live (unused, unexpired) code a device asked for, for an address and purpose. */
  lastLiveCodeOfDevice: (db: Db, email: string, purpose: CodePurpose, deviceKey: string) =>
    db
      .select()
      .from(authCodes)
      .where(
        and(
          eq(authCodes.email, email),
          eq(authCodes.purpose, purpose),
          eq(authCodes.deviceKey, deviceKey),
          isNull(authCodes.usedAt),
          gt(authCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(authCodes.createdAt), desc(authCodes.id))
      .limit(1)
      .then((r) => r[0]),

  /**
   * The live code of an attempt, locked for the check. Without an attempt id (the withdrawal code
   * of a signed-in user) the newest live code of the address and purpose.
   */
  liveCodeForUpdate: (db: Db, email: string, purpose: CodePurpose, attemptId?: string) =>
    db
      .select()
      .from(authCodes)
      .where(
        and(
          eq(authCodes.email, email),
          eq(authCodes.purpose, purpose),
          attemptId ? eq(authCodes.attemptId, attemptId) : undefined,
          isNull(authCodes.usedAt),
          gt(authCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(authCodes.createdAt), desc(authCodes.id))
      .limit(1)
      .for('update')
      .then((r) => r[0]),

  /**
   * A new code of an attempt. It replaces only the earlier live code the same device asked for
   * (same address and purpose): another device's attempt keeps its code.
   */
  insertCode: async (
    db: Db,
    v: { email: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; attemptId: string; deviceKey: string; payload?: unknown },
  ) => {
    await db
      .update(authCodes)
      .set({ usedAt: new Date(), payload: null })
      .where(and(eq(authCodes.email, v.email), eq(authCodes.purpose, v.purpose), eq(authCodes.deviceKey, v.deviceKey), isNull(authCodes.usedAt)));
    await db.insert(authCodes).values({ ...v, payload: v.payload ?? null });
  },

  /** Ends every live code of an address and purpose (a new password ends the other reset and invitation codes). */
  burnCodes: (db: Db, email: string, purpose: CodePurpose) =>
    db
      .update(authCodes)
      .set({ usedAt: new Date(), payload: null })
      .where(and(eq(authCodes.email, email), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt))),

  findDevice: (db: Db, userId: number, deviceToken: string) =>
    db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.userId, userId), eq(devices.deviceToken, deviceToken)))
      .limit(1)
      .then((r) => r[0]),

  markCode: (db: Db, id: number, values: { attempts?: number; usedAt?: Date; payload?: null }) => db.update(authCodes).set(values).where(eq(authCodes.id, id)),

  upsertDevice: (db: Db, v: { userId: number; deviceToken: string; name: string; userAgent?: string; ipAddress: string }) =>
    db
      .insert(devices)
      .values(v)
      .onConflictDoUpdate({
        target: [devices.userId, devices.deviceToken],
        set: { name: v.name, userAgent: v.userAgent, ipAddress: v.ipAddress, usedAt: new Date() },
      })
      .returning()
      .then((r) => r[0]!),

  insertToken: (db: Db, v: { userId: number; deviceId: number; tokenHash: string }) => db.insert(accessTokens).values(v),

  deleteToken: (db: Db, id: number) => db.delete(accessTokens).where(eq(accessTokens.id, id)),

  deleteTokensOfUser: (db: Db, userId: number, exceptDeviceId?: number) =>
    db
      .delete(accessTokens)
      .where(exceptDeviceId ? and(eq(accessTokens.userId, userId), ne(accessTokens.deviceId, exceptDeviceId)) : eq(accessTokens.userId, userId)),

  /**
   * Forgets codes that expired a day ago (a batch at a time): an attempt never confirmed would
   * otherwise keep its payload (a registration's password hash) for good. Answers how many went.
   */
  purgeExpiredCodes: async (db: Db, batch: number) => {
    const old = db
      .select({ id: authCodes.id })
      .from(authCodes)
      .where(lt(authCodes.expiresAt, new Date(Date.now() - 86_400_000)))
      .limit(batch);
    const gone = await db.delete(authCodes).where(inArray(authCodes.id, old)).returning({ id: authCodes.id });
    return gone.length;
  },
};
