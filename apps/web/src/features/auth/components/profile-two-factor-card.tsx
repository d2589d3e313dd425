import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { TwoFactorOffDialog, type TwoFactorSwitch } from './two-factor-off-dialog.tsx';

export function ProfileTwoFactorCard({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const update = useUpdateProfile();
  // Turning a switch off asks for the current password or a mailed code first.
  const [turningOff, setTurningOff] = useState<TwoFactorSwitch | null>(null);
  const save = (input: { login_2fa?: boolean; withdraw_2fa?: boolean }) =>
    update.mutate(input, {
      onSuccess: () => toast.success(t('profile.saved')),
      onError: (e) => toast.error(isApiError(e) ? e.message : t('errors.generic')),
    });
  const toggle = (field: TwoFactorSwitch, on: boolean) => (on ? save({ [field]: true }) : setTurningOff(field));

  return (
    <Card component="section" aria-labelledby="profile-2fa-title" data-testid="profile-2fa">
      <CardHeader title={t('profile.twoFactor.title')} slotProps={{ title: { id: 'profile-2fa-title', component: 'h2', variant: 'h3' } }} />
      <CardContent>
        <Stack spacing={1}>
          <Typography color="text.secondary">{t('profile.twoFactor.text')}</Typography>
          <FormControlLabel
            control={
              <Switch
                checked={user.login_2fa}
                disabled={update.isPending}
                onChange={(_e, v) => toggle('login_2fa', v)}
                slotProps={{ input: { 'aria-label': t('profile.twoFactor.login') } }}
                data-testid="profile-login-2fa"
              />
            }
            label={t('profile.twoFactor.login')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={user.withdraw_2fa}
                disabled={update.isPending}
                onChange={(_e, v) => toggle('withdraw_2fa', v)}
                slotProps={{ input: { 'aria-label': t('profile.twoFactor.withdraw') } }}
                data-testid="profile-withdraw-2fa"
              />
            }
            label={t('profile.twoFactor.withdraw')}
          />
        </Stack>
      </CardContent>
      <TwoFactorOffDialog field={turningOff} email={user.email} onClose={() => setTurningOff(null)} />
    </Card>
  );
}
