/**
 * The catalogue's "Зображення" card (issue 30): pictures stored before the upgrade are converted
 * into variants by a background job (`/admin/catalog/pictures/conversion`). Shows what is left,
 * the run's progress (asked again every few seconds while it runs), converted and failed counts,
 * the last error, when it started and finished (Kyiv), and the buttons to start and to retry the
 * failed ones. Nothing pending, nothing failed and no run ever: nothing is shown; nothing pending
 * and nothing failed after a run: one calm line.
 * Test ids: picture-conversion (data-status), picture-conversion-done, picture-conversion-pending,
 * picture-conversion-progress, picture-conversion-converted, picture-conversion-failed,
 * picture-conversion-reasons, picture-conversion-error, picture-conversion-started,
 * picture-conversion-finished, picture-conversion-start, picture-conversion-retry.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PICTURE_CONVERSION_POLL_MS,
  PICTURE_VARIANT_ERRORS,
  pictureConversionStateDto,
  type PictureConversionStateDto,
  type PictureVariantError,
} from '@drop/shared';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { api, isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { kyivDateTime } from '../lib/format.ts';
import { catalogKeys } from './api.ts';
import { usePicturesT } from './pictures-i18n.ts';

export const pictureConversionKey = [...catalogKeys.all, 'picture-conversion'] as const;
const PATH = '/admin/catalog/pictures/conversion';

/** The conversion's state; asked again every few seconds while a run goes on. */
export const usePictureConversion = () =>
  useQuery({
    queryKey: pictureConversionKey,
    queryFn: ({ signal }) => api.get(PATH, pictureConversionStateDto, { signal }),
    refetchInterval: (q) => (q.state.data?.run?.status === 'running' ? PICTURE_CONVERSION_POLL_MS : false),
    retry: false,
  });

function useStart(retryFailed: boolean) {
  const client = useQueryClient();
  const toast = useToast();
  const { t } = usePicturesT();
  return useMutation({
    mutationFn: () => api.post(retryFailed ? `${PATH}/retry-failed` : PATH, undefined, pictureConversionStateDto),
    onSuccess: (r) => {
      client.setQueryData(pictureConversionKey, r);
      toast.success(t('started'));
    },
    onError: (err) => {
      toast.error(isApiError(err) ? err.message : String(err));
      // Someone else started one, or it finished meanwhile: show what the server has.
      void client.invalidateQueries({ queryKey: pictureConversionKey });
    },
  });
}

const Count = ({ label, value, testId }: { label: string; value: number; testId: string }) => (
  <Box sx={{ minWidth: 100 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h4" component="p" data-testid={testId}>
      {value}
    </Typography>
  </Box>
);

export function PictureConversionPanel() {
  const { t } = usePicturesT();
  const state = usePictureConversion();
  const start = useStart(false);
  const retry = useStart(true);
  const s: PictureConversionStateDto | undefined = state.data;
  // Not allowed (403), not there, not answered: the card is not the page's business.
  if (!s) return null;
  const run = s.run;
  const running = run?.status === 'running';
  if (!running && s.pending === 0 && s.failed === 0) {
    if (!run) return null;
    return (
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }} data-testid="picture-conversion-done">
        <ImageIcon fontSize="small" aria-hidden />
        {run.finished_at ? t('allDoneAt', { date: kyivDateTime(run.finished_at) }) : t('allDone')}
      </Typography>
    );
  }
  const busy = running || start.isPending || retry.isPending;
  const done = run ? run.converted + run.failed : 0;
  const percent = run && run.total > 0 ? Math.min(100, Math.round((done / run.total) * 100)) : running ? 0 : 100;
  // The job writes `<path>: <reason>` for a picture that failed; the reason is said in words.
  const lastError = (e: string) => {
    const m = /^(.*): (missing|not_image|too_big)$/.exec(e);
    return m ? `${m[1]} — ${t(`reasons.${m[2] as PictureVariantError}`)}` : e;
  };
  const reasons = PICTURE_VARIANT_ERRORS.filter((r) => s.failed_by_reason[r] > 0).map((r) => `${t(`reasons.${r}`)}: ${s.failed_by_reason[r]}`);

  return (
    <Box sx={{ mb: 2 }}>
      <SectionCard
        id="picture-conversion-title"
        title={t('title')}
        hint={t('hint')}
        testId="picture-conversion"
        data={{ 'data-status': run?.status ?? 'none' }}
        action={
          run ? (
            <Chip
              size="small"
              label={t(`status.${run.status}`)}
              color={run.status === 'failed' ? 'error' : run.status === 'running' ? 'info' : 'success'}
              variant="outlined"
            />
          ) : undefined
        }
      >
        <Stack spacing={2}>
          <Typography variant="body1" data-testid="picture-conversion-pending">
            {s.pending > 0 ? t('pending', { count: s.pending }) : t('nothingPending')}
          </Typography>
          {running && run && (
            <Box>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label={t('progressLabel')}
                aria-valuetext={t('progress', { done, total: run.total })}
                data-testid="picture-conversion-progress"
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('progress', { done, total: run.total })} · {percent}%
              </Typography>
            </Box>
          )}
          {run && (
            <Stack direction="row" spacing={4}>
              <Count label={t('converted')} value={run.converted} testId="picture-conversion-converted" />
              <Count label={t('failed')} value={run.failed} testId="picture-conversion-failed" />
            </Stack>
          )}
          {s.failed > 0 && (
            <Box data-testid="picture-conversion-reasons">
              <Typography variant="body2">
                {t('failedNow')}: {s.failed} ({reasons.join(', ')})
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('failedNote')}
              </Typography>
            </Box>
          )}
          {run?.last_error && (
            <Typography
              variant="body2"
              color={run.status === 'failed' ? 'error' : 'text.secondary'}
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="picture-conversion-error"
            >
              {t('lastError')}: {lastError(run.last_error)}
            </Typography>
          )}
          {run && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }} sx={{ color: 'text.secondary' }}>
              <Typography variant="body2" data-testid="picture-conversion-started">
                {t('startedAt')}: {kyivDateTime(run.started_at)} · {t('startedBy')}: {run.started_by_name ?? t('startedAuto')}
              </Typography>
              {run.finished_at && (
                <Typography variant="body2" data-testid="picture-conversion-finished">
                  {run.status === 'failed' ? t('stopped') : t('finishedAt')}: {kyivDateTime(run.finished_at)}
                </Typography>
              )}
            </Stack>
          )}
          {!running && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              {s.pending > 0 && (
                <Button
                  variant="contained"
                  onClick={() => start.mutate()}
                  loading={start.isPending}
                  disabled={busy}
                  data-testid="picture-conversion-start"
                  sx={{ width: { xs: '100%', sm: 'auto' } }}
                >
                  {t('start')}
                </Button>
              )}
              {s.failed > 0 && (
                <Button
                  variant="outlined"
                  onClick={() => retry.mutate()}
                  loading={retry.isPending}
                  disabled={busy}
                  data-testid="picture-conversion-retry"
                  sx={{ width: { xs: '100%', sm: 'auto' } }}
                >
                  {t('retry')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </SectionCard>
    </Box>
  );
}
