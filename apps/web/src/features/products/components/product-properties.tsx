/** Property list (type name → value) as a two-column definition table. Test id: product-properties. */
import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProductDetailDto } from '@drop/shared';
import { useProductsT } from '../lib/i18n.ts';

export function ProductProperties({ properties, dense = false }: { properties: ProductDetailDto['properties']; dense?: boolean }) {
  const { t } = useProductsT();
  if (properties.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2">
        {t('product.noProperties')}
      </Typography>
    );
  }
  return (
    <Box
      component="dl"
      data-testid="product-properties"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', sm: 'minmax(140px, 2fr) minmax(0, 3fr)' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '& > dt, & > dd': { m: 0, py: dense ? 0.5 : 0.75, px: 1.5, overflowWrap: 'anywhere' },
        '& > dt:not(:nth-last-of-type(1)), & > dd:not(:nth-last-of-type(1))': { borderBottom: 1, borderColor: 'divider' },
        '& > dt:nth-of-type(odd), & > dd:nth-of-type(odd)': { bgcolor: 'action.hover' },
      }}
    >
      {properties.map((p, i) => (
        <Fragment key={`${p.name}-${i}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {p.name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ fontWeight: 500 }}>
            {p.value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
