import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@drop/shared';
import { useBalance } from '../../../lib/balance.ts';

/** The balance, large, with 'грн.'; `actions` go on the right (wrapping below on phones). */
export function BalanceSummary({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const balance = useBalance();
  return (
    <Card component="section" aria-labelledby="finance-balance-title" sx={{ mb: 2 }} data-testid="balance-summary">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <AccountBalanceWalletIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Box sx={{ flexGrow: 1, minWidth: 200 }}>
          <Typography id="finance-balance-title" color="text.secondary" component="h2">
            {t('finance.balance')}
          </Typography>
          {balance.data === undefined ? (
            <Skeleton width={200} height={48} data-testid="finance-balance-loading" />
          ) : (
            <Typography
              sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
              data-testid="finance-balance"
              aria-live="polite"
            >
              {formatMoney(balance.data)} {t('common.currency')}
            </Typography>
          )}
        </Box>
        {actions && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' }, '& > *': { flex: { xs: '1 1 auto', sm: '0 0 auto' } } }}>
            {actions}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
