/**
 * Badges (SPEC section 2): special when old_drop_price exists, new, pack size when inet_pack > 1.
 * Test ids: badge-special, badge-new, badge-pack.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ProductListItemDto } from '@drop/shared';
import { useProductsT } from '../lib/i18n.ts';

export const isSpecial = (p: Pick<ProductListItemDto, 'old_drop_price'>) => p.old_drop_price !== null && p.old_drop_price !== undefined;

export function ProductBadges({
  product,
  sx,
  direction = 'row',
}: {
  product: Pick<ProductListItemDto, 'old_drop_price' | 'is_new' | 'inet_pack'>;
  sx?: SxProps<Theme>;
  direction?: 'row' | 'column';
}) {
  const { t } = useProductsT();
  const special = isSpecial(product);
  const pack = product.inet_pack > 1;
  if (!special && !product.is_new && !pack) return null;
  const chip = { height: 22, fontWeight: 600, fontSize: '0.75rem', '& .MuiChip-label': { px: 1 } } as const;
  return (
    <Stack direction={direction} sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'flex-start', ...sx }}>
      {special && <Chip size="small" color="error" label={t('product.special')} sx={chip} data-testid="badge-special" />}
      {product.is_new && <Chip size="small" color="success" label={t('product.new')} sx={chip} data-testid="badge-new" />}
      {pack && (
        <Chip
          size="small"
          color="info"
          label={t('product.packShort', { count: product.inet_pack })}
          title={t('product.packLabel', { count: product.inet_pack })}
          aria-label={t('product.packLabel', { count: product.inet_pack })}
          sx={chip}
          data-testid="badge-pack"
        />
      )}
    </Stack>
  );
}
