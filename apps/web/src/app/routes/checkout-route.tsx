import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cartKeys } from '../../features/cart/api/keys.ts';
import { useCart } from '../../features/cart/api/get-cart.ts';
import { useConfig } from '../../features/config/api/get-config.ts';
import { CheckoutPage } from '../../features/orders/components/checkout-page.tsx';
import { checkoutSummaryOf } from '../../features/orders/lib/checkout-summary.ts';

/** /dashboard/checkout: composes orders with the cart (its totals; invalidated after the order) and /config. */
export function CheckoutRoute() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const cart = useCart();
  const { i18n } = useTranslation();
  const config = useConfig(i18n.language);
  const data = cart.data;
  return (
    <CheckoutPage
      summary={data ? checkoutSummaryOf(data) : undefined}
      loading={cart.isPending}
      error={cart.isError ? cart.error.message : undefined}
      onRetry={() => void cart.refetch()}
      lists={config.data}
      onPlaced={(order) => {
        void qc.invalidateQueries({ queryKey: cartKeys.all });
        void navigate(`/dashboard/order/${order.id}`);
      }}
    />
  );
}
