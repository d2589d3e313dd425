/**
 * Quick view (SPEC section 2, max width 600): image carousel, name, description, property list;
 * loads GET /products/{id}. Test ids: quick-view-dialog, quick-view-title, quick-view-description,
 * quick-view-open-page, quick-view-close, quick-view-loading, quick-view-error; image-carousel, product-properties.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';
import type { ProductListItemDto } from '@drop/shared';
import { useProduct } from '../api/get-product.ts';
import { useMarketQueryId } from '../../../lib/current-market.ts';
import { productPictures } from '../../../lib/images.ts';
import { useProductsT } from '../lib/i18n.ts';
import { ImageCarousel } from './image-carousel.tsx';
import { ProductBadges } from './product-badges.tsx';
import { ProductCodes, productPath } from './product-card.tsx';
import { DropPrice, PriceRows, QuantityText } from './product-prices.tsx';
import { ProductProperties } from './product-properties.tsx';

/** `product` stays set while the dialog fades out (`open` false). */
export function QuickViewDialog({ product, open, onClose }: { product: ProductListItemDto | null; open: boolean; onClose: () => void }) {
  const { t, i18n } = useProductsT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const id = product?.id ?? 0;
  const detail = useProduct(id, i18n.language, { enabled: product !== null, marketId: useMarketQueryId() });
  const shown = detail.data?.data;
  const base = shown ?? product;

  return (
    <Dialog
      open={open && product !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      aria-labelledby="quick-view-title"
      data-testid="quick-view-dialog"
    >
      <DialogTitle id="quick-view-title" sx={{ pr: 6, lineHeight: 1.35 }} data-testid="quick-view-title">
        {base?.name ?? t('quickView.title')}
      </DialogTitle>
      <IconButton aria-label={t('quickView.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="quick-view-close">
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {base && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <ImageCarousel key={base.id} pictures={productPictures(base.images)} alt={base.name} maxSize={320} />
            <ProductBadges product={base} />
            <ProductCodes product={base} sx={{ fontSize: '0.875rem' }} />
            <Box sx={{ display: 'grid', gap: 0.5, maxWidth: 360 }}>
              <DropPrice product={base} />
              <PriceRows product={base} long />
              <QuantityText product={base} />
            </Box>
            {detail.isPending ? (
              <Box data-testid="quick-view-loading">
                <Skeleton />
                <Skeleton />
                <Skeleton width="70%" />
              </Box>
            ) : detail.isError ? (
              <Typography color="error" data-testid="quick-view-error">
                {detail.error.message || t('quickView.loadFailed')}
              </Typography>
            ) : (
              shown && (
                <>
                  <Box>
                    <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                      {t('product.description')}
                    </Typography>
                    <Typography
                      variant="body2"
                      sx={{ whiteSpace: 'pre-line' }}
                      color={shown.description ? 'text.primary' : 'text.secondary'}
                      data-testid="quick-view-description"
                    >
                      {shown.description || t('product.noDescription')}
                    </Typography>
                  </Box>
                  <Box>
                    <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                      {t('product.properties')}
                    </Typography>
                    <ProductProperties properties={shown.properties} dense />
                  </Box>
                </>
              )
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {base && (
          <Button component={RouterLink} to={productPath(base.id)} data-testid="quick-view-open-page">
            {t('quickView.openPage')}
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          {t('quickView.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
