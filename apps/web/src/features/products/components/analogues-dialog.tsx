/**
 * Analogues (SPEC section 2, max width 800): the other products of the analogue group from
 * GET /products/analogues/{id}; each links to /dashboard/products/{id} and shows code, vendor code,
 * the special badge and, as the product cards do, the drop price, the recommended price, your price,
 * the profit and the stock (issue 26 point 8). Test ids: analogues-dialog, analogue-item
 * (data-product-id), analogue-link, analogue-image (its thumb), analogue-prices (price-* inside), analogues-loading, analogues-empty,
 * analogues-error, analogues-close.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';
import type { ProductListItemDto } from '@drop/shared';
import { useAnalogues } from '../api/get-analogues.ts';
import { useMarketQueryId } from '../../../lib/current-market.ts';
import { firstPicture, smallSource } from '../../../lib/images.ts';
import { useProductsT } from '../lib/i18n.ts';
import { ProductBadges } from './product-badges.tsx';
import { ProductCodes, productPath } from './product-card.tsx';
import { ProductImage } from './product-image.tsx';
import { DropPrice, PriceRows, QuantityText } from './product-prices.tsx';

export function AnaloguesDialog({ product, open, onClose }: { product: ProductListItemDto | null; open: boolean; onClose: () => void }) {
  const { t, i18n } = useProductsT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const analogues = useAnalogues(product?.id ?? 0, i18n.language, { enabled: product !== null, marketId: useMarketQueryId() });

  return (
    <Dialog
      open={open && product !== null}
      onClose={onClose}
      fullWidth
      fullScreen={phone}
      slotProps={{ paper: { sx: { maxWidth: { sm: 800 } } } }}
      aria-labelledby="analogues-title"
      data-testid="analogues-dialog"
    >
      <DialogTitle id="analogues-title" sx={{ pr: 6 }}>
        {t('analogues.title')}
        {product && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
            {product.name}
          </Typography>
        )}
      </DialogTitle>
      <IconButton aria-label={t('analogues.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="analogues-close">
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ p: 0 }}>
        {analogues.isPending ? (
          <Box sx={{ p: 2 }} data-testid="analogues-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={72} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : analogues.isError ? (
          <Typography color="error" sx={{ p: 2 }} data-testid="analogues-error">
            {analogues.error.message || t('analogues.loadFailed')}
          </Typography>
        ) : analogues.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }} data-testid="analogues-empty">
            {t('analogues.empty')}
          </Typography>
        ) : (
          <List disablePadding>
            {analogues.data.map((a) => (
              <ListItem
                key={a.id}
                divider
                data-testid="analogue-item"
                data-product-id={a.id}
                sx={{ columnGap: 2, rowGap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: 1.5 }}
              >
                <ProductImage
                  source={smallSource(firstPicture(a.images), 64)}
                  alt=""
                  size={64}
                  testId="analogue-image"
                  sx={{ borderRadius: 1, border: 1, borderColor: 'divider' }}
                />
                <Box sx={{ flex: '1 1 0', minWidth: 0, display: 'grid', gap: 0.5 }}>
                  <Link
                    component={RouterLink}
                    to={productPath(a.id)}
                    onClick={onClose}
                    underline="hover"
                    sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                    data-testid="analogue-link"
                  >
                    {a.name}
                  </Link>
                  <ProductCodes product={a} />
                  <ProductBadges product={a} />
                </Box>
                <Box sx={{ flexShrink: 0, width: { xs: '100%', sm: 220 }, pl: { xs: 10, sm: 0 }, display: 'grid', gap: 0.5 }} data-testid="analogue-prices">
                  <DropPrice product={a} />
                  <PriceRows product={a} />
                  <QuantityText product={a} />
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('analogues.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
