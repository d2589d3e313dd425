/**
 * /dashboard/checkout (SPEC section 2): the form beside a summary of the cart (one column below
 * 1280 px). The cart and the `/config` lists come from app/ (features do not import each other).
 * Test ids: checkout-page (data-state), checkout-summary, checkout-empty.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney, type OrderDto } from '@drop/shared';
import { TotalsList } from '../../../components/ui/totals-list.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { CheckoutForm } from './checkout-form.tsx';
import type { CheckoutSummary, OrderLists } from '../../../lib/order/lists.ts';

const LAYOUT_SX = { display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' } } as const;

interface Props {
  summary: CheckoutSummary | undefined;
  loading: boolean;
  error?: string | undefined;
  onRetry?: () => void;
  lists: Partial<OrderLists> | undefined;
  /** The reseller's balance (undefined while loading) and auto_confirm_orders, for payment from the balance. */
  balance?: { balance: number | undefined; autoConfirm: boolean } | undefined;
  onPlaced: (order: OrderDto) => void;
}

export function CheckoutSummaryCard({ summary }: { summary: CheckoutSummary }) {
  const { t } = useTranslation();
  const currency = t('common.currency');
  return (
    <Card component="section" aria-labelledby="checkout-summary-title" data-testid="checkout-summary" sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
      <CardContent>
        <Typography id="checkout-summary-title" variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {t('orders.summary.title')}
        </Typography>
        <TotalsList
          rows={[
            { label: t('orders.summary.lines'), value: String(summary.lines), testId: 'checkout-summary-lines' },
            { label: t('orders.summary.count'), value: String(summary.count), testId: 'checkout-summary-count' },
            { label: t('orders.summary.dropSum'), value: `${formatMoney(summary.drop_sum)} ${currency}`, testId: 'checkout-summary-drop' },
            { label: t('orders.summary.retailSum'), value: `${formatMoney(summary.retail_sum)} ${currency}`, testId: 'checkout-summary-retail', strong: true },
          ]}
          profit={{ label: t('orders.summary.profit'), value: summary.profit, currency, testId: 'checkout-summary-profit' }}
        />
        <Button component={RouterLink} to="/dashboard/cart" size="small" sx={{ mt: 2 }}>
          {t('orders.summary.editCart')}
        </Button>
      </CardContent>
    </Card>
  );
}

export function CheckoutPage({ summary, loading, error, onRetry, lists, balance, onPlaced }: Props) {
  const { t } = useTranslation();
  const state = summary ? (summary.lines === 0 ? 'empty' : 'ready') : error ? 'error' : loading ? 'loading' : 'error';
  let body;
  if (state === 'loading') {
    body = (
      <Box sx={LAYOUT_SX} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={480} />
        <Skeleton variant="rounded" height={220} />
      </Box>
    );
  } else if (state === 'error') {
    body = (
      <EmptyState
        title={t('errors.loadFailed')}
        text={error}
        icon={<ErrorOutlineIcon />}
        testId="checkout-error"
        action={
          onRetry ? (
            <Button variant="contained" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ) : undefined
        }
      />
    );
  } else if (state === 'empty' || !summary) {
    body = (
      <EmptyState
        title={t('orders.checkout.emptyTitle')}
        text={t('orders.checkout.emptyText')}
        icon={<RemoveShoppingCartIcon />}
        testId="checkout-empty"
        action={
          <Button component={RouterLink} to="/dashboard/catalog" variant="contained">
            {t('orders.checkout.toCatalog')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Box sx={LAYOUT_SX}>
        <CheckoutForm lists={lists} total={summary.retail_sum} balance={balance ? { ...balance, debit: summary.drop_sum } : undefined} onPlaced={onPlaced} />
        <CheckoutSummaryCard summary={summary} />
      </Box>
    );
  }
  return (
    <Box data-testid="checkout-page" data-state={state}>
      <PageHeader title={t('orders.checkout.title')} />
      {body}
    </Box>
  );
}
