import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@drop/shared';
import { CodeField } from '../../../components/ui/code-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField } from '../../../lib/form.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useRestorePassword } from '../api/restore-password.ts';

interface RestoreValues {
  code: string;
  password: string;
  password_confirmation: string;
}

export function ForgotPasswordForm({ onRestored }: { onRestored: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const forgot = useForgotPassword();
  const restore = useRestorePassword();
  const [email, setEmail] = useState('');
  // The reset attempt the mailed code belongs to (sent back with the code).
  const [attemptId, setAttemptId] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [step, setStep] = useState<'email' | 'restore'>('email');
  const form = useForm<RestoreValues>({ defaultValues: { password: '', password_confirmation: '' } });
  const { errors } = form.formState;
  const [code, setCode] = useState('');
  const [password, confirmation] = useWatch({ control: form.control, name: ['password', 'password_confirmation'] });

  // A request on its way: a second click before its button shows it is busy sends nothing (a second
  // forgot was refused 429 and kept the form on step 1 although the code went out).
  const sending = useRef(false);
  const sendEmail = () => {
    if (!email.trim() || sending.current) return;
    sending.current = true;
    forgot.mutate(
      { email: email.trim() },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (res) => {
          setEmailError(undefined);
          setAttemptId(res.attempt_id);
          setStep('restore');
        },
        onError: (e) => {
          const msg = isApiError(e) ? e.errors?.email?.[0] : undefined;
          if (msg) setEmailError(msg);
          else toast.error(isApiError(e) ? e.message : t('errors.generic'));
        },
      },
    );
  };

  // handleSubmit calls this only on submit (an event), never during render.
  // eslint-disable-next-line react-hooks/refs
  const onRestore = form.handleSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    restore.mutate(
      { email: email.trim(), attempt_id: attemptId, password: values.password, password_confirmation: values.password_confirmation, code },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => onRestored(),
        onError: (e) => {
          const applied = applyServerErrors(e, form.setError, ['code', 'password', 'password_confirmation']);
          if (isApiError(e) && e.errors?.email?.[0]) {
            setEmailError(e.errors.email[0]);
            toast.warning(e.errors.email[0]);
          } else if (applied && isApiError(e) && e.errors?.code) toast.warning(t('auth.code.badCode'));
          else if (!applied) toast.error(isApiError(e) ? e.message : t('errors.generic'));
        },
      },
    );
  });

  if (step === 'email') {
    return (
      <Box
        component="form"
        noValidate
        data-testid="forgot-email-step"
        onSubmit={(e) => {
          e.preventDefault();
          sendEmail();
        }}
      >
        <Stack spacing={2}>
          <Alert severity="info">{t('auth.forgot.hint')}</Alert>
          <TextField
            id="forgot-email"
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setEmailError(undefined);
            }}
            error={Boolean(emailError)}
            helperText={emailError}
            slotProps={{ htmlInput: { 'data-testid': 'forgot-email' } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={!email.trim()} loading={forgot.isPending} data-testid="forgot-send">
            {t('auth.forgot.send')}
          </Button>
        </Stack>
      </Box>
    );
  }

  const filled = code.length === CODE_LENGTH && password.length > 0 && confirmation.length > 0;

  return (
    <Box component="form" noValidate onSubmit={onRestore} data-testid="forgot-restore-step">
      <Stack spacing={2}>
        <Alert severity="info" data-testid="forgot-code-sent">
          {t('auth.forgot.codeSent', { email: email.trim() })}
        </Alert>
        <CodeField
          id="forgot-code"
          label={t('auth.code.label')}
          value={code}
          onValueChange={(v) => {
            setCode(v);
            form.clearErrors('code');
          }}
          error={Boolean(errors.code)}
          helperText={errors.code?.message}
        />
        <Controller
          control={form.control}
          name="password"
          render={({ field }) => (
            <PasswordField
              id="forgot-password"
              label={t('auth.fields.newPassword')}
              autoComplete="new-password"
              {...muiField(field)}
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              testId="forgot-password"
            />
          )}
        />
        <Controller
          control={form.control}
          name="password_confirmation"
          render={({ field }) => (
            <PasswordField
              id="forgot-password-confirmation"
              label={t('auth.fields.passwordConfirmation')}
              autoComplete="new-password"
              {...muiField(field)}
              error={Boolean(errors.password_confirmation)}
              helperText={errors.password_confirmation?.message}
              testId="forgot-password-confirmation"
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={!filled} loading={restore.isPending} data-testid="forgot-restore">
          {t('auth.forgot.restore')}
        </Button>
        <Button color="inherit" onClick={() => setStep('email')} data-testid="forgot-back">
          {t('common.back')}
        </Button>
      </Stack>
    </Box>
  );
}
