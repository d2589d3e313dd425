import { mayAccess, type StaffArea } from '@drop/shared';
import { useUser } from '../../../lib/user.ts';

/**
 * The signed-in staff member's role and `may(area)` (STAFF_ACCESS) for hiding or disabling what the
 * role may not do. Reads the user AdminApp has already loaded (no request of its own); while the
 * user is unknown nothing is allowed. The API answers 403 anyway: this only keeps the screen honest.
 */
export function useStaffAccess() {
  const role = useUser(false).data?.role;
  return { role, may: (area: StaffArea) => mayAccess(role, area) };
}
