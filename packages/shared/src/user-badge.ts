import type { UserDto } from './auth.ts';

/** User badge of the dashboard: VIP (with -discount%), Verified, New. */
export function userBadge(u: Pick<UserDto, 'discount' | 'is_verified'>): { kind: 'vip' | 'verified' | 'new'; label: string } {
  if (u.discount > 0) return { kind: 'vip', label: `VIP -${u.discount}%` };
  if (u.is_verified) return { kind: 'verified', label: 'Verified' };
  return { kind: 'new', label: 'New' };
}
