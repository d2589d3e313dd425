/**
 * Price blocks. Test ids: price-drop, price-old-drop, price-retail, price-markup, price-profit, product-quantity.
 * drop_price (and the struck old one on specials), recommended retail_price, your price = markup_price,
 * profit = markup_price − drop_price (green).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney, type ProductListItemDto } from '@drop/shared';
import { useProductsT } from '../lib/i18n.ts';

type PriceFields = Pick<ProductListItemDto, 'drop_price' | 'old_drop_price' | 'retail_price' | 'markup_price' | 'profit'>;

export function DropPrice({ product, size = 'medium' }: { product: PriceFields; size?: 'medium' | 'large' }) {
  const { t } = useProductsT();
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', rowGap: 0 }}>
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size === 'large' ? '1.75rem' : '1.125rem',
          lineHeight: 1.3,
          color: product.old_drop_price !== null ? 'error.main' : 'text.primary',
          whiteSpace: 'nowrap',
        }}
        data-testid="price-drop"
      >
        {formatMoney(product.drop_price)} {t('common.currency')}
      </Typography>
      {product.old_drop_price !== null && (
        <Typography
          component="s"
          color="text.secondary"
          aria-label={`${t('product.oldDropPrice')}: ${formatMoney(product.old_drop_price)} ${t('common.currency')}`}
          sx={{ fontSize: size === 'large' ? '1.125rem' : '0.875rem', whiteSpace: 'nowrap' }}
          data-testid="price-old-drop"
        >
          {formatMoney(product.old_drop_price)}
        </Typography>
      )}
    </Box>
  );
}

function Row({ label, value, testId, color, strong }: { label: string; value: string; testId: string; color?: string; strong?: boolean }) {
  return (
    <Box component="div" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'nowrap', fontWeight: strong ? 700 : 500, color }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** Recommended price, your price and profit as a definition list (label left, amount right). */
export function PriceRows({ product, long = false }: { product: PriceFields; long?: boolean }) {
  const { t } = useProductsT();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.25 }}>
      <Row label={t(long ? 'product.retailPrice' : 'product.retailShort')} value={formatMoney(product.retail_price)} testId="price-retail" />
      <Row label={t('product.markupPrice')} value={formatMoney(product.markup_price)} testId="price-markup" />
      <Row label={t('product.profit')} value={formatMoney(product.profit)} testId="price-profit" color="success.main" strong />
    </Box>
  );
}

/** 'Залишок: > 100', or 'Залишок: -' (the dash in red) when qty is 0 or missing (SPEC 9: '-' when zero or missing). */
export function QuantityText({ product, variant = 'body2' }: { product: Pick<ProductListItemDto, 'qty' | 'quantity'>; variant?: 'body2' | 'body1' }) {
  const { t } = useProductsT();
  if (!(product.qty > 0)) {
    return (
      <Typography
        variant={variant}
        color="text.secondary"
        data-testid="product-quantity"
        data-qty="0"
        aria-label={`${t('product.remains')}: ${t('product.outOfStock')}`}
      >
        {t('product.remains')}:{' '}
        <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
          -
        </Box>
      </Typography>
    );
  }
  return (
    <Typography variant={variant} color="text.secondary" data-testid="product-quantity" data-qty={product.qty}>
      {t('product.remains')}:{' '}
      <Box component="span" sx={{ color: 'success.main', fontWeight: 600 }}>
        {product.quantity}
      </Box>
    </Typography>
  );
}
