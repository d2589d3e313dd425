/**
 * Table view (SPEC section 2): id, image (thumb), name, drop price, retail price, profit, remains, actions.
 * Scrolls sideways on narrow screens. Test ids: product-table, product-row (data-product-id),
 * product-row-name, product-table-skeleton; inside rows: favorite-button, product-actions, price-*.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatMoney, type ProductDto } from '@drop/shared';
import { pickImage } from '../lib/images.ts';
import { useProductsT } from '../lib/i18n.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { ProductActions, type ProductActionHandlers } from './product-actions.tsx';
import { ProductBadges } from './product-badges.tsx';
import { ProductCodes, productPath } from './product-card.tsx';
import { ProductImage } from './product-image.tsx';

const num = { whiteSpace: 'nowrap', textAlign: 'right' } as const;

function Head() {
  const { t } = useProductsT();
  return (
    <TableHead>
      <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
        <TableCell>{t('table.id')}</TableCell>
        <TableCell>{t('table.image')}</TableCell>
        <TableCell sx={{ minWidth: 240 }}>{t('table.name')}</TableCell>
        <TableCell sx={num}>{t('table.dropPrice')}</TableCell>
        <TableCell sx={num}>{t('table.retailPrice')}</TableCell>
        <TableCell sx={num}>{t('table.profit')}</TableCell>
        <TableCell>{t('table.remains')}</TableCell>
        <TableCell>{t('table.actions')}</TableCell>
      </TableRow>
    </TableHead>
  );
}

export function ProductTable({ products, onQuickView, onAnalogues }: ProductActionHandlers & { products: ProductDto[] }) {
  const { t } = useProductsT();
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }} data-testid="product-table">
      <Table size="small" aria-label={t('table.label')} sx={{ minWidth: 960 }}>
        <Head />
        <TableBody>
          {products.map((p) => (
            <TableRow key={p.id} hover data-testid="product-row" data-product-id={p.id}>
              <TableCell sx={{ color: 'text.secondary' }}>{p.id}</TableCell>
              <TableCell sx={{ py: 0.5 }}>
                <RouterLink to={productPath(p.id)} tabIndex={-1} aria-hidden>
                  <ProductImage src={pickImage(p.images, 'thumb')} alt="" size={56} sx={{ borderRadius: 1, border: 1, borderColor: 'divider' }} />
                </RouterLink>
              </TableCell>
              <TableCell>
                <Link component={RouterLink} to={productPath(p.id)} underline="hover" color="text.primary" sx={{ fontWeight: 500 }} data-testid="product-row-name">
                  {p.name}
                </Link>
                <ProductCodes product={p} sx={{ mt: 0.25 }} />
                <ProductBadges product={p} sx={{ mt: 0.5 }} />
              </TableCell>
              <TableCell sx={num}>
                <Typography variant="body2" sx={{ fontWeight: 700, color: p.old_drop_price !== null ? 'error.main' : undefined }} data-testid="price-drop">
                  {formatMoney(p.drop_price)}
                </Typography>
                {p.old_drop_price !== null && (
                  <Typography variant="caption" component="s" color="text.secondary" data-testid="price-old-drop">
                    {formatMoney(p.old_drop_price)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={num}>
                <Typography variant="body2" data-testid="price-retail">
                  {formatMoney(p.retail_price)}
                </Typography>
                {p.markup_price !== p.retail_price && (
                  <Typography variant="caption" color="text.secondary" component="p" data-testid="price-markup">
                    {t('product.markupPrice')}: {formatMoney(p.markup_price)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ ...num, color: 'success.main', fontWeight: 700 }} data-testid="price-profit">
                {formatMoney(p.profit)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="product-quantity" data-qty={p.qty}>
                {p.qty > 0 ? p.quantity : (
                  <Typography component="span" variant="body2" color="error" sx={{ fontWeight: 600 }} aria-label={t('product.outOfStock')}>
                    -
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ py: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <FavoriteButton product={p} size="small" />
                  <ProductActions product={p} onQuickView={onQuickView} onAnalogues={onAnalogues} size="small" />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ProductTableSkeleton({ rows = 10 }: { rows?: number }) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }} data-testid="product-table-skeleton" aria-hidden>
      <Table size="small" sx={{ minWidth: 960 }}>
        <Head />
        <TableBody>
          {Array.from({ length: rows }, (_, i) => (
            <TableRow key={i}>
              <TableCell><Skeleton width={32} /></TableCell>
              <TableCell><Skeleton variant="rectangular" width={56} height={56} /></TableCell>
              <TableCell><Skeleton /><Skeleton width="50%" /></TableCell>
              {[0, 1, 2].map((k) => (
                <TableCell key={k}><Skeleton width={64} sx={{ ml: 'auto' }} /></TableCell>
              ))}
              <TableCell><Skeleton width={48} /></TableCell>
              <TableCell><Skeleton width={96} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
