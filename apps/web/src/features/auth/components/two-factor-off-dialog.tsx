import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@drop/shared';
import { CodeField } from '../../../components/ui/code-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useStepUp } from '../api/step-up.ts';
import { useUpdateProfile } from '../../../lib/user.ts';

export type TwoFactorSwitch = 'login_2fa' | 'withdraw_2fa';

/**
 * Turning a second factor off is a step-up: the current password, or a code mailed on request
 * (its attempt id goes back with it). Turning it on needs nothing and does not open this dialog.
 */
export function TwoFactorOffDialog({ field, email, onClose }: { field: TwoFactorSwitch | null; email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useScopedToast(field !== null);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const update = useUpdateProfile();
  const stepUp = useStepUp();
  const [password, setPassword] = useState('');
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ old_password?: string; code?: string }>({});
  // The switch the dialog is about, kept while it fades out after closing (its title names it).
  const [shown, setShown] = useState<TwoFactorSwitch | null>(field);
  if (field !== null && field !== shown) setShown(field);

  const reset = () => {
    setPassword('');
    setAttemptId(null);
    setCode('');
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const byCode = attemptId !== null && code.length === CODE_LENGTH;
  const ready = byCode || password.length > 0;

  // A request on its way: a second click before its button shows it is busy sends nothing (two codes
  // mailed at once, only the last one valid; the switch turned off twice).
  const sending = useRef(false);
  const sendCode = () => {
    if (sending.current) return;
    sending.current = true;
    stepUp.mutate(undefined, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (res) => {
        setAttemptId(res.attempt_id);
        setCode('');
        setErrors({});
        toast.info(t('profile.twoFactor.codeSent', { email }));
      },
      onError: (e) => toast.error(isApiError(e) ? e.message : t('errors.generic')),
    });
  };

  const submit = () => {
    if (!field || !ready || sending.current) return;
    sending.current = true;
    const proof = byCode ? { attempt_id: attemptId, code } : { old_password: password };
    update.mutate(
      { ...(field === 'login_2fa' ? { login_2fa: false } : { withdraw_2fa: false }), ...proof },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          toast.success(t('profile.saved'));
          close();
        },
        onError: (e) => {
          const fieldErrors = isApiError(e) ? e.errors : undefined;
          if (fieldErrors?.old_password?.[0] || fieldErrors?.code?.[0]) {
            setErrors({ old_password: fieldErrors.old_password?.[0], code: fieldErrors.code?.[0] });
          } else toast.error(isApiError(e) ? e.message : t('errors.generic'));
        },
      },
    );
  };

  return (
    <Dialog
      open={field !== null}
      onClose={close}
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
      aria-labelledby="two-factor-off-title"
      data-testid="two-factor-off-dialog"
    >
      <DialogTitle id="two-factor-off-title">{t(shown === 'login_2fa' ? 'profile.twoFactor.offTitleLogin' : 'profile.twoFactor.offTitleWithdraw')}</DialogTitle>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('profile.twoFactor.offText', { email })}</DialogContentText>
            <PasswordField
              id="two-factor-off-password"
              label={t('profile.twoFactor.currentPassword')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setErrors((x) => ({ ...x, old_password: undefined }));
              }}
              error={Boolean(errors.old_password)}
              helperText={errors.old_password ?? ' '}
              disabled={attemptId !== null}
              testId="two-factor-off-password"
              autoFocus
              fullWidth
            />
            <Typography align="center" color="text.secondary">
              {t('profile.twoFactor.or')}
            </Typography>
            {attemptId === null ? (
              <Button variant="outlined" onClick={sendCode} loading={stepUp.isPending} data-testid="two-factor-off-send-code">
                {t('profile.twoFactor.sendCode')}
              </Button>
            ) : (
              <CodeField
                id="two-factor-off-code"
                label={t('auth.code.label')}
                value={code}
                onValueChange={(v) => {
                  setCode(v);
                  setErrors((x) => ({ ...x, code: undefined }));
                }}
                error={Boolean(errors.code)}
                helperText={errors.code ?? t('profile.twoFactor.codeSent', { email })}
                autoFocus
                fullWidth
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit" data-testid="two-factor-off-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!ready || update.isPending} loading={update.isPending} data-testid="two-factor-off-confirm">
            {t('profile.twoFactor.turnOff')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
