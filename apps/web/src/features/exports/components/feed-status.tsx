/**
 * Status chips of a feed (queued, building with its percent, ready, error) and of one build
 * (running, done, failed), and the determinate progress of a running build.
 * Test ids: feed-status (data-status), feed-progress, feed-error, build-status (data-status), build-progress.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ExportBuildDto, ExportSettingDto, FeedBuildStatus, FeedStatus } from '@drop/shared';
import { useExportsT } from '../i18n.ts';
import { buildPercent } from '../lib/format.ts';

const FEED_COLORS: Record<FeedStatus, 'default' | 'info' | 'success' | 'error'> = { queued: 'default', building: 'info', ready: 'success', error: 'error' };
const BUILD_COLORS: Record<FeedBuildStatus, 'info' | 'success' | 'error'> = { running: 'info', done: 'success', failed: 'error' };

/** A running build's progress: determinate once its total is known. */
export function BuildProgress({ build, testId = 'build-progress' }: { build: Pick<ExportBuildDto, 'offers' | 'total'>; testId?: string }) {
  const { t } = useExportsT();
  const known = build.total !== null && build.total > 0;
  const label = known ? t('status.progress', { offers: build.offers, total: build.total }) : t('status.building');
  return (
    <LinearProgress
      variant={known ? 'determinate' : 'indeterminate'}
      color="info"
      {...(known ? { value: buildPercent(build) } : {})}
      aria-label={label}
      title={label}
      sx={{ height: 6, borderRadius: 3, minWidth: 96 }}
      data-testid={testId}
    />
  );
}

/** The feed's status chip; building shows its percent and a progress bar, error its reason. */
export function FeedStatus({ feed, showError = true }: { feed: Pick<ExportSettingDto, 'status' | 'build' | 'last_error'>; showError?: boolean }) {
  const { t } = useExportsT();
  const building = feed.status === 'building';
  const known = building && feed.build !== null && feed.build.total !== null && feed.build.total > 0;
  const label = known ? t('status.buildingPercent', { percent: buildPercent(feed.build) }) : t(`status.${feed.status}`);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.75, minWidth: 0 }}>
      <Chip
        label={label}
        size="small"
        color={FEED_COLORS[feed.status]}
        variant={feed.status === 'queued' ? 'outlined' : 'filled'}
        sx={{ fontWeight: 600 }}
        data-testid="feed-status"
        data-status={feed.status}
      />
      {building && feed.build && (
        <Box sx={{ width: '100%', maxWidth: 160 }}>
          <BuildProgress build={feed.build} testId="feed-progress" />
        </Box>
      )}
      {showError && feed.status === 'error' && feed.last_error && (
        <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }} data-testid="feed-error">
          {feed.last_error}
        </Typography>
      )}
    </Box>
  );
}

/** One build's status chip (running shows its percent). */
export function BuildStatusChip({ build }: { build: Pick<ExportBuildDto, 'status' | 'offers' | 'total'> }) {
  const { t } = useExportsT();
  const label = build.status === 'running' && build.total ? t('status.buildingPercent', { percent: buildPercent(build) }) : t(`buildStatus.${build.status}`);
  return <Chip label={label} size="small" color={BUILD_COLORS[build.status]} sx={{ fontWeight: 600 }} data-testid="build-status" data-status={build.status} />;
}
