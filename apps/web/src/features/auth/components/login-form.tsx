import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH, loginInput } from '@drop/shared';
import { CodeField } from '../../../components/ui/code-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField, muiRegister, validationMessage } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useConfirmLogin } from '../api/confirm-login.ts';
import { useLogin } from '../api/login.ts';

const FIELDS = ['email', 'password'] as const;

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const login = useLogin();
  const confirm = useConfirmLogin();
  const [codeEmail, setCodeEmail] = useState<string | null>(null);
  // The sign-in attempt the mailed code belongs to (sent back with the code).
  const [attemptId, setAttemptId] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const form = useForm({ resolver: zodResolver(loginInput), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  // A request on its way: a second click before its button shows it is busy sends nothing (a second
  // sign-in or a used code would be answered on top of the first).
  const sending = useRef(false);
  // handleSubmit calls this only on submit (an event), never during render.
  // eslint-disable-next-line react-hooks/refs
  const onSubmit = form.handleSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    login.mutate(values, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (res) => {
        form.clearErrors();
        if (res.enabled_2fa) {
          setCode('');
          setCodeError(undefined);
          setAttemptId(res.attempt_id ?? '');
          setCodeEmail(values.email);
        } else if (res.token) onSignedIn();
      },
      onError: (e) => {
        if (!applyServerErrors(e, form.setError, FIELDS) && isApiError(e)) toast.error(e.message);
      },
    });
  });

  const submitCode = () => {
    if (!codeEmail || code.length !== CODE_LENGTH || sending.current) return;
    sending.current = true;
    confirm.mutate(
      { email: codeEmail, attempt_id: attemptId, code },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => onSignedIn(),
        onError: (e) => {
          const msg = isApiError(e) ? e.errors?.code?.[0] : undefined;
          if (msg || (isApiError(e) && e.code === 'BadCode')) {
            setCodeError(msg ?? t('auth.code.badCode'));
            toast.warning(t('auth.code.badCode'));
          } else toast.error(isApiError(e) ? e.message : t('errors.generic'));
        },
      },
    );
  };

  if (codeEmail) {
    return (
      <Box
        component="form"
        noValidate
        data-testid="login-code-step"
        onSubmit={(e) => {
          e.preventDefault();
          submitCode();
        }}
      >
        <Stack spacing={2}>
          <Alert severity="info" data-testid="login-code-sent">
            {t('auth.login.codeSent', { email: codeEmail })}
          </Alert>
          <CodeField
            id="login-code"
            label={t('auth.code.label')}
            value={code}
            onValueChange={(v) => {
              setCode(v);
              setCodeError(undefined);
            }}
            error={Boolean(codeError)}
            helperText={codeError ?? ' '}
            autoFocus
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={code.length !== CODE_LENGTH}
            loading={confirm.isPending}
            data-testid="login-code-submit"
          >
            {t('auth.login.confirm')}
          </Button>
          <Button color="inherit" onClick={() => setCodeEmail(null)} data-testid="login-code-back">
            {t('common.back')}
          </Button>
        </Stack>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="login-form">
      <Stack spacing={2}>
        <TextField
          id="login-email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          {...muiRegister(form.register, 'email')}
          error={Boolean(errors.email)}
          helperText={validationMessage(errors.email?.message, 'email')}
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
        />
        <Controller
          control={form.control}
          name="password"
          render={({ field }) => (
            <PasswordField
              id="login-password"
              label={t('auth.fields.password')}
              autoComplete="current-password"
              {...muiField(field)}
              error={Boolean(errors.password)}
              helperText={validationMessage(errors.password?.message, 'password')}
              testId="login-password"
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
