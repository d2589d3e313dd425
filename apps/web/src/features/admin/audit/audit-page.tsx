/**
 * /admin/audit: the append-only log, newest first, with filters kept in the URL (action prefix,
 * actor by id or e-mail, entity and id, date range) and pagination. Test ids: admin-audit-page
 * (data-state), audit-action, audit-actor, audit-entity-select, audit-entity-id, audit-date-from,
 * audit-date-to, audit-reset, audit-total, audit-empty, audit-pagination; rows in audit-list.tsx.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAudit } from '../api/audit.ts';
import { adminKeys, type AuditFilter } from '../api/keys.ts';
import { getUsers } from '../api/users.ts';
import { ListSkeleton, LoadError } from '../components/query-state.tsx';
import { pageParam } from '../lib/format.ts';
import { useAdminT } from '../i18n.ts';
import { AuditList } from './audit-list.tsx';
import { useListParams, useTextParam } from '../lib/use-list-params.ts';

/** The action prefixes the filter offers (`money.` = every money event). */
export const AUDIT_PREFIXES = [
  'user.',
  'payment.',
  'withdraw.',
  'balance.correction',
  'money.',
  'order.',
  'product.',
  'setting.',
  'broadcast',
  'onec.',
] as const;
/** A prefix's key under `audit.prefixes` (i18next keys cannot hold dots). */
export const prefixKey = (p: string) => p.replace(/\.$/, '').replace(/\./g, '_');
export const AUDIT_ENTITIES = ['user', 'payment', 'withdraw', 'order', 'product', 'category', 'setting', 'broadcast', 'onec'] as const;
const PER_PAGE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const positiveId = (v: string | null) => (v && /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 2_147_483_647 ? Number(v) : undefined);

/** The URL's parameters as the API's filter (the actor as typed: an id, or an e-mail resolved by the page). */
export function auditFilterOf(params: URLSearchParams, actorId: number | undefined): AuditFilter {
  const action = params.get('action');
  const entity = params.get('entity');
  const entityId = positiveId(params.get('entity_id'));
  const from = params.get('date_from');
  const to = params.get('date_to');
  return {
    page: pageParam(params.get('page')),
    per_page: PER_PAGE,
    ...(action ? { action } : {}),
    ...(actorId ? { actor_id: actorId } : {}),
    ...(entity ? { entity } : {}),
    ...(entity && entityId ? { entity_id: entityId } : {}),
    ...(from && DATE.test(from) ? { date_from: from } : {}),
    ...(to && DATE.test(to) ? { date_to: to } : {}),
  };
}

/** The actor filter: a numeric id as is; an e-mail looked up among the users (exact match). */
function useActorId(actor: string) {
  const email = actor.includes('@') ? actor.trim().toLowerCase() : '';
  const lookup = useQuery({
    queryKey: [...adminKeys.users(), 'by-email', email],
    queryFn: () => getUsers({ search: email, page: 1, per_page: 10 }),
    enabled: email !== '',
    staleTime: 60_000,
  });
  if (!actor.trim()) return { id: undefined, pending: false, notFound: false };
  const id = positiveId(actor.trim());
  if (id) return { id, pending: false, notFound: false };
  if (!email) return { id: undefined, pending: false, notFound: true };
  if (lookup.isPending) return { id: undefined, pending: true, notFound: false };
  const found = lookup.data?.data.find((u) => u.email.toLowerCase() === email);
  return { id: found?.id, pending: false, notFound: !found };
}

