/**
 * The product list page (SPEC section 2 "Product list page", section 4), used by
 * /dashboard/catalog/:id/products, /dashboard/favorites, /dashboard/search-products, /dashboard/specials
 * and /dashboard/news. State lives in the URL query (see lib/list-state.ts).
 * Test ids: product-list-page (data-mode, data-state="loading|ready|updating|error"), product-list-title (h1),
 * product-grid, product-card, product-card-skeleton, product-table, product-row, product-empty
 * (with product-empty-reset, product-empty-first-page),
 * product-error, product-error-retry, product-list-updating; toolbar, drawer and dialogs: see their files.
 */
import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CategoryIcon from '@mui/icons-material/Category';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FiberNewIcon from '@mui/icons-material/FiberNew';
import InventoryIcon from '@mui/icons-material/Inventory2';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import type { ProductListItemDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useProducts } from '../api/get-products.ts';
import type { ProductListMode, ProductListParams } from '../api/keys.ts';
import { useMarketQueryId } from '../../../lib/current-market.ts';
import { useProductListState } from '../hooks/use-product-list-state.ts';
import { useScrollMemory } from '../hooks/use-scroll-memory.ts';
import { PRIORITY_CARD_IMAGES } from '../../../lib/images.ts';
import { useProductsT } from '../lib/i18n.ts';
import { categoryIdParam, listParams } from '../lib/list-params.ts';
import { activeFilterCount, storePerPage, storeVariant } from '../lib/list-state.ts';
import { AnaloguesDialog } from './analogues-dialog.tsx';
import { FilterDrawer } from './filter-drawer.tsx';
import { ProductBreadcrumbs } from './product-breadcrumbs.tsx';
import { PRODUCT_GRID_SX, ProductCard, ProductCardSkeleton } from './product-card.tsx';
import { ProductListToolbar, ProductPagination } from './product-list-toolbar.tsx';
import { ProductTable, ProductTableSkeleton } from './product-table.tsx';
import { QuickViewDialog } from './quick-view-dialog.tsx';

export const SKELETON_CARDS = 20;

const ICONS: Record<ProductListMode, ReactNode> = {
  category: <CategoryIcon color="primary" fontSize="large" aria-hidden />,
  favorites: <FavoriteIcon color="primary" fontSize="large" aria-hidden />,
  search: <InventoryIcon color="primary" fontSize="large" aria-hidden />,
  specials: <LocalOfferIcon color="primary" fontSize="large" aria-hidden />,
  news: <FiberNewIcon color="primary" fontSize="large" aria-hidden />,
};

/** A change of path (another category, another section) starts the page afresh. */
export function ProductListPage({ mode }: { mode: ProductListMode }) {
  const { pathname } = useLocation();
  return <ProductListView key={pathname} mode={mode} />;
}

interface DialogState {
  product: ProductListItemDto | null;
  open: boolean;
}
const closed: DialogState = { product: null, open: false };

