import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** One line of the audit log: who (null for the system), what, on which entity, and the changes (before → after). */
export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  changes: Record<string, unknown>;
}

/**
 * Appends a line to the audit log (append-only). Called with the transaction of the change it
 * records, so the line and the change commit together. Reading the log is the admin module's.
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
