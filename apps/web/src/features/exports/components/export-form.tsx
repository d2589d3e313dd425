/**
 * The feed form (SPEC section 3 "Export setting"; /dashboard/export-settings/create and
 * /{id}/edit): name and file format; the shop in the file; the price source with its markup or
 * store, and the drop price filter; categories; extra fields; the offer name format and the
 * update interval. react-hook-form with the shared exportSettingInput (exportFormSchema): the same
 * checks and message keys as the API; the API's 422 field errors land under their fields.
 *
 * Test ids: export-form, export-name, export-file-type-{yml|rozetka} (radio inputs),
 * export-provider-{id}, export-short-name, export-company, export-url,
 * export-price-source-{source} (radio inputs), export-price-source-error, export-market-hint,
 * export-markup, export-market, export-price-from, export-price-to, export-name-format-{format},
 * export-name-example, export-interval, export-form-invalid, export-save, export-cancel;
 * see category-picker.tsx and extra-fields-editor.tsx.
 */
import { useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import {
  FEED_INTERVALS,
  FEED_NAME_FORMATS,
  FEED_PRICE_SOURCES,
  MAX_FEED_NAME,
  MAX_FEED_SHOP_FIELD,
  feedOfferName,
  type CategoryDto,
  type ExportSettingInput,
  type FeedFileType,
  type FeedNameFormat,
  type FeedPriceSource,
  type FeedProviderDto,
} from '@drop/shared';
import { applyServerErrorsAt, muiField, revealFirstError } from '../../../lib/form.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useExportsT } from '../i18n.ts';
import {
  errorText,
  exportField,
  exportFormSchema,
  exportPayload,
  hasMarkup,
  marketAllowed,
  type ExportFormValues,
  type MarketChoice,
} from '../lib/export-form.ts';
import { CategoryPicker } from './category-picker.tsx';
import { ExtraFieldsEditor } from './extra-fields-editor.tsx';

/** The vendor code of the name format example. */
const EXAMPLE_VENDOR_CODE = 'KS-301';
const PROFILE_HREF = '/dashboard/profile';

export interface ExportFormProps {
  initial: ExportFormValues;
  /** GET /providers (undefined while loading or failed). */
  providers: readonly FeedProviderDto[] | undefined;
  providersLoading?: boolean;
  categories: readonly CategoryDto[] | undefined;
  categoriesLoading?: boolean;
  /** What the store price source can use; `marketsLoading` keeps it off without a hint meanwhile. */
  market: MarketChoice;
  marketsLoading?: boolean;
  /** Creating (the submit button says so) or editing. */
  creating: boolean;
  /** Sends the request; the form stays busy until it settles. A 422's field errors are shown under the fields. */
  onSubmit: (payload: ExportSettingInput) => Promise<unknown>;
  /** A failure the form cannot show under a field. */
  onError: (error: unknown) => void;
  onCancel: () => void;
}

function Section({ title, subheader, children, testId }: { title: string; subheader?: string; children: ReactNode; testId?: string }) {
  return (
    <Card component="section" data-testid={testId}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { component: 'h2', variant: 'h3' }, subheader: { variant: 'body2' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

type TextFieldName = 'name' | 'shop.short_name' | 'shop.company' | 'shop.url' | 'markup' | 'price_from' | 'price_to';

/** A field's error text in the UI language (stable: the extra field rows are memoised). */
const err = (key: string, message: string | undefined) => errorText(key, message, currentLocale());

const nativeSelect = (testId: string) => ({ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } });

export function ExportForm({
  initial,
  providers,
  providersLoading = false,
  categories,
  categoriesLoading = false,
  market,
  marketsLoading = false,
  creating,
  onSubmit,
  onError,
  onCancel,
}: ExportFormProps) {
  const { t, tc } = useExportsT();
  const schema = useMemo(() => exportFormSchema(market), [market]);
  const form = useForm<ExportFormValues>({ resolver: zodResolver(schema), defaultValues: initial, shouldFocusError: false });
  const { control, formState, clearErrors } = form;
  const { errors } = formState;
  const busy = formState.isSubmitting;
  const [priceSource, nameFormat] = useWatch({ control, name: ['price_source', 'name_format'] });

  const allowed = marketAllowed(market);
  const submit = form.handleSubmit(
    async (v, event) => {
      await onSubmit(exportPayload(v)).catch((e: unknown) => {
        if (applyServerErrorsAt(e, form.setError, (path) => exportField(path, v) as keyof ExportFormValues)) revealFirstError(event?.target);
        else onError(e);
      });
    },
    (_errors, event) => revealFirstError(event?.target),
  );

  /** A text field of the form: its error (translated with the field's limits) or else its hint under it. */
  const text = (
    name: TextFieldName,
    label: string,
    opts: { required?: boolean; hint?: string; placeholder?: string; sx?: SxProps<Theme>; htmlInput: object; end?: string; deps?: TextFieldName },
  ) => (
    <Controller
      key={name}
      control={control}
      name={name}
      rules={opts.deps ? { deps: opts.deps } : {}}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          {...muiField(field)}
          required={opts.required}
          error={Boolean(fieldState.error)}
          helperText={err(name, fieldState.error?.message) ?? opts.hint}
          placeholder={opts.placeholder}
          sx={opts.sx}
          slotProps={{
            htmlInput: opts.htmlInput,
            ...(opts.end ? { input: { endAdornment: <InputAdornment position="end">{opts.end}</InputAdornment> } } : {}),
          }}
        />
      )}
    />
  );

  const sourceLabel = (s: FeedPriceSource) => (
    <Box sx={{ py: 0.5 }}>
      <Typography>{t(`form.sources.${s}`)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`form.sourceHints.${s}`)}
      </Typography>
    </Box>
  );

  const marketHint = !allowed && !marketsLoading ? (market.verified ? 'noStores' : 'notVerified') : null;
  const example = feedOfferName(t('form.exampleName'), EXAMPLE_VENDOR_CODE, nameFormat);
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => (busy ? e.preventDefault() : void submit(e))}
      data-testid="export-form"
      sx={{ display: 'grid', gap: 2, maxWidth: 1000 }}
    >
      <Section title={t('form.main')}>
        <Stack spacing={2.5}>
          {text('name', t('form.name'), {
            required: true,
            hint: t('form.nameHint'),
            htmlInput: { 'data-testid': 'export-name', maxLength: MAX_FEED_NAME + 20 },
          })}
          <Controller
            control={control}
            name="file_type"
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)}>
                <FormLabel id="export-file-type-label" sx={{ mb: 1 }}>
                  {t('form.fileType')}
                </FormLabel>
                {providersLoading ? (
                  <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                    <Skeleton variant="rounded" height={120} />
                    <Skeleton variant="rounded" height={120} />
                  </Box>
                ) : !providers ? (
                  <Alert severity="error">{t('form.providersFailed')}</Alert>
                ) : (
                  <RadioGroup aria-labelledby="export-file-type-label" value={field.value} onChange={(_e, v) => field.onChange(v as FeedFileType)}>
                    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                      {providers.map((p) => {
                        const selected = p.id === field.value;
                        return (
                          <Box
                            key={p.id}
                            component="label"
                            data-testid={`export-provider-${p.id}`}
                            data-selected={selected}
                            sx={(theme) => ({
                              display: 'flex',
                              gap: 1,
                              p: 1.5,
                              pl: 1,
                              borderRadius: 2,
                              border: 2,
                              borderColor: selected ? 'primary.main' : 'divider',
                              bgcolor: selected ? alpha(theme.palette.primary.main, 0.06) : 'background.paper',
                              cursor: 'pointer',
                              transition: 'border-color 120ms',
                              '&:hover': { borderColor: selected ? 'primary.main' : 'text.secondary' },
                            })}
                          >
                            <Radio
                              value={p.id}
                              sx={{ alignSelf: 'flex-start', p: 0.5 }}
                              slotProps={{ input: { 'data-testid': `export-file-type-${p.id}` } as object }}
                            />
                            <Box sx={{ minWidth: 0 }}>
                              <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                                {p.description}
                              </Typography>
                              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }} aria-label={t('form.marketplaces')}>
                                {p.marketplaces.map((m) => (
                                  <Chip key={m} label={m} size="small" variant="outlined" />
                                ))}
                              </Box>
                            </Box>
                          </Box>
                        );
                      })}
                    </Box>
                  </RadioGroup>
                )}
                {fieldState.error && <FormHelperText>{err(field.name, fieldState.error.message)}</FormHelperText>}
              </FormControl>
            )}
          />
        </Stack>
      </Section>

      <Section title={t('form.shop')} subheader={t('form.shopHint')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {text('shop.short_name', t('form.shortName'), {
            required: true,
            htmlInput: { 'data-testid': 'export-short-name', maxLength: MAX_FEED_SHOP_FIELD + 20 },
          })}
          {text('shop.company', t('form.company'), { htmlInput: { 'data-testid': 'export-company', maxLength: MAX_FEED_SHOP_FIELD + 20 } })}
          {text('shop.url', t('form.url'), {
            hint: t('form.urlHint'),
            placeholder: 'https://',
            sx: { gridColumn: { md: '1 / 3' } },
            htmlInput: { 'data-testid': 'export-url', inputMode: 'url', maxLength: MAX_FEED_SHOP_FIELD + 20 },
          })}
        </Box>
      </Section>

      <Section title={t('form.prices')}>
        <Stack spacing={2.5}>
          <Controller
            control={control}
            name="price_source"
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)}>
                <FormLabel id="export-price-source-label">{t('form.priceSource')}</FormLabel>
                <RadioGroup
                  aria-labelledby="export-price-source-label"
                  value={field.value}
                  onChange={(_e, v) => {
                    field.onChange(v as FeedPriceSource);
                    // The markup and the store belong to the source.
                    clearErrors(['price_source', 'markup', 'market_id']);
                  }}
                >
                  {FEED_PRICE_SOURCES.map((s) => (
                    <FormControlLabel
                      key={s}
                      value={s}
                      disabled={s === 'market' && !allowed}
                      control={<Radio sx={{ alignSelf: 'flex-start' }} slotProps={{ input: { 'data-testid': `export-price-source-${s}` } as object }} />}
                      label={sourceLabel(s)}
                    />
                  ))}
                </RadioGroup>
                {marketHint && (
                  <FormHelperText sx={{ ml: 0, color: 'text.secondary' }} data-testid="export-market-hint">
                    {t(marketHint === 'noStores' ? 'form.marketNoStores' : 'form.marketNotVerified')}
                    {marketHint === 'noStores' && (
                      <>
                        {' · '}
                        <Link component={RouterLink} to={PROFILE_HREF}>
                          {t('form.toProfile')}
                        </Link>
                      </>
                    )}
                  </FormHelperText>
                )}
                {fieldState.error && <FormHelperText data-testid="export-price-source-error">{err(field.name, fieldState.error.message)}</FormHelperText>}
              </FormControl>
            )}
          />
          {hasMarkup(priceSource) &&
            text('markup', t('form.markup'), {
              required: true,
              sx: { maxWidth: 240 },
              htmlInput: { inputMode: 'decimal', 'data-testid': 'export-markup' },
              end: '%',
            })}
          {priceSource === 'market' && (
            <Controller
              control={control}
              name="market_id"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('form.market')}
                  {...muiField(field)}
                  value={field.value === null ? '' : String(field.value)}
                  required
                  onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                  error={Boolean(fieldState.error)}
                  helperText={err(field.name, fieldState.error?.message)}
                  sx={{ maxWidth: 360 }}
                  slotProps={nativeSelect('export-market')}
                >
                  <option value="" disabled>
                    {'—'}
                  </option>
                  {market.markets.map((m) => (
                    <option key={m.id} value={String(m.id)}>
                      {m.name}
                    </option>
                  ))}
                </TextField>
              )}
            />
          )}
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{t('form.priceFilter')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('form.priceFilterHint')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '200px 200px' } }}>
              {(['price_from', 'price_to'] as const).map((k) =>
                text(k, t(k === 'price_from' ? 'form.priceFrom' : 'form.priceTo'), {
                  // The range is checked on "to": a new "from" checks it again.
                  ...(k === 'price_from' ? { deps: 'price_to' } : {}),
                  htmlInput: { inputMode: 'decimal', 'data-testid': k === 'price_from' ? 'export-price-from' : 'export-price-to' },
                  end: tc('common.currency'),
                }),
              )}
            </Box>
          </Box>
        </Stack>
      </Section>

      <Section title={t('form.categories')} subheader={t('form.categoriesHint')}>
        <Controller
          control={control}
          name="categories"
          render={({ field, fieldState }) => (
            <CategoryPicker
              tree={categories}
              loading={categoriesLoading}
              chosen={field.value}
              onChange={field.onChange}
              error={err(field.name, fieldState.error?.message)}
            />
          )}
        />
      </Section>

      <Section title={t('form.extraFields')} subheader={t('form.extraFieldsHint')}>
        <ExtraFieldsEditor control={control} error={err} clear={clearErrors} />
      </Section>

      <Section title={t('form.offer')}>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <Controller
            control={control}
            name="name_format"
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)}>
                <FormLabel id="export-name-format-label">{t('form.nameFormat')}</FormLabel>
                <RadioGroup aria-labelledby="export-name-format-label" value={field.value} onChange={(_e, v) => field.onChange(v as FeedNameFormat)}>
                  {FEED_NAME_FORMATS.map((f) => (
                    <FormControlLabel
                      key={f}
                      value={f}
                      control={<Radio slotProps={{ input: { 'data-testid': `export-name-format-${f}` } as object }} />}
                      label={t(`form.nameFormats.${f}`)}
                    />
                  ))}
                </RadioGroup>
                <FormHelperText sx={{ ml: 0 }} data-testid="export-name-example">
                  {err(field.name, fieldState.error?.message) ?? t('form.nameExample', { name: example })}
                </FormHelperText>
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="interval_hours"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t('form.interval')}
                {...muiField(field)}
                value={String(field.value)}
                onChange={(e) => field.onChange(Number(e.target.value))}
                error={Boolean(fieldState.error)}
                helperText={err(field.name, fieldState.error?.message)}
                sx={{ maxWidth: { md: 320 } }}
                slotProps={nativeSelect('export-interval')}
              >
                {FEED_INTERVALS.map((h) => (
                  <option key={h} value={String(h)}>
                    {t(`form.intervals.${h}`)}
                  </option>
                ))}
              </TextField>
            )}
          />
        </Box>
      </Section>

      {hasErrors && (
        <Alert severity="error" data-testid="export-form-invalid">
          {t('form.invalid')}
        </Alert>
      )}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" size="large" loading={busy} data-testid="export-save">
          {creating ? t('form.create') : t('form.save')}
        </Button>
        <Button size="large" onClick={onCancel} disabled={busy} data-testid="export-cancel">
          {tc('common.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}
