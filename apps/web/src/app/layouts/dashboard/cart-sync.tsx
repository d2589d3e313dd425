import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CartChangedProvider } from '../../../features/cart/api/cart-changed.tsx';
import { productKeys } from '../../../features/products/api/keys.ts';
import { searchKeys } from '../../../features/search/api/search-products.ts';

/** After any cart change the product caches (lists, product pages, analogues, header search) reload so `in_cart` follows. */
export function CartSync({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const onChanged = () => {
    void qc.invalidateQueries({ queryKey: productKeys.all });
    void qc.invalidateQueries({ queryKey: searchKeys.all });
  };
  return <CartChangedProvider onChanged={onChanged}>{children}</CartChangedProvider>;
}
