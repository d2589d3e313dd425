import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@drop/shared';
import { CodeField } from '../../../components/ui/code-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useConfirmRegister } from '../api/confirm-register.ts';

const CODE_RE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/**
 * Blocking dialog after registration: neither Escape nor a backdrop click closes it. The code
 * confirms only the attempt this dialog belongs to (`attemptId`, answered by the registration).
 */
export function RegisterCodeDialog({
  open,
  email,
  attemptId,
  onCancel,
  onConfirmed,
}: {
  open: boolean;
  email: string;
  attemptId: string;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation();
  // A wrong code's warning goes with the dialog (it must not greet the user on the dashboard).
  const toast = useScopedToast(open);
  const confirm = useConfirmRegister();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  // A confirmation on its way: a second click before the button shows it is busy sends nothing (the
  // used code would be refused and warn after the sign-in).
  const sending = useRef(false);
  const submit = () => {
    if (!CODE_RE.test(code) || sending.current) return;
    sending.current = true;
    // mutateAsync, not mutate's callbacks: the confirmation signs in, and /register's guest guard then
    // leaves for the dashboard at once, unmounting this dialog; mutate's own callbacks would never run
    // then, and the confirmation notice would not greet the dashboard.
    confirm
      .mutateAsync({ email, attempt_id: attemptId, code })
      .then(
        () => {
          setError(undefined);
          toast.success(t('auth.code.confirmed'));
          onConfirmed();
        },
        (e: unknown) => {
          const fieldMsg = isApiError(e) ? e.errors?.code?.[0] : undefined;
          if (fieldMsg || (isApiError(e) && e.code === 'BadCode')) {
            setError(fieldMsg ?? t('auth.code.badCode'));
            toast.warning(t('auth.code.badCode'));
          } else {
            toast.error(isApiError(e) ? e.message : t('errors.generic'));
          }
        },
      )
      .finally(() => {
        sending.current = false;
      });
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        /* blocking: Escape and backdrop clicks are ignored */
      }}
      maxWidth="xs"
      fullWidth
      aria-labelledby="register-code-title"
      data-testid="register-code-dialog"
    >
      <DialogTitle id="register-code-title">{t('auth.code.registerTitle')}</DialogTitle>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('auth.code.sentTo', { email })}</DialogContentText>
          <CodeField
            id="register-code"
            label={t('auth.code.label')}
            value={code}
            onValueChange={(v) => {
              setCode(v);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} color="inherit" data-testid="register-code-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!CODE_RE.test(code) || confirm.isPending}
            loading={confirm.isPending}
            data-testid="register-code-confirm"
          >
            {t('common.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
