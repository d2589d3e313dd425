import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DevicesIcon from '@mui/icons-material/Devices';
import LogoutIcon from '@mui/icons-material/Logout';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, type DeviceDto } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { clearToken } from '../../../lib/auth-token.ts';
import { LIST_MAX_HEIGHT } from '../../../lib/theme.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useDeleteDevice } from '../api/delete-device.ts';
import { useDevices } from '../api/get-devices.ts';

/**
 * Signed-in devices; signing out the current one ends this session (onCurrentSignedOut).
 * Every sign-out is asked first (device-sign-out-dialog(-confirm|-cancel)).
 */
export function DevicesCard({ onCurrentSignedOut }: { onCurrentSignedOut: () => void }) {
  const { t } = useTranslation();
  // A failed sign-out's error belongs to this card (it goes when the profile page does).
  const toast = useScopedToast();
  const qc = useQueryClient();
  const devices = useDevices();
  const remove = useDeleteDevice();
  const [toSignOut, setToSignOut] = useState<DeviceDto | null>(null);

  const signOut = (d: DeviceDto) =>
    remove.mutate(d.id, {
      onSettled: () => setToSignOut(null),
      onSuccess: () => {
        if (d.is_current) {
          clearToken();
          qc.clear();
          onCurrentSignedOut();
        } else toast.success(t('devices.signedOut'));
      },
      onError: (e) => toast.error(isApiError(e) ? e.message : t('errors.generic')),
    });

  return (
    <Card component="section" aria-labelledby="profile-devices-title" data-testid="profile-devices">
      <CardHeader title={t('devices.title')} slotProps={{ title: { id: 'profile-devices-title', component: 'h2', variant: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>
        {devices.isPending ? (
          <div data-testid="devices-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
            ))}
          </div>
        ) : devices.isError ? (
          <Typography color="error">{t('errors.loadFailed')}</Typography>
        ) : devices.data.data.length === 0 ? (
          <Typography color="text.secondary">{t('devices.empty')}</Typography>
        ) : (
          <List dense sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto' }} data-testid="devices-list">
            {devices.data.data.map((d) => (
              <ListItem
                key={d.id}
                divider
                data-testid="device-item"
                secondaryAction={
                  // 'on this device' only for the current one; the others name the device they sign out.
                  <Tooltip title={d.is_current ? t('devices.signOut') : t('devices.signOutNamed', { name: d.name })}>
                    <span>
                      <IconButton
                        edge="end"
                        aria-label={d.is_current ? t('devices.signOut') : t('devices.signOutNamed', { name: d.name })}
                        disabled={remove.isPending}
                        onClick={() => setToSignOut(d)}
                        data-testid={`device-sign-out-${d.id}`}
                      >
                        <LogoutIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                }
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <DevicesIcon color={d.is_current ? 'primary' : 'action'} />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      {d.name}
                      {d.is_current && <Chip size="small" color="primary" label={t('devices.current')} sx={{ ml: 1 }} data-testid="device-current" />}
                    </>
                  }
                  secondary={t('devices.meta', { ip: d.ip_address ?? '-', date: formatDate(d.used_at) })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <ConfirmDialog
        open={toSignOut !== null}
        title={t(toSignOut?.is_current ? 'devices.signOutCurrentTitle' : 'devices.signOutTitle')}
        text={toSignOut?.is_current ? t('devices.signOutCurrentText') : t('devices.signOutText', { name: toSignOut?.name ?? '' })}
        confirmLabel={t('devices.signOutConfirm')}
        cancelLabel={t('common.cancel')}
        busy={remove.isPending}
        onCancel={() => setToSignOut(null)}
        onConfirm={() => toSignOut && signOut(toSignOut)}
        testId="device-sign-out-dialog"
      />
    </Card>
  );
}