function ProductListView({ mode }: { mode: ProductListMode }) {
  const { t, i18n } = useProductsT();
  const { id } = useParams();
  const categoryId = categoryIdParam(mode, id);
  const { state, update } = useProductListState();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [quick, setQuick] = useState<DialogState>(closed);
  const [analogues, setAnalogues] = useState<DialogState>(closed);
  const containerRef = useRef<HTMLDivElement>(null);

  const marketId = useMarketQueryId();
  const params: ProductListParams = listParams(mode, categoryId, state, marketId, i18n.language);
  const query = useProducts(params, mode !== 'category' || categoryId !== undefined);
  // The grid of a new page renders in the background (in slices), not in one long task when the data arrives.
  const data = useDeferredValue(query.data);
  const ready = query.isSuccess && !query.isPlaceholderData && data === query.data;
  useScrollMemory(ready, containerRef);

  // A new search text (header search on this page) starts again from page 1.
  const lastSearch = useRef(state.search);
  useEffect(() => {
    if (lastSearch.current === state.search) return;
    lastSearch.current = state.search;
    if (state.page !== 1) update({ page: 1 }, { replace: true });
  }, [state.search, state.page, update]);

  const filterCount = activeFilterCount(state);
  const toPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0, behavior: 'instant' });
  };
  const resetFilters = () => update({ filters: [], priceFrom: null, priceTo: null, page: 1 });

  const title = (() => {
    if (mode === 'category') return data?.current_category?.name ?? null;
    if (mode === 'search') return state.search ? t('titles.searchResults', { search: state.search }) : t('titles.search');
    return t(`titles.${mode}`);
  })();

  const handlers = {
    onQuickView: (p: ProductListItemDto) => setQuick({ product: p, open: true }),
    onAnalogues: (p: ProductListItemDto) => setAnalogues({ product: p, open: true }),
  };

  const viewState = query.isError && !data ? 'error' : !data ? 'loading' : query.isPlaceholderData ? 'updating' : 'ready';

  let body: ReactNode;
  if (mode === 'category' && categoryId === undefined) {
    body = <EmptyState title={t('errors.title')} icon={<ErrorOutlineIcon />} testId="product-error" />;
  } else if (!data && query.isError) {
    body = (
      <EmptyState
        title={t('errors.title')}
        text={query.error.message}
        icon={<ErrorOutlineIcon />}
        testId="product-error"
        action={
          <Button variant="contained" onClick={() => void query.refetch()} data-testid="product-error-retry">
            {t('errors.retry')}
          </Button>
        }
      />
    );
  } else if (!data) {
    body =
      state.variant === 'table' ? (
        <ProductTableSkeleton />
      ) : (
        <Box sx={PRODUCT_GRID_SX} aria-busy="true" aria-label={t('toolbar.label')}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </Box>
      );
  } else if (data.data.length === 0) {
    body = (
      <EmptyList mode={mode} search={state.search} filtered={filterCount > 0} total={data.meta.total} onReset={resetFilters} onFirstPage={() => toPage(1)} />
    );
  } else {
    body = (
      <Box sx={{ position: 'relative', opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
        {query.isPlaceholderData && <LinearProgress sx={{ position: 'absolute', top: -8, left: 0, right: 0, zIndex: 1 }} data-testid="product-list-updating" />}
        {state.variant === 'table' ? (
          <ProductTable products={data.data} {...handlers} />
        ) : (
          <Box sx={PRODUCT_GRID_SX} data-testid="product-grid">
            {data.data.map((p, i) => (
              <ProductCard key={p.id} product={p} {...handlers} priority={i < PRIORITY_CARD_IMAGES} />
            ))}
          </Box>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <ProductPagination page={state.page} lastPage={data.pagination.last_page} onChange={toPage} testId="product-pagination-bottom" />
        </Box>
      </Box>
    );
  }

  return (
    <Box ref={containerRef} data-testid="product-list-page" data-mode={mode} data-state={viewState}>
      {mode === 'category' && (
        // Room for the trail (two lines on phones) before it arrives, so the list below does not jump.
        <Box sx={{ display: 'flow-root', minHeight: { xs: 58, sm: 32 } }}>
          {data ? (
            <ProductBreadcrumbs items={data.breadcrumbs} />
          ) : (
            <Skeleton width={200} sx={{ fontSize: '0.875rem' }} data-testid="product-breadcrumbs-skeleton" />
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, minWidth: 0 }}>
        {ICONS[mode]}
        <Typography
          variant="h1"
          component="h1"
          sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: { xs: '1.375rem', sm: '1.75rem' } }}
          data-testid="product-list-title"
        >
          {title ?? <Skeleton width={240} data-testid="product-title-skeleton" />}
        </Typography>
      </Box>
      <ProductListToolbar
        filterCount={filterCount}
        onOpenFilters={() => setDrawerOpen(true)}
        variant={state.variant}
        onVariantChange={(v) => {
          storeVariant(v);
          update({ variant: v });
        }}
        perPage={state.perPage}
        onPerPageChange={(n) => {
          storePerPage(n);
          update({ perPage: n, page: 1 });
        }}
        page={state.page}
        lastPage={data?.pagination.last_page ?? 1}
        total={data ? data.meta.total : null}
        onPageChange={toPage}
      />
      {body}
      <FilterDrawer
        open={drawerOpen}
        onClose={() => {
          setDrawerOpen(false);
          if (state.page !== 1) update({ page: 1 });
        }}
        state={state}
        categoryId={categoryId}
        onFiltersChange={(filters) => update({ filters, page: 1 })}
        onApplyPrice={(price) => {
          update({ ...price, page: 1 });
          setDrawerOpen(false);
        }}
        onReset={resetFilters}
      />
      <QuickViewDialog product={quick.product} open={quick.open} onClose={() => setQuick((q) => ({ ...q, open: false }))} />
      <AnaloguesDialog product={analogues.product} open={analogues.open} onClose={() => setAnalogues((a) => ({ ...a, open: false }))} />
    </Box>
  );
}

function EmptyList({
  mode,
  search,
  filtered,
  total,
  onReset,
  onFirstPage,
}: {
  mode: ProductListMode;
  search: string;
  filtered: boolean;
  total: number;
  onReset: () => void;
  onFirstPage: () => void;
}) {
  const { t } = useProductsT();
  if (total > 0) {
    return (
      <EmptyState
        title={t('empty.pageTitle')}
        text={t('empty.pageText')}
        icon={<InventoryIcon />}
        testId="product-empty"
        action={
          <Button variant="contained" onClick={onFirstPage} data-testid="product-empty-first-page">
            {t('empty.firstPage')}
          </Button>
        }
      />
    );
  }
  const resetButton = filtered ? (
    <Button variant="contained" onClick={onReset} data-testid="product-empty-reset">
      {t('empty.resetFilters')}
    </Button>
  ) : undefined;
  if (search) {
    return (
      <EmptyState
        title={t('empty.searchTitle', { search })}
        text={filtered ? t('empty.filtered') : t('empty.searchText')}
        icon={<SearchOffIcon />}
        testId="product-empty"
        action={resetButton}
      />
    );
  }
  if (mode === 'favorites' && !filtered) {
    return (
      <EmptyState
        title={t('empty.favoritesTitle')}
        text={t('empty.favoritesText')}
        icon={<FavoriteIcon />}
        testId="product-empty"
        action={
          <Button component={RouterLink} to="/dashboard/catalog" variant="contained">
            {t('empty.toCatalog')}
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      title={t('empty.title')}
      text={filtered ? t('empty.filtered') : t('empty.text')}
      icon={<SearchIcon />}
      testId="product-empty"
      action={resetButton}
    />
  );
}
