import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isStaffRole, type UserDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useUpdateProfile } from '../../../lib/user.ts';
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
  // The supplier's staff always sign in with a mailed code (the API answers 422 staff_2fa_required
  // to turning it off): the switch shows on and cannot be moved.
  const staff = isStaffRole(user.role);
  const toggle = (field: TwoFactorSwitch, on: boolean) => {
    if (staff && field === 'login_2fa') return;
    if (on) save({ [field]: true });
    else setTurningOff(field);
  };

  return (
    <Card component="section" aria-labelledby="profile-2fa-title" data-testid="profile-2fa">
      <CardHeader title={t('profile.twoFactor.title')} slotProps={{ title: { id: 'profile-2fa-title', component: 'h2', variant: 'h3' } }} />
      <CardContent>
        <Stack spacing={1}>
          <Typography color="text.secondary">{t('profile.twoFactor.text')}</Typography>
          <FormControlLabel
            control={
              <Switch
                checked={staff || user.login_2fa}
                disabled={staff || update.isPending}
                onChange={(_e, v) => toggle('login_2fa', v)}
                slotProps={{ input: { 'aria-label': t('profile.twoFactor.login'), 'aria-describedby': staff ? 'profile-login-2fa-staff' : undefined } }}
                data-testid="profile-login-2fa"
              />
            }
            label={t('profile.twoFactor.login')}
          />
          {staff && (
            <Typography id="profile-login-2fa-staff" variant="body2" color="text.secondary" sx={{ mt: -0.5, pl: 6 }} data-testid="profile-login-2fa-staff">
              {t('profile.twoFactor.staffAlways')}
            </Typography>
          )}
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
