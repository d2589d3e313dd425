import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useGroupedOperations, type OperationsDay } from '../api/get-grouped-operations.ts';
import { lastPageOf } from '../api/types.ts';
import { useOperationsFilter } from '../hooks/use-operations-filter.ts';
import { formatDay, formatSigned } from '../lib/format.ts';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { OperationRow } from './operation-row.tsx';
import { OperationsFilters } from './operations-filters.tsx';

function DayGroup({ day }: { day: OperationsDay }) {
  const { t } = useTranslation();
  const headerId = `operations-day-${day.date}`;
  return (
    <Box component="li" data-testid="operations-day" data-date={day.date} sx={{ listStyle: 'none' }}>
      <List dense disablePadding aria-labelledby={headerId}>
        <ListSubheader
          id={headerId}
          disableSticky
          sx={{ display: 'flex', justifyContent: 'space-between', bgcolor: 'action.hover', borderRadius: 1, lineHeight: '36px', px: 1 }}
        >
          <span>{formatDay(day.date)}</span>
          <Box component="span" sx={{ color: day.total > 0 ? 'success.main' : 'error.main', fontWeight: 600 }} data-testid="operations-day-total">
            {t('finance.operations.dayTotal', { total: formatSigned(day.total) })}
          </Box>
        </ListSubheader>
        {day.operations.map((op) => (
          <OperationRow key={op.id} op={op} variant="day" />
        ))}
      </List>
    </Box>
  );
}

/** The ledger grouped by day with filters (URL state) and pagination. */
export function OperationsCard() {
  const { t } = useTranslation();
  const { filter, setPage, setFilter, reset, active } = useOperationsFilter();
  const days = useGroupedOperations(filter);

  return (
    <Card component="section" aria-labelledby="finance-operations-title" data-testid="operations-card">
      <CardHeader title={t('finance.operations.title')} slotProps={{ title: { id: 'finance-operations-title', component: 'h2', variant: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>
        <OperationsFilters filter={filter} onChange={setFilter} onReset={reset} active={active} />
        {days.isPending ? (
          <Box data-testid="operations-loading">
            <Skeleton width={180} height={36} />
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} variant="rounded" height={52} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : days.isError ? (
          <Typography color="error">{t('finance.loadFailed')}</Typography>
        ) : days.data.data.length === 0 ? (
          <EmptyState
            icon={<ReceiptLongIcon />}
            title={active ? t('finance.operations.filteredEmpty') : t('finance.operations.empty')}
            {...(active ? {} : { text: t('finance.operations.emptyText') })}
            testId="operations-empty"
          />
        ) : (
          <>
            <Box
              component="ul"
              aria-label={t('finance.operations.list')}
              sx={{ p: 0, m: 0, display: 'grid', gap: 2, opacity: days.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}
              data-testid="operations-list"
            >
              {days.data.data.map((day) => (
                <DayGroup key={day.date} day={day} />
              ))}
            </Box>
            <ListPagination
              page={filter.page}
              lastPage={lastPageOf(days.data)}
              onChange={setPage}
              label={t('finance.operations.pagination')}
              testId="operations-pagination"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
