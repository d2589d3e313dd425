import { RECOMMENDED_FLOOR_DEFAULT } from '@drop/shared/pricing';
import type { Db } from '../../db/client.ts';
import { sharedCacheOf } from '../../lib/shared-cache.ts';
import { settingsRepo } from './settings.repository.ts';

/** The supplier's switches and their defaults (an operator changes them in the back office). */
export const SUPPLIER_SETTING_DEFAULTS: { enforce_recommended_price: boolean } = {
  /** Selling below the recommended retail price is refused (DESIGN.md section 7). */
  enforce_recommended_price: RECOMMENDED_FLOOR_DEFAULT,
};
export type SupplierSettingKey = keyof typeof SUPPLIER_SETTING_DEFAULTS;

/**
 * Read with every cart change and order: kept with the catalogue's aggregates (the database's
 * SharedCache, lib/shared-cache.ts), which every process forgets when the settings change
 * (migration 0011), this one at once (setSupplierSetting, updateSupplierSettings).
 */
export async function supplierSetting<K extends SupplierSettingKey>(db: Db, key: K): Promise<(typeof SUPPLIER_SETTING_DEFAULTS)[K]> {
  const { value } = await sharedCacheOf(db).fetch(`supplier-setting:${key}`, async () => {
    const row = await settingsRepo.supplierValue(db, key);
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
  await settingsRepo.setSupplierValue(db, key, value, by);
  sharedCacheOf(db).forget();
}
