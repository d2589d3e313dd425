import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CategoryIcon from '@mui/icons-material/Category';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@drop/shared';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useBalance } from '../../features/auth/api/get-balance.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { BalanceChartCard } from '../../features/finance/components/balance-chart-card.tsx';
import { LastOperationsCard } from '../../features/finance/components/last-operations-card.tsx';
import { useFinanceLiveSync } from '../../features/finance/hooks/use-finance-live-sync.ts';
import { UserBadgeChip } from '../layouts/dashboard/user-badge-chip.tsx';

export function DashboardHomeRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const balance = useBalance();
  const amount = balance.data ?? user.data?.balance;
  useFinanceLiveSync(user.data?.balance);

  return (
    <>
      <PageHeader title={t('pages.dashboard')} />
      {/* Cards stack below the lg breakpoint (1280 px), the dashboard's mobile layout. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <Card data-testid="welcome-card">
          <CardContent>
            {user.data ? (
              <>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                  <Typography variant="h2" component="h2" data-testid="welcome-name">
                    {t('home.welcome', { name: user.data.name })}
                  </Typography>
                  <UserBadgeChip user={user.data} />
                </Stack>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {t('home.text')}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Button component={Link} to="/dashboard/catalog" variant="contained" startIcon={<CategoryIcon />}>
                    {t('home.toCatalog')}
                  </Button>
                  <Button component={Link} to="/dashboard/orders" variant="outlined" startIcon={<ReceiptLongIcon />}>
                    {t('home.toOrders')}
                  </Button>
                </Stack>
              </>
            ) : (
              <Skeleton height={96} />
            )}
          </CardContent>
        </Card>
        <Card data-testid="balance-card">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <AccountBalanceWalletIcon color="primary" />
              <Typography variant="h3" component="h2">
                {t('home.balance')}
              </Typography>
            </Stack>
            {amount === undefined ? (
              <Skeleton width={160} height={48} />
            ) : (
              <Typography sx={{ fontSize: '2rem', fontWeight: 700 }} data-testid="home-balance">
                {formatMoney(amount)} {t('common.currency')}
              </Typography>
            )}
            <Button component={Link} to="/dashboard/finances" sx={{ mt: 1, px: 0 }}>
              {t('home.toFinances')}
            </Button>
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <BalanceChartCard />
        <LastOperationsCard />
      </Box>
    </>
  );
}
