/**
 * Landing promo grid: products from GET /api/products/promo with the reseller's profit
 * (retail minus drop price). Skeletons while loading; the whole section is hidden when the call
 * fails or returns nothing.
 *
 * Test ids: landing-promo (the section), promo-loading (skeleton grid), promo-card (each
 * product; data-product-id), promo-profit (the profit line of a card).
 */
import { useDeferredValue, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { BREAKPOINTS, PLACEHOLDER_IMAGE, formatMoney } from '@drop/shared';
import { pictureFromPath, thumbSource } from '../../../lib/images.ts';
import { usePromoProducts, type PromoProduct } from '../api/get-promo-products.ts';
import { useLandingLocale } from '../hooks/use-landing-locale.ts';
import { LandingSection } from './landing-section.tsx';
import { useLandingT } from '../i18n.ts';

const GRID_SIZE = { xs: 6, sm: 4, md: 3 } as const;
/**
 * The rendered width of a card's (square) picture: the lg container (padding 16, from sm 24), the
 * grid's columns and spacing (12, from sm 20), the picture's inset (8, from sm 12) and, from sm, the
 * 4:3 box whose height bounds the square.
 */
const PROMO_IMAGE_SIZES = [
  `(min-width: ${BREAKPOINTS.lg}px) 196px`,
  `(min-width: ${BREAKPOINTS.md}px) calc((100vw - 108px) * 0.1875 - 24px)`,
  `(min-width: ${BREAKPOINTS.sm}px) calc((100vw - 88px) * 0.25 - 24px)`,
  'calc((100vw - 44px) / 2 - 16px)',
].join(', ');
/** The API answers up to 12 promo products. */
const SKELETON_CARDS = 12;

export function PromoSection() {
  const { t } = useLandingT();
  const lang = useLandingLocale();
  const promo = usePromoProducts(lang);
  // The cards render in the background (in slices), not in one long task when the data arrives.
  const products = useDeferredValue(promo.data);

  if (promo.isError || (promo.isSuccess && promo.data.length === 0)) return null;

  return (
    <LandingSection id="promo" testId="landing-promo" title={t('promo.title')} subtitle={t('promo.subtitle')}>
      {!products ? (
        <Grid container spacing={{ xs: 1.5, sm: 2.5 }} data-testid="promo-loading" aria-busy="true" aria-label={t('promo.loading')}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Grid key={i} size={GRID_SIZE}>
              <Skeleton variant="rounded" sx={{ aspectRatio: { xs: '1 / 1', sm: '4 / 3' }, height: 'auto', borderRadius: 3 }} />
              <Skeleton variant="text" sx={{ mt: 1 }} />
              <Skeleton variant="text" width="60%" />
            </Grid>
          ))}
        </Grid>
      ) : (
        <Grid container spacing={{ xs: 1.5, sm: 2.5 }} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {products.map((p) => (
            <Grid key={p.id} size={GRID_SIZE} component="li">
              <PromoCard product={p} />
            </Grid>
          ))}
        </Grid>
      )}
      <Box sx={{ textAlign: 'center', mt: { xs: 4, md: 5 } }}>
        <Button component={Link} to="/register" variant="outlined" size="large" endIcon={<ArrowForwardIcon />} sx={{ px: 4, borderRadius: 8, fontWeight: 700 }}>
          {t('promo.cta')}
        </Button>
      </Box>
    </LandingSection>
  );
}

function PromoCard({ product }: { product: PromoProduct }) {
  const { t } = useLandingT();
  return (
    <Card
      data-testid="promo-card"
      data-product-id={product.id}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 3,
        transition: 'transform 160ms ease, box-shadow 160ms ease, border-color 160ms ease',
        '&:hover': {
          transform: 'translateY(-3px)',
          borderColor: 'primary.light',
          boxShadow: (theme) => `0 12px 28px ${alpha(theme.palette.primary.main, 0.14)}`,
        },
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: { xs: '1 / 1', sm: '4 / 3' }, bgcolor: 'grey.50', overflow: 'hidden' }}>
        <Box
          component="img"
          {...thumbSource(pictureFromPath(product.image), PROMO_IMAGE_SIZES)}
          alt={product.name}
          loading="lazy"
          decoding="async"
          onError={(e: SyntheticEvent<HTMLImageElement>) => {
            if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) {
              e.currentTarget.removeAttribute('srcset');
              e.currentTarget.src = PLACEHOLDER_IMAGE;
            }
          }}
          sx={{
            position: 'absolute',
            inset: { xs: 8, sm: 12 },
            width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 24px)' },
            height: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 24px)' },
            objectFit: 'contain',
          }}
        />
      </Box>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1, p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Typography
          component="h3"
          variant="body2"
          title={product.name}
          sx={{ fontWeight: 600, lineHeight: 1.35, flexGrow: 1, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {product.name}
        </Typography>
        <Box
          data-testid="promo-profit"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            px: 1,
            py: 0.75,
            borderRadius: 2,
            color: 'success.dark',
            bgcolor: (theme) => alpha(theme.palette.success.main, 0.08),
            fontSize: { xs: '0.8125rem', sm: '0.875rem' },
            fontWeight: 700,
          }}
        >
          <TrendingUpIcon fontSize="small" aria-hidden />
          <span>{t('promo.profit', { amount: formatMoney(product.profit, true) })}</span>
        </Box>
      </CardContent>
    </Card>
  );
}
