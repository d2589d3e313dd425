/**
 * Right-side filter drawer (SPEC section 2, 4): groups from GET /filters as checkbox lists with counts
 * (a value with count 0 is disabled unless checked), drop price from/to (min 0), apply and reset.
 * Ticking a value applies it at once (page 1); the price applies with 'Застосувати'.
 * Full width below lg. Test ids: filter-drawer, filter-close, filter-group (data-group-id),
 * filter-value-{typeId}_{valueId} (the checkbox input), filter-count, filter-show-more,
 * filter-price-from, filter-price-to, filter-apply, filter-reset, filters-loading, filters-empty, filters-error.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { filterKey, type FilterGroupDto } from '@drop/shared';
import { useFilters } from '../api/get-filters.ts';
import { useProductsT } from '../lib/i18n.ts';
import { toggleFilter, type ProductListState } from '../lib/list-state.ts';

const VISIBLE_VALUES = 8;

export interface FilterDrawerProps {
  open: boolean;
  /** Closing (backdrop, Escape, the cross) returns the list to page 1. */
  onClose: () => void;
  state: ProductListState;
  categoryId?: number | undefined;
  onFiltersChange: (filters: string[]) => void;
  onApplyPrice: (price: { priceFrom: number | null; priceTo: number | null }) => void;
  onReset: () => void;
}

export function FilterDrawer(props: FilterDrawerProps) {
  const { t } = useProductsT();
  return (
    <Drawer
      anchor="right"
      open={props.open}
      onClose={props.onClose}
      // Above the dashboard's top bar (which sits over the side navigation).
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: { sx: { width: { xs: '100%', lg: 380 }, display: 'flex', flexDirection: 'column' }, 'aria-labelledby': 'filter-drawer-title' } as object,
      }}
      data-testid="filter-drawer"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="filter-drawer-title" variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          {t('filters.title')}
        </Typography>
        <IconButton aria-label={t('filters.close')} onClick={props.onClose} edge="end" data-testid="filter-close">
          <CloseIcon />
        </IconButton>
      </Box>
      {/* Mounted only while open, so the price inputs start from the URL each time. */}
      {props.open && <FilterDrawerBody {...props} />}
    </Drawer>
  );
}

const toNumber = (s: string): number | null => {
  if (s.trim() === '') return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
};

