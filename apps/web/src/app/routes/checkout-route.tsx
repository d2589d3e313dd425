import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBalance } from '../../lib/balance.ts';
import { authKeys, useUser } from '../../lib/user.ts';
import { cartKeys } from '../../features/cart/api/keys.ts';
import { useCart } from '../../features/cart/api/get-cart.ts';
import { useConfig } from '../../lib/config.ts';
import { CheckoutPage } from '../../features/orders/components/checkout-page.tsx';
import { checkoutSummaryOf } from '../../features/orders/lib/checkout-summary.ts';

/**
 * /dashboard/checkout: composes orders with the cart (its totals; invalidated after the order),
 * /config, and the user's balance and auto_confirm_orders (payment from the balance).
 */
export function CheckoutRoute() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const cart = useCart();
  const { i18n } = useTranslation();
  const config = useConfig(i18n.language);
  const data = cart.data;
  const user = useUser();
  const balance = useBalance();
  return (
    <CheckoutPage
      summary={data ? checkoutSummaryOf(data) : undefined}
      loading={cart.isPending}
      error={cart.isError ? cart.error.message : undefined}
      onRetry={() => void cart.refetch()}
      lists={config.data}
      balance={{ balance: balance.data, autoConfirm: user.data?.auto_confirm_orders ?? false }}
      onPlaced={(order) => {
        void qc.invalidateQueries({ queryKey: cartKeys.all });
        // An auto-confirmed Balance order was debited.
        void qc.invalidateQueries({ queryKey: authKeys.all });
        void navigate(`/dashboard/order/${order.id}`);
      }}
    />
  );
}
