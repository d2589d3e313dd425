/**
 * Confirms a money decision: approve / mark paid (no reason) or decline (a reason is required, at
 * most 500 characters; a server field error on `reason` is shown on the field).
 * Test ids: {testId}, {testId}-reason, {testId}-confirm, {testId}-cancel.
 */
import { useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { isApiError } from '../../../lib/api-client.ts';
import { useAdminT } from '../i18n.ts';

export const REASON_MAX = 500;

export interface DecisionDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Decline: a reason must be given. */
  withReason: boolean;
  busy: boolean;
  onCancel: () => void;
  /** Resolves on success; a rejection with a field error on `reason` is shown on the field. */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
  testId: string;
}

function DecisionBody({ title, text, confirmLabel, withReason, busy, onCancel, onConfirm, testId }: Omit<DecisionDialogProps, 'open'>) {
  const { t, tc } = useAdminT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A decision on its way: a second click before the button shows it is busy sends nothing.
  const sending = useRef(false);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const r = reason.trim();
    if (withReason && !r) return setError(t('common.reasonRequired'));
    if (r.length > REASON_MAX) return setError(t('common.tooLong', { max: REASON_MAX }));
    setError(null);
    sending.current = true;
    onConfirm(withReason ? r : undefined)
      .catch((err: unknown) => {
        const field = isApiError(err) ? err.errors?.reason?.[0] : undefined;
        if (field) setError(field);
      })
      .finally(() => {
        sending.current = false;
      });
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ overflowWrap: 'anywhere', mb: withReason ? 2 : 0 }}>
          {text}
        </DialogContentText>
        {withReason && (
          <TextField
            autoFocus
            fullWidth
            required
            multiline
            minRows={2}
            label={t('common.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? t('common.reasonHint')}
            slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': `${testId}-reason` } }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* "Назад", never "Скасувати": beside "Відхилити" a cancel would read as one more way to refuse. */}
        <Button onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
          {tc('common.back')}
        </Button>
        <Button type="submit" variant="contained" color={withReason ? 'error' : 'success'} loading={busy} data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

export function DecisionDialog({ open, ...rest }: DecisionDialogProps) {
  return (
    <Dialog open={open} onClose={rest.busy ? undefined : rest.onCancel} fullWidth maxWidth="xs" data-testid={rest.testId} aria-label={rest.title}>
      {open && <DecisionBody {...rest} />}
    </Dialog>
  );
}
