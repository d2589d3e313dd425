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
import { useBalance } from '../../lib/balance.ts';
import { useUser } from '../../lib/user.ts';
import { useConfig } from '../../lib/config.ts';
import { useStatistics } from '../../features/finance/api/get-statistics.ts';
import { BalanceChartCard } from '../../features/finance/components/balance-chart-card.tsx';
import { LastOperationsCard } from '../../features/finance/components/last-operations-card.tsx';
import { useFinanceLiveSync } from '../../features/finance/hooks/use-finance-live-sync.ts';
import { LastOrdersCard } from '../../features/orders/components/last-orders-card.tsx';
import { OrdersCountCard, OrdersWeekCard } from '../../features/orders/components/orders-stats-cards.tsx';
import { UserBadgeChip } from '../../components/ui/user-badge-chip.tsx';

/** Cards stack below the lg breakpoint (1280 px), the dashboard's mobile layout. */
const THREE = {
  display: 'grid',
  gap: 2,
  alignItems: 'stretch',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;
const TWO = { display: 'grid', gap: 2, mt: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } } as const;

/**
 * /dashboard (SPEC section 2): the order dynamics for 7 days, the all-time order counters and the
 * balance dynamics (one `GET /statistics` for all three), then the last orders and the last balance
 * operations; the greeting with the balance and quick links closes the page.
 */
export function DashboardHomeRoute() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const balance = useBalance();
  const config = useConfig(i18n.language);
  const stats = useStatistics();
  const amount = balance.data ?? user.data?.balance;
  useFinanceLiveSync(user.data?.balance);
  const part = <T,>(value: T | undefined) => ({ data: value, loading: stats.isPending, error: stats.isError || (stats.isSuccess && value === undefined) });

  return (
    <>
      <PageHeader title={t('pages.dashboard')} />
      <Box sx={THREE}>
        <OrdersWeekCard {...part(stats.data?.last_week)} />
        <OrdersCountCard {...part(stats.data?.orders_count)} />
        <Box sx={{ gridColumn: { md: '1 / -1', lg: 'auto' }, '& > *': { height: '100%' } }}>
          <BalanceChartCard />
        </Box>
      </Box>
      <Box sx={TWO}>
        <LastOrdersCard lists={config.data} />
        <LastOperationsCard />
      </Box>
      <Card data-testid="welcome-card" sx={{ mt: 2 }}>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          {user.data ? (
            <Box sx={{ minWidth: 0, flex: '1 1 420px' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                <Typography variant="h2" component="h2" data-testid="welcome-name">
                  {t('home.welcome', { name: user.data.name })}
                </Typography>
                <UserBadgeChip user={user.data} />
              </Stack>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('home.text')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button component={Link} to="/dashboard/catalog" variant="contained" startIcon={<CategoryIcon />}>
                  {t('home.toCatalog')}
                </Button>
                <Button component={Link} to="/dashboard/orders" variant="outlined" startIcon={<ReceiptLongIcon />}>
                  {t('home.toOrders')}
                </Button>
              </Stack>
            </Box>
          ) : (
            <Skeleton height={96} sx={{ flex: '1 1 420px' }} />
          )}
          <Box data-testid="balance-card" sx={{ flex: '0 1 280px' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
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
            <Button component={Link} to="/dashboard/finances" sx={{ px: 0 }}>
              {t('home.toFinances')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
