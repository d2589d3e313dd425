/**
 * /admin/catalog/low-stock: live products whose free stock is at or below a threshold (default 3),
 * the fewest first, with on hand / reserved / free; a category (with its subtree) and "only those
 * still in stock" filter; the threshold and filters live in the URL; "Показати ще" pages on.
 * Test ids: low-stock-page, low-stock-threshold, low-stock-category, low-stock-nonzero,
 * low-stock-row (data-product-id; low-stock-free, low-stock-reserved, low-stock-on-hand),
 * low-stock-empty, low-stock-more.
 */
import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
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
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LOW_STOCK_DEFAULT_THRESHOLD, type LowStockRowDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAdminCategories } from './api.ts';
import { buildTree, categoryOptions, type CategoryOption } from './lib/tree.ts';
import { useLowStock, type LowStockParams } from './stock-api.ts';
import { useStockT } from './stock-i18n.ts';

const MAX_THRESHOLD = 1_000_000;

/** The page's query from the URL (unknown values ignored). */
export function parseLowStockQuery(p: URLSearchParams): LowStockParams {
  const raw = p.get('threshold');
  const threshold = raw && /^\d{1,7}$/.test(raw) && Number(raw) <= MAX_THRESHOLD ? Number(raw) : LOW_STOCK_DEFAULT_THRESHOLD;
  const cat = p.get('category_id');
  return {
    threshold,
    category_id: cat && /^\d{1,10}$/.test(cat) && Number(cat) > 0 ? Number(cat) : undefined,
    in_stock_only: p.get('in_stock_only') === 'true' || undefined,
  };
}

export function LowStockPage() {
  const { t, tc, i18n } = useStockT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity of the filter
  const query = useMemo(() => parseLowStockQuery(params), [key]);
  const list = useLowStock(query);
  const categories = useAdminCategories();
  const lang = i18n.language === 'ru' ? 'ru' : 'uk';
  const options = useMemo(() => categoryOptions(buildTree(categories.data ?? []), lang), [categories.data, lang]);
  // What is being typed; null shows the URL's threshold.
  const [draft, setDraft] = useState<string | null>(null);
  const threshold = draft ?? String(query.threshold);

  const patch = (changes: Record<string, string | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  const commitThreshold = () => {
    const v = threshold.trim();
    if (/^\d{1,7}$/.test(v) && Number(v) <= MAX_THRESHOLD) patch({ threshold: Number(v) === LOW_STOCK_DEFAULT_THRESHOLD ? undefined : String(Number(v)) });
    setDraft(null);
  };
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const name = (r: LowStockRowDto) => (lang === 'ru' ? r.name_ru : r.name_uk);
  const free = (r: LowStockRowDto) => (
    <Typography component="span" sx={{ fontWeight: 700, color: r.free === 0 ? 'error.main' : 'warning.dark' }} data-testid="low-stock-free">
      {r.free}
    </Typography>
  );

  return (
    <Box data-testid="low-stock-page">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('low.hint')}
      </Typography>
      <Box
        role="search"
        aria-label={t('low.title')}
        sx={{ display: 'grid', gap: 1.5, mb: 2, alignItems: 'center', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr) auto' } }}
      >
        <TextField
          size="small"
          label={t('low.threshold')}
          value={threshold}
          onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 7))}
          onBlur={commitThreshold}
          onKeyDown={(e) => e.key === 'Enter' && commitThreshold()}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'low-stock-threshold' } }}
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
              label={t('low.category')}
              slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'low-stock-category' } }}
            />
          )}
        />
        <FormControlLabel
          control={
            <Switch
              checked={!!query.in_stock_only}
              onChange={(e) => patch({ in_stock_only: e.target.checked ? 'true' : undefined })}
              slotProps={{ input: { 'data-testid': 'low-stock-nonzero' } as object }}
            />
          }
          label={t('low.nonZero')}
        />
      </Box>
      {list.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={tc('common.loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : list.isError && !list.data ? (
        <EmptyState title={tc('errors.loadFailed')} text={isApiError(list.error) ? list.error.message : undefined} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('low.empty', { n: query.threshold })} icon={<InventoryIcon />} testId="low-stock-empty" />
      ) : desktop ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('low.title')}>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
                <TableCell>{t('low.product')}</TableCell>
                <TableCell align="right">{t('low.onHand')}</TableCell>
                <TableCell align="right">{t('low.reserved')}</TableCell>
                <TableCell align="right">{t('low.free')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} hover data-testid="low-stock-row" data-product-id={r.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/admin/catalog/products/${r.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                      {name(r)}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t(r.vendor_code ? 'low.codes' : 'low.codesNoVendor', { code: r.b2b_code_id, vendor: r.vendor_code })}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" data-testid="low-stock-on-hand">
                    {r.on_hand}
                  </TableCell>
                  <TableCell align="right" data-testid="low-stock-reserved">
                    {r.reserved}
                  </TableCell>
                  <TableCell align="right">{free(r)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('low.title')}>
          {rows.map((r) => (
            <Card component="li" key={r.id} data-testid="low-stock-row" data-product-id={r.id}>
              <CardActionArea component={RouterLink} to={`/admin/catalog/products/${r.id}`} sx={{ p: 1.5 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name(r)}</Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t(r.vendor_code ? 'low.codes' : 'low.codesNoVendor', { code: r.b2b_code_id, vendor: r.vendor_code })}
                </Typography>
                <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, mt: 1 }}>
                  <Box>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('low.onHand')}
                    </Typography>
                    <span data-testid="low-stock-on-hand">{r.on_hand}</span>
                  </Box>
                  <Box>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('low.reserved')}
                    </Typography>
                    <span data-testid="low-stock-reserved">{r.reserved}</span>
                  </Box>
                  <Box>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('low.free')}
                    </Typography>
                    {free(r)}
                  </Box>
                </Box>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Box sx={{ mt: 1.5, textAlign: 'center' }}>
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="low-stock-more">
            {t('low.more')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
