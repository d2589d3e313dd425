import { useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@drop/shared';
import { authKeys } from '../../../lib/user.ts';
import { financeKeys, invalidateMoney } from '../../../features/finance/api/keys.ts';
import { orderKeys } from '../../../features/orders/api/keys.ts';
import { notificationKeys } from '../../../features/notifications/api/get-notifications.ts';
import { useRealtime, type UserEvent } from '../../../features/notifications/hooks/use-realtime.ts';

/**
 * Mounted once by the dashboard layout (signed in): the realtime channel. User events put the
 * pushed user into the auth cache and reload it; an activation changes prices and markets too,
 * so every other query is reloaded as well (notifications reload on their own debounce). An order
 * event reloads the orders (lists, last, the order itself) and the home statistics. A money event
 * (`.users.balance_updated`: any ledger posting, a top-up or withdrawal request changed) reloads
 * the balance (one query: the top bar's too), the operations, the statistics, the top-up and
 * withdrawal lists. Every (re)connection reloads all of these (useRealtime), since what was
 * pushed before it was not heard.
 */
export function RealtimeBridge() {
  const qc = useQueryClient();
  useRealtime({
    onUser: (user: UserDto | null, event: UserEvent) => {
      if (user) qc.setQueryData(authKeys.user, user);
      void qc.invalidateQueries(event === 'activated' ? { predicate: (q) => q.queryKey[0] !== notificationKeys.all[0] } : { queryKey: authKeys.all });
    },
    onOrder: () => {
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      void qc.invalidateQueries({ queryKey: financeKeys.statistics() });
    },
    // The balance (the top bar's too), the ledger, its statistics and the request lists.
    onMoney: () => void invalidateMoney(qc),
  });
  return null;
}
