/**
 * /dashboard/orders (SPEC section 2): filters kept in the URL (page, per_page, status, payment_status,
 * delivery_status, date_from, date_to, search), a table from lg and cards below, pagination with a
 * page size, skeletons while loading, an empty state (link to the catalogue) and a nothing-matches
 * state with a reset. Test ids: orders-page (data-state="loading|error|empty|nothing|ready"), orders-empty,
 * orders-nothing, orders-error, orders-total, orders-per-page, orders-pagination; see orders-list.tsx, orders-filters.tsx.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PER_PAGE_OPTIONS } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { useOrders } from '../api/get-orders.ts';
import { useOrdersFilter } from '../hooks/use-orders-filter.ts';
import { OrderCards, OrdersSkeleton, OrdersTable } from './orders-list.tsx';
import { OrdersFilters } from '../../../components/order/orders-filters.tsx';
import type { OrderLists } from '../../../lib/order/lists.ts';

export function OrdersPage({ lists }: { lists: Partial<OrderLists> | undefined }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { filter, setFilter, setPage, reset, active } = useOrdersFilter();
  const orders = useOrders(filter);
  const data = orders.data;
  const state = data
    ? data.data.length === 0
      ? active > 0
        ? 'nothing'
        : data.meta.current_page > 1
          ? 'nothing'
          : 'empty'
      : 'ready'
    : orders.isError
      ? 'error'
      : 'loading';
  const lastPage = data ? (data.pagination.last_page ?? data.meta.last_page) : 1;

  let body;
  if (state === 'loading') body = <OrdersSkeleton desktop={desktop} />;
  else if (state === 'error')
    body = (
      <EmptyState
        title={t('errors.loadFailed')}
        text={orders.error?.message}
        icon={<ErrorOutlineIcon />}
        testId="orders-error"
        action={
          <Button variant="contained" onClick={() => void orders.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (state === 'empty')
    body = (
      <EmptyState
        title={t('orders.list.emptyTitle')}
        text={t('orders.list.emptyText')}
        icon={<ReceiptLongIcon />}
        testId="orders-empty"
        action={
          <Button component={RouterLink} to="/dashboard/catalog" variant="contained">
            {t('orders.list.toCatalog')}
          </Button>
        }
      />
    );
  else if (state === 'nothing')
    body = (
      <EmptyState
        title={t('orders.list.nothingTitle')}
        text={t('orders.list.nothingText')}
        icon={<SearchOffIcon />}
        testId="orders-nothing"
        action={
          <Button variant="contained" onClick={reset} data-testid="orders-nothing-reset">
            {t('orders.list.reset')}
          </Button>
        }
      />
    );
  else if (data)
    body = (
      <Box sx={{ opacity: orders.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={orders.isPlaceholderData}>
        {desktop ? <OrdersTable orders={data.data} lists={lists} /> : <OrderCards orders={data.data} lists={lists} />}
      </Box>
    );

  return (
    <Box data-testid="orders-page" data-state={state}>
      <PageHeader
        title={t('pages.orders')}
        actions={
          data && data.meta.total > 0 ? (
            <Typography color="text.secondary" data-testid="orders-total">
              {t('orders.list.found', { count: data.meta.total })}
            </Typography>
          ) : undefined
        }
      />
      <OrdersFilters filter={filter} lists={lists} active={active} onChange={setFilter} onReset={reset} />
      {body}
      {(state === 'ready' || state === 'nothing') && data && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', gap: 2, pt: 1 }}>
          <ListPagination page={filter.page} lastPage={lastPage} onChange={setPage} label={t('orders.list.pagination')} testId="orders-pagination" />
          {state === 'ready' && (
            <TextField
              id="orders-per-page"
              select
              size="small"
              label={t('orders.list.perPage')}
              value={filter.per_page}
              onChange={(e) => setFilter({ per_page: Number(e.target.value) })}
              sx={{ minWidth: 120, mt: lastPage > 1 ? 2 : 0 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'orders-per-page' } as object } }}
            >
              {PER_PAGE_OPTIONS.map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
      )}
    </Box>
  );
}
