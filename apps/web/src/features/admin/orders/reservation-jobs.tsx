/**
 * The order's reservation jobs (pg-boss): action, state chip, attempts, times, the last error and
 * Retry: on a failed one (attempts spent: one more attempt) and, as "Retry now", on one waiting for
 * its next attempt (backoff; "Наступна спроба о 12:40" under its state and as the button's
 * tooltip), which then runs at once. Polled while a job waits, runs or retries. A table from md,
 * cards below. Test ids: reservation-jobs, job-row (data-job-id, data-state), job-state,
 * job-next-attempt, job-error, job-retry-{id}, jobs-empty, jobs-error.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import Tooltip from '@mui/material/Tooltip';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ReplayIcon from '@mui/icons-material/Replay';
import { formatDate, type ReservationJobDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useReservationJobs, useRetryJob } from './api.ts';
import { useOrdersT } from './i18n.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const STATE_COLORS: Record<ReservationJobDto['state'], ChipProps['color']> = {
  created: 'default',
  retry: 'warning',
  active: 'info',
  completed: 'success',
  cancelled: 'default',
  failed: 'error',
};

const KNOWN_ACTIONS = ['CreateReserveJob', 'UpdateReserveJob', 'ConfirmReserveJob', 'CancelReserveJob'];

function useJobText() {
  const { t } = useOrdersT();
  return {
    action: (a: string) => (KNOWN_ACTIONS.includes(a) ? t(`jobs.actions.${a}`) : a),
    state: (s: ReservationJobDto['state']) => t(`jobs.states.${s}`),
  };
}

function StateChip({ job }: { job: ReservationJobDto }) {
  const text = useJobText();
  return (
    <Chip
      size="small"
      label={text.state(job.state)}
      color={STATE_COLORS[job.state]}
      variant={job.state === 'created' ? 'outlined' : 'filled'}
      data-testid="job-state"
    />
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:MM today, else the date and time. */
function clock(iso: string): string {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : formatDate(d);
}

/** A job waiting for a later attempt (backoff after a failure, or a start later than now). */
const waiting = (job: ReservationJobDto) =>
  job.next_attempt_at !== null && (job.state === 'retry' || (job.state === 'created' && new Date(job.next_attempt_at) > new Date()));

/** Staff may run it now: failed (attempts spent) or waiting for its next attempt; not while it runs or once done. */
export const retryable = (job: ReservationJobDto) => job.state === 'failed' || waiting(job);

function NextAttempt({ job }: { job: ReservationJobDto }) {
  const { t } = useOrdersT();
  if (!waiting(job)) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, whiteSpace: 'nowrap' }} data-testid="job-next-attempt">
      {t('jobs.nextAttempt', { time: clock(job.next_attempt_at!) })}
    </Typography>
  );
}

function RetryButton({ job, busy, onRetry }: { job: ReservationJobDto; busy: boolean; onRetry: (job: ReservationJobDto) => void }) {
  const { t } = useOrdersT();
  const text = useJobText();
  if (!retryable(job)) return null;
  const now = job.state !== 'failed';
  const button = (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ReplayIcon />}
      loading={busy}
      onClick={() => onRetry(job)}
      aria-label={t(now ? 'jobs.retryNowLabel' : 'jobs.retryLabel', { action: text.action(job.action) })}
      data-testid={`job-retry-${job.id}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t(now ? 'jobs.retryNow' : 'jobs.retry')}
    </Button>
  );
  return now ? (
    <Tooltip describeChild title={t('jobs.nextAttempt', { time: clock(job.next_attempt_at!) })}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

export function ReservationJobs({ orderId }: { orderId: number }) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const jobs = useReservationJobs(orderId);
  const retry = useRetryJob(orderId);
  const text = useJobText();
  const onRetry = (job: ReservationJobDto) =>
    retry.mutate(job.id, {
      onSuccess: () => toast.success(t('jobs.retried')),
      onError: (e) => toast.error(isApiError(e) ? e.message : tc('errors.generic')),
    });
  const busyId = retry.isPending ? retry.variables : null;
  const attempts = (j: ReservationJobDto) => t('jobs.attemptsValue', { count: j.retry_count, limit: j.retry_limit });
  const list = jobs.data ?? [];

  let body;
  if (jobs.isPending) body = <Skeleton variant="rounded" height={80} aria-label={tc('common.loading')} />;
  else if (jobs.isError)
    body = (
      <Typography color="error" role="alert" data-testid="jobs-error">
        {tc('errors.loadFailed')}{' '}
        <Button size="small" onClick={() => void jobs.refetch()}>
          {tc('common.retry')}
        </Button>
      </Typography>
    );
  else if (list.length === 0)
    body = (
      <Typography color="text.secondary" data-testid="jobs-empty">
        {t('jobs.empty')}
      </Typography>
    );
  else if (desktop)
    body = (
      // Focusable: the table scrolls sideways when narrow and has nothing else to reach it by keyboard.
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-labelledby="reservation-jobs-title">
        <Table size="small" aria-labelledby="reservation-jobs-title">
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
              <TableCell>{t('jobs.action')}</TableCell>
              <TableCell>{t('jobs.state')}</TableCell>
              <TableCell>{t('jobs.attempts')}</TableCell>
              <TableCell>{t('jobs.created')}</TableCell>
              <TableCell>{t('jobs.completed')}</TableCell>
              <TableCell>{t('jobs.error')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((j) => (
              <TableRow key={j.id} data-testid="job-row" data-job-id={j.id} data-state={j.state} sx={{ '& td': { verticalAlign: 'top' } }}>
                <TableCell>{text.action(j.action)}</TableCell>
                <TableCell>
                  <StateChip job={j} />
                  <NextAttempt job={j} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{attempts(j)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(j.created_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(j.completed_at)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', color: 'error.main', maxWidth: 320 }} data-testid="job-error">
                  {j.error ?? '—'}
                </TableCell>
                <TableCell align="right">
                  <RetryButton job={j} busy={busyId === j.id} onRetry={onRetry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  else
    body = (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-labelledby="reservation-jobs-title">
        {list.map((j) => (
          <Paper component="li" variant="outlined" key={j.id} sx={{ p: 1.5 }} data-testid="job-row" data-job-id={j.id} data-state={j.state}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>{text.action(j.action)}</Typography>
              <StateChip job={j} />
            </Box>
            <Typography variant="caption" color="text.secondary" component="p">
              {formatDate(j.created_at)} · {attempts(j)}
            </Typography>
            <NextAttempt job={j} />
            {j.error && (
              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }} data-testid="job-error">
                {j.error}
              </Typography>
            )}
            <Box sx={{ mt: 1 }}>
              <RetryButton job={j} busy={busyId === j.id} onRetry={onRetry} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <SectionCard id="reservation-jobs-title" title={t('jobs.title')} testId="reservation-jobs">
      {body}
    </SectionCard>
  );
}
