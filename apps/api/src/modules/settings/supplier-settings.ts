import { eq } from 'drizzle-orm';
import { RECOMMENDED_FLOOR_DEFAULT } from '@drop/shared/pricing';
import type { Db } from '../../db/client.ts';
import { supplierSettings } from '../../db/schema/index.ts';
import { catalogueCached, invalidateCatalogue } from '../catalog/catalogue-cache.ts';

/** The supplier's switches and their defaults (an operator changes them in the back office). */
export const SUPPLIER_SETTING_DEFAULTS: { enforce_recommended_price: boolean } = {
  /** Selling below the recommended retail price is refused (DESIGN.md section 7). */
  enforce_recommended_price: RECOMMENDED_FLOOR_DEFAULT,
};
export type SupplierSettingKey = keyof typeof SUPPLIER_SETTING_DEFAULTS;

/**
 * Read with every cart change and order: kept with the catalogue's aggregates, which every
 * process forgets when the settings change (migration 0011).
 */
export async function supplierSetting<K extends SupplierSettingKey>(db: Db, key: K): Promise<(typeof SUPPLIER_SETTING_DEFAULTS)[K]> {
  const { value } = await catalogueCached(db, `supplier-setting:${key}`, async () => {
    const [row] = await db.select({ value: supplierSettings.value }).from(supplierSettings).where(eq(supplierSettings.key, key)).limit(1);
    return { value: row ? row.value : SUPPLIER_SETTING_DEFAULTS[key] };
  });
  return value as (typeof SUPPLIER_SETTING_DEFAULTS)[K];
}

export async function setSupplierSetting<K extends SupplierSettingKey>(
  db: Db,
  key: K,
  value: (typeof SUPPLIER_SETTING_DEFAULTS)[K],
  by: number | null,
): Promise<void> {
  await db
    .insert(supplierSettings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: supplierSettings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
  invalidateCatalogue(db);
}
