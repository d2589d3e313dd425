import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, type WithdrawDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useWithdraws } from '../api/get-withdraws.ts';
import { lastPageOf } from '../api/types.ts';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { WithdrawStatusChip } from './status-chips.tsx';

const PER_PAGE = 10;
const COLUMNS = { xs: '1fr auto', md: '140px minmax(190px, 1fr) 130px minmax(0, 1.2fr)' };

function WithdrawRow({ w }: { w: WithdrawDto }) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      data-testid="withdraw-row"
      data-status={w.status}
      sx={{ display: 'grid', gridTemplateColumns: COLUMNS, gap: { xs: 0.5, md: 2 }, alignItems: 'center', py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatDate(w.created_at)}
      </Typography>
      <Typography sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', gridRow: { xs: 2, md: 'auto' } }} data-testid="withdraw-requisites">
        {w.requisites}
      </Typography>
      <Typography sx={{ fontWeight: 600, textAlign: { xs: 'right', md: 'left' }, fontVariantNumeric: 'tabular-nums' }} data-testid="withdraw-sum">
        {formatMoney(w.amount)} {t('common.currency')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          justifyContent: { xs: 'flex-end', md: 'flex-start' },
          gridRow: { xs: 2, md: 'auto' },
        }}
      >
        <WithdrawStatusChip status={w.status} />
        {w.status === 'Paid' && w.paid_at && (
          <Typography variant="caption" color="text.secondary">
            {t('finance.withdraw.paidAt', { date: formatDate(w.paid_at) })}
          </Typography>
        )}
        {w.status === 'Declined' && w.decline_reason && (
          <Typography variant="caption" color="error" data-testid="withdraw-reason">
            {t('finance.withdraw.reason', { reason: w.decline_reason })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The user's withdrawals: date, masked card, amount, status with the paid date or the reason. */
export function WithdrawsCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useWithdraws(page, PER_PAGE);

  if (list.isSuccess && list.data.data.length === 0 && page === 1) {
    return <EmptyState icon={<PaymentsIcon />} title={t('finance.withdraw.empty')} text={t('finance.withdraw.emptyText')} testId="withdraws-empty" />;
  }
  return (
    <Card component="section" aria-labelledby="withdraws-title" data-testid="withdraws-card">
      <CardHeader title={t('finance.withdraw.listTitle')} slotProps={{ title: { id: 'withdraws-title', component: 'h2', variant: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>
        {list.isPending ? (
          <Box data-testid="withdraws-loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={44} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : list.isError ? (
          <Typography color="error">{t('finance.loadFailed')}</Typography>
        ) : (
          <>
            <Box
              aria-hidden
              sx={{
                display: { xs: 'none', md: 'grid' },
                gridTemplateColumns: COLUMNS,
                gap: 2,
                pb: 1,
                borderBottom: 1,
                borderColor: 'divider',
                color: 'text.secondary',
                typography: 'body2',
                fontWeight: 600,
              }}
            >
              <span>{t('finance.withdraw.date')}</span>
              <span>{t('finance.withdraw.requisites')}</span>
              <span>{t('finance.withdraw.sum')}</span>
              <span>{t('finance.withdraw.statusLabel')}</span>
            </Box>
            <Box
              component="ul"
              aria-label={t('finance.withdraw.list')}
              sx={{ m: 0, p: 0, listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
              data-testid="withdraws-list"
            >
              {list.data.data.map((w) => (
                <WithdrawRow key={w.id} w={w} />
              ))}
            </Box>
            <ListPagination
              page={page}
              lastPage={lastPageOf(list.data)}
              onChange={setPage}
              label={t('finance.withdraw.pagination')}
              testId="withdraws-pagination"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
