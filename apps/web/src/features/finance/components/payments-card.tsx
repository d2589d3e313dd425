import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, type PaymentDto } from '@drop/shared';
import { usePayments } from '../api/get-payments.ts';
import { lastPageOf } from '../api/types.ts';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PaymentStatusChip } from './status-chips.tsx';

const PER_PAGE = 5;

function PaymentRow({ payment }: { payment: PaymentDto }) {
  const { t } = useTranslation();
  return (
    <ListItem divider data-testid="payment-row" data-status={payment.status} sx={{ display: 'block', px: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="payment-amount">
          {formatMoney(payment.amount)} {t('common.currency')}
        </Typography>
        <PaymentStatusChip status={payment.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {formatDate(payment.created_at)}
        {payment.document ? ` · ${payment.document.name}` : ''}
      </Typography>
      {payment.comment && <Typography variant="body2">{payment.comment}</Typography>}
      {payment.status === 'Approved' && payment.credited_amount !== null && (
        <Box data-testid="payment-credited">
          <Typography variant="body2" color="warning.main" sx={{ fontWeight: 600 }}>
            {t('finance.payments.credited', {
              credited: formatMoney(payment.credited_amount),
              claimed: formatMoney(payment.amount),
              currency: t('common.currency'),
            })}
          </Typography>
          {payment.credit_reason && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="payment-credit-reason">
              {t('finance.payments.reason', { reason: payment.credit_reason })}
            </Typography>
          )}
        </Box>
      )}
      {payment.status === 'Declined' && payment.decline_reason && (
        <Typography variant="body2" color="error" data-testid="payment-reason">
          {t('finance.payments.reason', { reason: payment.decline_reason })}
        </Typography>
      )}
      {payment.status !== 'Pending' && payment.processed_at && (
        <Typography variant="caption" color="text.secondary">
          {t('finance.payments.processed', { date: formatDate(payment.processed_at) })}
        </Typography>
      )}
    </ListItem>
  );
}

/**
 * The user's top-up requests with their status (Pending, Approved, Declined with the reason); an
 * approval of another amount than claimed says what was credited and why (issue 27 p.1).
 */
export function PaymentsCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const payments = usePayments(page, PER_PAGE);

  return (
    <Card component="section" aria-labelledby="finance-payments-title" data-testid="payments-card">
      <CardHeader title={t('finance.payments.title')} slotProps={{ title: { id: 'finance-payments-title', component: 'h2', variant: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>
        {payments.isPending ? (
          <Box data-testid="payments-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : payments.isError ? (
          <Typography color="error">{t('finance.loadFailed')}</Typography>
        ) : payments.data.data.length === 0 ? (
          <Typography color="text.secondary" data-testid="payments-empty">
            {t('finance.payments.empty')}
          </Typography>
        ) : (
          <>
            <List dense disablePadding aria-labelledby="finance-payments-title" sx={{ opacity: payments.isPlaceholderData ? 0.6 : 1 }}>
              {payments.data.data.map((p) => (
                <PaymentRow key={p.id} payment={p} />
              ))}
            </List>
            <ListPagination
              page={page}
              lastPage={lastPageOf(payments.data)}
              onChange={setPage}
              label={t('finance.payments.pagination')}
              testId="payments-pagination"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
