/**
 * The cart action slot of the product actions (SPEC section 2: add to cart / edit cart). Features do
 * not import each other, so app/ provides a render function (the cart feature's action) for the product
 * routes; without a provider nothing is rendered.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ProductListItemDto } from '@drop/shared';

export interface ProductCartSlotProps {
  product: ProductListItemDto;
  /** icon: cards and table rows; button: a labelled button (product page). */
  variant: 'icon' | 'button';
  size: 'small' | 'medium';
}

export type RenderCartAction = (props: ProductCartSlotProps) => ReactNode;

const ProductCartSlotContext = createContext<RenderCartAction | null>(null);

export function ProductCartSlotProvider({ render, children }: { render: RenderCartAction; children: ReactNode }) {
  return <ProductCartSlotContext.Provider value={render}>{children}</ProductCartSlotContext.Provider>;
}

/** Renders the provided cart action for `product`, or nothing. */
export function CartSlot(props: ProductCartSlotProps) {
  const render = useContext(ProductCartSlotContext);
  return render ? render(props) : null;
}
