/**
 * Feeds in a list: a table from lg (1280 px), cards below (SPEC section 2, mobile breakpoint lg).
 * Test ids: exports-table, exports-cards, export-row (data-export-id, data-status), export-row-name,
 * export-row-format, export-row-price, export-row-range, export-row-products, export-row-size,
 * export-row-generated, export-row-requested, export-edit-{id}, export-history-{id},
 * export-generate-{id}, export-delete-{id}, exports-skeleton; see feed-status.tsx and feed-link.tsx.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Link as RouterLink } from 'react-router';
import { formatDate, type ExportSettingDto } from '@drop/shared';
import { feedBusy } from '../../../lib/feeds.ts';
import { useExportsT } from '../i18n.ts';
import { formatSize, priceRangeText, priceSourceText } from '../lib/format.ts';
import { FeedLink } from './feed-link.tsx';
import { FeedStatus } from './feed-status.tsx';
import { Field } from './field.tsx';

export const EXPORTS_HREF = '/dashboard/export-settings';
export const exportEditHref = (id: number) => `${EXPORTS_HREF}/${id}/edit`;
export const exportHistoryHref = (id: number) => `${EXPORTS_HREF}/${id}/history`;

export interface ExportListProps {
  feeds: ExportSettingDto[];
  /** The format's name from GET /providers. */
  formatName: (feed: ExportSettingDto) => string;
  onGenerate: (feed: ExportSettingDto) => void;
  onDelete: (feed: ExportSettingDto) => void;
  /** The feed a rebuild request is on its way for. */
  generatingId?: number | null;
}

const num = { whiteSpace: 'nowrap', textAlign: 'right' } as const;
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

function Actions({ feed, onGenerate, onDelete, generatingId }: Pick<ExportListProps, 'onGenerate' | 'onDelete' | 'generatingId'> & { feed: ExportSettingDto }) {
  const { t } = useExportsT();
  const busy = feedBusy(feed) || generatingId === feed.id;
  const tip = (title: string, node: ReactNode) => (
    <Tooltip title={title}>
      <span>{node}</span>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'flex', gap: 0.25, flexWrap: 'nowrap' }}>
      {tip(
        t('actions.edit', { name: feed.name }),
        <IconButton
          component={RouterLink}
          to={exportEditHref(feed.id)}
          aria-label={t('actions.edit', { name: feed.name })}
          data-testid={`export-edit-${feed.id}`}
        >
          <EditIcon />
        </IconButton>,
      )}
      {tip(
        t('actions.history', { name: feed.name }),
        <IconButton
          component={RouterLink}
          to={exportHistoryHref(feed.id)}
          aria-label={t('actions.history', { name: feed.name })}
          data-testid={`export-history-${feed.id}`}
        >
          <HistoryIcon />
        </IconButton>,
      )}
      {tip(
        t('actions.generate', { name: feed.name }),
        <IconButton
          onClick={() => onGenerate(feed)}
          disabled={busy}
          aria-label={t('actions.generate', { name: feed.name })}
          data-testid={`export-generate-${feed.id}`}
        >
          <RefreshIcon />
        </IconButton>,
      )}
      {tip(
        t('actions.delete', { name: feed.name }),
        <IconButton
          onClick={() => onDelete(feed)}
          aria-label={t('actions.delete', { name: feed.name })}
          data-testid={`export-delete-${feed.id}`}
          sx={{ '&:hover': { color: 'error.main' } }}
        >
          <DeleteIcon />
        </IconButton>,
      )}
    </Box>
  );
}

function NameLink({ feed }: { feed: ExportSettingDto }) {
  return (
    <Link
      component={RouterLink}
      to={exportEditHref(feed.id)}
      underline="hover"
      color="text.primary"
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      data-testid="export-row-name"
    >
      {feed.name}
    </Link>
  );
}

function PriceText({ feed }: { feed: ExportSettingDto }) {
  const { t } = useExportsT();
  const range = priceRangeText(feed, t);
  return (
    <>
      <Typography variant="body2" data-testid="export-row-price">
        {priceSourceText(feed, t)}
      </Typography>
      {range && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="export-row-range">
          {range}
        </Typography>
      )}
    </>
  );
}

