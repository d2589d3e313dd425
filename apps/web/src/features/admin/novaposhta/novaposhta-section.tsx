/**
 * /admin/novaposhta: who sends the waybills. The sender counterparty and its contact person as
 * Nova Poshta knows the API key's account (read-only), the counterparty's addresses and the one
 * waybills leave from (novaposhta.write, i.e. admins, pick it when there are several; one is used without asking), and a
 * refresh that asks NP again. NP unreachable or the key refused: the API's readable message and a retry.
 * Test ids: np-sender-page, np-sender-refresh, np-sender-error, np-sender-counterparty, np-sender-contact,
 * np-sender-phone, np-sender-addresses, np-sender-address (data-ref, data-current), np-sender-needs-choice,
 * np-sender-save.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Route, Routes } from 'react-router';
import type { NpSenderDto } from '@drop/shared';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useStaffAccess } from '../components/use-staff-access.ts';
import { useNpSender, useRefreshNpSender, useSaveNpSenderAddress } from './api.ts';
import { useNpT } from './i18n.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

function SenderCard({ sender }: { sender: NpSenderDto }) {
  const { t } = useNpT();
  return (
    <SectionCard id="np-sender-title" title={t('sender.title')} hint={t('sender.hint')}>
      <Stack spacing={1.5}>
        <Field label={t('sender.counterparty')} value={sender.counterparty.description} testId="np-sender-counterparty" />
        <Field label={t('sender.contact')} value={sender.contact.description} testId="np-sender-contact" />
        <Field label={t('sender.phone')} value={sender.contact.phone ? `+${sender.contact.phone}` : ''} testId="np-sender-phone" />
      </Stack>
    </SectionCard>
  );
}

function AddressLabel({ address, current }: { address: NpSenderDto['addresses'][number]; current: boolean }) {
  const { t } = useNpT();
  return (
    <Box>
      <Typography variant="body1" component="span" sx={{ mr: 1 }}>
        {address.description}
      </Typography>
      {current && <Chip size="small" color="success" label={t('address.current')} />}
      {address.city && (
        <Typography variant="body2" color="text.secondary" component="div">
          {address.city}
        </Typography>
      )}
    </Box>
  );
}

function AddressCard({ sender }: { sender: NpSenderDto }) {
  const { t, tc } = useNpT();
  const toast = useToast();
  const save = useSaveNpSenderAddress();
  // Picking the address is novaposhta.write (admins); the others see the sender read-only.
  const isAdmin = useStaffAccess().may('novaposhta.write');
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? sender.address_ref ?? '';
  const several = sender.addresses.length > 1;
  return (
    <SectionCard id="np-address-title" title={t('address.title')} hint={t('address.hint')}>
      <Stack spacing={2}>
        {sender.addresses.length === 0 && <Alert severity="warning">{t('address.none')}</Alert>}
        {sender.addresses.length === 1 && <Alert severity="info">{t('address.one')}</Alert>}
        {sender.needs_choice && (
          <Alert severity="warning" data-testid="np-sender-needs-choice">
            {t('address.needsChoice')}
          </Alert>
        )}
        {sender.addresses.length === 1 && (
          <Box data-testid="np-sender-addresses">
            <Box
              data-testid="np-sender-address"
              data-ref={sender.addresses[0]!.ref}
              data-current={sender.addresses[0]!.ref === sender.address_ref ? 'true' : 'false'}
            >
              <AddressLabel address={sender.addresses[0]!} current={sender.addresses[0]!.ref === sender.address_ref} />
            </Box>
          </Box>
        )}
        {several && (
          <RadioGroup aria-labelledby="np-address-title" value={value} onChange={(_e, v) => setDraft(v)} data-testid="np-sender-addresses">
            {sender.addresses.map((a) => (
              <FormControlLabel
                key={a.ref}
                value={a.ref}
                disabled={!isAdmin}
                control={<Radio />}
                data-testid="np-sender-address"
                data-ref={a.ref}
                data-current={a.ref === sender.address_ref ? 'true' : 'false'}
                sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                label={<AddressLabel address={a} current={a.ref === sender.address_ref} />}
              />
            ))}
          </RadioGroup>
        )}
        {several && !isAdmin && <Alert severity="info">{t('address.adminOnly')}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        {several && (
          <Box>
            <Button
              variant="contained"
              disabled={!isAdmin || !draft || draft === sender.address_ref}
              loading={save.isPending}
              data-testid="np-sender-save"
              onClick={() => {
                if (!draft) return;
                setError(null);
                save.mutate(draft, {
                  onSuccess: () => {
                    setDraft(null);
                    toast.success(t('address.saved'));
                  },
                  onError: (e) => setError(isApiError(e) ? e.message : tc('errors.generic')),
                });
              }}
            >
              {t('address.save')}
            </Button>
          </Box>
        )}
      </Stack>
    </SectionCard>
  );
}

export function NovaPoshtaPage() {
  const { t, tc } = useNpT();
  const toast = useToast();
  const sender = useNpSender();
  const refresh = useRefreshNpSender();
  const failure = refresh.error ?? (sender.isError ? sender.error : null);
  const message = failure ? (isApiError(failure) ? failure.message : tc('errors.generic')) : null;
  const data = refresh.isError ? undefined : sender.data;
  return (
    <Box data-testid="np-sender-page">
      <PageHeader
        title={t('title')}
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            loading={refresh.isPending}
            data-testid="np-sender-refresh"
            onClick={() => refresh.mutate(undefined, { onSuccess: () => toast.success(t('refreshed')) })}
          >
            {t('refresh')}
          </Button>
        }
      />
      {message && (
        <Alert severity="error" data-testid="np-sender-error" sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="div">
            {t('loadFailed')}
          </Typography>
          <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {message}
          </Typography>
          <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
            {t('loadHint')}
          </Typography>
        </Alert>
      )}
      {sender.isPending && !message ? (
        <Skeleton variant="rounded" height={240} aria-label={tc('common.loading')} />
      ) : data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          <SenderCard sender={data} />
          <AddressCard key={data.address_ref ?? ''} sender={data} />
        </Box>
      ) : null}
    </Box>
  );
}

export default function NovaPoshtaSection() {
  return (
    <Routes>
      <Route index element={<NovaPoshtaPage />} />
    </Routes>
  );
}
