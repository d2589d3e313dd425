import { lazy, Suspense } from 'react';
import type { CartDialogProps } from './cart-dialog.tsx';

const load = () => import('./cart-dialog.tsx');
const CartDialog = lazy(() => load().then((m) => ({ default: m.CartDialog })));

/** Starts fetching the dialog's code (a pointer over or focus on a cart button): the click then opens it at once. */
export const preloadCartDialog = () => void load().catch(() => undefined);

/**
 * The add/edit-cart dialog, code-split: its form (react-hook-form, the price rules) is not part of
 * the product list's or the cart's first load. Mount it once a line is chosen; it loads on the first open.
 */
export function CartDialogLazy(props: CartDialogProps) {
  return (
    <Suspense fallback={null}>
      <CartDialog {...props} />
    </Suspense>
  );
}
