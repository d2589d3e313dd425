import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/** Asks before a destructive action (max width 400). Test ids: {testId}, {testId}-confirm, {testId}-cancel. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy = false,
  onCancel,
  onConfirm,
  testId,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
}) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 400 } } }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid={testId}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
          {cancelLabel}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={busy} data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
