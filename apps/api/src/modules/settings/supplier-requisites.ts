import { supplierRequisitesDto, type SupplierRequisitesDto } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { settingsRepo } from './settings.repository.ts';

/** The supplier's requisites for invoices and the register: supplier_settings, this key, value a SupplierRequisitesDto. */
export const REQUISITES_KEY = 'requisites';

/**
 * The saved requisites, or null when none (or a value no longer of the shape). Printed by
 * modules/printing (which edits them); an order's invoice needs them (orders/printable.ts).
 */
export async function supplierRequisites(db: Db): Promise<SupplierRequisitesDto | null> {
  const row = await settingsRepo.supplierValue(db, REQUISITES_KEY);
  if (!row) return null;
  const parsed = supplierRequisitesDto.safeParse(row.value);
  return parsed.success ? parsed.data : null;
}

export async function setSupplierRequisites(db: Db, value: SupplierRequisitesDto, by: number): Promise<void> {
  await settingsRepo.setSupplierValue(db, REQUISITES_KEY, value, by);
}
