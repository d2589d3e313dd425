/**
 * /admin/money/operations (issue 29): the ledger of every reseller, newest first. Filters in the URL
 * (`user_id`, `type`, `date_from`, `date_to` as Kyiv days, `page`), the same ones the export takes;
 * a table from lg (date, reseller, type, description, signed amount, balance after) and cards below.
 * Test ids: admin-ledger-page (data-state), ledger-type, ledger-total, ledger-table, ledger-cards,
 * ledger-row (data-id, data-user-id, data-type), ledger-amount, ledger-balance, ledger-empty,
 * ledger-pagination, ledger-export (the export menu), and money-filters' ids.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { formatMoney, OPERATION_TYPES, type OperationType } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import type { LedgerFilter } from '../api/keys.ts';
import { useAdminOperations, type AdminOperation } from '../api/money.ts';
import { ExportMenu, exportPath } from '../components/export-menu.tsx';
import { ListSkeleton, LoadError } from '../components/query-state.tsx';
import { ResellerLink } from '../components/reseller-link.tsx';
import { kyivDateTime, pageParam } from '../lib/format.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { useAdminT } from '../i18n.ts';
import { hasMoneyFilter, MoneyFilters, moneyFilterOf } from './money-filters.tsx';
import { MoneyTabs } from './money-tabs.tsx';

export const LEDGER_PER_PAGE = 20;
const head = { '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } } as const;
const num = { whiteSpace: 'nowrap', textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

const isType = (v: string | null): v is OperationType => (OPERATION_TYPES as readonly string[]).includes(v ?? '');

/** The URL's filters as the API's query (page size fixed). */
export function ledgerFilterOf(params: URLSearchParams): LedgerFilter {
  const type = params.get('type');
  return { ...moneyFilterOf(params), ...(isType(type) ? { type } : {}), page: pageParam(params.get('page')), per_page: LEDGER_PER_PAGE };
}

/** A signed amount: "+1 250.00" in green, "−300.00" in red. */
export function SignedAmount({ value }: { value: number }) {
  return (
    <Typography
      component="span"
      sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: value < 0 ? 'error.main' : 'success.main' }}
      data-testid="ledger-amount"
    >
      {value > 0 ? '+' : ''}
      {formatMoney(value)}
    </Typography>
  );
}

function Description({ op }: { op: AdminOperation }) {
  return (
    <>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {op.description || '—'}
      </Typography>
      {op.comment && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {op.comment}
        </Typography>
      )}
    </>
  );
}

