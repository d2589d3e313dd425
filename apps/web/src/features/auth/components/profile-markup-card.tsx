/**
 * Profile markup card (SPEC section 2, profile): the markup %, whether it applies to the drop or the
 * recommended price, auto-confirm. While the supplier enforces the recommended price (/config), a hint
 * says which prices the markup lifts to it (profile-markup-floor-hint).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProfileInput, UserDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useRecommendedFloor } from '../../../lib/config.ts';
import { useUpdateProfile } from '../../../lib/user.ts';

export function ProfileMarkupCard({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const update = useUpdateProfile();
  const floor = useRecommendedFloor();
  const [markup, setMarkup] = useState(String(user.markup));
  const [error, setError] = useState<string | undefined>();

  const save = (input: ProfileInput) =>
    update.mutate(input, {
      onSuccess: () => {
        setError(undefined);
        toast.success(t('profile.saved'));
      },
      onError: (e) => {
        const msg = isApiError(e) ? e.errors?.markup?.[0] : undefined;
        if (msg) setError(msg);
        else toast.error(isApiError(e) ? e.message : t('errors.generic'));
      },
    });

  const markupNumber = Number(markup.replace(',', '.'));
  const valid = markup.trim() !== '' && Number.isFinite(markupNumber) && markupNumber >= 0;

  return (
    <Card component="section" aria-labelledby="profile-markup-title" data-testid="profile-markup">
      <CardHeader title={t('profile.markup.title')} slotProps={{ title: { id: 'profile-markup-title', component: 'h2', variant: 'h3' } }} />
      <CardContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('profile.markup.text')}</Typography>
          <Stack
            component="form"
            direction="row"
            spacing={2}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) save({ markup: markupNumber });
            }}
            sx={{ alignItems: 'flex-start' }}
          >
            <TextField
              id="profile-markup-value"
              label={t('profile.markup.value')}
              value={markup}
              onChange={(e) => {
                setMarkup(e.target.value);
                setError(undefined);
              }}
              error={Boolean(error) || (markup !== '' && !valid)}
              helperText={error}
              sx={{ maxWidth: 200 }}
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'data-testid': 'profile-markup-value' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
            <Button type="submit" variant="contained" disabled={!valid} loading={update.isPending} sx={{ mt: 1 }} data-testid="profile-markup-save">
              {t('common.save')}
            </Button>
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={user.is_drop_markup}
                onChange={(_e, v) => save({ is_drop_markup: v })}
                slotProps={{ input: { 'aria-label': t('profile.markup.isDropMarkup') } }}
                data-testid="profile-is-drop-markup"
              />
            }
            label={t('profile.markup.isDropMarkup')}
          />
          {floor && (
            <Alert severity="info" data-testid="profile-markup-floor-hint" data-base={user.is_drop_markup ? 'drop' : 'recommended'}>
              {t(user.is_drop_markup ? 'profile.markup.floorHintDrop' : 'profile.markup.floorHintRecommended')}
            </Alert>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={user.auto_confirm_orders}
                onChange={(_e, v) => save({ auto_confirm_orders: v })}
                slotProps={{ input: { 'aria-label': t('profile.markup.autoConfirm') } }}
                data-testid="profile-auto-confirm"
              />
            }
            label={t('profile.markup.autoConfirm')}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
