import { sql } from 'drizzle-orm';
import { LOCALES } from '@drop/shared';
import type { Config } from '../config.ts';
import { hashPassword, newPassword } from '../lib/security.ts';
import type { Database } from './client.ts';
import { runMigrations } from './client.ts';
import { settings, users } from './schema/index.ts';
import { seedSettings } from './seed-content.ts';

/** Migrates, seeds settings (idempotent) and creates the first admin on an empty database. */
export async function bootstrapDatabase(database: Database, config: Config): Promise<{ operator?: { email: string; password: string } }> {
  await runMigrations(database);
  const { db } = database;
  const rows = Object.entries(seedSettings).flatMap(([key, byLocale]) =>
    LOCALES.map((locale) => ({ key, locale, value: (byLocale as Record<string, unknown>)[locale] })),
  );
  await db.insert(settings).values(rows).onConflictDoNothing();

  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (Number(n) > 0) return {};
  const email = config.operatorEmail ?? 'operator@drop.local';
  const password = config.operatorPassword ?? newPassword();
  await db.insert(users).values({
    email,
    name: 'Оператор',
    passwordHash: await hashPassword(password),
    role: 'admin',
    isVerified: true,
    emailVerifiedAt: new Date(),
  });
  return { operator: { email, password } };
}
