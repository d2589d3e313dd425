import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { useTranslation } from 'react-i18next';
import type { NotificationDto } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useDeleteAllNotifications } from '../api/delete-all-notifications.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { NotificationDialog } from './notification-dialog.tsx';
import { NotificationsEmpty, NotificationsList, NotificationsSkeleton } from './notifications-list.tsx';

export const LIST_HEIGHT = 300;

const BELOW = { anchorOrigin: { vertical: 'bottom', horizontal: 'right' }, transformOrigin: { vertical: 'top', horizontal: 'right' } } as const;
const ABOVE = { anchorOrigin: { vertical: 'top', horizontal: 'right' }, transformOrigin: { vertical: 'bottom', horizontal: 'right' } } as const;

/** The bell's popover (width 400, full width on phones, list max height 300) and the detail dialog. */
export function NotificationsMenu({
  anchor,
  onClose,
  placement = 'below',
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  placement?: 'below' | 'above';
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const list = useNotifications();
  const remove = useDeleteNotification();
  const removeAll = useDeleteAllNotifications();
  const [selected, setSelected] = useState<NotificationDto | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  // An error belongs to the open menu or detail dialog: it goes when they close.
  const toast = useScopedToast(anchor !== null || dialogOpen);
  const popoverRef = useRef<HTMLDivElement>(null);

  const fail = (e: unknown) => {
    if (!isApiError(e) || e.status !== 404) toast.error(isApiError(e) ? e.message : t('errors.generic'));
  };

  // Opening an item reads it: the server deletes it and answers the unread count.
  const openItem = (n: NotificationDto) => {
    setSelected(n);
    setDialogOpen(true);
    remove.mutate(n.id, { onError: fail });
  };

  // Asked first (notifications-delete-all-dialog): nothing is sent until confirmed.
  const deleteAll = () =>
    removeAll.mutate(undefined, {
      onSuccess: () => {
        setConfirmAll(false);
        onClose();
      },
      onError: (e) => {
        setConfirmAll(false);
        fail(e);
      },
    });

  const items = list.data?.data ?? [];
  const content =
    list.isFetching || list.isPending ? (
      <NotificationsSkeleton />
    ) : list.isError ? (
      <Typography color="error" sx={{ p: 2 }}>
        {t('errors.loadFailed')}
      </Typography>
    ) : items.length === 0 ? (
      <NotificationsEmpty />
    ) : (
      <NotificationsList items={items} onOpen={openItem} />
    );

  return (
    <>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={onClose}
        {...(placement === 'above' ? ABOVE : BELOW)}
        marginThreshold={phone ? 0 : 16}
        slotProps={{
          paper: { role: 'dialog', 'aria-labelledby': 'notifications-popover-title', sx: { width: { xs: '100%', sm: 400 }, maxWidth: '100%' } } as object,
        }}
      >
        {/* Focusable: the focus comes back here when a notification's dialog closes (its item is gone by then). */}
        <Box data-testid="notifications-popover" ref={popoverRef} tabIndex={-1} sx={{ outline: 'none' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 2, pb: 1 }}>
            <Typography variant="h3" component="h2" id="notifications-popover-title" sx={{ flexGrow: 1 }}>
              {t('nav.notifications')}
            </Typography>
            {items.length > 0 && !list.isFetching && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteSweepIcon />}
                onClick={() => setConfirmAll(true)}
                disabled={removeAll.isPending}
                data-testid="notifications-delete-all"
              >
                {t('notifications.deleteAll')}
              </Button>
            )}
          </Box>
          <Divider />
          <Box sx={{ maxHeight: LIST_HEIGHT, overflowY: 'auto' }}>{content}</Box>
        </Box>
      </Popover>
      <ConfirmDialog
        open={confirmAll}
        title={t('notifications.deleteAllTitle')}
        text={t('notifications.deleteAllText', { n: items.length })}
        confirmLabel={t('notifications.deleteAll')}
        cancelLabel={t('common.cancel')}
        busy={removeAll.isPending}
        onCancel={() => setConfirmAll(false)}
        onConfirm={deleteAll}
        testId="notifications-delete-all-dialog"
      />
      <NotificationDialog notification={selected} open={dialogOpen} onClose={() => setDialogOpen(false)} returnFocus={() => popoverRef.current?.focus()} />
    </>
  );
}
