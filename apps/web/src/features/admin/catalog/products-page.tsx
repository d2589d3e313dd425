/**
 * /admin/catalog/products: search (debounced), category, stock, new and specials filters in the
 * URL, a table from lg and cards below with thumbnails, pagination; a row opens the editor.
 * Test ids: products-page, products-search, products-category, products-stock, products-new,
 * products-specials, products-total, admin-products-table, admin-products-cards, product-row
 * (data-product-id), products-empty, products-pagination; selection products-select-{id}, products-select-all,
 * and the bulk move: products-bulk, products-move-category, products-move-submit; products-category-note
 * (the listed category is hidden from resellers or is the unsorted one); products-create (a new
 * product), products-archived (the archive instead of the live products), product-archived-{id} (the chip).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import SearchIcon from '@mui/icons-material/Search';
import PriceChangeIcon from '@mui/icons-material/PriceChangeOutlined';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import { useEditorT } from './editor-i18n.ts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PICTURE_SIZES, SEARCH_DEBOUNCE_MS, formatMoney, type AdminProductSummaryDto, ADMIN_COUNT_CAP } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAdminCategories, useAdminProducts, useMoveProducts, type ProductsQuery } from './api.ts';
import { HIDDEN_CHIP } from './categories-page.tsx';
import { useCatalogT } from './i18n.ts';
import { buildTree, categoryOptions, hiddenCategoryIds, type CategoryOption } from './lib/tree.ts';
import { BulkChangeDialog } from './bulk-change-dialog.tsx';
import { bulkFilterOf } from './stock-api.ts';
import { useStockT } from './stock-i18n.ts';

export const PRODUCTS_PER_PAGE = 20;
export const productEditPath = (id: number) => `/admin/catalog/products/${id}`;

const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
const bool = (v: string | null) => (v === 'true' ? true : v === 'false' ? false : undefined);

/** The list's query from the URL (unknown values ignored). */
export function parseProductsQuery(p: URLSearchParams): ProductsQuery {
  return {
    search: p.get('search')?.trim().slice(0, 255) || undefined,
    category_id: positive(p.get('category_id')),
    in_stock: bool(p.get('in_stock')),
    is_new: p.get('is_new') === 'true' ? true : undefined,
    specials: p.get('specials') === 'true' ? true : undefined,
    archived: p.get('archived') === 'true' ? 'true' : p.get('archived') === 'all' ? 'all' : undefined,
    page: positive(p.get('page')) ?? 1,
    per_page: PRODUCTS_PER_PAGE,
  };
}

function Thumb({ product, size = 48 }: { product: AdminProductSummaryDto; size?: number }) {
  return (
    <Avatar
      variant="rounded"
      src={product.thumb ?? undefined}
      alt=""
      // The thumb (200 px square) is enough for 48-64 px up to DPR 3; lazy below the fold.
      slotProps={{ img: { loading: 'lazy', decoding: 'async', width: PICTURE_SIZES.thumb, height: PICTURE_SIZES.thumb } }}
      sx={{ width: size, height: size, bgcolor: 'grey.100', color: 'grey.400' }}
      data-testid="admin-product-thumb"
    >
      <ImageIcon />
    </Avatar>
  );
}

function Flags({ product }: { product: AdminProductSummaryDto }) {
  const { t } = useCatalogT();
  const { t: te } = useEditorT();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {product.is_new && <Chip size="small" color="info" label={t('products.new')} />}
      {product.old_drop_price !== null && <Chip size="small" color="secondary" label={t('products.special')} />}
      {product.qty === 0 && <Chip size="small" variant="outlined" label={t('products.outOfStock')} />}
      {product.archived_at !== null && (
        <Chip size="small" color="default" icon={<ArchiveIcon />} label={te('product.archived')} data-testid={`product-archived-${product.id}`} />
      )}
    </Box>
  );
}

function Qty({ product }: { product: AdminProductSummaryDto }) {
  const { t } = useCatalogT();
  return (
    <>
      <Typography component="span" sx={{ fontWeight: 600, color: product.qty === 0 ? 'error.main' : undefined }}>
        {product.qty}
      </Typography>
      {product.reserved > 0 && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('products.reserved', { count: product.reserved })}
        </Typography>
      )}
    </>
  );
}

