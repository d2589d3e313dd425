/**
 * Per-product actions (SPEC section 2): analogues (disabled when none), quick view, the cart action
 * (add to cart / edit cart, from the slot app/ provides: see product-cart-slot.tsx), and for stock 0
 * a disabled minus plus the back-in-stock bell.
 * Test ids: product-actions, analogues-button, quick-view-button, out-of-stock-minus, subscribe-button;
 * the slot's add-to-cart-button, edit-cart-button.
 */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import RemoveIcon from '@mui/icons-material/Remove';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { ProductListItemDto } from '@drop/shared';
import { useProductsT } from '../lib/i18n.ts';
import { CartSlot } from './product-cart-slot.tsx';
import { SubscribeButton } from './subscribe-button.tsx';

export interface ProductActionHandlers {
  onQuickView?: ((product: ProductListItemDto) => void) | undefined;
  onAnalogues: (product: ProductListItemDto) => void;
}

export function ProductActions({
  product,
  onQuickView,
  onAnalogues,
  size = 'medium',
}: ProductActionHandlers & { product: ProductListItemDto; size?: 'small' | 'medium' }) {
  const { t } = useProductsT();
  const noAnalogues = product.analogues_count <= 0;
  const analoguesLabel = noAnalogues ? t('actions.analoguesNone') : `${t('actions.analogues')} (${product.analogues_count})`;
  return (
    <Box role="group" aria-label={t('actions.label')} sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }} data-testid="product-actions">
      <Tooltip title={analoguesLabel}>
        <span>
          <IconButton size={size} aria-label={analoguesLabel} disabled={noAnalogues} onClick={() => onAnalogues(product)} data-testid="analogues-button">
            <CompareArrowsIcon fontSize={size === 'small' ? 'small' : 'medium'} />
          </IconButton>
        </span>
      </Tooltip>
      {onQuickView && (
        <Tooltip title={t('actions.quickView')}>
          <IconButton size={size} aria-label={t('actions.quickView')} onClick={() => onQuickView(product)} data-testid="quick-view-button">
            <VisibilityIcon fontSize={size === 'small' ? 'small' : 'medium'} />
          </IconButton>
        </Tooltip>
      )}
      <CartSlot product={product} variant="icon" size={size} />
      {product.qty <= 0 && (
        <>
          <Tooltip title={t('actions.unavailable')}>
            <span>
              <IconButton size={size} aria-label={t('actions.unavailable')} disabled data-testid="out-of-stock-minus">
                <RemoveIcon fontSize={size === 'small' ? 'small' : 'medium'} />
              </IconButton>
            </span>
          </Tooltip>
          <SubscribeButton product={product} size={size} />
        </>
      )}
    </Box>
  );
}
