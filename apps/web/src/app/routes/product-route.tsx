import { ProductCartAction } from '../../features/cart/components/product-cart-action.tsx';
import { ProductCartSlotProvider, type RenderCartAction } from '../../features/products/components/product-cart-slot.tsx';
import { ProductPage } from '../../features/products/components/product-page.tsx';

const renderCartAction: RenderCartAction = (props) => <ProductCartAction {...props} />;

/** Composes the product page with the cart: its add-to-cart / edit-cart button and dialogs. */
export function ProductRoute() {
  return (
    <ProductCartSlotProvider render={renderCartAction}>
      <ProductPage />
    </ProductCartSlotProvider>
  );
}
