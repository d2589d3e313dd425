import { and, eq } from 'drizzle-orm';
import type { Locale } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { settings, supplierSettings } from '../../db/schema/index.ts';

export type SettingRow = typeof settings.$inferSelect;

/** Drizzle only: the content settings (a key in each language) and the supplier's settings (a key, one JSON value). */
export const settingsRepo = {
  /** One content setting in one language. */
  find: (db: Db, key: string, locale: Locale): Promise<SettingRow | undefined> =>
    db
      .select()
      .from(settings)
      .where(and(eq(settings.key, key), eq(settings.locale, locale)))
      .limit(1)
      .then((r) => r[0]),

  all: (db: Db): Promise<SettingRow[]> => db.select().from(settings),

  /** A content setting in every language it has. */
  ofKey: (db: Db, key: string): Promise<SettingRow[]> => db.select().from(settings).where(eq(settings.key, key)),

  upsert: (db: Db, row: Pick<SettingRow, 'key' | 'locale' | 'value' | 'updatedBy' | 'updatedAt'>) =>
    db
      .insert(settings)
      .values(row)
      .onConflictDoUpdate({ target: [settings.key, settings.locale], set: { value: row.value, updatedBy: row.updatedBy, updatedAt: row.updatedAt } }),

  /** A supplier setting's stored value, or undefined while it was never set. */
  supplierValue: (db: Db, key: string): Promise<{ value: unknown } | undefined> =>
    db
      .select({ value: supplierSettings.value })
      .from(supplierSettings)
      .where(eq(supplierSettings.key, key))
      .limit(1)
      .then((r) => r[0]),

  setSupplierValue: (db: Db, key: string, value: unknown, by: number | null) =>
    db
      .insert(supplierSettings)
      .values({ key, value, updatedBy: by })
      .onConflictDoUpdate({ target: supplierSettings.key, set: { value, updatedBy: by, updatedAt: new Date() } }),
};
