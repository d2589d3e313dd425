/**
 * "Підключити маркетплейс": the marketplace, the store, and that marketplace's credentials (a
 * Prom.ua API token; a Rozetka seller's login and password; a Horoshop site's domain and API
 * admin). The API checks them with the marketplace at once; its field errors show under the
 * fields, a marketplace that does not answer in a toast. Test ids: connect-dialog,
 * connect-marketplace, connect-store, connect-submit.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MARKETPLACES, type ConnectionCreateInput, type ConnectionDto, type Marketplace, type MarketDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useCreateConnection } from '../api/marketplaces.ts';
import { useMarketplacesT } from '../i18n.ts';

type Fields = { token: string; username: string; password: string; domain: string; login: string };
const EMPTY: Fields = { token: '', username: '', password: '', domain: '', login: '' };

function inputOf(marketplace: Marketplace, marketId: number, f: Fields): ConnectionCreateInput {
  if (marketplace === 'prom') return { marketplace, market_id: marketId, token: f.token.trim() };
  if (marketplace === 'rozetka') return { marketplace, market_id: marketId, username: f.username.trim(), password: f.password };
  return { marketplace, market_id: marketId, domain: f.domain.trim(), login: f.login.trim(), password: f.password };
}

export function ConnectDialog({
  open,
  onClose,
  markets,
  connections,
}: {
  open: boolean;
  onClose: () => void;
  markets: MarketDto[];
  connections: ConnectionDto[];
}) {
  const { t, tc } = useMarketplacesT();
  const toast = useScopedToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const create = useCreateConnection();
  const [marketplace, setMarketplace] = useState<Marketplace>('prom');
  const [marketId, setMarketId] = useState<number | ''>('');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // A store already connected to this marketplace is not offered again.
  const taken = (m: MarketDto) => connections.some((c) => c.market_id === m.id && c.marketplace === marketplace);
  const free = markets.filter((m) => !taken(m));
  // The store picked, or the first one free for this marketplace.
  const storeId = marketId !== '' && free.some((m) => m.id === marketId) ? marketId : (free[0]?.id ?? '');
  // Closed, the form forgets what was typed (a secret must not wait in a hidden dialog).
  const close = () => {
    setFields(EMPTY);
    setErrors({});
    onClose();
  };

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    setErrors(({ [k]: _gone, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (storeId === '' || create.isPending) return;
    create.mutate(inputOf(marketplace, storeId, fields), {
      onSuccess: () => {
        toast.success(t('toast.connected'));
        close();
      },
      onError: (err) => {
        if (isApiError(err) && err.errors) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])));
        else toast.error(isApiError(err) ? err.message : tc('errors.generic'));
      },
    });
  };

  const field = (k: keyof Fields, label: string, extra: { type?: string; helper?: string; autoComplete?: string } = {}) => (
    <TextField
      key={`${marketplace}-${k}`}
      label={label}
      value={fields[k]}
      onChange={set(k)}
      required
      fullWidth
      type={extra.type ?? 'text'}
      autoComplete={extra.autoComplete ?? 'off'}
      error={Boolean(errors[k])}
      helperText={errors[k] || extra.helper}
      slotProps={{ htmlInput: { 'data-testid': `connect-${k}`, maxLength: 200 } }}
    />
  );

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} fullScreen={phone} fullWidth maxWidth="sm" data-testid="connect-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('connect.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t('connect.marketplace')}
              value={marketplace}
              onChange={(e) => setMarketplace(e.target.value as Marketplace)}
              slotProps={{ htmlInput: { 'data-testid': 'connect-marketplace' } }}
            >
              {MARKETPLACES.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`names.${m}`)}
                </MenuItem>
              ))}
            </TextField>
            {free.length === 0 ? (
              <Alert severity="info">{t('connections.needStore')}</Alert>
            ) : (
              <TextField
                select
                label={t('connect.store')}
                value={storeId}
                onChange={(e) => setMarketId(Number(e.target.value))}
                error={Boolean(errors.market_id)}
                helperText={errors.market_id}
                slotProps={{ htmlInput: { 'data-testid': 'connect-store' } }}
              >
                {free.map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {m.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {marketplace === 'prom' && field('token', t('connect.token'), { helper: t('connect.tokenHelp') })}
            {marketplace === 'rozetka' && (
              <>
                {field('username', t('connect.username'), { autoComplete: 'username', helper: t('connect.rozetkaHelp') })}
                {field('password', t('connect.password'), { type: 'password', autoComplete: 'new-password' })}
              </>
            )}
            {marketplace === 'horoshop' && (
              <>
                {field('domain', t('connect.domain'), { helper: t('connect.domainHelp') })}
                {field('login', t('connect.login'), { autoComplete: 'username', helper: t('connect.horoshopHelp') })}
                {field('password', t('connect.password'), { type: 'password', autoComplete: 'new-password' })}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={free.length === 0 || create.isPending} data-testid="connect-submit">
            {create.isPending ? t('connect.checking') : t('connect.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
