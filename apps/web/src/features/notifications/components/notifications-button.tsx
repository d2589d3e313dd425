import { useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import BottomNavigationAction, { type BottomNavigationActionProps } from '@mui/material/BottomNavigationAction';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/get-notifications.ts';
import { NotificationsMenu } from './notifications-menu.tsx';

/** The unread count (loaded once with the dashboard) and an open handler that reloads the list. */
function useBell() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = notifications.data?.count ?? 0;
  return {
    anchor,
    count,
    label: count > 0 ? t('notifications.unreadLabel', { n: count }) : t('nav.notifications'),
    // The bottom bar shows the count, then the word: its name starts the same way (label in name, WCAG 2.5.3).
    bottomLabel: count > 0 ? t('notifications.unreadBottomLabel', { n: count }) : t('nav.notifications'),
    open: (e: MouseEvent<HTMLElement>) => {
      setAnchor(e.currentTarget);
      void notifications.refetch();
    },
    close: () => setAnchor(null),
  };
}

function BellIcon({ count }: { count: number }) {
  return (
    // A hidden badge is taken out of the layout: its old number would still count as visible text.
    <Badge
      color="error"
      badgeContent={count}
      max={99}
      invisible={count <= 0}
      slotProps={{ badge: { 'data-testid': 'notifications-badge' } as object }}
      sx={{ '& .MuiBadge-invisible': { display: 'none' } }}
    >
      <NotificationsIcon />
    </Badge>
  );
}

/** Bell with the unread badge; opens the notifications popover. */
export function NotificationsButton({ color = 'inherit', testId = 'notifications-button' }: { color?: 'inherit' | 'default'; testId?: string }) {
  const bell = useBell();
  return (
    <>
      <IconButton color={color} aria-label={bell.label} aria-haspopup="dialog" aria-expanded={Boolean(bell.anchor)} onClick={bell.open} data-testid={testId}>
        <BellIcon count={bell.count} />
      </IconButton>
      <NotificationsMenu anchor={bell.anchor} onClose={bell.close} />
    </>
  );
}

/** The same bell as a bottom-navigation action (mobile); the popover opens above it. */
export function NotificationsBottomAction(props: BottomNavigationActionProps) {
  const { t } = useTranslation();
  const bell = useBell();
  return (
    <>
      <BottomNavigationAction
        {...props}
        label={t('nav.notifications')}
        aria-label={bell.bottomLabel}
        aria-haspopup="dialog"
        aria-expanded={Boolean(bell.anchor)}
        icon={<BellIcon count={bell.count} />}
        onClick={bell.open}
        data-testid="bottom-nav-notifications"
      />
      <NotificationsMenu anchor={bell.anchor} onClose={bell.close} placement="above" />
    </>
  );
}
