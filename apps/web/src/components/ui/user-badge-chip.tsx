import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { userBadge, type UserDto } from '@drop/shared';

const COLORS = { vip: 'warning', verified: 'success', new: 'info' } as const;

/** The user's tier badge (SPEC: VIP -discount%, else Verified, else New), in the UI language. */
export function UserBadgeChip({ user }: { user: Pick<UserDto, 'discount' | 'is_verified'> }) {
  const { t } = useTranslation();
  const badge = userBadge(user);
  const label = t(`shell.badge.${badge.kind}`, { discount: user.discount });
  return <Chip size="small" color={COLORS[badge.kind]} label={label} data-testid="user-badge" data-kind={badge.kind} />;
}
