/**
 * /dashboard/catalog/:id: a category's children as a card grid. A leaf opened here goes to its
 * product list; an unknown id shows a not-found state.
 *
 * Test ids: category-page, category-back (arrow to the catalogue), category-title (h1),
 * category-products-link, category-grid, category-card-{id} (a card link), category-loading,
 * category-error, category-not-found.
 */
import type { ReactNode, SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { PLACEHOLDER_IMAGE, storageUrl, type CategoryDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCategory } from '../../../lib/categories-query.ts';
import { useCatalogTranslation } from '../i18n.ts';
import { categoryHref, categoryName } from '../../../lib/categories.ts';

const GRID_SIZE = { xs: 6, sm: 4, md: 3, xl: 2 } as const;

export function CategoryPage() {
  const { id: raw } = useParams();
  const id = /^\d{1,9}$/.test(raw ?? '') ? Number(raw) : NaN;
  return <CategoryView key={raw} id={id} />;
}

function CategoryView({ id }: { id: number }) {
  const { t, i18n } = useCatalogTranslation();
  const category = useCategory(id);
  const notFound = Number.isNaN(id) || id <= 0 || (category.isError && isApiError(category.error) && category.error.status === 404);

  if (notFound) {
    return (
      <Box data-testid="category-page">
        <Header title={t('title')} />
        <EmptyState
          testId="category-not-found"
          icon={<SearchOffIcon />}
          title={t('notFoundTitle')}
          text={t('notFoundText')}
          action={
            <Button component={RouterLink} to="/dashboard/catalog" variant="contained">
              {t('toCatalog')}
            </Button>
          }
        />
      </Box>
    );
  }
  if (category.isError) {
    return (
      <Box data-testid="category-page">
        <Header title={t('title')} />
        <Alert
          severity="error"
          data-testid="category-error"
          action={
            <Button color="inherit" size="small" onClick={() => void category.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      </Box>
    );
  }
  if (category.isPending) {
    return (
      <Box data-testid="category-page">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <IconButton component={RouterLink} to="/dashboard/catalog" aria-label={t('backToCatalog')} data-testid="category-back">
            <ArrowBackIcon />
          </IconButton>
          <Skeleton variant="text" width={260} sx={{ fontSize: '1.75rem' }} />
        </Box>
        <Grid container spacing={2} data-testid="category-loading" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: 8 }, (_, i) => (
            <Grid key={i} size={GRID_SIZE}>
              <Skeleton variant="rounded" height={200} />
            </Grid>
          ))}
        </Grid>
      </Box>
    );
  }

  const c = category.data;
  if (c.child.length === 0) return <Navigate to={categoryHref(c)} replace />;
  const name = categoryName(c, i18n.language);

  return (
    <Box data-testid="category-page">
      <Header
        title={name}
        action={
          <Button
            component={RouterLink}
            to={`/dashboard/catalog/${c.id}/products`}
            variant="outlined"
            startIcon={<ViewListIcon />}
            data-testid="category-products-link"
          >
            {t('products')}
          </Button>
        }
      />
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('subcategories')} data-testid="category-grid">
        {c.child.map((child) => (
          <Grid key={child.id} size={GRID_SIZE} component="li">
            <CategoryCard category={child} lang={i18n.language} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function Header({ title, action }: { title: string; action?: ReactNode }) {
  const { t } = useCatalogTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      <IconButton component={RouterLink} to="/dashboard/catalog" aria-label={t('backToCatalog')} data-testid="category-back" sx={{ ml: -1 }}>
        <ArrowBackIcon />
      </IconButton>
      <Typography variant="h1" component="h1" sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1.375rem', sm: '1.75rem' } }} data-testid="category-title">
        {title}
      </Typography>
      {action}
    </Box>
  );
}

function CategoryCard({ category, lang }: { category: CategoryDto; lang: string }) {
  const { t } = useCatalogTranslation();
  const name = categoryName(category, lang);
  return (
    <Card sx={{ height: '100%', transition: 'border-color 120ms, box-shadow 120ms', '&:hover': { borderColor: 'primary.main', boxShadow: 3 } }}>
      <CardActionArea
        component={RouterLink}
        to={categoryHref(category)}
        data-testid={`category-card-${category.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative', aspectRatio: { xs: '4 / 3', md: '16 / 10' }, bgcolor: 'grey.50', overflow: 'hidden' }}>
          <Box
            component="img"
            src={storageUrl(category.image_url)}
            alt=""
            loading="lazy"
            onError={(e: SyntheticEvent<HTMLImageElement>) => {
              if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
            }}
            sx={{ position: 'absolute', inset: 12, width: 'calc(100% - 24px)', height: 'calc(100% - 24px)', objectFit: 'contain' }}
          />
        </Box>
        <CardContent sx={{ flexGrow: 1, py: 1.5 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {name}
          </Typography>
          {category.products_count > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('productsCount', { count: category.products_count })}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
