/**
 * /dashboard/catalog: the category catalogue. Desktop (md and up): 4 column groups with hover
 * menus; below md: a drill-down list. The tree loads once per session.
 *
 * Test ids: catalog-page, catalog-loading (skeletons), catalog-error (with a retry button),
 * catalog-empty; see catalog-columns.tsx and catalog-drill-down.tsx for the rest.
 */
import { useDeferredValue } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import type { RoutePrefetch } from '../../../lib/route-data.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { getCategoriesQueryOptions, useCategories } from '../../../lib/categories-query.ts';
import { useCatalogTranslation } from '../i18n.ts';
import { CATALOG_COLUMNS } from '../../../lib/categories.ts';
import { CatalogColumns } from './catalog-columns.tsx';
import { CatalogDrillDown } from './catalog-drill-down.tsx';

export function CatalogPage() {
  const { t } = useCatalogTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const categories = useCategories();
  // The tree renders in the background (in slices), not in one long task when it arrives.
  const tree = useDeferredValue(categories.data);

  let content;
  if (categories.isPending || (categories.isSuccess && !tree)) content = <CatalogSkeleton desktop={desktop} label={t('loading')} />;
  else if (categories.isError)
    content = (
      <Alert
        severity="error"
        data-testid="catalog-error"
        action={
          <Button color="inherit" size="small" onClick={() => void categories.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </Alert>
    );
  else if (!tree || tree.length === 0)
    content = (
      <Alert severity="info" data-testid="catalog-empty">
        {t('empty')}
      </Alert>
    );
  else content = desktop ? <CatalogColumns roots={tree} /> : <CatalogDrillDown roots={tree} />;

  return (
    <Box data-testid="catalog-page" data-variant={desktop ? 'columns' : 'drilldown'}>
      <PageHeader title={t('title')} />
      {content}
    </Box>
  );
}

function CatalogSkeleton({ desktop, label }: { desktop: boolean; label: string }) {
  if (!desktop) {
    return (
      <Paper variant="outlined" data-testid="catalog-loading" aria-busy="true" aria-label={label} sx={{ p: 1 }}>
        {Array.from({ length: 8 }, (_, i) => (
          <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1 }}>
            <Skeleton variant="circular" width={24} height={24} />
            <Skeleton variant="text" sx={{ flexGrow: 1, fontSize: '1.1rem' }} />
          </Box>
        ))}
      </Paper>
    );
  }
  return (
    <Box
      data-testid="catalog-loading"
      aria-busy="true"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${CATALOG_COLUMNS}, minmax(0, 1fr))`, gap: 2 }}
    >
      {Array.from({ length: CATALOG_COLUMNS }, (_, col) => (
        <Box key={col} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {[0, 1].map((block) => (
            <Paper key={block} variant="outlined" sx={{ p: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1 }}>
                <Skeleton variant="circular" width={24} height={24} />
                <Skeleton variant="text" sx={{ flexGrow: 1, fontSize: '1.1rem' }} />
              </Box>
              {Array.from({ length: 4 + ((col + block) % 3) }, (_, i) => (
                <Skeleton key={i} variant="text" sx={{ ml: 4.5, width: `${60 + ((i * 13) % 30)}%` }} />
              ))}
            </Paper>
          ))}
        </Box>
      ))}
    </Box>
  );
}

/** A first visit's category tree, started with the user's (see preloadRoutes). */
export const prefetchCatalog: RoutePrefetch = () => void queryClient.prefetchQuery(getCategoriesQueryOptions());