/** The bar over the list while products are selected: move them all into one category. */
function BulkMove({ selected, options, onDone }: { selected: number[]; options: CategoryOption[]; onDone: () => void }) {
  const { t, tc } = useCatalogT();
  const toast = useToast();
  const move = useMoveProducts();
  const [target, setTarget] = useState<CategoryOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (move.isPending) return;
    if (!target) {
      setError(t('products.moveTargetRequired'));
      return;
    }
    setError(null);
    move.mutate(
      { product_ids: selected, category_id: target.id },
      {
        onSuccess: (r) => {
          toast.success(t('products.moved', { count: r.moved }));
          setTarget(null);
          onDone();
        },
        onError: (e) => setError(isApiError(e) ? (Object.values(e.errors ?? {})[0]?.[0] ?? e.message) : tc('errors.generic')),
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5, bgcolor: 'action.hover' }} data-testid="products-bulk">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('products.selected', { count: selected.length })}</Typography>
        <Autocomplete<CategoryOption>
          size="small"
          sx={{ flex: '1 1 240px', minWidth: 0, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
          options={options}
          value={target}
          onChange={(_e, v) => (setTarget(v), setError(null))}
          getOptionLabel={(o) => o.path}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderOption={({ key: k, ...props }, o) => (
            <li key={k} {...props} style={{ paddingLeft: 16 + o.depth * 16 }}>
              {o.name}
            </li>
          )}
          renderInput={(p) => (
            <TextField
              {...p}
              label={t('products.moveTo')}
              error={!!error}
              helperText={error ?? undefined}
              slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'products-move-category' } }}
            />
          )}
        />
        <Button variant="contained" onClick={submit} loading={move.isPending} data-testid="products-move-submit">
          {t('products.move')}
        </Button>
        <Button onClick={onDone} disabled={move.isPending}>
          {t('products.clearSelection')}
        </Button>
      </Box>
    </Paper>
  );
}

