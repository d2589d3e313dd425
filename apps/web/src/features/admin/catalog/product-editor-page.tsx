/**
 * /admin/catalog/products/:id: the product editor: names and descriptions (uk/ru side by side),
 * brand, category, drop/retail/old drop prices (UAH), stock (0 -> more notifies the subscribers),
 * "new", properties (type -> value pickers with search) and pictures (saved at once).
 * Test ids: product-editor (data-state), product-form, field-{name} on inputs, product-category,
 * qty-hint, restock-alert, product-properties, property-row (data-type-id), property-value-{index},
 * property-remove-{index}, property-add-type, product-save, product-form-error, product-public-link.
 * Issue 29: /admin/catalog/products/new creates one with the same form (product-create-page;
 * pictures after it is saved); vendor code and pack sizes (field-vendor_code, field-inet_pack,
 * field-in_pack); archive / unarchive (product-archive, product-unarchive, confirmed in
 * product-archive-dialog and product-unarchive-dialog with unarchive-category), product-archived-alert.
 */
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useArchiveProduct, useCreateProduct, useUnarchiveProduct } from './editor-api.ts';
import { useEditorT } from './editor-i18n.ts';
import { z } from 'zod';
import { SEARCH_DEBOUNCE_MS, formatDate, type AdminCategoryDto, type AdminProductDto, type AdminPropertyValueDto, type ProductUpdateInput } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField, validationMessage } from '../../../lib/form.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAdminCategories, useAdminProduct, usePropertyTypes, usePropertyValues, useUpdateProduct } from './api.ts';
import { useCatalogT } from './i18n.ts';
import { buildTree, categoryOptions, hiddenCategoryIds, type CategoryOption } from './lib/tree.ts';
import { HIDDEN_CHIP } from './categories-page.tsx';
import { ProductImages } from './product-images.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { StockHistory } from './stock-history.tsx';

const PRICE = /^\d{1,8}([.,]\d{1,2})?$/;
const toNumber = (v: string) => Number(v.trim().replace(',', '.'));
const price = (positive: boolean) =>
  z
    .string()
    .trim()
    .regex(PRICE, 'invalid_value')
    .refine((v) => toNumber(v) <= 10_000_000, 'too_big')
    .refine((v) => !positive || toNumber(v) > 0, 'amount_positive');

const pack = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, 'invalid_value')
  .refine((v) => Number(v) >= 1, 'too_small')
  .refine((v) => Number(v) <= 100_000, 'too_big');

export const productForm = z.object({
  name_uk: z.string().trim().min(1, 'required').max(255, 'too_long'),
  name_ru: z.string().trim().min(1, 'required').max(255, 'too_long'),
  description_uk: z.string().max(20_000, 'too_long'),
  description_ru: z.string().max(20_000, 'too_long'),
  brand: z.string().trim().max(255, 'too_long'),
  category_id: z
    .number()
    .nullable()
    .refine((v) => Boolean(v !== null), 'required'),
  drop_price: price(true),
  retail_price: price(true),
  old_drop_price: z.union([z.literal(''), price(false)]),
  qty: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, 'invalid_value')
    .refine((v) => Number(v) <= 10_000_000, 'too_big'),
  is_new: z.boolean(),
  vendor_code: z.string().trim().max(200, 'too_long'),
  inet_pack: pack,
  in_pack: pack,
  properties: z.array(
    z.object({
      type_id: z.number(),
      value_id: z
        .number()
        .nullable()
        .refine((v) => Boolean(v !== null), 'required'),
      label: z.string().nullable(),
    }),
  ),
});
export type ProductForm = z.infer<typeof productForm>;

const money = (v: number) => v.toFixed(2);

