import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateMoney } from '../api/keys.ts';

/**
 * The app passes the live balance (the signed-in user, which '.users.updated' pushes over the
 * realtime channel); when it changes, the balance, the ledger and the request lists reload.
 */
export function useFinanceLiveSync(liveBalance: number | undefined): void {
  const qc = useQueryClient();
  const previous = useRef(liveBalance);
  useEffect(() => {
    const before = previous.current;
    previous.current = liveBalance;
    if (before !== undefined && liveBalance !== undefined && before !== liveBalance) void invalidateMoney(qc);
  }, [liveBalance, qc]);
}