export function AuditPage() {
  const { t } = useAdminT();
  const [params, update] = useListParams();
  const [actorText, setActorText] = useState(params.get('actor') ?? '');
  const [entityIdText, setEntityIdText] = useState(params.get('entity_id') ?? '');
  const actorDebounced = useDebouncedValue(actorText, SEARCH_DEBOUNCE_MS);
  const entityIdDebounced = useDebouncedValue(entityIdText, SEARCH_DEBOUNCE_MS);
  const actor = useActorId(params.get('actor') ?? '');
  const filter = auditFilterOf(params, actor.id);
  const badRange = Boolean(filter.date_from && filter.date_to && filter.date_from > filter.date_to);
  const enabled = !actor.pending && !actor.notFound && !badRange;
  const list = useAudit(filter, enabled);

  useTextParam('actor', actorDebounced, params, update);
  useTextParam('entity_id', entityIdDebounced, params, update);

  const reset = () => {
    setActorText('');
    setEntityIdText('');
    update(Object.fromEntries([...params.keys()].map((k) => [k, null])));
  };

  const entries = list.data?.data ?? [];
  const state = !enabled ? 'empty' : list.data ? (entries.length ? 'ready' : 'empty') : list.isError ? 'error' : 'loading';
  const hasFilters = [...params.keys()].some((k) => k !== 'page');

  return (
    <Box data-testid="admin-audit-page" data-state={state}>
      <PageHeader title={t('audit.title')} icon={<HistoryOutlined color="primary" />} />
      <Box
        component="section"
        aria-label={t('audit.filters')}
        sx={{
          display: 'grid',
          gap: 1.5,
          mb: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', xl: '1.3fr 1.3fr 1fr 0.8fr 1fr 1fr auto' },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label={t('audit.action')}
          value={params.get('action') ?? ''}
          onChange={(e) => update({ action: e.target.value || null })}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'audit-action' } as object }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {AUDIT_PREFIXES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`audit.prefixes.${prefixKey(p)}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('audit.actor')}
          value={actorText}
          onChange={(e) => setActorText(e.target.value)}
          error={actor.notFound}
          helperText={actor.notFound ? t('audit.actorNotFound') : undefined}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{ htmlInput: { 'data-testid': 'audit-actor', maxLength: 255, autoComplete: 'off' } }}
        />
        <TextField
          select
          size="small"
          label={t('audit.entity')}
          value={params.get('entity') ?? ''}
          onChange={(e) => update({ entity: e.target.value || null })}
          slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'audit-entity-select' } as object }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {AUDIT_ENTITIES.map((e) => (
            <MenuItem key={e} value={e}>
              {t(`audit.entities.${e}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('audit.entityId')}
          value={entityIdText}
          disabled={!params.get('entity')}
          onChange={(e) => setEntityIdText(e.target.value.replace(/\D/g, '').slice(0, 10))}
          slotProps={{ htmlInput: { 'data-testid': 'audit-entity-id', inputMode: 'numeric' } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('audit.dateFrom')}
          value={params.get('date_from') ?? ''}
          onChange={(e) => update({ date_from: e.target.value || null })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'audit-date-from' } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('audit.dateTo')}
          value={params.get('date_to') ?? ''}
          onChange={(e) => update({ date_to: e.target.value || null })}
          error={badRange}
          helperText={badRange ? t('audit.dateRange') : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'audit-date-to' } }}
        />
        <Button
          onClick={reset}
          disabled={!hasFilters && !actorText && !entityIdText}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: 'start', whiteSpace: 'nowrap' }}
          data-testid="audit-reset"
        >
          {t('audit.reset')}
        </Button>
      </Box>
      {list.data && enabled && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="audit-total">
          {t('common.total', { count: list.data.meta.total })}
        </Typography>
      )}
      {state === 'loading' && <ListSkeleton />}
      {state === 'error' && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {state === 'empty' && <EmptyState testId="audit-empty" icon={<HistoryOutlined />} title={t('audit.empty')} text={t('audit.emptyText')} />}
      {state === 'ready' && <AuditList entries={entries} />}
      {list.data && enabled && (
        <ListPagination
          page={filter.page}
          lastPage={list.data.meta.last_page}
          onChange={(p) => update({ page: p > 1 ? String(p) : null }, true)}
          label={t('common.pagination')}
          testId="audit-pagination"
        />
      )}
    </Box>
  );
}
