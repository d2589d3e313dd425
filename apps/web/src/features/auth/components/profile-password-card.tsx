import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useUpdateProfile } from '../../../lib/user.ts';

interface Values {
  old_password: string;
  password: string;
  password_confirmation: string;
}

const FIELDS = ['old_password', 'password', 'password_confirmation'] as const;

export function ProfilePasswordCard() {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const update = useUpdateProfile();
  const form = useForm<Values>({ defaultValues: { old_password: '', password: '', password_confirmation: '' } });
  const { errors } = form.formState;
  const [a, b, c] = useWatch({ control: form.control, name: FIELDS });
  const filled = Boolean(a && b && c);

  const onSubmit = form.handleSubmit((v) => {
    update.mutate(v, {
      onSuccess: () => {
        form.reset();
        toast.success(t('profile.password.changed'));
      },
      onError: (e) => {
        if (!applyServerErrors(e, form.setError, FIELDS)) toast.error(isApiError(e) ? e.message : t('errors.generic'));
      },
    });
  });

  return (
    <Card component="section" aria-labelledby="profile-password-title" data-testid="profile-password">
      <CardHeader title={t('profile.password.title')} slotProps={{ title: { id: 'profile-password-title', component: 'h2', variant: 'h3' } }} />
      <CardContent>
        <Stack component="form" noValidate spacing={2} onSubmit={(e) => void onSubmit(e)}>
          <Controller
            control={form.control}
            name="old_password"
            render={({ field }) => (
              <PasswordField
                id="profile-old-password"
                label={t('profile.password.old')}
                autoComplete="current-password"
                {...muiField(field)}
                error={Boolean(errors.old_password)}
                helperText={errors.old_password?.message}
                testId="profile-old-password"
              />
            )}
          />
          <Controller
            control={form.control}
            name="password"
            render={({ field }) => (
              <PasswordField
                id="profile-new-password"
                label={t('auth.fields.newPassword')}
                autoComplete="new-password"
                {...muiField(field)}
                error={Boolean(errors.password)}
                helperText={errors.password?.message}
                testId="profile-new-password"
              />
            )}
          />
          <Controller
            control={form.control}
            name="password_confirmation"
            render={({ field }) => (
              <PasswordField
                id="profile-new-password-confirmation"
                label={t('auth.fields.passwordConfirmation')}
                autoComplete="new-password"
                {...muiField(field)}
                error={Boolean(errors.password_confirmation)}
                helperText={errors.password_confirmation?.message}
                testId="profile-new-password-confirmation"
              />
            )}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!filled}
            loading={update.isPending}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="profile-password-save"
          >
            {t('profile.password.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
