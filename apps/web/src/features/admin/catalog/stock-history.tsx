/**
 * The product editor's "Історія залишків" card: on hand / reserved / free now, and every change of
 * the stock, newest first (source chip, the deltas, what was left after, the order, who, a note),
 * page after page. A table from md, cards below.
 * Test ids: stock-history, stock-levels (stock-on-hand, stock-reserved, stock-free), stock-row
 * (data-source), stock-source, stock-history-empty, stock-history-more.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import type { StockMovementDto, StockSource } from '@drop/shared';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useStockHistory } from './stock-api.ts';
import { useStockT } from './stock-i18n.ts';

const SOURCE_COLOR: Record<StockSource, 'info' | 'default' | 'primary' | 'warning'> = {
  onec: 'info',
  operator: 'default',
  order: 'primary',
  return: 'warning',
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function SourceChip({ source }: { source: StockSource }) {
  const { t } = useStockT();
  return (
    <Chip
      size="small"
      color={SOURCE_COLOR[source]}
      variant={source === 'operator' ? 'outlined' : 'filled'}
      label={t(`history.sources.${source}`)}
      data-testid="stock-source"
    />
  );
}

function Level({ label, value, testId, strong }: { label: string; value: number; testId: string; strong?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.25, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h3" component="div" sx={{ fontWeight: strong ? 700 : 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

export function StockHistory({ productId, stamp = '' }: { productId: number; stamp?: string }) {
  const { t, tc, i18n } = useStockT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const history = useStockHistory(productId, stamp);
  const locale = i18n.language === 'ru' ? 'ru-RU' : 'uk-UA';
  const when = (iso: string) =>
    new Date(iso).toLocaleString(locale, { timeZone: 'Europe/Kyiv', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  const rows = history.data?.pages.flatMap((p) => p.data) ?? [];
  const stock = history.data?.pages[0]?.stock;
  const note = (m: StockMovementDto) => (m.note === 'bulk' ? t('history.bulkNote') : m.note === 'created' ? t('history.createdNote') : m.note);
  const order = (m: StockMovementDto) =>
    m.order_id === null ? (
      '—'
    ) : (
      <Link component={RouterLink} to={`/admin/orders/${m.order_id}`} underline="hover" data-testid="stock-order">
        {t('history.orderLink', { number: m.order_number ?? m.order_id })}
      </Link>
    );

  return (
    <SectionCard id={`stock-history-${productId}`} title={t('history.title')} hint={t('history.hint')} testId="stock-history">
      {history.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={tc('common.loading')}>
          <Skeleton variant="rounded" height={64} />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={40} />
          ))}
        </Stack>
      ) : history.isError && !history.data ? (
        <Typography color="error" role="alert">
          {isApiError(history.error) ? history.error.message : tc('errors.loadFailed')}
        </Typography>
      ) : (
        <>
          {stock && (
            <Box data-testid="stock-levels" sx={{ display: 'grid', gap: 1, mb: 2, gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))' } }}>
              <Level label={t('history.onHand')} value={stock.on_hand} testId="stock-on-hand" />
              <Level label={t('history.reserved')} value={stock.reserved} testId="stock-reserved" />
              <Level label={t('history.free')} value={stock.free} testId="stock-free" strong />
            </Box>
          )}
          {rows.length === 0 ? (
            <Typography color="text.secondary" data-testid="stock-history-empty">
              {t('history.empty')}
            </Typography>
          ) : desktop ? (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label={t('history.title')}>
                <TableHead>
                  <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
                    <TableCell>{t('history.time')}</TableCell>
                    <TableCell>{t('history.source')}</TableCell>
                    <TableCell align="right">{t('history.freeDelta')}</TableCell>
                    <TableCell align="right">{t('history.reservedDelta')}</TableCell>
                    <TableCell align="right">{t('history.after')}</TableCell>
                    <TableCell>{t('history.order')}</TableCell>
                    <TableCell>{t('history.actor')}</TableCell>
                    <TableCell>{t('history.note')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((m) => (
                    <TableRow key={m.id} data-testid="stock-row" data-source={m.source}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(m.created_at)}</TableCell>
                      <TableCell>
                        <SourceChip source={m.source} />
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{ fontWeight: 600, color: m.qty_delta < 0 ? 'error.main' : m.qty_delta > 0 ? 'success.main' : 'text.secondary' }}
                        data-testid="stock-qty-delta"
                      >
                        {m.qty_delta === 0 ? '—' : signed(m.qty_delta)}
                      </TableCell>
                      <TableCell align="right">{m.reserved_delta === 0 ? '—' : signed(m.reserved_delta)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {m.qty_after} / {m.reserved_after}
                      </TableCell>
                      <TableCell>{order(m)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.actor_name ?? '—'}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 200 }}>{note(m) ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('history.title')}>
              {rows.map((m) => (
                <Paper component="li" variant="outlined" key={m.id} sx={{ p: 1.25 }} data-testid="stock-row" data-source={m.source}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <SourceChip source={m.source} />
                    <Typography variant="caption" color="text.secondary">
                      {when(m.created_at)}
                    </Typography>
                  </Box>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {t('history.freeDelta')}: <strong data-testid="stock-qty-delta">{m.qty_delta === 0 ? '—' : signed(m.qty_delta)}</strong> ·{' '}
                    {t('history.reservedDelta')}: {m.reserved_delta === 0 ? '—' : signed(m.reserved_delta)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('history.afterShort', { free: m.qty_after, reserved: m.reserved_after })}
                    {m.actor_name ? ` · ${m.actor_name}` : ''}
                  </Typography>
                  {(m.order_id !== null || m.note) && (
                    <Typography variant="caption" component="div" sx={{ overflowWrap: 'anywhere' }}>
                      {m.order_id !== null && order(m)} {note(m)}
                    </Typography>
                  )}
                </Paper>
              ))}
            </Stack>
          )}
          {history.hasNextPage && (
            <Box sx={{ mt: 1.5, textAlign: 'center' }}>
              <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage} data-testid="stock-history-more">
                {t('history.more')}
              </Button>
            </Box>
          )}
        </>
      )}
    </SectionCard>
  );
}