function FilterDrawerBody({ state, categoryId, onFiltersChange, onApplyPrice, onReset }: FilterDrawerProps) {
  const { t, i18n } = useProductsT();
  const groups = useFilters({ categoryId, filters: state.filters, search: state.search, lang: i18n.language });
  // A ticked box shows at once; the URL (the source of truth) catches up a moment later and wins.
  const [optimistic, setOptimistic] = useState<{ base: string[]; value: string[] } | null>(null);
  const selected = optimistic && optimistic.base === state.filters ? optimistic.value : state.filters;
  const onToggle = (key: string) => {
    const next = toggleFilter(selected, key);
    setOptimistic({ base: state.filters, value: next });
    onFiltersChange(next);
  };
  const [from, setFrom] = useState(state.priceFrom === null ? '' : String(state.priceFrom));
  const [to, setTo] = useState(state.priceTo === null ? '' : String(state.priceTo));
  const fromN = toNumber(from);
  const toN = toNumber(to);
  const fromError = fromN !== null && (Number.isNaN(fromN) || fromN < 0);
  const toError = toN !== null && (Number.isNaN(toN) || toN < 0);
  const rangeError = !fromError && !toError && fromN !== null && toN !== null && fromN > toN;
  const invalid = fromError || toError || rangeError;

  const apply = () => {
    if (!invalid) onApplyPrice({ priceFrom: fromN, priceTo: toN });
  };

  return (
    <>
      <Box
        component="form"
        id="filter-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
        sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto', px: 2, py: 2, display: 'grid', gap: 2, alignContent: 'start' }}
      >
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="h3" sx={{ mb: 1.5 }}>
            {t('filters.price')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
            <TextField
              size="small"
              type="number"
              label={t('filters.priceFrom')}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              error={fromError || rangeError}
              helperText={fromError ? t('filters.priceMin') : undefined}
              slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal', 'data-testid': 'filter-price-from' } }}
            />
            <TextField
              size="small"
              type="number"
              label={t('filters.priceTo')}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              error={toError || rangeError}
              helperText={toError ? t('filters.priceMin') : undefined}
              slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal', 'data-testid': 'filter-price-to' } }}
            />
          </Box>
          {rangeError && (
            <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5 }}>
              {t('filters.priceRange')}
            </Typography>
          )}
        </Box>
        <Divider />
        <Box sx={{ position: 'relative' }}>
          {groups.isFetching && groups.isPlaceholderData && <LinearProgress sx={{ position: 'absolute', top: -10, left: 0, right: 0 }} />}
          {groups.isPending ? (
            <Box data-testid="filters-loading">
              {[0, 1, 2].map((i) => (
                <Box key={i} sx={{ mb: 2 }}>
                  <Skeleton width="40%" height={28} />
                  <Skeleton />
                  <Skeleton />
                  <Skeleton width="80%" />
                </Box>
              ))}
            </Box>
          ) : groups.isError ? (
            <Typography color="error" data-testid="filters-error">
              {groups.error.message || t('filters.loadFailed')}
            </Typography>
          ) : groups.data.length === 0 ? (
            <Typography color="text.secondary" data-testid="filters-empty">
              {t('filters.empty')}
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2 }}>
              {groups.data.map((g) => (
                <FilterGroup key={g.id} group={g} selected={selected} onToggle={onToggle} />
              ))}
            </Box>
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, p: 2, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Button variant="outlined" fullWidth onClick={onReset} data-testid="filter-reset">
          {t('filters.reset')}
        </Button>
        <Button variant="contained" fullWidth type="submit" form="filter-form" disabled={invalid} data-testid="filter-apply">
          {t('filters.apply')}
        </Button>
      </Box>
    </>
  );
}

function FilterGroup({ group, selected, onToggle }: { group: FilterGroupDto; selected: string[]; onToggle: (key: string) => void }) {
  const { t } = useProductsT();
  const [expanded, setExpanded] = useState(false);
  const keyOf = (v: FilterGroupDto['properties'][number]) => filterKey(v.property_type_id, v.property_value_id);
  // Checked values always stay visible, even beyond the first VISIBLE_VALUES.
  const shown = expanded ? group.properties : group.properties.filter((v, i) => i < VISIBLE_VALUES || selected.includes(keyOf(v)));
  const hidden = group.properties.length - shown.length;
  const legendId = `filter-group-${group.id}`;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="filter-group" data-group-id={group.id}>
      <Typography component="legend" id={legendId} variant="h3" sx={{ mb: 0.5 }}>
        {group.name}
      </Typography>
      <FormGroup>
        {shown.map((v) => {
          const key = keyOf(v);
          const checked = selected.includes(key);
          return (
            <FormControlLabel
              key={key}
              disabled={v.count === 0 && !checked}
              sx={{ mr: 0, '& .MuiFormControlLabel-label': { flexGrow: 1, minWidth: 0 } }}
              control={
                <Checkbox
                  size="small"
                  checked={checked}
                  onChange={() => onToggle(key)}
                  slotProps={{ input: { 'data-testid': `filter-value-${key}` } as object }}
                />
              }
              label={
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {v.value}
                  </Box>
                  <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }} data-testid="filter-count">
                    ({v.count})
                  </Box>
                </Box>
              }
            />
          );
        })}
      </FormGroup>
      {(hidden > 0 || expanded) && group.properties.length > VISIBLE_VALUES && (
        <Button size="small" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded} sx={{ mt: 0.5 }} data-testid="filter-show-more">
          {expanded ? t('filters.showLess') : t('filters.showMore', { count: hidden })}
        </Button>
      )}
    </Box>
  );
}
