/**
 * Store create/edit form (SPEC section 2, /dashboard/markets/create and /dashboard/markets/{id}):
 * name, base markup (from the drop or the recommended price) and a markup per category (empty =
 * inherited), with a sample price line computed by the shared price rule. While the supplier enforces
 * the recommended price (/config enforce_recommended_price) the sample is lifted to the recommended
 * price as the API lifts every store price, says so when it was, and a hint says which prices get lifted.
 * react-hook-form with the shared marketInput (marketFormSchema); the API's 422 field errors land under their fields.
 *
 * Test ids: market-name, market-base-type-{1|2}, market-base-markup, market-category-{id},
 * market-category-toggle-{id}, market-sample, market-sample-lifted, market-floor-hint, market-save,
 * market-cancel.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  MAX_MARKET_MARKUP,
  MAX_MARKET_NAME,
  isMessageKey,
  translate,
  PUBLIC_PRICING_USER,
  formatMoney,
  kopToUah,
  liftedByFloor,
  priceProduct,
  uahToKop,
  type CategoryDto,
  type MarketBaseType,
  type MarketInput,
  type ProductListItemDto,
} from '@drop/shared';
import { applyServerErrorsAt, muiField, revealFirstError, validationMessage } from '../../../lib/form.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { categoryName } from '../../../lib/categories.ts';
import { useRecommendedFloor } from '../../../lib/config.ts';
import {
  CATALOG_MARKUP_ERROR,
  categoryKey,
  categoryMarkupsOf,
  marketField,
  marketFormSchema,
  marketPayload,
  parsePercent,
  type MarketFormValues,
} from '../lib/market-form.ts';

export interface MarketFormProps {
  initial: MarketFormValues;
  categories: readonly CategoryDto[] | undefined;
  categoriesLoading?: boolean;
  sample: ProductListItemDto | undefined;
  /** Sends the request; the form stays busy until it settles. A 422's field errors are shown under the fields. */
  onSubmit: (payload: MarketInput) => Promise<unknown>;
  /** A failure the form cannot show under a field. */
  onError: (error: unknown) => void;
  onCancel: () => void;
}

const percentSlot = (testId: string) => ({
  htmlInput: { inputMode: 'decimal' as const, 'data-testid': testId },
  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
});

export interface SamplePrice {
  /** The selling price under the form's values (after the supplier's floor, when it is on). */
  price: number;
  /** The floor lifted it: the markup alone gives less than the recommended price. */
  lifted: boolean;
}

/**
 * Sample selling price for the form's current values (null when the values are not valid numbers).
 * `recommendedFloor`: the supplier enforces the recommended price, so the price is at least the RRP.
 */
export function samplePrice(p: ProductListItemDto, v: MarketFormValues, recommendedFloor = false): SamplePrice | null {
  const base = parsePercent(v.base_markup.markup);
  if (base === undefined || Number.isNaN(base) || base < 0) return null;
  const categoryMarkups = new Map<number, number>();
  for (const { id, markup } of categoryMarkupsOf(v)) {
    const m = parsePercent(markup);
    if (m !== undefined && !Number.isNaN(m) && m >= 0) categoryMarkups.set(id, m);
  }
  // The product's drop_price is already the user's (discount, surcharge): no further user adjustment.
  const product = {
    dropKop: uahToKop(p.drop_price),
    oldDropKop: null,
    retailKop: uahToKop(p.retail_price),
    categoryPath: [p.category_id, p.parent_id, p.root_id],
  };
  const user = { ...PUBLIC_PRICING_USER, recommendedFloor };
  const market = { baseType: v.base_markup.type, baseMarkup: base, categoryMarkups };
  return { price: kopToUah(priceProduct(product, user, market).markupKop), lifted: liftedByFloor(product, user, market) };
}

