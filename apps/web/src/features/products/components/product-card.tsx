/**
 * Product card of the card view. Test ids: product-card (data-product-id), product-card-name (link to
 * /dashboard/products/{id}), product-card-image, product-code, product-vendor-code, product-card-skeleton;
 * inside: favorite-button, badge-*, price-*, product-quantity, product-actions.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProductListItemDto } from '@drop/shared';
import { cardSource } from '../../../lib/images.ts';
import { useProductsT } from '../lib/i18n.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { ProductActions, type ProductActionHandlers } from './product-actions.tsx';
import { ProductBadges } from './product-badges.tsx';
import { ProductImage } from './product-image.tsx';
import { DropPrice, PriceRows, QuantityText } from './product-prices.tsx';

export const productPath = (id: number) => `/dashboard/products/${id}`;

export function ProductCodes({ product, sx }: { product: Pick<ProductListItemDto, 'b2b_code_id' | 'vendor_code'>; sx?: object }) {
  const { t } = useProductsT();
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0, ...sx }}>
      <span data-testid="product-code">
        {t('product.code')}: <b>{product.b2b_code_id}</b>
      </span>
      {product.vendor_code && (
        <Box component="span" data-testid="product-vendor-code" sx={{ overflowWrap: 'anywhere' }}>
          {t('product.vendorCode')}: {product.vendor_code}
        </Box>
      )}
    </Typography>
  );
}

export function ProductCard({
  product,
  onQuickView,
  onAnalogues,
  priority = false,
}: ProductActionHandlers & { product: ProductListItemDto; priority?: boolean }) {
  return (
    <Card
      component="article"
      aria-labelledby={`product-${product.id}-name`}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', position: 'relative' }}
      data-testid="product-card"
      data-product-id={product.id}
    >
      <Box sx={{ position: 'relative', p: { xs: 1, sm: 1.5 }, pb: 0 }}>
        <RouterLink to={productPath(product.id)} tabIndex={-1} aria-hidden>
          <ProductImage source={cardSource(product.images)} alt="" testId="product-card-image" priority={priority} />
        </RouterLink>
        <ProductBadges product={product} direction="column" sx={{ position: 'absolute', top: { xs: 8, sm: 12 }, left: { xs: 8, sm: 12 } }} />
        <FavoriteButton
          product={product}
          size="small"
          sx={{
            position: 'absolute',
            top: { xs: 4, sm: 8 },
            right: { xs: 4, sm: 8 },
            bgcolor: 'rgba(255,255,255,0.9)',
            boxShadow: 1,
            '&:hover': { bgcolor: '#fff' },
          }}
        />
      </Box>
      <Box sx={{ p: { xs: 1, sm: 1.5 }, pt: { xs: 1, sm: 1 }, display: 'flex', flexDirection: 'column', gap: 0.75, flexGrow: 1 }}>
        <Link
          component={RouterLink}
          to={productPath(product.id)}
          id={`product-${product.id}-name`}
          underline="hover"
          color="text.primary"
          title={product.name}
          data-testid="product-card-name"
          sx={{
            fontWeight: 500,
            fontSize: { xs: '0.875rem', sm: '0.9375rem' },
            lineHeight: 1.35,
            minHeight: '2.7em',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {product.name}
        </Link>
        <ProductCodes product={product} />
        <Box sx={{ mt: 'auto', display: 'grid', gap: 0.5 }}>
          <DropPrice product={product} />
          <PriceRows product={product} />
          <QuantityText product={product} />
        </Box>
      </Box>
      <Box sx={{ px: { xs: 0.5, sm: 1 }, pb: 0.5, borderTop: 1, borderColor: 'divider', display: 'flex', justifyContent: 'flex-end' }}>
        <ProductActions product={product} onQuickView={onQuickView} onAnalogues={onAnalogues} size="small" />
      </Box>
    </Card>
  );
}

export function ProductCardSkeleton() {
  return (
    <Card sx={{ p: { xs: 1, sm: 1.5 } }} data-testid="product-card-skeleton" aria-hidden>
      <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', borderRadius: 1 }} />
      <Skeleton sx={{ mt: 1 }} />
      <Skeleton width="60%" />
      <Skeleton width="40%" height={32} />
      <Skeleton />
      <Skeleton />
      <Skeleton width="70%" />
    </Card>
  );
}

export const PRODUCT_GRID_SX = {
  display: 'grid',
  gap: { xs: 1, sm: 2 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', xl: 'repeat(5, minmax(0, 1fr))' },
} as const;
