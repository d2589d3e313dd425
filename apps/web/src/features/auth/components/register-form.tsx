import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { registerInput } from '@drop/shared';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField, muiRegister, validationMessage } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useRegister } from '../api/register.ts';
import { RegisterCodeDialog } from './register-code-dialog.tsx';

const FIELDS = ['name', 'email', 'phone', 'password', 'password_confirmation'] as const;

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const register = useRegister();
  // The attempt the mailed code belongs to: the code dialog sends it back with the code.
  const [pending, setPending] = useState<{ email: string; attemptId: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(registerInput),
    defaultValues: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    register.mutate(values, {
      onSuccess: (res) => {
        form.clearErrors();
        setPending({ email: res.email || values.email, attemptId: res.attempt_id });
      },
      onError: (e) => {
        const applied = applyServerErrors(e, form.setError, FIELDS);
        if (applied) toast.warning(t('auth.register.badData'));
        else toast.error(isApiError(e) ? e.message : t('errors.generic'));
      },
    });
  });

  const err = (f: (typeof FIELDS)[number]) => validationMessage(errors[f]?.message, f);

  return (
    <>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="register-form">
        <Stack spacing={2}>
          <TextField
            id="register-name"
            label={t('auth.fields.name')}
            autoComplete="name"
            {...muiRegister(form.register, 'name')}
            error={Boolean(errors.name)}
            helperText={err('name')}
            slotProps={{ htmlInput: { 'data-testid': 'register-name' } }}
          />
          <TextField
            id="register-email"
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            {...muiRegister(form.register, 'email')}
            error={Boolean(errors.email)}
            helperText={err('email')}
            slotProps={{ htmlInput: { 'data-testid': 'register-email' } }}
          />
          <Controller
            control={form.control}
            name="phone"
            render={({ field }) => (
              <PhoneField
                id="register-phone"
                label={t('auth.fields.phone')}
                {...muiField(field)}
                error={Boolean(errors.phone)}
                helperText={err('phone')}
                testId="register-phone"
              />
            )}
          />
          <Controller
            control={form.control}
            name="password"
            render={({ field }) => (
              <PasswordField
                id="register-password"
                label={t('auth.fields.password')}
                autoComplete="new-password"
                {...muiField(field)}
                error={Boolean(errors.password)}
                helperText={err('password')}
                testId="register-password"
              />
            )}
          />
          <Controller
            control={form.control}
            name="password_confirmation"
            render={({ field }) => (
              <PasswordField
                id="register-password-confirmation"
                label={t('auth.fields.passwordConfirmation')}
                autoComplete="new-password"
                {...muiField(field)}
                error={Boolean(errors.password_confirmation)}
                helperText={err('password_confirmation')}
                testId="register-password-confirmation"
              />
            )}
          />
          <Button type="submit" variant="contained" size="large" loading={register.isPending} data-testid="register-submit">
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </Box>
      <RegisterCodeDialog
        open={pending !== null}
        email={pending?.email ?? ''}
        attemptId={pending?.attemptId ?? ''}
        onCancel={() => setPending(null)}
        onConfirmed={() => {
          setPending(null);
          onRegistered();
        }}
      />
    </>
  );
}
