import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCart } from '../api/get-cart.ts';

/**
 * Cart link (top bar and mobile bar) with a green badge of the cart's line count when above zero
 * (SPEC section 2). Test ids: `testId` on the link, cart-badge on the badge (absent at zero).
 */
export function CartButton({ color = 'inherit', testId = 'cart-button' }: { color?: 'inherit' | 'default'; testId?: string }) {
  const { t } = useTranslation();
  const count = useCart().data?.count ?? 0;
  return (
    <IconButton
      component={Link}
      to="/dashboard/cart"
      color={color}
      aria-label={count > 0 ? t('cart.buttonLabel', { count }) : t('nav.cart')}
      data-testid={testId}
      data-count={count}
    >
      {count > 0 ? (
        <Badge color="success" badgeContent={count} max={99} slotProps={{ badge: { 'data-testid': 'cart-badge' } as object }}>
          <ShoppingCartIcon />
        </Badge>
      ) : (
        <ShoppingCartIcon />
      )}
    </IconButton>
  );
}
