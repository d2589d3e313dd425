import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, type NotificationDto } from '@drop/shared';

/** One notification in full (max width 600): title, date, the whole message and a close button. */
/**
 * `returnFocus`: where the focus goes once the dialog has closed, instead of back to the element
 * that opened it (an item of a list that reading it removes).
 */
export function NotificationDialog({
  notification,
  open,
  onClose,
  returnFocus,
}: {
  notification: NotificationDto | null;
  open: boolean;
  onClose: () => void;
  returnFocus?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open && notification !== null}
      onClose={onClose}
      fullWidth
      aria-labelledby="notification-dialog-title"
      aria-describedby="notification-dialog-message"
      disableRestoreFocus={returnFocus !== undefined}
      slotProps={{ paper: { sx: { maxWidth: 600 } }, ...(returnFocus ? { transition: { onExited: returnFocus } } : {}) }}
      data-testid="notification-dialog"
    >
      <DialogTitle id="notification-dialog-title">{notification?.data.title}</DialogTitle>
      <DialogContent>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }} data-testid="notification-dialog-date">
          {formatDate(notification?.created_at)}
        </Typography>
        <Typography id="notification-dialog-message" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {notification?.data.message}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="notification-dialog-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
