/**
 * /dashboard/marketplaces (issue 33): the reseller's stores connected to Prom.ua, Rozetka and
 * Horoshop (status, last check, check now, disconnect) and the orders that came from them:
 * drafts to review (what stops each one) and place one by one or in bulk, the placed ones (a link
 * to the order) and the dismissed. Verified resellers only (stores are theirs). Test ids:
 * marketplaces-page (data-state), connection-card (data-marketplace, data-status), connection-add,
 * connection-poll, connection-revoke, drafts-tabs, drafts-select-all, drafts-place-selected,
 * drafts-empty; see draft-card.tsx and connect-dialog.tsx.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import InboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import { Link as RouterLink } from 'react-router';
import { MARKETPLACE_ORDER_STATUSES, formatDate, type ConnectionDto, type MarketplaceOrderDto, type MarketplaceOrderStatus } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCurrentMarket } from '../../../lib/current-market.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useConnections, useDismissDraft, useDrafts, usePlaceDraft, usePlaceDrafts, usePollConnection, useRevokeConnection } from '../api/marketplaces.ts';
import { useMarketplacesT } from '../i18n.ts';
import { ConnectDialog } from './connect-dialog.tsx';
import { DraftCard } from './draft-card.tsx';

const STATUS_COLOR: Record<ConnectionDto['status'], 'success' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  failing: 'warning',
  unauthorized: 'error',
  revoked: 'default',
};

function ConnectionCard({ c, onPoll, onRevoke, polling }: { c: ConnectionDto; onPoll: () => void; onRevoke: () => void; polling: boolean }) {
  const { t } = useMarketplacesT();
  const titleId = `connection-${c.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      data-testid="connection-card"
      data-marketplace={c.marketplace}
      data-status={c.status}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: 17, fontWeight: 600 }}>
            {t(`names.${c.marketplace}`)}
          </Typography>
          <Chip size="small" color={STATUS_COLOR[c.status]} label={t(`status.${c.status}`)} data-testid="connection-status" />
        </Box>
        <Typography variant="body2">{c.market_name ? t('connections.store', { name: c.market_name }) : t('connections.noStore')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {c.display}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {c.last_polled_at ? t('connections.lastPoll', { time: formatDate(c.last_polled_at) }) : t('connections.never')} ·{' '}
          {t('connections.drafts', { n: c.drafts })}
        </Typography>
        {c.last_error && (
          <Alert severity={c.status === 'unauthorized' ? 'error' : 'warning'} sx={{ py: 0 }}>
            {c.last_error}
            {c.status === 'unauthorized' && <Box>{t('connections.reconnect')}</Box>}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 'auto', pt: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" onClick={onPoll} disabled={polling || c.status === 'unauthorized'} data-testid="connection-poll">
            {t('connections.pollNow')}
          </Button>
          <Button size="small" color="error" onClick={onRevoke} data-testid="connection-revoke">
            {t('connections.revoke')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

export function MarketplacesPage() {
  const { t, tc } = useMarketplacesT();
  const toast = useScopedToast();
  const { markets, verified } = useCurrentMarket();
  const connections = useConnections(verified);
  const [status, setStatus] = useState<MarketplaceOrderStatus>('draft');
  const [page, setPage] = useState(1);
  const drafts = useDrafts(status, page, verified);
  const poll = usePollConnection();
  const revoke = useRevokeConnection();
  const place = usePlaceDraft();
  const placeMany = usePlaceDrafts();
  const dismiss = useDismissDraft();
  const [connectOpen, setConnectOpen] = useState(false);
  const [toRevoke, setToRevoke] = useState<ConnectionDto | null>(null);
  const [toDismiss, setToDismiss] = useState<MarketplaceOrderDto | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const errorText = (e: unknown) => (isApiError(e) ? e.message : tc('errors.generic'));
  const list = drafts.data?.data ?? [];
  const readyIds = list.filter((d) => d.status === 'draft' && d.problems.length === 0).map((d) => d.id);
  const chosen = readyIds.filter((id) => selected.has(id));
  const busy = place.isPending || placeMany.isPending || dismiss.isPending;
  const state = !verified ? 'unverified' : connections.isError ? 'error' : connections.data ? 'ready' : 'loading';
  const numberOf = (d: MarketplaceOrderDto) => t('drafts.number', { marketplace: t(`names.${d.marketplace}`), id: d.external_id });

  // A second press before the first answer changes nothing (the button is disabled only after the render).
  const inFlight = useRef(false);
  const onPlace = (d: MarketplaceOrderDto) => {
    if (inFlight.current) return;
    inFlight.current = true;
    place.mutate(d.id, {
      onSuccess: (o) => toast.success(t('toast.placed', { number: o.number })),
      onError: (e) => toast.warning(errorText(e)),
      onSettled: () => (inFlight.current = false),
    });
  };
  const onPlaceSelected = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    placeMany.mutate(chosen, {
      onSettled: () => (inFlight.current = false),
      onSuccess: (r) => {
        setSelected(new Set());
        if (r.failed.length === 0) toast.success(t('toast.bulk', { placed: r.placed.length, failed: 0 }));
        else
          toast.warning(`${t('toast.bulk', { placed: r.placed.length, failed: r.failed.length })}: ${[...new Set(r.failed.map((f) => f.message))].join('; ')}`);
      },
      onError: (e) => toast.error(errorText(e)),
    });
  };

  const connectionsBody =
    state === 'loading' ? (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={150} />
        ))}
      </Box>
    ) : state === 'error' ? (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void connections.refetch()}>
            {tc('common.retry')}
          </Button>
        }
      >
        {errorText(connections.error)}
      </Alert>
    ) : (connections.data ?? []).length === 0 ? (
      <EmptyState
        title={t('connections.emptyTitle')}
        text={markets.length === 0 ? t('connections.needStore') : t('connections.emptyText')}
        icon={<StorefrontIcon />}
        testId="connections-empty"
        action={
          markets.length === 0 ? (
            <Button component={RouterLink} to="/dashboard/markets/create" variant="contained">
              {t('connections.createStore')}
            </Button>
          ) : (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setConnectOpen(true)} data-testid="connection-add-empty">
              {t('connections.add')}
            </Button>
          )
        }
      />
    ) : (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        {(connections.data ?? []).map((c) => (
          <ConnectionCard
            key={c.id}
            c={c}
            polling={poll.isPending && poll.variables === c.id}
            onPoll={() =>
              poll.mutate(c.id, {
                onSuccess: (r) => (r.status === 'active' ? toast.success(t('toast.polled')) : toast.warning(r.last_error ?? t(`status.${r.status}`))),
                onError: (e) => toast.warning(errorText(e)),
              })
            }
            onRevoke={() => setToRevoke(c)}
          />
        ))}
      </Box>
    );

  let draftsBody;
  if (drafts.isPending) draftsBody = [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={180} />);
  else if (drafts.isError)
    draftsBody = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void drafts.refetch()}>
            {tc('common.retry')}
          </Button>
        }
      >
        {errorText(drafts.error)}
      </Alert>
    );
  else if (list.length === 0)
    draftsBody = <EmptyState title={t(`drafts.emptyTitle.${status}`)} text={t(`drafts.emptyText.${status}`)} icon={<InboxIcon />} testId="drafts-empty" />;
  else
    draftsBody = list.map((d) => (
      <DraftCard
        key={d.id}
        draft={d}
        selected={selected.has(d.id)}
        onSelect={(on) =>
          setSelected((s) => {
            const next = new Set(s);
            if (on) next.add(d.id);
            else next.delete(d.id);
            return next;
          })
        }
        onPlace={() => onPlace(d)}
        onDismiss={() => setToDismiss(d)}
        busy={busy}
      />
    ));

  return (
    <Box data-testid="marketplaces-page" data-state={state}>
      <PageHeader
        title={tc('pages.marketplaces')}
        actions={
          verified && (connections.data ?? []).length > 0 ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setConnectOpen(true)} data-testid="connection-add">
              {t('connections.add')}
            </Button>
          ) : undefined
        }
      />
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 900 }}>
        {t('page.intro')}
      </Typography>
      {!verified ? (
        <Alert severity="info">{t('page.unverified')}</Alert>
      ) : (
        <>
          <Box component="section" aria-labelledby="connections-title" sx={{ mb: 4 }}>
            <Typography id="connections-title" variant="h2" sx={{ fontSize: 20, mb: 2 }}>
              {t('connections.title')}
            </Typography>
            {connectionsBody}
          </Box>
          <Box component="section" aria-labelledby="drafts-title">
            <Typography id="drafts-title" variant="h2" sx={{ fontSize: 20, mb: 1 }}>
              {t('drafts.title')}
            </Typography>
            <Tabs
              value={status}
              onChange={(_, v: MarketplaceOrderStatus) => {
                setStatus(v);
                setPage(1);
                setSelected(new Set());
              }}
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ mb: 2 }}
              data-testid="drafts-tabs"
            >
              {MARKETPLACE_ORDER_STATUSES.map((s) => (
                <Tab key={s} value={s} label={t(`drafts.tabs.${s}`)} data-testid={`drafts-tab-${s}`} />
              ))}
            </Tabs>
            {status === 'draft' && readyIds.length > 0 && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={chosen.length === readyIds.length}
                      indeterminate={chosen.length > 0 && chosen.length < readyIds.length}
                      onChange={(e) => setSelected(e.target.checked ? new Set(readyIds) : new Set())}
                      data-testid="drafts-select-all"
                    />
                  }
                  label={t('drafts.selectAll')}
                />
                <Button variant="contained" disabled={chosen.length === 0 || busy} onClick={onPlaceSelected} data-testid="drafts-place-selected">
                  {t('drafts.placeSelected', { n: chosen.length })}
                </Button>
              </Box>
            )}
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="drafts-list">
              {draftsBody}
            </Box>
            <ListPagination page={page} lastPage={drafts.data?.meta.last_page ?? 1} onChange={setPage} label={t('drafts.title')} testId="drafts-pagination" />
          </Box>
        </>
      )}
      {verified && <ConnectDialog open={connectOpen} onClose={() => setConnectOpen(false)} markets={markets} connections={connections.data ?? []} />}
      <ConfirmDialog
        open={toRevoke !== null}
        title={t('connections.revokeTitle')}
        text={t('connections.revokeText', { name: toRevoke ? t(`names.${toRevoke.marketplace}`) : '' })}
        confirmLabel={t('connections.revokeConfirm')}
        cancelLabel={tc('common.cancel')}
        busy={revoke.isPending}
        onCancel={() => setToRevoke(null)}
        onConfirm={() =>
          toRevoke &&
          revoke.mutate(toRevoke.id, {
            onSuccess: () => toast.success(t('toast.revoked')),
            onError: (e) => toast.error(errorText(e)),
            onSettled: () => setToRevoke(null),
          })
        }
        testId="connection-revoke-dialog"
      />
      <ConfirmDialog
        open={toDismiss !== null}
        title={t('drafts.dismissTitle')}
        text={t('drafts.dismissText', { number: toDismiss ? numberOf(toDismiss) : '' })}
        confirmLabel={t('drafts.dismissConfirm')}
        cancelLabel={tc('common.cancel')}
        busy={dismiss.isPending}
        onCancel={() => setToDismiss(null)}
        onConfirm={() =>
          toDismiss &&
          dismiss.mutate(toDismiss.id, {
            onSuccess: () => toast.success(t('toast.dismissed')),
            onError: (e) => toast.error(errorText(e)),
            onSettled: () => setToDismiss(null),
          })
        }
        testId="draft-dismiss-dialog"
      />
    </Box>
  );
}
