import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useTranslation } from 'react-i18next';
import { formatDate, type NotificationDto } from '@drop/shared';

const SKELETON_ROWS = 3;

export function NotificationsSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')} data-testid="notifications-skeleton" sx={{ px: 2, py: 1 }}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Box key={i} sx={{ py: 1 }}>
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" />
          <Skeleton variant="text" width="30%" />
        </Box>
      ))}
    </Box>
  );
}

export function NotificationsEmpty() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', py: 3, color: 'text.secondary' }} data-testid="notifications-empty">
      <NotificationsNoneIcon sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography>{t('notifications.empty')}</Typography>
    </Box>
  );
}

const twoLines = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' } as const;

/** Title (bold while unread), the message cut to 2 lines and the date; a click opens the item. */
export function NotificationsList({ items, onOpen }: { items: NotificationDto[]; onOpen: (n: NotificationDto) => void }) {
  const { t } = useTranslation();
  return (
    <List disablePadding aria-label={t('notifications.listLabel')} data-testid="notifications-list">
      {items.map((n) => {
        const unread = n.read_at === null;
        return (
          <ListItem key={n.id} disablePadding>
            <ListItemButton divider onClick={() => onOpen(n)} data-testid="notification-item" data-unread={unread ? 'true' : 'false'}>
              <ListItemText
                primary={n.data.title}
                secondary={
                  <>
                    <Box component="span" sx={twoLines}>
                      {n.data.message}
                    </Box>
                    <Box component="span" sx={{ display: 'block', mt: 0.5, typography: 'caption' }}>
                      {formatDate(n.created_at)}
                    </Box>
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
