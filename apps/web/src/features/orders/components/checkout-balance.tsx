/**
 * Payment from the balance at checkout (issue 26, point 6): the reseller's balance beside the sum
 * the order will debit (its wholesale sum, taken at confirmation). Short of it: a warning with a
 * link to the finances page's top-up; with auto-confirm on the API refuses the placement
 * (400 InsufficientBalance), without it the order is placed and waits for the money to be confirmed.
 * Test ids: checkout-balance (data-short), checkout-balance-amount, checkout-balance-debit,
 * checkout-balance-warning, checkout-balance-topup.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddCardIcon from '@mui/icons-material/AddCard';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '@drop/shared';

export interface CheckoutBalanceProps {
  /** The current balance, UAH (undefined while it loads). */
  balance: number | undefined;
  /** What confirmation debits: the order's wholesale sum (the cart's drop sum), UAH. */
  debit: number;
  /** The user's auto_confirm_orders: the order is confirmed (and debited) right at placement. */
  autoConfirm: boolean;
}

const kop = (uah: number) => Math.round(uah * 100);

/** How much is missing, UAH (0 when the balance covers the debit or is not known yet). */
export const balanceShortfall = (balance: number | undefined, debit: number) => (balance === undefined ? 0 : Math.max(0, kop(debit) - kop(balance)) / 100);

export function CheckoutBalance({ balance, debit, autoConfirm }: CheckoutBalanceProps) {
  const { t } = useTranslation();
  const currency = t('common.currency');
  const money = (v: number) => `${formatMoney(v)} ${currency}`;
  const short = balanceShortfall(balance, debit);
  const row = (label: string, value: ReactNode, testId: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box
      component="section"
      aria-label={t('orders.checkout.balance.title')}
      data-testid="checkout-balance"
      data-short={short > 0 ? 'true' : 'false'}
      sx={{ display: 'grid', gap: 1.5, maxWidth: 520 }}
    >
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.75, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {row(
          t('orders.checkout.balance.balance'),
          balance === undefined ? <Skeleton width={80} aria-label={t('common.loading')} /> : money(balance),
          'checkout-balance-amount',
        )}
        {row(t('orders.checkout.balance.debit'), money(debit), 'checkout-balance-debit')}
        <Typography variant="caption" color="text.secondary">
          {autoConfirm ? t('orders.checkout.balance.whenAuto') : t('orders.checkout.balance.whenConfirmed')}
        </Typography>
      </Box>
      {short > 0 && (
        <Alert
          severity="warning"
          data-testid="checkout-balance-warning"
          action={
            <Button
              component={RouterLink}
              to="/dashboard/finances?top_up=1"
              color="inherit"
              size="small"
              startIcon={<AddCardIcon />}
              data-testid="checkout-balance-topup"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('orders.checkout.balance.topUp')}
            </Button>
          }
          sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { pl: { xs: 0, sm: 2 }, ml: { xs: 0, sm: 'auto' } } }}
        >
          <strong>{t('orders.checkout.balance.short', { amount: money(short) })}</strong>{' '}
          {autoConfirm ? t('orders.checkout.balance.shortAuto') : t('orders.checkout.balance.shortManual')}
        </Alert>
      )}
    </Box>
  );
}