export function ExportsTable({ feeds, formatName, onGenerate, onDelete, generatingId }: ExportListProps) {
  const { t, tc } = useExportsT();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="exports-table">
      <Table size="small" aria-label={tc('pages.exportSettings')}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('list.name')}</TableCell>
            <TableCell>{t('list.price')}</TableCell>
            <TableCell sx={num}>{t('list.products')}</TableCell>
            <TableCell>{t('list.status')}</TableCell>
            <TableCell>{t('list.link')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('list.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {feeds.map((f) => (
            <TableRow
              key={f.id}
              hover
              data-testid="export-row"
              data-export-id={f.id}
              data-status={f.status}
              sx={{ '& td': { verticalAlign: 'top', py: 1.25 } }}
            >
              <TableCell sx={{ minWidth: 150, maxWidth: 240 }}>
                <NameLink feed={f} />
                <Typography variant="caption" color="text.secondary" component="div" data-testid="export-row-format">
                  {formatName(f)}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 130, maxWidth: 200 }}>
                <PriceText feed={f} />
              </TableCell>
              <TableCell sx={num}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="export-row-products">
                  {f.products_count}
                </Typography>
                <Typography variant="caption" color="text.secondary" data-testid="export-row-size">
                  {formatSize(f.file_size, t)}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 170, maxWidth: 220 }}>
                <FeedStatus feed={f} />
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    mt: 1,
                    display: 'grid',
                    gridTemplateColumns: 'auto auto',
                    columnGap: 1,
                    justifyContent: 'start',
                    '& dt, & dd': { m: 0, whiteSpace: 'nowrap' },
                  }}
                >
                  <Typography variant="caption" color="text.secondary" component="dt">
                    {t('list.generated')}
                  </Typography>
                  <Typography variant="caption" component="dd" data-testid="export-row-generated">
                    {formatDate(f.last_generated_at)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="dt">
                    {t('list.requested')}
                  </Typography>
                  <Typography variant="caption" component="dd" data-testid="export-row-requested">
                    {formatDate(f.last_requested_at)}
                  </Typography>
                </Box>
              </TableCell>
              <TableCell sx={{ minWidth: 240, width: '30%' }}>
                <FeedLink feed={f} />
              </TableCell>
              <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                <Actions feed={f} onGenerate={onGenerate} onDelete={onDelete} generatingId={generatingId ?? null} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ExportCards({ feeds, formatName, onGenerate, onDelete, generatingId }: ExportListProps) {
  const { t, tc } = useExportsT();
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={tc('pages.exportSettings')} data-testid="exports-cards">
      {feeds.map((f) => (
        <Card component="li" key={f.id} sx={{ p: 1.5 }} data-testid="export-row" data-export-id={f.id} data-status={f.status}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ minWidth: 0 }}>
              <NameLink feed={f} />
              <Typography variant="caption" color="text.secondary" component="div" data-testid="export-row-format">
                {formatName(f)}
              </Typography>
            </Box>
            <Box sx={{ flexShrink: 0, maxWidth: '50%' }}>
              <FeedStatus feed={f} showError={false} />
            </Box>
          </Box>
          {f.status === 'error' && f.last_error && (
            <Typography variant="body2" color="error" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="feed-error">
              {f.last_error}
            </Typography>
          )}
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 1, my: 1.5 }}>
            <Field label={t('list.price')}>
              <PriceText feed={f} />
            </Field>
            <Field label={t('list.products')}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }} data-testid="export-row-products">
                {f.products_count}
              </Typography>{' '}
              <Typography variant="caption" color="text.secondary" component="span" data-testid="export-row-size">
                ({formatSize(f.file_size, t)})
              </Typography>
            </Field>
            <Field label={t('list.generated')}>
              <Typography variant="body2" data-testid="export-row-generated">
                {formatDate(f.last_generated_at)}
              </Typography>
            </Field>
            <Field label={t('list.requested')}>
              <Typography variant="body2" data-testid="export-row-requested">
                {formatDate(f.last_requested_at)}
              </Typography>
            </Field>
          </Box>
          <FeedLink feed={f} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider', pt: 0.5, mt: 1 }}>
            <Actions feed={f} onGenerate={onGenerate} onDelete={onDelete} generatingId={generatingId ?? null} />
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

export function ExportsSkeleton({ desktop, rows = 3 }: { desktop: boolean; rows?: number }) {
  const items = Array.from({ length: rows }, (_, i) => i);
  return (
    <Box aria-hidden data-testid="exports-skeleton">
      {desktop ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {items.map((i) => (
            <Box key={i} sx={{ display: 'grid', gridTemplateColumns: '1.2fr 1.2fr 0.5fr 1fr 2fr 1fr', gap: 2, alignItems: 'center', py: 1.25 }}>
              <Skeleton />
              <Skeleton />
              <Skeleton />
              <Skeleton variant="rounded" height={24} />
              <Skeleton variant="rounded" height={40} />
              <Skeleton />
            </Box>
          ))}
        </Paper>
      ) : (
        <Stack spacing={1.5}>
          {items.map((i) => (
            <Card key={i} sx={{ p: 1.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
                <Skeleton width="45%" />
                <Skeleton variant="rounded" width={72} height={24} />
              </Box>
              <Skeleton />
              <Skeleton width="70%" />
              <Skeleton variant="rounded" height={40} sx={{ mt: 1 }} />
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}
