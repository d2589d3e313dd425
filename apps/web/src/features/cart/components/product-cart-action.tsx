/**
 * The cart action of one product (SPEC section 2): "add to cart" when in stock and not in the cart,
 * "edit cart" when in the cart (the line comes from the cart query by product_id); nothing otherwise
 * (the products feature shows its out-of-stock minus and bell). app/ plugs this into the products
 * feature's cart slot. Test ids: add-to-cart-button, edit-cart-button (data-line-id); cart-dialog.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { useTranslation } from 'react-i18next';
import type { CartDto, ProductListItemDto } from '@drop/shared';
import { useCart } from '../api/get-cart.ts';
import { draftFromLine, draftFromProduct, type CartItemDraft } from '../lib/cart-form.ts';
import { CartDialogLazy, preloadCartDialog } from './cart-dialog-lazy.tsx';

export interface ProductCartActionProps {
  product: ProductListItemDto;
  /** icon: the compact button of cards and table rows; button: a labelled button (product page). */
  variant?: 'icon' | 'button';
  size?: 'small' | 'medium';
  onDone?: ((cart: CartDto) => void) | undefined;
}

export function ProductCartAction({ product, variant = 'icon', size = 'medium', onDone }: ProductCartActionProps) {
  const { t } = useTranslation();
  const cart = useCart();
  const [dialog, setDialog] = useState<{ item: CartItemDraft | null; open: boolean }>({ item: null, open: false });
  // The cart query is the source of truth once loaded (it changes first); until then the product's flag.
  const line = cart.data?.items.find((l) => l.product_id === product.id);
  const inCart = cart.data ? line !== undefined : product.in_cart;
  if (!inCart && product.qty <= 0) return null;

  const label = t(inCart ? 'cart.editAction' : 'cart.addAction');
  const testId = inCart ? 'edit-cart-button' : 'add-to-cart-button';
  // In the cart but the cart not loaded yet: wait for the line.
  const disabled = inCart && !line;
  const open = () => setDialog({ item: line ? draftFromLine(line) : draftFromProduct(product), open: true });
  const Icon = inCart ? ShoppingCartIcon : AddShoppingCartIcon;

  return (
    <>
      {variant === 'button' ? (
        <Button
          variant={inCart ? 'outlined' : 'contained'}
          color={inCart ? 'success' : 'primary'}
          startIcon={<Icon />}
          onClick={open}
          onPointerEnter={preloadCartDialog}
          onFocus={preloadCartDialog}
          disabled={disabled}
          data-testid={testId}
          data-line-id={line?.id}
        >
          {label}
        </Button>
      ) : (
        <Tooltip title={label}>
          <span>
            <IconButton
              size={size}
              color={inCart ? 'success' : 'primary'}
              aria-label={label}
              onClick={open}
              onPointerEnter={preloadCartDialog}
              onFocus={preloadCartDialog}
              disabled={disabled}
              data-testid={testId}
              data-line-id={line?.id}
            >
              <Icon fontSize={size === 'small' ? 'small' : 'medium'} />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {dialog.item && <CartDialogLazy item={dialog.item} open={dialog.open} onClose={() => setDialog((d) => ({ ...d, open: false }))} onDone={onDone} />}
    </>
  );
}
