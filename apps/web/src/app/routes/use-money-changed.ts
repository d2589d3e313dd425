import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authKeys } from '../../lib/user.ts';
import { invalidateMoney } from '../../features/finance/api/keys.ts';

/** After an order action that may move money (confirm, cancel, copy, edit): the user's balance, the ledger and the statistics reload. */
export function useMoneyChanged(): () => void {
  const qc = useQueryClient();
  return useCallback(() => {
    void qc.invalidateQueries({ queryKey: authKeys.all });
    void invalidateMoney(qc);
  }, [qc]);
}
