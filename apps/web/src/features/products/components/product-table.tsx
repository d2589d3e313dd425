/**
 * Table view (SPEC section 2): id, image (thumb), name, drop price, retail price, profit, remains, actions.
 * Below 1024 px (the widths where the columns do not fit) it becomes a compact list instead of cutting off
 * the price columns (issue 26 point 8): image, name, drop price, retail price, profit, stock and the
 * actions (cart) per product. Test ids: product-table (data-layout="table|list"), product-row
 * (data-product-id), product-row-name, product-row-image (its thumb), product-table-skeleton; inside rows: favorite-button,
 * product-actions, price-*, product-quantity.
 */
import type { ReactNode } from 'react';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { formatMoney, type ProductListItemDto } from '@drop/shared';
import { firstPicture, smallSource } from '../../../lib/images.ts';
import { useProductsT } from '../lib/i18n.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { ProductActions, type ProductActionHandlers } from './product-actions.tsx';
import { ProductBadges } from './product-badges.tsx';
import { ProductCodes, productPath } from './product-card.tsx';
import { ProductImage } from './product-image.tsx';
import { QuantityText } from './product-prices.tsx';

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

/**
 * Below 1024 px (phones, tablets) the table's columns (about 975 px) do not fit beside the page's
 * padding: the list is shown instead. From 1024 up they fit (the docked side navigation starts at 1280).
 */
export const COMPACT_TABLE_BELOW = 1024;

function useCompact(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down(COMPACT_TABLE_BELOW), { noSsr: true });
}

export function ProductTable(props: ProductActionHandlers & { products: ProductListItemDto[] }) {
  return useCompact() ? <ProductCompactList {...props} /> : <ProductWideTable {...props} />;
}

