import { useQueryClient } from '@tanstack/react-query';
import { authKeys, useUser } from '../../lib/user.ts';
import { WithdrawsPage } from '../../features/finance/components/withdraws-page.tsx';
import { useFinanceLiveSync } from '../../features/finance/hooks/use-finance-live-sync.ts';

/** Composes finance with auth: a withdrawal holds money, so the signed-in user (top bar balance) reloads. */
export function WithdrawsRoute() {
  const qc = useQueryClient();
  const user = useUser();
  useFinanceLiveSync(user.data?.balance);
  return <WithdrawsPage onBalanceChanged={() => void qc.invalidateQueries({ queryKey: authKeys.all })} />;
}
