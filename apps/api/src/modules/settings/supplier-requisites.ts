import { eq } from 'drizzle-orm';
import { supplierRequisitesDto, type SupplierRequisitesDto } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { supplierSettings } from '../../db/schema/index.ts';

/** The supplier's requisites for invoices and the register: supplier_settings, this key, value a SupplierRequisitesDto. */
export const REQUISITES_KEY = 'requisites';

/**
 * The saved requisites, or null when none (or a value no longer of the shape). Printed by
 * modules/printing (which edits them); an order's invoice needs them (orders/printable.ts).
 */
export async function supplierRequisites(db: Db): Promise<SupplierRequisitesDto | null> {
  const [row] = await db.select({ value: supplierSettings.value }).from(supplierSettings).where(eq(supplierSettings.key, REQUISITES_KEY)).limit(1);
  if (!row) return null;
  const parsed = supplierRequisitesDto.safeParse(row.value);
  return parsed.success ? parsed.data : null;
}

export async function setSupplierRequisites(db: Db, value: SupplierRequisitesDto, by: number): Promise<void> {
  await db
    .insert(supplierSettings)
    .values({ key: REQUISITES_KEY, value, updatedBy: by })
    .onConflictDoUpdate({ target: supplierSettings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
}
