/**
 * /admin/catalog/products/:id: the product editor: names and descriptions (uk/ru side by side),
 * brand, category, drop/retail/old drop prices (UAH), stock (0 -> more notifies the subscribers),
 * "new", properties (type -> value pickers with search) and pictures (saved at once).
 * Test ids: product-editor (data-state), product-form, field-{name} on inputs, product-category,
 * qty-hint, restock-alert, product-properties, property-row (data-type-id), property-value-{index},
 * property-remove-{index}, property-add-type, product-save, product-form-error, product-public-link.
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
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { SEARCH_DEBOUNCE_MS, formatDate, type AdminProductDto, type AdminPropertyValueDto, type ProductUpdateInput } from '@drop/shared';
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

export const productForm = z.object({
  name_uk: z.string().trim().min(1, 'required').max(255, 'too_long'),
  name_ru: z.string().trim().min(1, 'required').max(255, 'too_long'),
  description_uk: z.string().max(20_000, 'too_long'),
  description_ru: z.string().max(20_000, 'too_long'),
  brand: z.string().trim().max(255, 'too_long'),
  category_id: z.number().nullable().refine((v) => Boolean(v !== null), 'required'),
  drop_price: price(true),
  retail_price: price(true),
  old_drop_price: z.union([z.literal(''), price(false)]),
  qty: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, 'invalid_value')
    .refine((v) => Number(v) <= 10_000_000, 'too_big'),
  is_new: z.boolean(),
  properties: z.array(z.object({ type_id: z.number(), value_id: z.number().nullable().refine((v) => Boolean(v !== null), 'required'), label: z.string().nullable() })),
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
    properties: p.properties.map((x) => ({ type_id: x.property_type_id, value_id: x.property_value_id, label: (lang === 'ru' ? x.value_ru : x.value_uk) || x.value_uk })),
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
    property_value_ids: [...new Set(v.properties.map((x) => x.value_id!))],
  };
}

const SERVER_FIELDS = ['name_uk', 'name_ru', 'description_uk', 'description_ru', 'brand', 'category_id', 'drop_price', 'retail_price', 'old_drop_price', 'qty', 'is_new'] as const;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

const valueLabel = (v: Pick<AdminPropertyValueDto, 'value_uk' | 'value_ru'>, lang: string) => (lang === 'ru' ? v.value_ru || v.value_uk : v.value_uk);

function PropertyValuePicker({ control, index, typeId, lang, error }: { control: Control<ProductForm>; index: number; typeId: number; lang: string; error?: string | undefined }) {
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
          <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }} data-testid="property-row" data-type-id={f.type_id}>
            <Typography sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0, pt: { sm: 1 }, fontWeight: 500, overflowWrap: 'anywhere' }}>{typeName(f.type_id)}</Typography>
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

function Editor({ product }: { product: AdminProductDto }) {
  const { t, tc, i18n } = useCatalogT();
  const toast = useToast();
  const lang = i18n.language === 'ru' ? 'ru' : 'uk';
  const update = useUpdateProduct(product.id);
  const categories = useAdminCategories();
  const options = useMemo(() => categoryOptions(buildTree(categories.data ?? []), lang), [categories.data, lang]);
  const [error, setErrorText] = useState<string | null>(null);
  const form = useForm<ProductForm>({ resolver: zodResolver(productForm), defaultValues: formOf(product, lang) });
  const qty = useWatch({ control: form.control, name: 'qty' });
  const restock = product.qty === 0 && /^\d+$/.test(qty.trim()) && Number(qty) > 0;

  const submit = form.handleSubmit((v) => {
    setErrorText(null);
    update.mutate(inputOf(v), {
      onSuccess: (saved) => {
        toast.success(restock ? t('editor.savedRestock') : t('editor.saved'));
        form.reset(formOf(saved, lang));
      },
      onError: (e) => {
        const applied = applyServerErrors(e, form.setError, SERVER_FIELDS);
        if (!applied) setErrorText(isApiError(e) ? e.message : tc('errors.generic'));
      },
    });
  });

  const text = (name: keyof ProductForm & string, label: string, opts: { required?: boolean; multiline?: boolean; adornment?: string; inputMode?: 'decimal' | 'numeric'; helper?: string } = {}) => (
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
        title={lang === 'ru' ? product.name_ru : product.name_uk}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {hiddenCategoryIds(categories.data ?? []).has(product.category_id) ? (
              // Not in the resellers' catalogue while its category is hidden: no link to a page they cannot open.
              <Chip variant="outlined" icon={<VisibilityOffIcon />} label={t('editor.hidden')} sx={{ ...HIDDEN_CHIP, height: 'auto', minHeight: 32, maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }} data-testid="product-hidden" />
            ) : (
              <Button component="a" href={`/dashboard/products/${product.id}`} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />} data-testid="product-public-link">
                {t('editor.inCatalog')}
              </Button>
            )}
            <Button type="submit" variant="contained" loading={update.isPending} disabled={!form.formState.isDirty} data-testid="product-save">
              {tc('common.save')}
            </Button>
          </Box>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('editor.meta', { id: product.id, code: product.b2b_code_id, vendor: product.vendor_code, date: formatDate(product.updated_at) })}
      </Typography>
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
                <Controller
                  control={form.control}
                  name="category_id"
                  render={({ field, fieldState }) => (
                    <Autocomplete<CategoryOption>
                      options={options}
                      value={options.find((o) => o.id === field.value) ?? null}
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
              {text('qty', t('editor.qty'), { required: true, inputMode: 'numeric', helper: product.qty === 0 ? t('editor.qtyHintOut') : t('editor.qtyHint', { reserved: product.reserved }) })}
              {restock && (
                <Alert severity="info" data-testid="restock-alert">
                  {t('editor.restock')}
                </Alert>
              )}
              <Controller
                control={form.control}
                name="is_new"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': 'field-is_new' } as object }} />}
                    label={t('editor.isNew')}
                  />
                )}
              />
            </Stack>
          </SectionCard>
          <ProductImages product={product} />
        </Stack>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" size="large" loading={update.isPending} disabled={!form.formState.isDirty}>
          {tc('common.save')}
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
          <Editor key={product.data.id} product={product.data} />
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
