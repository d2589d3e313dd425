/**
 * /dashboard/export-settings/{id}/history: the feed's builds, newest first, 10 a page (page in
 * the URL): started, finished, duration, trigger, status, offers (of total), size, warnings with
 * their counts by kind and sample offers, the error. A running build shows its progress and the
 * page refetches every 1.5 s while one runs (or the feed waits in the queue).
 * Test ids: history-page (data-state="loading|error|not-found|empty|ready"), history-back,
 * history-generate, history-summary, history-table, history-cards, history-row (data-build-id,
 * data-status), history-row-{started|finished|duration|trigger|offers|size|warnings},
 * history-error, history-warnings-toggle-{id}, history-warnings-{id}, history-warning-kind
 * (data-kind), history-sample, history-empty, history-not-found, history-pagination, history-skeleton.
 */
import { Fragment, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { FEED_WARNING_KINDS, formatDate, type ExportBuildDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { feedBusy } from '../../../lib/feeds.ts';
import { useExportHistory, useExportSetting, useGenerateExportSetting } from '../api/exports.ts';
import { useExportsT } from '../i18n.ts';
import { formatDuration, formatSize } from '../lib/format.ts';
import { EXPORTS_HREF } from './export-list.tsx';
import { FeedLink } from './feed-link.tsx';
import { BuildProgress, BuildStatusChip, FeedStatus } from './feed-status.tsx';
import { Field } from './field.tsx';

const num = { whiteSpace: 'nowrap', textAlign: 'right' } as const;

/** Warning kinds in the shared order, then any the client does not know. */
function warningEntries(w: Record<string, number>): [string, number][] {
  const known = FEED_WARNING_KINDS.filter((k) => (w[k] ?? 0) > 0).map((k) => [k, w[k] ?? 0] as [string, number]);
  const other = Object.entries(w).filter(([k, v]) => v > 0 && !(FEED_WARNING_KINDS as readonly string[]).includes(k));
  return [...known, ...other];
}

function useKindName() {
  const { t } = useExportsT();
  return (kind: string) => ((FEED_WARNING_KINDS as readonly string[]).includes(kind) ? t(`warningKinds.${kind}`) : kind);
}

/** The counts by kind and the sample offers of one build. */
function WarningsDetails({ build, compact = false }: { build: ExportBuildDto; compact?: boolean }) {
  const { t } = useExportsT();
  const kindName = useKindName();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, py: 1 }} data-testid={`history-warnings-${build.id}`}>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.75 }}>
          {t('history.byKind')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
          {warningEntries(build.warnings).map(([kind, count]) => (
            <Chip
              key={kind}
              size="small"
              color="warning"
              variant="outlined"
              label={`${kindName(kind)}: ${count}`}
              data-testid="history-warning-kind"
              data-kind={kind}
            />
          ))}
        </Box>
      </Box>
      {build.warning_samples.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t('history.samples')}</Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.75 }}>
            {t('history.samplesHint', { count: build.warning_samples.length })}
          </Typography>
          {compact ? (
            <Box
              component="ul"
              sx={{ m: 0, p: 0, maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
              aria-label={t('history.samples')}
            >
              {build.warning_samples.map((s, i) => (
                <Box
                  component="li"
                  key={`${s.offer_id}-${s.kind}-${i}`}
                  sx={{ listStyle: 'none', px: 1.5, py: 0.75, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
                  data-testid="history-sample"
                >
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('history.offerId')} {s.offer_id} · {kindName(s.kind)}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {s.name}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : (
            <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 360 }}>
              <Table size="small" stickyHeader aria-label={t('history.samples')}>
                <TableHead>
                  <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
                    <TableCell>{t('history.kind')}</TableCell>
                    <TableCell>{t('history.offerId')}</TableCell>
                    <TableCell>{t('history.offerName')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {build.warning_samples.map((s, i) => (
                    <TableRow key={`${s.offer_id}-${s.kind}-${i}`} data-testid="history-sample">
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{kindName(s.kind)}</TableCell>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{s.offer_id}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.name}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Box>
      )}
    </Box>
  );
}

function WarningsToggle({ build, open, onToggle }: { build: ExportBuildDto; open: boolean; onToggle: () => void }) {
  const { t } = useExportsT();
  if (build.warnings_count === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="history-row-warnings">
        {t('history.noWarnings')}
      </Typography>
    );
  return (
    <Button
      size="small"
      color="warning"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={`history-warnings-${build.id}`}
      aria-label={open ? t('history.hideWarnings') : t('history.showWarnings', { count: build.warnings_count })}
      endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      data-testid={`history-warnings-toggle-${build.id}`}
      sx={{ minWidth: 0, px: 1, whiteSpace: 'nowrap' }}
    >
      <span data-testid="history-row-warnings">{build.warnings_count}</span>
    </Button>
  );
}

function Offers({ build }: { build: ExportBuildDto }) {
  const { t } = useExportsT();
  const running = build.status === 'running';
  return (
    <Box sx={{ minWidth: running ? 120 : 0 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="history-row-offers">
        {build.total !== null && (running || build.total !== build.offers) ? t('history.offersOf', { offers: build.offers, total: build.total }) : build.offers}
      </Typography>
      {running && (
        <Box sx={{ mt: 0.5 }}>
          <BuildProgress build={build} />
        </Box>
      )}
    </Box>
  );
}

function StatusCell({ build }: { build: ExportBuildDto }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <BuildStatusChip build={build} />
      {build.error && (
        <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }} data-testid="history-error">
          {build.error}
        </Typography>
      )}
    </Box>
  );
}

interface BuildsProps {
  builds: ExportBuildDto[];
  open: ReadonlySet<number>;
  toggle: (id: number) => void;
}

function BuildsTable({ builds, open, toggle }: BuildsProps) {
  const { t } = useExportsT();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="history-table">
      <Table size="small" aria-label={t('history.title')}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('history.started')}</TableCell>
            <TableCell>{t('history.finished')}</TableCell>
            <TableCell sx={num}>{t('history.duration')}</TableCell>
            <TableCell>{t('history.trigger')}</TableCell>
            <TableCell>{t('history.status')}</TableCell>
            <TableCell sx={num}>{t('history.offers')}</TableCell>
            <TableCell sx={num}>{t('history.size')}</TableCell>
            <TableCell>{t('history.warnings')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {builds.map((b) => {
            const expanded = open.has(b.id);
            return (
              <Fragment key={b.id}>
                <TableRow
                  hover
                  data-testid="history-row"
                  data-build-id={b.id}
                  data-status={b.status}
                  sx={{ '& td': { verticalAlign: 'top', py: 1.25, borderBottom: expanded ? 0 : undefined } }}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="history-row-started">
                    {formatDate(b.started_at)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="history-row-finished">
                    {formatDate(b.finished_at)}
                  </TableCell>
                  <TableCell sx={num} data-testid="history-row-duration">
                    {formatDuration(b.started_at, b.finished_at, t)}
                  </TableCell>
                  <TableCell data-testid="history-row-trigger">{t(`triggers.${b.trigger}`)}</TableCell>
                  <TableCell sx={{ maxWidth: 260 }}>
                    <StatusCell build={b} />
                  </TableCell>
                  <TableCell sx={num}>
                    <Offers build={b} />
                  </TableCell>
                  <TableCell sx={num} data-testid="history-row-size">
                    {formatSize(b.bytes, t)}
                  </TableCell>
                  <TableCell>
                    <WarningsToggle build={b} open={expanded} onToggle={() => toggle(b.id)} />
                  </TableCell>
                </TableRow>
                {b.warnings_count > 0 && (
                  <TableRow>
                    <TableCell colSpan={8} sx={{ py: 0, ...(expanded ? {} : { borderBottom: 0 }) }}>
                      <Collapse in={expanded} unmountOnExit>
                        <WarningsDetails build={b} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function BuildCards({ builds, open, toggle }: BuildsProps) {
  const { t } = useExportsT();
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('history.title')} data-testid="history-cards">
      {builds.map((b) => (
        <Card component="li" key={b.id} sx={{ p: 1.5 }} data-testid="history-row" data-build-id={b.id} data-status={b.status}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
            <Box>
              <Typography sx={{ fontWeight: 600 }} data-testid="history-row-started">
                {formatDate(b.started_at)}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="history-row-trigger">
                {t(`triggers.${b.trigger}`)}
              </Typography>
            </Box>
            <StatusCell build={b} />
          </Box>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 1, mt: 1.5, mb: 0 }}>
            <Field label={t('history.finished')}>
              <Typography variant="body2" data-testid="history-row-finished">
                {formatDate(b.finished_at)}
              </Typography>
            </Field>
            <Field label={t('history.duration')}>
              <Typography variant="body2" data-testid="history-row-duration">
                {formatDuration(b.started_at, b.finished_at, t)}
              </Typography>
            </Field>
            <Field label={t('history.offers')}>
              <Offers build={b} />
            </Field>
            <Field label={t('history.size')}>
              <Typography variant="body2" data-testid="history-row-size">
                {formatSize(b.bytes, t)}
              </Typography>
            </Field>
            <Field label={t('history.warnings')}>
              <WarningsToggle build={b} open={open.has(b.id)} onToggle={() => toggle(b.id)} />
            </Field>
          </Box>
          {b.warnings_count > 0 && (
            <Collapse in={open.has(b.id)} unmountOnExit>
              <WarningsDetails build={b} compact />
            </Collapse>
          )}
        </Card>
      ))}
    </Stack>
  );
}

function HistorySkeleton({ desktop }: { desktop: boolean }) {
  const rows = [0, 1, 2, 3];
  return (
    <Box aria-hidden data-testid="history-skeleton">
      {desktop ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {rows.map((i) => (
            <Box key={i} sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 0.6fr 0.8fr 0.8fr 0.6fr 0.6fr 0.6fr', gap: 2, py: 1 }}>
              {Array.from({ length: 8 }, (_, j) => (
                <Skeleton key={j} />
              ))}
            </Box>
          ))}
        </Paper>
      ) : (
        <Stack spacing={1.5}>
          {rows.slice(0, 3).map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function positivePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

export function ExportHistoryPage() {
  const { t, tc } = useExportsT();
  const toast = useScopedToast();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const page = positivePage(params.get('page'));
  const setting = useExportSetting(valid ? id : 0, { poll: true });
  const history = useExportHistory(valid ? id : 0, page, feedBusy(setting.data));
  const generate = useGenerateExportSetting();
  const [open, setOpen] = useState<Set<number>>(() => new Set());

  const toggle = (buildId: number) =>
    setOpen((o) => {
      const n = new Set(o);
      if (!n.delete(buildId)) n.add(buildId);
      return n;
    });
  const setPage = (p: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (p <= 1) next.delete('page');
        else next.set('page', String(p));
        return next;
      },
      { replace: false },
    );

  const notFound = !valid || (isApiError(setting.error) && setting.error.status === 404) || (isApiError(history.error) && history.error.status === 404);
  const feed = setting.data;
  const busy = feedBusy(feed) || generate.isPending;

  const back = (
    <Button component={RouterLink} to={EXPORTS_HREF} startIcon={<ArrowBackIcon />} data-testid="history-back">
      {t('backToList')}
    </Button>
  );
  const rebuild = () =>
    generate.mutate(id, {
      onSuccess: () => {
        toast.success(t('toast.generating'));
        if (page !== 1) setPage(1);
      },
      onError: (e) => toast.error(isApiError(e) ? e.message : tc('errors.generic')),
    });

  let state: string;
  let body: ReactNode;
  if (notFound) {
    state = 'not-found';
    body = (
      <Alert severity="warning" data-testid="history-not-found">
        {t('notFound')}
      </Alert>
    );
  } else if (history.data) {
    const builds = history.data.data;
    state = builds.length === 0 ? 'empty' : 'ready';
    body =
      builds.length === 0 ? (
        <EmptyState title={t('history.empty')} icon={<HistoryIcon />} testId="history-empty" />
      ) : (
        <>
          {desktop ? <BuildsTable builds={builds} open={open} toggle={toggle} /> : <BuildCards builds={builds} open={open} toggle={toggle} />}
          <ListPagination page={page} lastPage={history.data.meta.last_page} onChange={setPage} label={t('history.pagination')} testId="history-pagination" />
        </>
      );
  } else if (history.isError || setting.isError) {
    state = 'error';
    const e = history.error ?? setting.error;
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void Promise.all([setting.refetch(), history.refetch()])}>
            {tc('common.retry')}
          </Button>
        }
      >
        {isApiError(e) ? e.message : tc('errors.loadFailed')}
      </Alert>
    );
  } else {
    state = 'loading';
    body = <HistorySkeleton desktop={desktop} />;
  }

  return (
    <Box data-testid="history-page" data-state={state}>
      <PageHeader
        title={feed ? t('history.titleOf', { name: feed.name }) : t('history.title')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {back}
            {!notFound && (
              <Button variant="contained" startIcon={<RefreshIcon />} onClick={rebuild} disabled={!feed || busy} data-testid="history-generate">
                {t('generateNow')}
              </Button>
            )}
          </Box>
        }
      />
      {feed && !notFound && (
        <Paper
          variant="outlined"
          sx={{
            p: 1.5,
            mb: 2,
            display: 'grid',
            gap: 2,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'auto auto auto minmax(260px, 1fr)' },
            '& > :first-of-type, & > :last-child': { gridColumn: { xs: '1 / 3', md: 'auto' } },
          }}
          data-testid="history-summary"
        >
          <FeedStatus feed={feed} />
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('list.products')}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {feed.products_count} · {formatSize(feed.file_size, t)}
            </Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('list.generated')}
            </Typography>
            <Typography variant="body2">{formatDate(feed.last_generated_at)}</Typography>
          </Box>
          <FeedLink feed={feed} />
        </Paper>
      )}
      {body}
    </Box>
  );
}
