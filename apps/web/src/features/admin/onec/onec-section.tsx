/**
 * /admin/onec: upload import.xml and/or offers.xml (and a pictures zip), watch the run (polled
 * every second: status, phase, progress, counters, results, warnings, error), the recent runs and
 * the price-type mapping (onec.settings saves it: admins; the others see it) and, for
 * onec.credentials (admins), the exchange's own credentials (credentials-card.tsx; not rendered,
 * so not requested, for the other roles). The watched run is `?run=` in the URL.
 * Test ids: onec-page, onec-file-{import|offers|pictures}, onec-start, onec-run (data-status),
 * onec-run-progress, onec-run-counter-{name}, onec-run-stats, onec-run-warnings, onec-run-error,
 * onec-runs, onec-run-row (data-run-id), onec-mapping, onec-mapping-{target}, onec-mapping-save.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { Route, Routes, useSearchParams } from 'react-router';
import { ONEC_PRICE_TARGETS, formatDate, type OnecImportRunDto, type OnecPriceTarget, type OnecPriceTypeMapping } from '@drop/shared';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useStaffAccess } from '../components/use-staff-access.ts';
import { useImportRun, useImportRuns, useOnecSettings, useSaveOnecSettings, useStartImport } from './api.ts';
import { CredentialsCard } from './credentials-card.tsx';
import { useOnecT } from './i18n.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const PARTS = ['import', 'offers', 'pictures'] as const;
type Part = (typeof PARTS)[number];
const ACCEPT: Record<Part, string> = { import: '.xml,.zip', offers: '.xml,.zip', pictures: '.zip' };
const STATUS_COLORS: Record<OnecImportRunDto['status'], ChipProps['color']> = { queued: 'default', running: 'info', done: 'success', failed: 'error' };
const COUNTERS = ['groups', 'properties', 'products', 'offers'] as const;
const STATS = [
  'categories_created',
  'categories_updated',
  'properties_created',
  'properties_updated',
  'property_values_created',
  'products_created',
  'products_updated',
  'products_unchanged',
  'products_zeroed',
  'offers_applied',
  'pictures_stored',
] as const;

function StatusChip({ run }: { run: OnecImportRunDto }) {
  const { t } = useOnecT();
  return <Chip size="small" color={STATUS_COLORS[run.status]} label={t(`status.${run.status}`)} data-testid="onec-run-status" />;
}

function UploadCard({ onStarted }: { onStarted: (id: number) => void }) {
  const { t, tc } = useOnecT();
  const toast = useToast();
  const start = useStartImport();
  const [files, setFiles] = useState<Partial<Record<Part, File>>>({});
  const inputs = useRef<Partial<Record<Part, HTMLInputElement | null>>>({});
  const [error, setError] = useState<string | null>(null);
  const ready = !!(files.import || files.offers);
  return (
    <SectionCard id="onec-upload-title" title={t('upload.title')} hint={t('upload.hint')}>
      <Stack spacing={1.5}>
        {PARTS.map((p) => (
          <Box key={p} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => inputs.current[p]?.click()} sx={{ minWidth: 200 }}>
              {t(`upload.pick.${p}`)}
            </Button>
            <input
              ref={(el) => {
                inputs.current[p] = el;
              }}
              type="file"
              hidden
              accept={ACCEPT[p]}
              aria-label={t(`upload.pick.${p}`)}
              data-testid={`onec-file-${p}`}
              onChange={(e) => {
                const f = e.target.files?.[0];
                setFiles((prev) => ({ ...prev, [p]: f }));
              }}
            />
            <Typography variant="body2" color={files[p] ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {files[p] ? `${files[p].name} (${(files[p].size / 1024 / 1024).toFixed(1)} ${t('upload.mb')})` : t('upload.none')}
            </Typography>
          </Box>
        ))}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        startIcon={<CloudUploadIcon />}
        sx={{ mt: 2 }}
        disabled={!ready}
        loading={start.isPending}
        onClick={() => {
          setError(null);
          start.mutate(files, {
            onSuccess: (run) => {
              toast.success(t('upload.started', { id: run.id }));
              setFiles({});
              for (const el of Object.values(inputs.current)) if (el) el.value = '';
              onStarted(run.id);
            },
            onError: (e) => setError(isApiError(e) ? e.message : tc('errors.generic')),
          });
        }}
        data-testid="onec-start"
      >
        {t('upload.start')}
      </Button>
    </SectionCard>
  );
}

function RunView({ id }: { id: number }) {
  const { t, tc } = useOnecT();
  const run = useImportRun(id);
  const r = run.data;
  return (
    <SectionCard id="onec-run-title" title={t('run.title', { id })} action={r && <StatusChip run={r} />} testId="onec-run" data={{ 'data-status': r?.status }}>
      {run.isPending ? (
        <Skeleton variant="rounded" height={120} aria-label={tc('common.loading')} />
      ) : run.isError || !r ? (
        <Alert severity="error">{run.error?.message ?? tc('errors.loadFailed')}</Alert>
      ) : (
        <Stack spacing={2}>
          <Box>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
              <Typography variant="body2">
                {t(`phase.${r.progress.phase}`)}
                {r.progress.file ? ` · ${r.progress.file}` : ''}
                {r.progress.files_total > 0 ? ` · ${t('run.files', { done: r.progress.files_done, total: r.progress.files_total })}` : ''}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {Math.round(r.status === 'done' ? 100 : r.progress.percent)}%
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={r.status === 'done' ? 100 : Math.min(100, Math.max(0, r.progress.percent))}
              color={r.status === 'failed' ? 'error' : r.status === 'done' ? 'success' : 'primary'}
              aria-label={t('run.progress')}
              data-testid="onec-run-progress"
            />
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
            {COUNTERS.map((c) => (
              <Paper key={c} variant="outlined" sx={{ p: 1.25 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {t(`counters.${c}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={`onec-run-counter-${c}`}>
                  {r.progress[c].done} / {r.progress[c].total}
                </Typography>
              </Paper>
            ))}
          </Box>
          <Typography variant="caption" color="text.secondary">
            {t(`source.${r.source}`)} · {r.files.join(', ') || '—'} · {t('run.started', { date: formatDate(r.started_at ?? r.created_at) })}
            {r.finished_at ? ` · ${t('run.finished', { date: formatDate(r.finished_at) })}` : ''}
            {r.actor ? ` · ${r.actor.name}` : ''}
          </Typography>
          {r.error && (
            <Alert severity="error" data-testid="onec-run-error">
              {r.error.text}
            </Alert>
          )}
          {r.stats && (
            <Box data-testid="onec-run-stats">
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                {t('run.results')}
                {r.stats.only_changes ? ` (${t('run.onlyChanges')})` : ''}
              </Typography>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  columnGap: 2,
                  rowGap: 0.25,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: 'repeat(2, minmax(0, 1fr) auto)' },
                }}
              >
                {STATS.map((s) => [
                  <Typography key={`${s}-t`} component="dt" variant="body2" color="text.secondary">
                    {t(`stats.${s}`)}
                  </Typography>,
                  <Typography key={`${s}-d`} component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                    {r.stats![s]}
                  </Typography>,
                ])}
              </Box>
            </Box>
          )}
          {r.warnings_count > 0 && (
            <Alert severity="warning" data-testid="onec-run-warnings">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('run.warnings', { count: r.warnings_count })}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 240, overflowY: 'auto' }}>
                {r.warnings.map((w, i) => (
                  <li key={i}>{w.text}</li>
                ))}
              </Box>
              {r.warnings_count > r.warnings.length && (
                <Typography variant="caption">{t('run.moreWarnings', { count: r.warnings_count - r.warnings.length })}</Typography>
              )}
            </Alert>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

function RunsList({ current, onPick }: { current: number | null; onPick: (id: number) => void }) {
  const { t, tc } = useOnecT();
  const [page, setPage] = useState(1);
  const runs = useImportRuns(page);
  const rows = runs.data?.data ?? [];
  return (
    <SectionCard id="onec-runs-title" title={t('runs.title')} testId="onec-runs">
      {runs.isPending ? (
        <Skeleton variant="rounded" height={120} aria-label={tc('common.loading')} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('runs.empty')}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="onec-runs-title">
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
                <TableCell>#</TableCell>
                <TableCell>{t('runs.status')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('runs.files')}</TableCell>
                <TableCell>{t('runs.date')}</TableCell>
                <TableCell align="right">{t('runs.warnings')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} hover selected={r.id === current} data-testid="onec-run-row" data-run-id={r.id}>
                  <TableCell>
                    <Link component="button" type="button" onClick={() => onPick(r.id)} aria-label={t('runs.open', { id: r.id })}>
                      {r.id}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <StatusChip run={r} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}>
                    {t(`source.${r.source}`)}: {r.files.join(', ') || '—'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.created_at)}</TableCell>
                  <TableCell align="right">{r.warnings_count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination page={page} lastPage={runs.data?.meta.last_page ?? 1} onChange={setPage} label={t('runs.pages')} testId="onec-runs-pagination" />
    </SectionCard>
  );
}

function MappingCard() {
  const { t, tc } = useOnecT();
  const toast = useToast();
  const settings = useOnecSettings();
  const save = useSaveOnecSettings();
  // The price mapping is onec.settings (admins); the others see it read-only.
  const isAdmin = useStaffAccess().may('onec.settings');
  const [draft, setDraft] = useState<OnecPriceTypeMapping | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? settings.data?.price_types;
  const known = settings.data?.known_price_types ?? [];
  return (
    <SectionCard id="onec-mapping-title" title={t('mapping.title')} hint={t('mapping.hint')} testId="onec-mapping">
      {!value ? (
        <Skeleton variant="rounded" height={160} aria-label={tc('common.loading')} />
      ) : (
        <Stack spacing={2}>
          {settings.data?.is_default && !draft && <Alert severity="info">{t('mapping.default')}</Alert>}
          {known.length > 0 && !known.some((k) => k.target === 'drop') && (
            <Alert severity="warning" data-testid="onec-mapping-no-drop">
              {t('mapping.noDrop', { types: known.map((k) => k.name).join(', ') })}
            </Alert>
          )}
          {ONEC_PRICE_TARGETS.map((target: OnecPriceTarget) => (
            <Autocomplete
              key={target}
              multiple
              freeSolo
              options={known.map((k) => k.name)}
              value={value[target]}
              disabled={!isAdmin}
              onChange={(_e, v) =>
                setDraft({
                  ...value,
                  [target]: v
                    .map((s) => s.trim())
                    .filter(Boolean)
                    .slice(0, 20),
                })
              }
              renderValue={(vals, getItemProps) => vals.map((s, index) => <Chip {...getItemProps({ index })} key={`${s}-${index}`} label={s} size="small" />)}
              renderInput={(p) => (
                <TextField
                  {...p}
                  label={t(`mapping.targets.${target}`)}
                  helperText={t('mapping.patternHint')}
                  slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': `onec-mapping-${target}` } }}
                />
              )}
            />
          ))}
          {known.length > 0 && (
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                {t('mapping.known')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {known.map((k) => (
                  <li key={k.id}>
                    <Typography variant="body2">
                      {k.name} → {k.target ? t(`mapping.targets.${k.target}`) : t('mapping.none')}
                    </Typography>
                  </li>
                ))}
              </Box>
            </Box>
          )}
          {!isAdmin && <Alert severity="info">{t('mapping.adminOnly')}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <Box>
            <Button
              variant="contained"
              disabled={!isAdmin || !draft}
              loading={save.isPending}
              onClick={() => {
                if (!draft) return;
                setError(null);
                save.mutate(draft, {
                  onSuccess: () => {
                    setDraft(null);
                    toast.success(t('mapping.saved'));
                  },
                  onError: (e) => setError(isApiError(e) ? e.message : tc('errors.generic')),
                });
              }}
              data-testid="onec-mapping-save"
            >
              {tc('common.save')}
            </Button>
          </Box>
        </Stack>
      )}
    </SectionCard>
  );
}

export function OnecPage() {
  const { t } = useOnecT();
  const { may } = useStaffAccess();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('run'));
  const current = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const pick = (id: number) => setParams({ run: String(id) });
  return (
    <Box data-testid="onec-page">
      <PageHeader title={t('title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <UploadCard onStarted={pick} />
          {current !== null && <RunView key={current} id={current} />}
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <RunsList current={current} onPick={pick} />
          {may('onec.credentials') && <CredentialsCard />}
          <MappingCard />
        </Stack>
      </Box>
    </Box>
  );
}

/** /admin/onec/*: one page. */
export default function OnecSection() {
  return (
    <Routes>
      <Route index element={<OnecPage />} />
    </Routes>
  );
}
