import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useBalance } from '../../../lib/balance.ts';
import { BalanceSummary } from './balance-summary.tsx';
import { WithdrawForm } from './withdraw-form.tsx';
import { WithdrawsCard } from './withdraws-card.tsx';

/** /dashboard/withdraws: the create form (with the 2FA step) and the list. */
export function WithdrawsPage({ onBalanceChanged }: { onBalanceChanged?: () => void }) {
  const { t } = useTranslation();
  const balance = useBalance();
  return (
    <>
      <PageHeader title={t('pages.withdraws')} />
      <BalanceSummary
        actions={
          <Button component={Link} to="/dashboard/finances" variant="outlined" startIcon={<ReceiptLongIcon />} data-testid="withdraws-to-finances">
            {t('pages.finances')}
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <WithdrawForm balance={balance.data} onCreated={onBalanceChanged} />
        <WithdrawsCard />
      </Box>
    </>
  );
}
