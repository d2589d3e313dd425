import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Cart link with a green badge of the item count when above zero (the cart issue wires the count). */
export function CartButton({ count = 0, color = 'inherit', testId = 'cart-button' }: { count?: number; color?: 'inherit' | 'default'; testId?: string }) {
  const { t } = useTranslation();
  return (
    <IconButton component={Link} to="/dashboard/cart" color={color} aria-label={t('nav.cart')} data-testid={testId}>
      <Badge color="success" badgeContent={count} invisible={count <= 0} data-testid={`${testId}-badge`}>
        <ShoppingCartIcon />
      </Badge>
    </IconButton>
  );
}
