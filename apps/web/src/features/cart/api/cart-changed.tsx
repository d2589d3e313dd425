import { createContext, useContext, type ReactNode } from 'react';

const CartChangedContext = createContext<() => void>(() => undefined);

/**
 * Lets app/ react to any cart change (e.g. refresh the product caches so `in_cart` flips)
 * without this feature knowing the other features' query keys.
 */
export function CartChangedProvider({ onChanged, children }: { onChanged: () => void; children: ReactNode }) {
  return <CartChangedContext.Provider value={onChanged}>{children}</CartChangedContext.Provider>;
}

export const useCartChanged = () => useContext(CartChangedContext);
