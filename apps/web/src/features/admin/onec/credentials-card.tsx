/**
 * The 1C exchange's own credentials (admins only; for anyone else the API answers 403 and the card
 * is not shown): the current login, when and by whom it was made, a button making a new pair
 * (asks first when one exists: the old one stops working at once), the secret shown once in a
 * dialog with copy buttons, and revoking (asks first).
 * Test ids: onec-credentials, onec-credentials-login, onec-credentials-none, onec-credentials-generate,
 * onec-credentials-revoke, onec-credentials-replace(-confirm|-cancel), onec-credentials-revoke-dialog(-confirm|-cancel),
 * onec-credentials-secret, onec-credentials-secret-login, onec-credentials-secret-value,
 * onec-credentials-copy-login, onec-credentials-copy-secret, onec-credentials-done.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { formatDate, type OnecCredentialSecretDto } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useCreateOnecCredential, useOnecCredential, useRevokeOnecCredential } from './api.ts';
import { useOnecT } from './i18n.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

function CopyField({ label, value, field }: { label: string; value: string; field: 'login' | 'secret' }) {
  const { t } = useOnecT();
  const toast = useScopedToast();
  const input = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      // The whole secret stays visible on a phone: it wraps.
      multiline={field === 'secret'}
      inputRef={input}
      slotProps={{
        htmlInput: {
          readOnly: true,
          'data-testid': `onec-credentials-secret-${field === 'login' ? 'login' : 'value'}`,
          sx: { fontFamily: 'monospace', wordBreak: 'break-all' },
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={t('credentials.copy', { field: label })}
                data-testid={`onec-credentials-copy-${field}`}
                onClick={() => {
                  void copyText(value, input.current).then((ok) => (ok ? toast.success(t('credentials.copied')) : toast.error(t('credentials.copyFailed'))));
                }}
              >
                <ContentCopyIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function CredentialsCard() {
  const { t, tc } = useOnecT();
  const toast = useScopedToast();
  const credential = useOnecCredential();
  const create = useCreateOnecCredential();
  const revoke = useRevokeOnecCredential();
  const [ask, setAsk] = useState<'replace' | 'revoke' | null>(null);
  const [pair, setPair] = useState<OnecCredentialSecretDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A request on its way: a second click before the button shows it is busy sends nothing (two
  // generates would make two pairs, the first revoked at once; two revokes, an error for the second).
  const sending = useRef(false);
  // Not an admin: nothing to show.
  if (credential.isError && isApiError(credential.error) && credential.error.status === 403) return null;
  const current = credential.data;
  const failed = (e: unknown) => {
    setAsk(null);
    setError(isApiError(e) ? e.message : tc('errors.generic'));
  };
  const generate = () => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    create.mutate(undefined, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (made) => {
        setAsk(null);
        setPair(made);
      },
      onError: failed,
    });
  };
  return (
    <SectionCard id="onec-credentials-title" title={t('credentials.title')} hint={t('credentials.hint')} testId="onec-credentials">
      {credential.isPending ? (
        <Skeleton variant="rounded" height={72} aria-label={tc('common.loading')} />
      ) : credential.isError ? (
        <Alert severity="error">{credential.error.message || tc('errors.loadFailed')}</Alert>
      ) : (
        <Stack spacing={2}>
          {current ? (
            <Box>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('credentials.login')}
              </Typography>
              <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="onec-credentials-login">
                {current.login}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('credentials.created', { date: formatDate(current.created_at) })}
                {current.created_by ? ` · ${t('credentials.createdBy', { name: current.created_by.name })}` : ''}
              </Typography>
            </Box>
          ) : (
            <Alert severity="warning" data-testid="onec-credentials-none">
              {t('credentials.none')}
            </Alert>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<KeyIcon />}
              loading={create.isPending && ask === null}
              onClick={() => (current ? setAsk('replace') : generate())}
              data-testid="onec-credentials-generate"
            >
              {current ? t('credentials.regenerate') : t('credentials.generate')}
            </Button>
            {current && (
              <Button variant="outlined" color="error" onClick={() => setAsk('revoke')} data-testid="onec-credentials-revoke">
                {t('credentials.revoke')}
              </Button>
            )}
          </Box>
        </Stack>
      )}
      <ConfirmDialog
        open={ask === 'replace'}
        title={t('credentials.replaceTitle')}
        text={t('credentials.replaceText', { login: current?.login ?? '' })}
        confirmLabel={t('credentials.replaceConfirm')}
        cancelLabel={tc('common.back')}
        busy={create.isPending}
        onCancel={() => setAsk(null)}
        onConfirm={generate}
        testId="onec-credentials-replace"
      />
      <ConfirmDialog
        open={ask === 'revoke'}
        title={t('credentials.revokeTitle')}
        text={t('credentials.revokeText', { login: current?.login ?? '' })}
        confirmLabel={t('credentials.revokeConfirm')}
        cancelLabel={tc('common.back')}
        busy={revoke.isPending}
        onCancel={() => setAsk(null)}
        onConfirm={() => {
          if (sending.current) return;
          sending.current = true;
          setError(null);
          revoke.mutate(undefined, {
            onSettled: () => {
              sending.current = false;
            },
            onSuccess: () => {
              setAsk(null);
              toast.success(t('credentials.revoked'));
            },
            onError: failed,
          });
        }}
        testId="onec-credentials-revoke-dialog"
      />
      <Dialog
        open={pair !== null}
        // Only the button closes it: the secret is never shown again.
        onClose={(_e, reason) => {
          if (reason !== 'backdropClick') setPair(null);
        }}
        fullWidth
        maxWidth="sm"
        aria-labelledby="onec-credentials-secret-title"
        data-testid="onec-credentials-secret"
      >
        <DialogTitle id="onec-credentials-secret-title">{t('credentials.secretTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">{t('credentials.secretWarning')}</Alert>
            {pair && <CopyField label={t('credentials.login')} value={pair.login} field="login" />}
            {pair && <CopyField label={t('credentials.secret')} value={pair.secret} field="secret" />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setPair(null)} data-testid="onec-credentials-done">
            {t('credentials.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