export function formOf(p: AdminProductDto, lang: 'uk' | 'ru' = 'uk'): ProductForm {
  return {
    name_uk: p.name_uk,
    name_ru: p.name_ru,
    description_uk: p.description_uk,
    description_ru: p.description_ru,
    brand: p.brand ?? '',
    category_id: p.category_id,
    drop_price: money(p.drop_price),
    retail_price: money(p.retail_price),
    old_drop_price: p.old_drop_price === null ? '' : money(p.old_drop_price),
    qty: String(p.qty),
    is_new: p.is_new,
    vendor_code: p.vendor_code,
    inet_pack: String(p.inet_pack),
    in_pack: String(p.in_pack),
    properties: p.properties.map((x) => ({
      type_id: x.property_type_id,
      value_id: x.property_value_id,
      label: (lang === 'ru' ? x.value_ru : x.value_uk) || x.value_uk,
    })),
  };
}

export function inputOf(v: ProductForm): ProductUpdateInput {
  return {
    name_uk: v.name_uk.trim(),
    name_ru: v.name_ru.trim(),
    description_uk: v.description_uk,
    description_ru: v.description_ru,
    brand: v.brand.trim() || null,
    category_id: v.category_id!,
    drop_price: toNumber(v.drop_price),
    retail_price: toNumber(v.retail_price),
    old_drop_price: v.old_drop_price === '' ? null : toNumber(v.old_drop_price),
    qty: Number(v.qty),
    is_new: v.is_new,
    vendor_code: v.vendor_code.trim(),
    inet_pack: Number(v.inet_pack),
    in_pack: Number(v.in_pack),
    property_value_ids: [...new Set(v.properties.map((x) => x.value_id!))],
  };
}

/** A new product's empty form (in `categoryId` when the list was filtered by one). */
export function emptyForm(categoryId: number | null = null): ProductForm {
  return {
    name_uk: '',
    name_ru: '',
    description_uk: '',
    description_ru: '',
    brand: '',
    category_id: categoryId,
    drop_price: '',
    retail_price: '',
    old_drop_price: '',
    qty: '0',
    is_new: false,
    vendor_code: '',
    inet_pack: '1',
    in_pack: '1',
    properties: [],
  };
}

const SERVER_FIELDS = [
  'name_uk',
  'name_ru',
  'description_uk',
  'description_ru',
  'brand',
  'category_id',
  'drop_price',
  'retail_price',
  'old_drop_price',
  'qty',
  'is_new',
  'vendor_code',
  'inet_pack',
  'in_pack',
] as const;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

const valueLabel = (v: Pick<AdminPropertyValueDto, 'value_uk' | 'value_ru'>, lang: string) => (lang === 'ru' ? v.value_ru || v.value_uk : v.value_uk);

function PropertyValuePicker({
  control,
  index,
  typeId,
  lang,
  error,
}: {
  control: Control<ProductForm>;
  index: number;
  typeId: number;
  lang: string;
  error?: string | undefined;
}) {
  const { t } = useCatalogT();
  const [input, setInput] = useState('');
  const [typing, setTyping] = useState(false);
  const search = useDebounced(typing ? input : '', SEARCH_DEBOUNCE_MS);
  const values = usePropertyValues(typeId, search);
  const initial = usePropertyValues(typeId, '');
  return (
    <Controller
      control={control}
      name={`properties.${index}`}
      render={({ field }) => {
        const row = field.value;
        const known = row.value_id === null ? undefined : [...(values.data ?? []), ...(initial.data ?? [])].find((v) => v.id === row.value_id);
        const current = row.value_id === null ? null : { id: row.value_id, label: row.label ?? (known ? valueLabel(known, lang) : `#${row.value_id}`) };
        const options = (values.data ?? []).map((v) => ({ id: v.id, label: valueLabel(v, lang) }));
        return (
          <Autocomplete
            size="small"
            sx={{ flexGrow: 1, minWidth: 0 }}
            options={current && !options.some((o) => o.id === current.id) ? [current, ...options] : options}
            value={current}
            filterOptions={(x) => x}
            loading={values.isFetching}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(o) => o.label}
            onInputChange={(_e, v, reason) => {
              setInput(v);
              setTyping(reason === 'input');
            }}
            onChange={(_e, v) => field.onChange({ ...row, value_id: v?.id ?? null, label: v?.label ?? null })}
            noOptionsText={t('properties.noValues')}
            renderInput={(p) => (
              <TextField
                {...p}
                label={t('properties.value')}
                error={!!error}
                helperText={validationMessage(error)}
                slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': `property-value-${index}` } }}
              />
            )}
          />
        );
      }}
    />
  );
}

