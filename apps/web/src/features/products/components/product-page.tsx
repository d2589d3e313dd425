/**
 * Product page /dashboard/products/:id (SPEC section 2): breadcrumbs, gallery, name, codes, prices
 * (drop, old drop, recommended, your price = markup_price, profit), quantity, pack, badges, favourite and
 * bell toggles, analogues, description, property table; 404 shows a friendly not-found state.
 * Test ids: product-page (data-product-id), product-title (h1), product-gallery, product-prices, price-*,
 * product-quantity, product-pack, product-description, product-properties, product-page-analogues,
 * product-page-loading, product-not-found, product-page-error; favorite-button, subscribe-button, badge-*;
 * the gallery's carousel-zoom opens picture-zoom-dialog (the original);
 * the cart slot's add-to-cart-button / edit-cart-button.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink, useParams } from 'react-router';
import type { ProductDetailDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useProduct } from '../api/get-product.ts';
import { useMarketQueryId } from '../../../lib/current-market.ts';
import { productPictures, type Picture } from '../../../lib/images.ts';
import { useProductsT } from '../lib/i18n.ts';
import { AnaloguesDialog } from './analogues-dialog.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import { ImageCarousel } from './image-carousel.tsx';
import { PictureZoomDialog } from './picture-zoom-dialog.tsx';
import { ProductBadges } from './product-badges.tsx';
import { ProductBreadcrumbs } from './product-breadcrumbs.tsx';
import { CartSlot } from './product-cart-slot.tsx';
import { ProductCodes } from './product-card.tsx';
import { DropPrice, PriceRows, QuantityText } from './product-prices.tsx';
import { ProductProperties } from './product-properties.tsx';
import { SubscribeButton } from './subscribe-button.tsx';

export function ProductPage() {
  const { id = '' } = useParams();
  const productId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  return <ProductPageView key={productId} productId={productId} />;
}

function ProductPageView({ productId }: { productId: number }) {
  const { t, i18n } = useProductsT();
  const query = useProduct(productId, i18n.language, { marketId: useMarketQueryId() });

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, []);

  if (productId === 0 || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <Box data-testid="product-page" data-state="not-found">
        <EmptyState
          title={t('page.notFoundTitle')}
          text={t('page.notFoundText')}
          icon={<SearchOffIcon />}
          testId="product-not-found"
          action={
            <Button component={RouterLink} to="/dashboard/catalog" variant="contained">
              {t('page.toCatalog')}
            </Button>
          }
        />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box data-testid="product-page" data-state="error">
        <EmptyState
          title={t('page.loadFailed')}
          text={query.error.message}
          icon={<ErrorOutlineIcon />}
          testId="product-page-error"
          action={
            <Button variant="contained" onClick={() => void query.refetch()}>
              {t('errors.retry')}
            </Button>
          }
        />
      </Box>
    );
  }
  if (query.isPending) {
    return (
      <Box data-testid="product-page" data-state="loading">
        <Skeleton width={320} sx={{ mb: 1 }} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' } }} data-testid="product-page-loading">
          <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
          <Box>
            <Skeleton height={48} />
            <Skeleton width="40%" />
            <Skeleton variant="rounded" height={180} sx={{ mt: 2 }} />
          </Box>
        </Box>
      </Box>
    );
  }
  return <ProductDetails product={query.data.data} breadcrumbs={query.data.breadcrumbs} />;
}

function ProductDetails({ product, breadcrumbs }: { product: ProductDetailDto; breadcrumbs: { title: string; href: string; disabled: boolean }[] }) {
  const { t } = useProductsT();
  const [analoguesOpen, setAnaloguesOpen] = useState(false);
  const [zoomed, setZoomed] = useState<Picture | null>(null);
  const pictures = productPictures(product.images);

  return (
    <Box data-testid="product-page" data-state="ready" data-product-id={product.id}>
      <ProductBreadcrumbs items={breadcrumbs} />
      <Box
        sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}
      >
        <Card sx={{ p: 2 }} data-testid="product-gallery">
          <ImageCarousel
            pictures={pictures}
            thumbnails
            alt={product.name}
            autoPlay={false}
            maxSize={480}
            priority
            onZoom={(i) => setZoomed(pictures[i] ?? null)}
          />
        </Card>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Typography
              variant="h1"
              component="h1"
              sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: { xs: '1.375rem', sm: '1.75rem' } }}
              data-testid="product-title"
            >
              {product.name}
            </Typography>
            <FavoriteButton product={product} />
          </Box>
          <Box sx={{ display: 'grid', gap: 0.5, mt: -1 }}>
            <ProductCodes product={product} sx={{ fontSize: '0.875rem' }} />
            {product.brand && (
              <Typography variant="body2" color="text.secondary">
                {t('product.brand')}: <b>{product.brand}</b>
              </Typography>
            )}
            <ProductBadges product={product} />
          </Box>
          <Card data-testid="product-prices">
            <CardContent sx={{ display: 'grid', gap: 1.5 }}>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {t('product.dropPrice')}
                </Typography>
                <DropPrice product={product} size="large" />
              </Box>
              <Divider />
              <Box sx={{ maxWidth: 420 }}>
                <PriceRows product={product} long />
              </Box>
              <Divider />
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, justifyContent: 'space-between' }}>
                <Box sx={{ display: 'grid', gap: 0.5 }}>
                  <QuantityText product={product} variant="body1" />
                  {product.inet_pack > 1 && (
                    <Typography variant="body2" color="text.secondary" data-testid="product-pack">
                      {t('product.packLabel', { count: product.inet_pack })}
                    </Typography>
                  )}
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  {product.qty <= 0 && <SubscribeButton product={product} />}
                  <CartSlot product={product} variant="button" size="medium" />
                  <Button
                    variant="outlined"
                    startIcon={<CompareArrowsIcon />}
                    disabled={product.analogues_count <= 0}
                    onClick={() => setAnaloguesOpen(true)}
                    data-testid="product-page-analogues"
                  >
                    {product.analogues_count > 0 ? `${t('actions.analogues')} (${product.analogues_count})` : t('actions.analoguesNone')}
                  </Button>
                </Box>
              </Box>
            </CardContent>
          </Card>
          <Box component="section" aria-labelledby="product-description-title">
            <Typography id="product-description-title" variant="h2" component="h2" sx={{ mb: 1 }}>
              {t('product.description')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }} color={product.description ? 'text.primary' : 'text.secondary'} data-testid="product-description">
              {product.description || t('product.noDescription')}
            </Typography>
          </Box>
          <Box component="section" aria-labelledby="product-properties-title">
            <Typography id="product-properties-title" variant="h2" component="h2" sx={{ mb: 1 }}>
              {t('product.properties')}
            </Typography>
            <ProductProperties properties={product.properties} />
          </Box>
        </Box>
      </Box>
      <AnaloguesDialog product={product} open={analoguesOpen} onClose={() => setAnaloguesOpen(false)} />
      <PictureZoomDialog picture={zoomed} alt={product.name} onClose={() => setZoomed(null)} />
    </Box>
  );
}
