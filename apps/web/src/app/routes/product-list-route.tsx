import { ProductCartAction } from '../../features/cart/components/product-cart-action.tsx';
import type { ProductListMode } from '../../features/products/api/keys.ts';
import { ProductCartSlotProvider, type RenderCartAction } from '../../features/products/components/product-cart-slot.tsx';
import { ProductListPage } from '../../features/products/components/product-list-page.tsx';

const renderCartAction: RenderCartAction = (props) => <ProductCartAction {...props} />;

/** Composes the product list with the cart: its add-to-cart / edit-cart action and dialogs. */
export function ProductListRoute({ mode }: { mode: ProductListMode }) {
  return (
    <ProductCartSlotProvider render={renderCartAction}>
      <ProductListPage mode={mode} />
    </ProductCartSlotProvider>
  );
}