export function MarketForm({ initial, categories, categoriesLoading = false, sample, onSubmit, onError, onCancel }: MarketFormProps) {
  const { t, i18n } = useTranslation();
  const floor = useRecommendedFloor();
  const form = useForm<MarketFormValues>({ resolver: zodResolver(marketFormSchema), defaultValues: initial, shouldFocusError: false });
  const { control, formState } = form;
  const busy = formState.isSubmitting;
  const values = useWatch({ control }) as MarketFormValues;
  const [open, setOpen] = useState<Set<number>>(() => new Set());

  /** Percent fields: the limits are 0..MAX_MARKET_MARKUP (server texts are shown as they are). */
  const err = (key: string, m: string | undefined) => {
    if (m && key === 'name' && m === 'too_long') return t('markets.form.nameTooLong', { max: MAX_MARKET_NAME });
    if (m && key !== 'name' && isMessageKey(m)) return translate(m, currentLocale(), { min: 0, max: MAX_MARKET_MARKUP });
    return validationMessage(m);
  };

  const submit = form.handleSubmit(
    async (v, event) => {
      const payload = marketPayload(v);
      await onSubmit(payload).catch((e: unknown) => {
        if (applyServerErrorsAt(e, form.setError, (path) => marketField(path, payload) as keyof MarketFormValues)) revealFirstError(event?.target);
        else onError(e);
      });
    },
    (_errors, event) => revealFirstError(event?.target),
  );

  const sampled = sample ? samplePrice(sample, values, floor) : null;
  const baseLabel = values.base_markup.markup.trim() === '' ? '' : `+${values.base_markup.markup.trim()}%`;
  const inherited = (parents: number[]) => {
    for (const id of parents) {
      const s = values.category_markups[categoryKey(id)]?.trim();
      if (s) return `+${s}%`;
    }
    return baseLabel;
  };

  const renderCategory = (c: CategoryDto, depth: number, parents: number[]) => {
    const expanded = open.has(c.id);
    const placeholder = inherited(parents);
    return (
      <Box key={c.id} component="li" sx={{ listStyle: 'none' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: depth * 3, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          {c.child.length > 0 ? (
            <IconButton
              size="small"
              aria-expanded={expanded}
              aria-label={expanded ? t('markets.form.collapse') : t('markets.form.expand')}
              data-testid={`market-category-toggle-${c.id}`}
              onClick={() =>
                setOpen((o) => {
                  const n = new Set(o);
                  if (!n.delete(c.id)) n.add(c.id);
                  return n;
                })
              }
            >
              {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 34, flexShrink: 0 }} />
          )}
          <Typography sx={{ flexGrow: 1, minWidth: 0 }} noWrap title={categoryName(c, i18n.language)}>
            {categoryName(c, i18n.language)}
          </Typography>
          <Controller
            control={control}
            name={`category_markups.${categoryKey(c.id)}`}
            render={({ field, fieldState }) => (
              <TextField
                size="small"
                {...muiField(field)}
                placeholder={placeholder}
                error={Boolean(fieldState.error)}
                helperText={err(field.name, fieldState.error?.message)}
                sx={{ width: 130, flexShrink: 0 }}
                slotProps={{
                  ...percentSlot(`market-category-${c.id}`),
                  htmlInput: {
                    inputMode: 'decimal',
                    'data-testid': `market-category-${c.id}`,
                    'aria-label': t('markets.form.categoryMarkup', { name: categoryName(c, i18n.language) }),
                  },
                }}
              />
            )}
          />
        </Box>
        {expanded && c.child.length > 0 && (
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {c.child.map((ch) => renderCategory(ch, depth + 1, [c.id, ...parents]))}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => (busy ? e.preventDefault() : void submit(e))} data-testid="market-form" sx={{ display: 'grid', gap: 2 }}>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Controller
              control={control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField
                  label={t('markets.form.name')}
                  {...muiField(field)}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={err(field.name, fieldState.error?.message)}
                  slotProps={{ htmlInput: { 'data-testid': 'market-name', maxLength: MAX_MARKET_NAME + 20 } }}
                />
              )}
            />
            <Controller
              control={control}
              name="base_markup.type"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="market-base-type-label">{t('markets.form.baseType')}</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="market-base-type-label"
                    value={String(field.value)}
                    onChange={(_e, v) => field.onChange((Number(v) === 2 ? 2 : 1) as MarketBaseType)}
                  >
                    <FormControlLabel
                      value="1"
                      control={<Radio slotProps={{ input: { 'data-testid': 'market-base-type-1' } as object }} />}
                      label={t('markets.fromDrop')}
                    />
                    <FormControlLabel
                      value="2"
                      control={<Radio slotProps={{ input: { 'data-testid': 'market-base-type-2' } as object }} />}
                      label={t('markets.fromRecommended')}
                    />
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Controller
              control={control}
              name="base_markup.markup"
              render={({ field, fieldState }) => (
                <TextField
                  label={t('markets.form.baseMarkup')}
                  {...muiField(field)}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={err(field.name, fieldState.error?.message)}
                  sx={{ maxWidth: 240 }}
                  slotProps={percentSlot('market-base-markup')}
                />
              )}
            />
            <Box data-testid="market-sample" aria-live="polite">
              {sample ? (
                <Typography color="text.secondary">
                  {t('markets.form.sample', {
                    name: sample.name,
                    drop: formatMoney(sample.drop_price, true),
                    retail: formatMoney(sample.retail_price, true),
                    price: sampled === null ? '—' : formatMoney(sampled.price, true),
                  })}
                </Typography>
              ) : null}
              {sample && sampled?.lifted ? (
                <Typography color="warning.dark" variant="body2" data-testid="market-sample-lifted">
                  {t('markets.form.sampleLifted', { price: formatMoney(sample.retail_price, true) })}
                </Typography>
              ) : null}
            </Box>
            {floor && (
              <Alert severity="info" data-testid="market-floor-hint" data-base={values.base_markup.type === 1 ? 'drop' : 'recommended'}>
                {t(values.base_markup.type === 1 ? 'markets.form.floorHintDrop' : 'markets.form.floorHintRecommended')}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardHeader
          title={t('markets.form.categories')}
          subheader={t('markets.form.categoriesHint')}
          slotProps={{ title: { component: 'h2', variant: 'h3' } }}
        />
        <CardContent>
          {formState.errors.root?.catalog_markup && (
            <Typography color="error" role="alert" sx={{ mb: 1 }}>
              {err(CATALOG_MARKUP_ERROR, formState.errors.root.catalog_markup.message)}
            </Typography>
          )}
          {categoriesLoading ? (
            <Stack spacing={1}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} variant="rounded" height={40} />
              ))}
            </Stack>
          ) : (
            <Box component="ul" sx={{ m: 0, p: 0 }} data-testid="market-categories">
              {(categories ?? []).map((c) => renderCategory(c, 0, []))}
            </Box>
          )}
        </CardContent>
      </Card>
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" loading={busy} data-testid="market-save">
          {t('common.save')}
        </Button>
        <Button onClick={onCancel} disabled={busy} data-testid="market-cancel">
          {t('common.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}
