import { CartPage } from '../../features/cart/components/cart-page.tsx';

/** /dashboard/cart. */
export function CartRoute() {
  return <CartPage />;
}