function LedgerTable({ rows }: { rows: AdminOperation[] }) {
  const { t } = useAdminT();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="ledger-table">
      <Table size="small" aria-label={t('ledger.list')}>
        <TableHead>
          <TableRow sx={head}>
            <TableCell>{t('ledger.columns.id')}</TableCell>
            <TableCell>{t('ledger.columns.date')}</TableCell>
            <TableCell>{t('ledger.columns.reseller')}</TableCell>
            <TableCell>{t('ledger.columns.type')}</TableCell>
            <TableCell>{t('ledger.columns.description')}</TableCell>
            <TableCell sx={num}>{t('ledger.columns.amount')}</TableCell>
            <TableCell sx={num}>{t('ledger.columns.balance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((o) => (
            <TableRow
              key={o.id}
              hover
              data-testid="ledger-row"
              data-id={o.id}
              data-user-id={o.user_id}
              data-type={o.type}
              sx={{ '& td': { verticalAlign: 'top' } }}
            >
              <TableCell sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>{o.id}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="ledger-date">
                {kyivDateTime(o.created_at)}
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <ResellerLink id={o.user_id} name={o.user_name} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="ledger-type">
                {t(`user.ledger.types.${o.type}`)}
              </TableCell>
              <TableCell sx={{ minWidth: 220 }}>
                <Description op={o} />
              </TableCell>
              <TableCell sx={num}>
                <SignedAmount value={o.amount} />
              </TableCell>
              <TableCell sx={num} data-testid="ledger-balance">
                {formatMoney(o.balance)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LedgerCards({ rows }: { rows: AdminOperation[] }) {
  const { t, tc } = useAdminT();
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('ledger.list')} data-testid="ledger-cards">
      {rows.map((o) => (
        <Card component="li" key={o.id} sx={{ p: 1.5 }} data-testid="ledger-row" data-id={o.id} data-user-id={o.user_id} data-type={o.type}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="ledger-type">
              {t(`user.ledger.types.${o.type}`)}
            </Typography>
            <Box sx={{ textAlign: 'right' }}>
              <SignedAmount value={o.amount} />
              <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }} data-testid="ledger-balance">
                {t('ledger.balanceAfter', { balance: formatMoney(o.balance), currency: tc('common.currency') })}
              </Typography>
            </Box>
          </Box>
          <Box sx={{ mt: 0.5 }}>
            <Description op={o} />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-end', mt: 1 }}>
            <Box sx={{ minWidth: 0 }}>
              <ResellerLink id={o.user_id} name={o.user_name} />
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="ledger-date">
              {kyivDateTime(o.created_at)}
            </Typography>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

export function LedgerPage() {
  const { t } = useAdminT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [params, update] = useListParams();
  const filter = ledgerFilterOf(params);
  const list = useAdminOperations(filter);
  const rows = list.data?.data ?? [];
  const state = list.data ? (rows.length ? 'ready' : 'empty') : list.isError ? 'error' : 'loading';
  const filtered = hasMoneyFilter(filter) || filter.type !== undefined;

  return (
    <Box data-testid="admin-ledger-page" data-state={state}>
      <PageHeader title={t('money.title')} icon={<AccountBalanceWalletOutlined color="primary" />} />
      <Box sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <MoneyTabs value="operations" />
      </Box>
      <MoneyFilters filter={filter} update={update} extraActive={filter.type !== undefined}>
        <TextField
          select
          size="small"
          label={t('ledger.type')}
          value={filter.type ?? 'all'}
          onChange={(e) => update({ type: e.target.value === 'all' ? null : e.target.value })}
          sx={{ width: { xs: '100%', sm: 200 } }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ledger-type-filter' } as object } }}
        >
          <MenuItem value="all">{t('common.all')}</MenuItem>
          {OPERATION_TYPES.map((ty) => (
            <MenuItem key={ty} value={ty}>
              {t(`user.ledger.types.${ty}`)}
            </MenuItem>
          ))}
        </TextField>
      </MoneyFilters>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {list.data && (
          <Typography variant="body2" color="text.secondary" data-testid="ledger-total" aria-live="polite">
            {t('common.total', { count: list.data.meta.total })}
          </Typography>
        )}
        <Box sx={{ ml: 'auto' }}>
          <ExportMenu
            path={exportPath('operations')}
            query={filter}
            fileStem="operations"
            ariaLabel={t('exports.of', { list: t('ledger.title') })}
            testId="ledger-export"
          />
        </Box>
      </Box>
      {state === 'loading' && <ListSkeleton testId="ledger-skeleton" />}
      {state === 'error' && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {state === 'empty' && (
        <EmptyState
          testId="ledger-empty"
          icon={<ReceiptLongOutlined />}
          title={t('ledger.empty')}
          text={filtered ? t('ledger.emptyFiltered') : t('ledger.emptyText')}
        />
      )}
      {state === 'ready' && (desktop ? <LedgerTable rows={rows} /> : <LedgerCards rows={rows} />)}
      {list.data && (
        <ListPagination
          page={filter.page}
          lastPage={list.data.meta.last_page}
          onChange={(p) => update({ page: p > 1 ? String(p) : null }, true)}
          label={t('common.pagination')}
          testId="ledger-pagination"
        />
      )}
    </Box>
  );
}