function ProductWideTable({ products, onQuickView, onAnalogues }: ProductActionHandlers & { products: ProductListItemDto[] }) {
  const { t } = useProductsT();
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }} data-testid="product-table" data-layout="table">
      <Table size="small" aria-label={t('table.label')} sx={{ minWidth: 960 }}>
        <Head />
        <TableBody>
          {products.map((p) => (
            <TableRow key={p.id} hover data-testid="product-row" data-product-id={p.id}>
              <TableCell sx={{ color: 'text.secondary' }}>{p.id}</TableCell>
              <TableCell sx={{ py: 0.5 }}>
                <RouterLink to={productPath(p.id)} tabIndex={-1} aria-hidden>
                  <ProductImage
                    source={smallSource(firstPicture(p.images), 56)}
                    alt=""
                    size={56}
                    testId="product-row-image"
                    sx={{ borderRadius: 1, border: 1, borderColor: 'divider' }}
                  />
                </RouterLink>
              </TableCell>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={productPath(p.id)}
                  underline="hover"
                  color="text.primary"
                  sx={{ fontWeight: 500 }}
                  data-testid="product-row-name"
                >
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
                {p.qty > 0 ? (
                  p.quantity
                ) : (
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

function Amount({
  label,
  testId,
  children,
  extra,
  color,
  align = 'left',
}: {
  label: string;
  testId: string;
  children: ReactNode;
  extra?: ReactNode;
  color?: string | undefined;
  align?: 'left' | 'center' | 'right';
}) {
  return (
    <Box sx={{ minWidth: 0, textAlign: align }}>
      <Typography component="dt" variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, whiteSpace: 'nowrap', color }} data-testid={testId}>
        {children}
      </Typography>
      {extra}
    </Box>
  );
}

// One column on phones, two from 600 px; each item's bottom border, the last row's hidden under the frame.
const LIST_SX = {
  listStyle: 'none',
  m: 0,
  p: 0,
  overflow: 'hidden',
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  '& > *': { mb: '-1px' },
} as const;
const ITEM_SX = {
  display: 'grid',
  gridTemplateColumns: '64px minmax(0, 1fr)',
  alignContent: 'start',
  columnGap: 1.5,
  rowGap: 0.75,
  p: 1.5,
  borderBottom: 1,
  borderColor: 'divider',
  '&:nth-of-type(odd)': { borderRight: { sm: 1 }, borderRightColor: { sm: 'divider' } },
} as const;

/** The table's content as a list of compact rows (phones, tablets): nothing is cut off, nothing scrolls sideways. */
function ProductCompactList({ products, onQuickView, onAnalogues }: ProductActionHandlers & { products: ProductListItemDto[] }) {
  const { t } = useProductsT();
  return (
    <Paper variant="outlined" component="ul" aria-label={t('table.label')} sx={LIST_SX} data-testid="product-table" data-layout="list">
      {products.map((p) => (
        <Box component="li" key={p.id} data-testid="product-row" data-product-id={p.id} sx={ITEM_SX}>
          <RouterLink to={productPath(p.id)} tabIndex={-1} aria-hidden>
            <ProductImage
              source={smallSource(firstPicture(p.images), 64)}
              alt=""
              size={64}
              testId="product-row-image"
              sx={{ borderRadius: 1, border: 1, borderColor: 'divider' }}
            />
          </RouterLink>
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={productPath(p.id)}
              underline="hover"
              color="text.primary"
              sx={{ fontWeight: 500, fontSize: '0.875rem', lineHeight: 1.35, overflowWrap: 'anywhere' }}
              data-testid="product-row-name"
            >
              {p.name}
            </Link>
            <ProductCodes product={p} sx={{ mt: 0.25 }} />
            <ProductBadges product={p} sx={{ mt: 0.5 }} />
          </Box>
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 1 }}>
              <Amount
                label={t('table.dropPrice')}
                testId="price-drop"
                color={p.old_drop_price !== null ? 'error.main' : undefined}
                extra={
                  p.old_drop_price !== null && (
                    <Typography
                      component="dd"
                      variant="caption"
                      color="text.secondary"
                      sx={{ m: 0, textDecoration: 'line-through' }}
                      data-testid="price-old-drop"
                    >
                      {formatMoney(p.old_drop_price)}
                    </Typography>
                  )
                }
              >
                {formatMoney(p.drop_price)}
              </Amount>
              <Amount label={t('table.retailPrice')} testId="price-retail" align="center">
                {formatMoney(p.retail_price)}
              </Amount>
              <Amount label={t('table.profit')} testId="price-profit" color="success.main" align="right">
                {formatMoney(p.profit)}
              </Amount>
            </Box>
            {p.markup_price !== p.retail_price && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center' }} data-testid="price-markup">
                {t('product.markupPrice')}: {formatMoney(p.markup_price)}
              </Typography>
            )}
          </Box>
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minWidth: 0 }}>
            <QuantityText product={p} />
            <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
              <FavoriteButton product={p} size="small" />
              <ProductActions product={p} onQuickView={onQuickView} onAnalogues={onAnalogues} size="small" />
            </Box>
          </Box>
        </Box>
      ))}
    </Paper>
  );
}

export function ProductTableSkeleton({ rows = 10 }: { rows?: number }) {
  const compact = useCompact();
  if (compact) {
    return (
      <Paper variant="outlined" sx={LIST_SX} data-testid="product-table-skeleton" data-layout="list" aria-hidden>
        {Array.from({ length: rows }, (_, i) => (
          <Box key={i} sx={ITEM_SX}>
            <Skeleton variant="rectangular" width={64} height={64} />
            <Box>
              <Skeleton />
              <Skeleton width="50%" />
            </Box>
            <Skeleton sx={{ gridColumn: '1 / -1' }} height={40} />
            <Skeleton sx={{ gridColumn: '1 / -1' }} height={34} />
          </Box>
        ))}
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }} data-testid="product-table-skeleton" aria-hidden>
      <Table size="small" sx={{ minWidth: 960 }}>
        <Head />
        <TableBody>
          {Array.from({ length: rows }, (_, i) => (
            <TableRow key={i}>
              <TableCell>
                <Skeleton width={32} />
              </TableCell>
              <TableCell>
                <Skeleton variant="rectangular" width={56} height={56} />
              </TableCell>
              <TableCell>
                <Skeleton />
                <Skeleton width="50%" />
              </TableCell>
              {[0, 1, 2].map((k) => (
                <TableCell key={k}>
                  <Skeleton width={64} sx={{ ml: 'auto' }} />
                </TableCell>
              ))}
              <TableCell>
                <Skeleton width={48} />
              </TableCell>
              <TableCell>
                <Skeleton width={96} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
