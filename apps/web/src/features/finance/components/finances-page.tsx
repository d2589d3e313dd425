import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddCardIcon from '@mui/icons-material/AddCard';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { BalanceSummary } from './balance-summary.tsx';
import { OperationsCard } from './operations-card.tsx';
import { PaymentsCard } from './payments-card.tsx';
import { TopUpDialog } from './top-up-dialog.tsx';

/** Opens the top-up dialog on arrival (e.g. checkout's "top up" link for a Balance payment). */
export const TOP_UP_PARAM = 'top_up';

/** /dashboard/finances: balance, top-up, the top-up requests and the operations by day. */
export function FinancesPage({ onBalanceChanged }: { onBalanceChanged?: () => void }) {
  const { t } = useTranslation();
  // The dialog's state lives in the URL (?top_up=1), so a link can open it.
  const [params, setParams] = useSearchParams();
  const topUpOpen = params.get(TOP_UP_PARAM) === '1';
  const setTopUpOpen = (open: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set(TOP_UP_PARAM, '1');
        else next.delete(TOP_UP_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('pages.finances')} />
      <BalanceSummary
        actions={
          <>
            <Button variant="contained" size="large" startIcon={<AddCardIcon />} onClick={() => setTopUpOpen(true)} data-testid="topup-button">
              {t('finance.topUp')}
            </Button>
            <Button component={Link} to="/dashboard/withdraws" variant="outlined" size="large" startIcon={<PaymentsIcon />} data-testid="finance-to-withdraws">
              {t('finance.toWithdraws')}
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ order: { xs: 2, lg: 1 } }}>
          <OperationsCard />
        </Box>
        <Box sx={{ order: { xs: 1, lg: 2 } }}>
          <PaymentsCard />
        </Box>
      </Box>
      <TopUpDialog open={topUpOpen} onClose={() => setTopUpOpen(false)} onCreated={onBalanceChanged} />
    </>
  );
}