function PropertiesEditor({ control, lang }: { control: Control<ProductForm>; lang: string }) {
  const { t } = useCatalogT();
  const types = usePropertyTypes();
  const { fields, append, remove } = useFieldArray({ control, name: 'properties' });
  const { errors } = useFormState({ control, name: 'properties' });
  const typeName = (id: number) => {
    const tp = types.data?.find((x) => x.id === id);
    return tp ? (lang === 'ru' ? tp.name_ru || tp.name_uk : tp.name_uk) : `#${id}`;
  };
  return (
    <SectionCard id="product-properties-title" title={t('properties.title')} testId="product-properties">
      <Stack spacing={1.5}>
        {fields.length === 0 && <Typography color="text.secondary">{t('properties.empty')}</Typography>}
        {fields.map((f, i) => (
          <Box
            key={f.id}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
            data-testid="property-row"
            data-type-id={f.type_id}
          >
            <Typography sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0, pt: { sm: 1 }, fontWeight: 500, overflowWrap: 'anywhere' }}>
              {typeName(f.type_id)}
            </Typography>
            <PropertyValuePicker control={control} index={i} typeId={f.type_id} lang={lang} error={errors.properties?.[i]?.value_id?.message} />
            <IconButton onClick={() => remove(i)} aria-label={t('properties.remove', { name: typeName(f.type_id) })} data-testid={`property-remove-${i}`}>
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
        <TextField
          select
          size="small"
          label={t('properties.add')}
          value=""
          onChange={(e) => e.target.value && append({ type_id: Number(e.target.value), value_id: null, label: null })}
          sx={{ maxWidth: 360 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'property-add-type' } as object } }}
          disabled={!types.data}
        >
          {(types.data ?? []).map((tp) => (
            <MenuItem key={tp.id} value={String(tp.id)}>
              {lang === 'ru' ? tp.name_ru || tp.name_uk : tp.name_uk}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </SectionCard>
  );
}

/** Archiving (confirmed) and bringing back (into its old category, or a chosen one when that is gone). */
function ArchiveActions({ product, categories, options }: { product: AdminProductDto; categories: AdminCategoryDto[]; options: CategoryOption[] }) {
  const { t: te } = useEditorT();
  const { tc, i18n } = useCatalogT();
  const toast = useToast();
  const archive = useArchiveProduct(product.id);
  const unarchive = useUnarchiveProduct(product.id);
  const [open, setOpen] = useState<'archive' | 'unarchive' | null>(null);
  const fromExists = product.archived_from_category_id !== null && categories.some((c) => c.id === product.archived_from_category_id);
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = target ?? (fromExists ? product.archived_from_category_id : null);
  const fail = (e: unknown) => setError(isApiError(e) ? e.message : tc('errors.generic'));
  const name = i18n.language === 'ru' ? product.name_ru : product.name_uk;
  if (product.archived_at === null) {
    return (
      <>
        <Button startIcon={<ArchiveIcon />} onClick={() => setOpen('archive')} data-testid="product-archive">
          {te('product.archive')}
        </Button>
        <ConfirmDialog
          open={open === 'archive'}
          title={te('product.archiveTitle')}
          text={te('product.archiveText', { name })}
          confirmLabel={te('product.archiveConfirm')}
          cancelLabel={tc('common.cancel')}
          busy={archive.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={() =>
            archive.mutate(undefined, {
              onSuccess: () => {
                toast.success(te('product.archivedDone'));
                setOpen(null);
              },
              onError: (e) => {
                toast.error(isApiError(e) ? e.message : tc('errors.generic'));
                setOpen(null);
              },
            })
          }
          testId="product-archive-dialog"
        />
      </>
    );
  }
  return (
    <>
      <Button variant="outlined" startIcon={<UnarchiveIcon />} onClick={() => (setError(null), setOpen('unarchive'))} data-testid="product-unarchive">
        {te('product.unarchive')}
      </Button>
      <Dialog
        open={open === 'unarchive'}
        onClose={unarchive.isPending ? undefined : () => setOpen(null)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="unarchive-title"
        data-testid="product-unarchive-dialog"
      >
        <DialogTitle id="unarchive-title">{te('product.unarchiveTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>{te('product.unarchiveText')}</Typography>
            {!fromExists && <Alert severity="warning">{te('product.unarchiveGone')}</Alert>}
            <Autocomplete<CategoryOption>
              options={options}
              value={options.find((o) => o.id === chosen) ?? null}
              onChange={(_e, v) => setTarget(v?.id ?? null)}
              getOptionLabel={(o) => o.path}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(p) => (
                <TextField
                  {...p}
                  required
                  label={te('product.unarchiveCategory')}
                  slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'unarchive-category' } }}
                />
              )}
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)} disabled={unarchive.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={chosen === null}
            loading={unarchive.isPending}
            onClick={() =>
              chosen !== null &&
              unarchive.mutate(chosen === product.archived_from_category_id ? {} : { category_id: chosen }, {
                onSuccess: () => {
                  toast.success(te('product.unarchivedDone'));
                  setOpen(null);
                },
                onError: fail,
              })
            }
            data-testid="product-unarchive-dialog-confirm"
          >
            {te('product.unarchiveConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Editor({ product, initialCategory = null }: { product: AdminProductDto | null; initialCategory?: number | null }) {
  const { t, tc, i18n } = useCatalogT();
  const { t: te } = useEditorT();
  const toast = useToast();
  const navigate = useNavigate();
  const lang = i18n.language === 'ru' ? 'ru' : 'uk';
  const update = useUpdateProduct(product?.id ?? 0);
  const create = useCreateProduct();
  const saving = update.isPending || create.isPending;
  const categories = useAdminCategories();
  const allOptions = useMemo(() => categoryOptions(buildTree(categories.data ?? []), lang), [categories.data, lang]);
  // The archive takes products only by archiving: never offered as a category.
  const archiveIds = useMemo(() => new Set((categories.data ?? []).filter((c) => c.archive).map((c) => c.id)), [categories.data]);
  const options = useMemo(() => allOptions.filter((o) => !archiveIds.has(o.id)), [allOptions, archiveIds]);
  const archived = product !== null && product.archived_at !== null;
  const [error, setErrorText] = useState<string | null>(null);
  const form = useForm<ProductForm>({ resolver: zodResolver(productForm), defaultValues: product ? formOf(product, lang) : emptyForm(initialCategory) });
  const qty = useWatch({ control: form.control, name: 'qty' });
  const restock = product !== null && product.qty === 0 && /^\d+$/.test(qty.trim()) && Number(qty) > 0;

  const submit = form.handleSubmit((v) => {
    setErrorText(null);
    const onError = (e: unknown) => {
      const applied = applyServerErrors(e, form.setError, SERVER_FIELDS);
      if (!applied) setErrorText(isApiError(e) ? e.message : tc('errors.generic'));
    };
    if (product === null) {
      const input = inputOf(v);
      create.mutate(
        {
          ...input,
          name_uk: input.name_uk!,
          name_ru: input.name_ru!,
          category_id: input.category_id!,
          drop_price: input.drop_price!,
          retail_price: input.retail_price!,
        },
        {
          onSuccess: (saved) => {
            toast.success(te('product.created'));
            void navigate(`/admin/catalog/products/${saved.id}`, { replace: true });
          },
          onError,
        },
      );
      return;
    }
    update.mutate(inputOf(v), {
      onSuccess: (saved) => {
        toast.success(restock ? t('editor.savedRestock') : t('editor.saved'));
        form.reset(formOf(saved, lang));
      },
      onError,
    });
  });

  const text = (
    name: keyof ProductForm & string,
    label: string,
    opts: { required?: boolean; multiline?: boolean; adornment?: string; inputMode?: 'decimal' | 'numeric'; helper?: string } = {},
  ) => (
    <Controller
      control={form.control}
      name={name as 'name_uk'}
      render={({ field, fieldState }) => (
        <TextField
          {...muiField(field)}
          label={label}
          required={opts.required}
          multiline={opts.multiline}
          minRows={opts.multiline ? 5 : undefined}
          maxRows={opts.multiline ? 16 : undefined}
          error={!!fieldState.error}
          helperText={validationMessage(fieldState.error?.message) ?? opts.helper}
          slotProps={{
            htmlInput: { 'data-testid': `field-${name}`, ...(opts.inputMode ? { inputMode: opts.inputMode } : {}) },
            ...(opts.adornment ? { input: { endAdornment: <InputAdornment position="end">{opts.adornment}</InputAdornment> } } : {}),
          }}
        />
      )}
    />
  );
  const grid2 = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } } as const;
  const currency = tc('common.currency');

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="product-form">
      <PageHeader
        title={product === null ? te('product.newTitle') : lang === 'ru' ? product.name_ru : product.name_uk}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {product !== null && <ArchiveActions product={product} categories={categories.data ?? []} options={options} />}
            {product === null || archived ? null : hiddenCategoryIds(categories.data ?? []).has(product.category_id) ? (
              // Not in the resellers' catalogue while its category is hidden: no link to a page they cannot open.
              <Chip
                variant="outlined"
                icon={<VisibilityOffIcon />}
                label={t('editor.hidden')}
                sx={{ ...HIDDEN_CHIP, height: 'auto', minHeight: 32, maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
                data-testid="product-hidden"
              />
            ) : (
              <Button
                component="a"
                href={`/dashboard/products/${product.id}`}
                target="_blank"
                rel="noopener"
                startIcon={<OpenInNewIcon />}
                data-testid="product-public-link"
              >
                {t('editor.inCatalog')}
              </Button>
            )}
            <Button type="submit" variant="contained" loading={saving} disabled={product !== null && !form.formState.isDirty} data-testid="product-save">
              {product === null ? te('product.create') : tc('common.save')}
            </Button>
          </Box>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {product === null
          ? te('product.codeAfterCreate')
          : t(product.vendor_code ? 'editor.meta' : 'editor.metaNoVendor', {
              id: product.id,
              code: product.b2b_code_id,
              vendor: product.vendor_code,
              date: formatDate(product.updated_at),
            })}
      </Typography>
      {archived && (
        <Alert severity="warning" icon={<ArchiveIcon />} sx={{ mb: 2 }} data-testid="product-archived-alert">
          {te('product.archivedOn', { date: formatDate(product.archived_at!) })}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="product-form-error">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <SectionCard id="product-main-title" title={t('editor.main')}>
            <Stack spacing={2}>
              <Box sx={grid2}>
                {text('name_uk', t('editor.nameUk'), { required: true })}
                {text('name_ru', t('editor.nameRu'), { required: true })}
              </Box>
              <Box sx={grid2}>
                {text('description_uk', t('editor.descriptionUk'), { multiline: true })}
                {text('description_ru', t('editor.descriptionRu'), { multiline: true })}
              </Box>
              <Box sx={grid2}>
                {text('brand', t('editor.brand'))}
                {text('vendor_code', te('product.vendorCode'))}
              </Box>
              <Box sx={grid2}>
                <Controller
                  control={form.control}
                  name="category_id"
                  render={({ field, fieldState }) => (
                    <Autocomplete<CategoryOption>
                      options={archived ? allOptions : options}
                      disabled={archived}
                      value={(archived ? allOptions : options).find((o) => o.id === field.value) ?? null}
                      onChange={(_e, v) => field.onChange(v?.id ?? null)}
                      getOptionLabel={(o) => o.path}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      loading={categories.isPending}
                      renderOption={({ key, ...props }, o) => (
                        <li key={key} {...props} style={{ paddingLeft: 16 + o.depth * 16 }}>
                          {o.name}
                        </li>
                      )}
                      renderInput={(p) => (
                        <TextField
                          {...p}
                          required
                          label={t('editor.category')}
                          error={!!fieldState.error}
                          helperText={validationMessage(fieldState.error?.message)}
                          slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'product-category' } }}
                        />
                      )}
                    />
                  )}
                />
              </Box>
            </Stack>
          </SectionCard>
          <PropertiesEditor control={form.control} lang={lang} />
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <SectionCard id="product-prices-title" title={t('editor.pricesStock')}>
            <Stack spacing={2}>
              {text('drop_price', t('editor.dropPrice'), { required: true, adornment: currency, inputMode: 'decimal' })}
              {text('retail_price', t('editor.retailPrice'), { required: true, adornment: currency, inputMode: 'decimal' })}
              {text('old_drop_price', t('editor.oldDropPrice'), { adornment: currency, inputMode: 'decimal', helper: t('editor.oldDropHint') })}
              {text('qty', t('editor.qty'), {
                required: true,
                inputMode: 'numeric',
                helper: product === null ? undefined : product.qty === 0 ? t('editor.qtyHintOut') : t('editor.qtyHint', { reserved: product.reserved }),
              })}
              {restock && (
                <Alert severity="info" data-testid="restock-alert">
                  {t('editor.restock')}
                </Alert>
              )}
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', xl: 'minmax(0, 1fr)' } }}>
                {text('inet_pack', te('product.inetPack'), { required: true, inputMode: 'numeric', helper: te('product.inetPackHint') })}
                {text('in_pack', te('product.inPack'), { required: true, inputMode: 'numeric' })}
              </Box>
              <Controller
                control={form.control}
                name="is_new"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        slotProps={{ input: { 'data-testid': 'field-is_new' } as object }}
                      />
                    }
                    label={t('editor.isNew')}
                  />
                )}
              />
            </Stack>
          </SectionCard>
          {product ? (
            <ProductImages product={product} />
          ) : (
            <SectionCard id="product-images-title" title={t('images.title')}>
              <Alert severity="info">{te('product.imagesAfterCreate')}</Alert>
            </SectionCard>
          )}
        </Stack>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" size="large" loading={saving} disabled={product !== null && !form.formState.isDirty}>
          {product === null ? te('product.create') : tc('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

export function ProductEditorPage({ id }: { id: number }) {
  const { t, tc } = useCatalogT();
  const product = useAdminProduct(id);
  const notFound = !Number.isSafeInteger(id) || id <= 0 || (isApiError(product.error) && product.error.status === 404);
  const state = notFound ? 'not-found' : product.data ? 'ready' : product.isError ? 'error' : 'loading';
  return (
    <Box data-testid="product-editor" data-state={state}>
      <Button component={RouterLink} to="/admin/catalog/products" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {t('editor.back')}
      </Button>
      {state === 'ready' && product.data ? (
        <>
          {/* Archiving moves the product into another category: the form starts again from it. */}
          <Editor key={`${product.data.id}:${product.data.archived_at ?? ''}`} product={product.data} />
          <Box sx={{ mt: 2 }}>
            <StockHistory productId={product.data.id} stamp={`${product.data.qty}:${product.data.reserved}`} />
          </Box>
        </>
      ) : state === 'not-found' ? (
        <EmptyState title={t('editor.notFound')} icon={<SearchOffIcon />} testId="product-not-found" />
      ) : state === 'error' ? (
        <EmptyState
          title={tc('errors.loadFailed')}
          text={product.error?.message}
          action={
            <Button variant="contained" onClick={() => void product.refetch()}>
              {tc('common.retry')}
            </Button>
          }
        />
      ) : (
        <Stack spacing={2} aria-busy="true" aria-label={tc('common.loading')}>
          <Skeleton width="50%" height={40} />
          <Skeleton variant="rounded" height={240} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      )}
    </Box>
  );
}

/** /admin/catalog/products/new: the editor's form, empty (in `?category_id=` when given); saved, it opens the new product. */
export function ProductCreatePage() {
  const { t } = useCatalogT();
  const [params] = useSearchParams();
  const category = Number(params.get('category_id'));
  return (
    <Box data-testid="product-create-page">
      <Button component={RouterLink} to="/admin/catalog/products" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {t('editor.back')}
      </Button>
      <Editor product={null} initialCategory={Number.isSafeInteger(category) && category > 0 ? category : null} />
    </Box>
  );
}
