/**
 * List toolbar (SPEC section 2): filter button with a badge of active filters, card/table toggle,
 * per-page selector, pagination (7 pages on sm and up, 3 on xs).
 * Test ids: product-toolbar, product-filter-button, product-filter-badge, product-variant-toggle,
 * product-variant-card, product-variant-table, product-per-page (the select's input), product-total,
 * product-pagination (and product-pagination-bottom under the list).
 */
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import ViewListIcon from '@mui/icons-material/ViewList';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { PER_PAGE_OPTIONS } from '@drop/shared';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { useProductsT } from '../lib/i18n.ts';
import type { ProductVariant } from '../lib/list-state.ts';

/** The list's pages (the shared ListPagination, in a row of the toolbar or under the list). */
export function ProductPagination({
  page,
  lastPage,
  onChange,
  testId = 'product-pagination',
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  testId?: string;
}) {
  const { t } = useProductsT();
  return (
    <ListPagination
      inline
      page={page}
      lastPage={lastPage}
      onChange={onChange}
      label={t('toolbar.pagination')}
      testId={testId}
      itemLabel={(type, n, selected) => {
        if (type === 'page') return selected ? t('toolbar.pageItem', { page: n }) : t('toolbar.goToPage', { page: n });
        return t(`toolbar.${type}Page`);
      }}
    />
  );
}

export interface ProductListToolbarProps {
  filterCount: number;
  onOpenFilters: () => void;
  variant: ProductVariant;
  onVariantChange: (v: ProductVariant) => void;
  perPage: number;
  onPerPageChange: (n: number) => void;
  page: number;
  lastPage: number;
  total: number | null;
  onPageChange: (page: number) => void;
}

export function ProductListToolbar(p: ProductListToolbarProps) {
  const { t } = useProductsT();
  const filterLabel = p.filterCount > 0 ? t('toolbar.filtersActive', { count: p.filterCount }) : t('toolbar.filters');
  return (
    <Box
      role="toolbar"
      aria-label={t('toolbar.label')}
      data-testid="product-toolbar"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        mb: 2,
        p: 1.5,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Badge
        badgeContent={p.filterCount}
        color="primary"
        invisible={p.filterCount === 0}
        slotProps={{ badge: { 'data-testid': 'product-filter-badge' } as object }}
      >
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          onClick={p.onOpenFilters}
          aria-label={filterLabel}
          aria-haspopup="dialog"
          data-testid="product-filter-button"
        >
          {t('toolbar.filters')}
        </Button>
      </Badge>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={p.variant}
        onChange={(_e, v: ProductVariant | null) => v && p.onVariantChange(v)}
        aria-label={t('toolbar.view')}
        data-testid="product-variant-toggle"
      >
        <ToggleButton value="card" aria-label={t('toolbar.cards')} data-testid="product-variant-card">
          <ViewModuleIcon fontSize="small" />
        </ToggleButton>
        <ToggleButton value="table" aria-label={t('toolbar.table')} data-testid="product-variant-table">
          <ViewListIcon fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label={t('toolbar.perPage')}
        value={p.perPage}
        onChange={(e) => p.onPerPageChange(Number(e.target.value))}
        sx={{ width: 120 }}
        fullWidth={false}
        slotProps={{ htmlInput: { 'data-testid': 'product-per-page' }, select: { SelectDisplayProps: { 'data-testid': 'product-per-page-select' } as object } }}
      >
        {PER_PAGE_OPTIONS.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      {p.total !== null ? (
        <Typography variant="body2" color="text.secondary" data-testid="product-total" sx={{ whiteSpace: 'nowrap' }}>
          {t('toolbar.total', { count: p.total })}
        </Typography>
      ) : (
        <Skeleton width={110} sx={{ fontSize: '0.875rem' }} aria-hidden />
      )}
      {/* While loading, phones keep the pagination's row, so the list does not jump when it arrives. */}
      <Box
        sx={{
          ml: { sm: 'auto' },
          width: { xs: '100%', sm: 'auto' },
          minHeight: { xs: p.total === null ? 26 : 0, sm: 0 },
          display: 'flex',
          justifyContent: 'center',
        }}
      >
        <ProductPagination page={p.page} lastPage={p.lastPage} onChange={p.onPageChange} />
      </Box>
    </Box>
  );
}
