import Chip from '@mui/material/Chip';
import { userBadge, type UserDto } from '@drop/shared';

const COLORS = { vip: 'warning', verified: 'success', new: 'info' } as const;

export function UserBadgeChip({ user }: { user: Pick<UserDto, 'discount' | 'is_verified'> }) {
  const badge = userBadge(user);
  return <Chip size="small" color={COLORS[badge.kind]} label={badge.label} data-testid="user-badge" data-kind={badge.kind} />;
}
