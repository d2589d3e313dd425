/**
 * /dashboard/checkout (SPEC section 2): the form beside a summary of the cart (one column below
 * 1280 px). The cart and the `/config` lists come from app/ (features do not import each other).
 * Test ids: checkout-page (data-state), checkout-summary, checkout-empty.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney, type OrderDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { CheckoutForm } from './checkout-form.tsx';
import type { CheckoutSummary, OrderLists } from './types.ts';

const LAYOUT_SX = { display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' } } as const;

interface Props {
  summary: CheckoutSummary | undefined;
  loading: boolean;
  error?: string | undefined;
  onRetry?: () => void;
  lists: Partial<OrderLists> | undefined;
  onPlaced: (order: OrderDto) => void;
}

export function CheckoutSummaryCard({ summary }: { summary: CheckoutSummary }) {
  const { t } = useTranslation();
  const currency = t('common.currency');
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 600, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Card component="section" aria-labelledby="checkout-summary-title" data-testid="checkout-summary" sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
      <CardContent>
        <Typography id="checkout-summary-title" variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {t('orders.summary.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
          {row(t('orders.summary.lines'), String(summary.lines), 'checkout-summary-lines')}
          {row(t('orders.summary.count'), String(summary.count), 'checkout-summary-count')}
          {row(t('orders.summary.dropSum'), `${formatMoney(summary.drop_sum)} ${currency}`, 'checkout-summary-drop')}
          {row(t('orders.summary.retailSum'), `${formatMoney(summary.retail_sum)} ${currency}`, 'checkout-summary-retail', true)}
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t('orders.summary.profit')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem', whiteSpace: 'nowrap', color: summary.profit < 0 ? 'error.main' : 'success.main' }} data-testid="checkout-summary-profit">
              {formatMoney(summary.profit)} {currency}
            </Typography>
          </Box>
        </Box>
        <Button component={RouterLink} to="/dashboard/cart" size="small" sx={{ mt: 2 }}>
          {t('orders.summary.editCart')}
        </Button>
      </CardContent>
    </Card>
  );
}

export function CheckoutPage({ summary, loading, error, onRetry, lists, onPlaced }: Props) {
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
        action={onRetry ? <Button variant="contained" onClick={onRetry}>{t('common.retry')}</Button> : undefined}
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
        <CheckoutForm lists={lists} total={summary.retail_sum} onPlaced={onPlaced} />
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
