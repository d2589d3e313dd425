import { isStaffRole, kopToUah, type UserDto } from '@drop/shared';
import type { UserRow } from '../../lib/ctx.ts';

export function presentUser(u: UserRow): UserDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    city: u.city,
    lang: u.lang,
    role: u.role,
    markup: Number(u.markup),
    discount: Number(u.discount),
    is_verified: u.isVerified,
    is_drop_markup: u.isDropMarkup,
    auto_confirm_orders: u.autoConfirmOrders,
    login_2fa: u.login2fa || isStaffRole(u.role),
    withdraw_2fa: u.withdraw2fa,
    blocked: u.blocked,
    balance: kopToUah(Number(u.balanceKop)),
    created_at: u.createdAt.toISOString(),
  };
}
