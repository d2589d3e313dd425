import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatPhone, type UserDto } from '@drop/shared';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField, muiRegister } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useUpdateProfile } from '../../../lib/user.ts';

interface Values {
  name: string;
  phone: string;
  city: string;
}

export function ProfilePersonalCard({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const update = useUpdateProfile();
  const form = useForm<Values>({
    defaultValues: { name: user.name, phone: user.phone ? formatPhone(user.phone) : '', city: user.city ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((v) => {
    update.mutate(
      { name: v.name, phone: v.phone, city: v.city.trim() ? v.city.trim() : null },
      {
        onSuccess: () => {
          form.clearErrors();
          toast.success(t('profile.saved'));
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setError, ['name', 'phone', 'city'])) toast.error(isApiError(e) ? e.message : t('errors.generic'));
        },
      },
    );
  });

  return (
    <Card component="section" aria-labelledby="profile-personal-title" data-testid="profile-personal">
      <CardHeader title={t('profile.personal.title')} slotProps={{ title: { id: 'profile-personal-title', component: 'h2', variant: 'h3' } }} />
      <CardContent>
        <Stack component="form" noValidate spacing={2} onSubmit={(e) => void onSubmit(e)}>
          <TextField
            id="profile-name"
            label={t('auth.fields.name')}
            {...muiRegister(form.register, 'name')}
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <TextField
            id="profile-email"
            label={t('auth.fields.email')}
            value={user.email}
            slotProps={{ htmlInput: { readOnly: true } }}
            helperText={t('profile.personal.emailReadonly')}
          />
          <Controller
            control={form.control}
            name="phone"
            render={({ field }) => (
              <PhoneField
                id="profile-phone"
                label={t('auth.fields.phone')}
                {...muiField(field)}
                error={Boolean(errors.phone)}
                helperText={errors.phone?.message}
                testId="profile-phone"
              />
            )}
          />
          <TextField
            id="profile-city"
            label={t('profile.personal.city')}
            {...muiRegister(form.register, 'city')}
            error={Boolean(errors.city)}
            helperText={errors.city?.message}
          />
          <Button type="submit" variant="contained" loading={update.isPending} sx={{ alignSelf: 'flex-start' }} data-testid="profile-personal-save">
            {t('common.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
