/**
 * The money section's tabs: Top-ups and Withdrawals (/admin/money, `?tab=withdrawals`) and the ledger
 * of every reseller (/admin/money/operations, issue 29). Each tab is a link, so it opens in a new tab
 * too and Back returns. Test ids: money-tab-topups, money-tab-withdrawals, money-tab-operations.
 */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { useAdminT } from '../i18n.ts';

export type MoneyTab = 'topups' | 'withdrawals' | 'operations';

export const MONEY_TAB_PATHS: Record<MoneyTab, string> = {
  topups: '/admin/money',
  withdrawals: '/admin/money?tab=withdrawals',
  operations: '/admin/money/operations',
};

export function MoneyTabs({ value }: { value: MoneyTab }) {
  const { t } = useAdminT();
  return (
    <Tabs value={value} aria-label={t('money.tabs.label')} variant="scrollable" allowScrollButtonsMobile sx={{ minHeight: 48 }}>
      <Tab value="topups" label={t('money.tabs.topUps')} component={RouterLink} to={MONEY_TAB_PATHS.topups} data-testid="money-tab-topups" />
      <Tab
        value="withdrawals"
        label={t('money.tabs.withdrawals')}
        component={RouterLink}
        to={MONEY_TAB_PATHS.withdrawals}
        data-testid="money-tab-withdrawals"
      />
      <Tab value="operations" label={t('money.tabs.operations')} component={RouterLink} to={MONEY_TAB_PATHS.operations} data-testid="money-tab-operations" />
    </Tabs>
  );
}
