import { useQueryClient } from '@tanstack/react-query';
import { authKeys, useUser } from '../../lib/user.ts';
import { FinancesPage } from '../../features/finance/components/finances-page.tsx';
import { useFinanceLiveSync } from '../../features/finance/hooks/use-finance-live-sync.ts';

/** Composes finance with auth: the live user balance reloads the ledger; a top-up refreshes the user. */
export function FinancesRoute() {
  const qc = useQueryClient();
  const user = useUser();
  useFinanceLiveSync(user.data?.balance);
  return <FinancesPage onBalanceChanged={() => void qc.invalidateQueries({ queryKey: authKeys.all })} />;
}
