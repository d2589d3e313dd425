import { useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import BottomNavigationAction, { type BottomNavigationActionProps } from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useTranslation } from 'react-i18next';

function NotificationsPopover({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 400 }, maxWidth: '100%' } } }}
    >
      <Box data-testid="notifications-popover" sx={{ p: 2 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {t('nav.notifications')}
        </Typography>
        <Box sx={{ maxHeight: 300, overflowY: 'auto', display: 'flex', flexDirection: 'column', alignItems: 'center', py: 3, color: 'text.secondary' }}>
          <NotificationsNoneIcon sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography>{t('notifications.empty')}</Typography>
        </Box>
      </Box>
    </Popover>
  );
}

const UNREAD = 0;

function BellIcon() {
  return (
    <Badge color="error" badgeContent={UNREAD} invisible={UNREAD === 0}>
      <NotificationsIcon />
    </Badge>
  );
}

/** Bell with a popover (width 400, full width on phones); the notifications issue fills the list. */
export function NotificationsButton({ color = 'inherit', testId = 'notifications-button' }: { color?: 'inherit' | 'default'; testId?: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton color={color} aria-label={t('nav.notifications')} onClick={(e) => setAnchor(e.currentTarget)} data-testid={testId}>
        <BellIcon />
      </IconButton>
      <NotificationsPopover anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}

/** The same bell as a bottom-navigation action (mobile). */
export function NotificationsBottomAction(props: BottomNavigationActionProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <BottomNavigationAction
        {...props}
        label={t('nav.notifications')}
        aria-label={t('nav.notifications')}
        icon={<BellIcon />}
        onClick={(e: MouseEvent<HTMLButtonElement>) => setAnchor(e.currentTarget)}
        data-testid="bottom-nav-notifications"
      />
      <NotificationsPopover anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