export function ProductsPage() {
  const { t, tc, i18n } = useCatalogT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity of the filter
  const query = useMemo(() => parseProductsQuery(params), [key]);
  const products = useAdminProducts(query);
  const categories = useAdminCategories();
  const lang = i18n.language === 'ru' ? 'ru' : 'uk';
  const options = useMemo(() => categoryOptions(buildTree(categories.data ?? []), lang), [categories.data, lang]);
  const categoryName = (id: number) => options.find((o) => o.id === id)?.path ?? `#${id}`;
  const hiddenIds = useMemo(() => hiddenCategoryIds(categories.data ?? []), [categories.data]);
  const listed = categories.data?.find((c) => c.id === query.category_id);
  // A selection belongs to the list it was made in (another filter or page starts with none).
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key, ids: [] });
  const selected = selection.key === key ? selection.ids : [];
  const setSelected = (ids: number[]) => setSelection({ key, ids });
  const toggleSelected = (id: number) => setSelected(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const [search, setSearch] = useState(query.search ?? '');
  const { t: ts } = useStockT();
  const { t: te } = useEditorT();
  const [bulkOpen, setBulkOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const patch = (changes: Record<string, string | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, v);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => patch({ search: value.trim() || undefined }), SEARCH_DEBOUNCE_MS);
  };
  const rows = products.data?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((p) => selected.includes(p.id));
  const selectBox = (p: AdminProductSummaryDto) => (
    <Checkbox
      checked={selected.includes(p.id)}
      onChange={() => toggleSelected(p.id)}
      slotProps={{
        input: { 'aria-label': t('products.select', { name: lang === 'ru' ? p.name_ru : p.name_uk }), 'data-testid': `products-select-${p.id}` } as object,
      }}
    />
  );
  const hiddenMark = (p: AdminProductSummaryDto) =>
    // An archived product sits in the hidden archive: its own chip says so.
    hiddenIds.has(p.category_id) && p.archived_at === null ? (
      <Chip size="small" variant="outlined" label={t('products.hiddenMark')} sx={{ mt: 0.5, ...HIDDEN_CHIP }} />
    ) : null;
  const money = (v: number | null) => (v === null ? '—' : `${formatMoney(v)} ${tc('common.currency')}`);

  return (
    <Box data-testid="products-page">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/admin/catalog/products/new" data-testid="products-create">
          {te('product.new')}
        </Button>
      </Box>
      <Box
        role="search"
        aria-label={t('products.filters')}
        sx={{
          display: 'grid',
          gap: 1.5,
          mb: 2,
          alignItems: 'center',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'minmax(0, 1.4fr) minmax(0, 1.4fr) minmax(0, 1fr)',
            xl: 'minmax(0, 1.4fr) minmax(0, 1.4fr) minmax(0, 1fr) auto',
          },
        }}
      >
        <TextField
          size="small"
          type="search"
          label={t('products.search')}
          placeholder={t('products.searchPlaceholder')}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              clearTimeout(timer.current);
              patch({ search: search.trim() || undefined });
            }
          }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'products-search', maxLength: 255 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Autocomplete<CategoryOption>
          size="small"
          options={options}
          value={options.find((o) => o.id === query.category_id) ?? null}
          onChange={(_e, v) => patch({ category_id: v ? String(v.id) : undefined })}
          getOptionLabel={(o) => o.path}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={categories.isPending}
          renderOption={({ key: k, ...props }, o) => (
            <li key={k} {...props} style={{ paddingLeft: 16 + o.depth * 16 }}>
              {o.name}
            </li>
          )}
          renderInput={(p) => (
            <TextField
              {...p}
              label={t('products.category')}
              slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'products-category' } }}
            />
          )}
        />
        <TextField
          select
          size="small"
          label={t('products.stock')}
          value={query.in_stock === undefined ? '' : String(query.in_stock)}
          onChange={(e) => patch({ in_stock: e.target.value || undefined })}
          slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'products-stock' } as object }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('products.stockAll')}</MenuItem>
          <MenuItem value="true">{t('products.inStock')}</MenuItem>
          <MenuItem value="false">{t('products.outOfStock')}</MenuItem>
        </TextField>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Chip
            label={t('products.onlyNew')}
            color={query.is_new ? 'primary' : 'default'}
            variant={query.is_new ? 'filled' : 'outlined'}
            onClick={() => patch({ is_new: query.is_new ? undefined : 'true' })}
            aria-pressed={!!query.is_new}
            data-testid="products-new"
          />
          <Chip
            label={t('products.onlySpecials')}
            color={query.specials ? 'primary' : 'default'}
            variant={query.specials ? 'filled' : 'outlined'}
            onClick={() => patch({ specials: query.specials ? undefined : 'true' })}
            aria-pressed={!!query.specials}
            data-testid="products-specials"
          />
          <Chip
            icon={<ArchiveIcon />}
            label={te('product.archivedOnly')}
            color={query.archived === 'true' ? 'primary' : 'default'}
            variant={query.archived === 'true' ? 'filled' : 'outlined'}
            onClick={() => patch({ archived: query.archived === 'true' ? undefined : 'true' })}
            aria-pressed={query.archived === 'true'}
            data-testid="products-archived"
          />
        </Box>
      </Box>
      {listed && (listed.unsorted || hiddenIds.has(listed.id)) && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="products-category-note">
          {listed.unsorted ? t('products.unsortedCategory') : t('products.hiddenCategory')}
        </Alert>
      )}
      {selected.length > 0 && <BulkMove selected={selected} options={options.filter((o) => o.id !== query.category_id)} onDone={() => setSelected([])} />}
      {products.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={tc('common.loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
        </Stack>
      ) : products.isError && !products.data ? (
        <EmptyState title={tc('errors.loadFailed')} text={products.error.message} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('products.empty')} icon={<InventoryIcon />} testId="products-empty" />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            <Typography color="text.secondary" data-testid="products-total">
              {products.data.meta.total > ADMIN_COUNT_CAP
                ? t('products.foundMore', { n: ADMIN_COUNT_CAP.toLocaleString(i18n.language === 'ru' ? 'ru-RU' : 'uk-UA') })
                : t('products.found', { count: products.data.meta.total })}
            </Typography>
            {/* Bulk changes never touch archived products: not offered on the archive's list. */}
            {query.archived !== 'true' && (
              <Button variant="outlined" size="small" startIcon={<PriceChangeIcon />} onClick={() => setBulkOpen(true)} data-testid="products-bulk-change">
                {ts('bulk.open')}
              </Button>
            )}
          </Box>
          {bulkOpen && (
            <BulkChangeDialog open target={selected.length ? { product_ids: selected } : { filter: bulkFilterOf(query) }} onClose={() => setBulkOpen(false)} />
          )}
          {desktop ? (
            <TableContainer component={Paper} variant="outlined" data-testid="admin-products-table">
              <Table size="small" aria-label={t('products.title')}>
                <TableHead>
                  <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allSelected}
                        indeterminate={!allSelected && rows.some((p) => selected.includes(p.id))}
                        onChange={() => setSelected(allSelected ? [] : rows.map((p) => p.id))}
                        slotProps={{ input: { 'aria-label': t('products.selectAll'), 'data-testid': 'products-select-all' } as object }}
                      />
                    </TableCell>
                    <TableCell />
                    <TableCell>{t('products.name')}</TableCell>
                    <TableCell>{t('products.category')}</TableCell>
                    <TableCell align="right">{t('products.drop')}</TableCell>
                    <TableCell align="right">{t('products.oldDrop')}</TableCell>
                    <TableCell align="right">{t('products.retail')}</TableCell>
                    <TableCell align="right">{t('products.qty')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((p) => (
                    <TableRow key={p.id} hover selected={selected.includes(p.id)} data-testid="product-row" data-product-id={p.id}>
                      <TableCell padding="checkbox">{selectBox(p)}</TableCell>
                      <TableCell sx={{ width: 64 }}>
                        <Thumb product={p} />
                      </TableCell>
                      <TableCell sx={{ minWidth: 220 }}>
                        <Link component={RouterLink} to={productEditPath(p.id)} underline="hover" sx={{ fontWeight: 600 }}>
                          {lang === 'ru' ? p.name_ru : p.name_uk}
                        </Link>
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t(p.vendor_code ? 'products.codes' : 'products.codesNoVendor', { code: p.b2b_code_id, vendor: p.vendor_code })}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ maxWidth: 240 }}>
                        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                          {categoryName(p.category_id)}
                        </Typography>
                        {hiddenMark(p)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }} data-testid="product-row-drop">
                        {money(p.drop_price)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                        {money(p.old_drop_price)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {money(p.retail_price)}
                      </TableCell>
                      <TableCell align="right" data-testid="product-row-qty">
                        <Qty product={p} />
                      </TableCell>
                      <TableCell>
                        <Flags product={p} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('products.title')} data-testid="admin-products-cards">
              {rows.map((p) => (
                <Card component="li" key={p.id} data-testid="product-row" data-product-id={p.id} sx={{ display: 'flex', alignItems: 'flex-start' }}>
                  <Box sx={{ pt: 1, pl: 0.5 }}>{selectBox(p)}</Box>
                  <CardActionArea
                    component={RouterLink}
                    to={productEditPath(p.id)}
                    sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', justifyContent: 'flex-start' }}
                  >
                    <Thumb product={p} size={64} />
                    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{lang === 'ru' ? p.name_ru : p.name_uk}</Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {t(p.vendor_code ? 'products.codes' : 'products.codesNoVendor', { code: p.b2b_code_id, vendor: p.vendor_code })}
                      </Typography>
                      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, my: 0.5, flexWrap: 'wrap' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="product-row-drop">
                          {money(p.drop_price)}
                        </Typography>
                        <Typography variant="body2" data-testid="product-row-qty">
                          {t('products.qtyShort', { count: p.qty })}
                        </Typography>
                      </Box>
                      <Flags product={p} />
                      {hiddenMark(p)}
                    </Box>
                  </CardActionArea>
                </Card>
              ))}
            </Stack>
          )}
          <ListPagination
            page={query.page}
            lastPage={products.data.meta.last_page}
            onChange={(p) => patch({ page: p > 1 ? String(p) : undefined })}
            label={t('products.pages')}
            testId="products-pagination"
          />
        </>
      )}
    </Box>
  );
}
