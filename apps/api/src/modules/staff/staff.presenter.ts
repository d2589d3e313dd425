import type { StaffDto, StaffRole } from '@drop/shared';
import type { StaffRow } from './staff.repository.ts';

/** A staff member as the back office sees them (never the password hash). */
export function presentStaff(u: StaffRow): StaffDto {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role as StaffRole,
    lang: u.lang,
    blocked: u.blocked,
    password_set: u.passwordHash !== '',
    last_seen_at: u.lastSeenAt ? u.lastSeenAt.toISOString() : null,
    created_at: u.createdAt.toISOString(),
  };
}
