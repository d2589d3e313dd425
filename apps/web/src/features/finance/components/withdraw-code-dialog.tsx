import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@drop/shared';
import { CodeField } from '../../../components/ui/code-field.tsx';

/** The withdraw 2FA step: the 6-digit code mailed for this request. */
export function WithdrawCodeDialog({
  open,
  code,
  onCode,
  error,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  code: string;
  onCode: (code: string) => void;
  error?: string | undefined;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const ready = code.length === CODE_LENGTH;
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} fullWidth maxWidth="xs" aria-labelledby="withdraw-code-title" data-testid="withdraw-code-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !busy) onConfirm();
        }}
      >
        <DialogTitle id="withdraw-code-title">{t('finance.withdraw.codeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('finance.withdraw.codeText')}</DialogContentText>
          <CodeField
            id="withdraw-code"
            label={t('finance.withdraw.code')}
            value={code}
            onValueChange={onCode}
            error={Boolean(error)}
            helperText={error}
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={busy} data-testid="withdraw-code-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!ready} loading={busy} data-testid="withdraw-code-confirm">
            {t('common.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
