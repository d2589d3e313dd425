/**
 * The feed form (SPEC section 3 "Export setting"; /dashboard/export-settings/create and
 * /{id}/edit): name and file format; the shop in the file; the price source with its markup or
 * store, and the drop price filter; categories; extra fields; the offer name format and the
 * update interval. Validated with the shared exportSettingInput before it is sent.
 *
 * Test ids: export-form, export-name, export-file-type-{yml|rozetka} (radio inputs),
 * export-provider-{id}, export-short-name, export-company, export-url,
 * export-price-source-{source} (radio inputs), export-price-source-error, export-market-hint,
 * export-markup, export-market, export-price-from, export-price-to, export-name-format-{format},
 * export-name-example, export-interval, export-form-invalid, export-save, export-cancel;
 * see category-picker.tsx and extra-fields-editor.tsx.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { alpha } from '@mui/material/styles';
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
import { currentLocale } from '../../../lib/i18n.ts';
import { useExportsT } from '../i18n.ts';
import {
  errorText,
  hasMarkup,
  marketAllowed,
  validateExportForm,
  type ExportFormErrors,
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
  busy?: boolean;
  /** Server field errors (form keys, see export-form.ts). */
  serverErrors?: ExportFormErrors;
  /** The payload and the values it came from (to map the server's errors back). */
  onSubmit: (payload: ExportSettingInput, values: ExportFormValues) => void;
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
  busy = false,
  serverErrors,
  onSubmit,
  onCancel,
}: ExportFormProps) {
  const { t, tc } = useExportsT();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ExportFormValues>(initial);
  const [errors, setErrors] = useState<ExportFormErrors>(serverErrors ?? {});
  const [seenServer, setSeenServer] = useState(serverErrors);
  if (seenServer !== serverErrors) {
    setSeenServer(serverErrors);
    if (serverErrors) setErrors(serverErrors);
  }

  const clear = (...keys: string[]) =>
    setErrors((e) => {
      if (!keys.some((k) => k in e)) return e;
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  const set = <K extends keyof ExportFormValues>(key: K, value: ExportFormValues[K], ...errorKeys: string[]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errorKeys.length) clear(...errorKeys);
  };
  const err = (key: string) => errorText(key, errors[key], currentLocale());
  const field = (key: string) => ({ error: Boolean(errors[key]), helperText: err(key) });

  const allowed = marketAllowed(market);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const res = validateExportForm(values, market);
    if (!res.ok) {
      setErrors(res.errors);
      // Bring the first marked field into view (the form is long).
      requestAnimationFrame(() => {
        const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
        first?.scrollIntoView?.({ block: 'center' });
        if (first instanceof HTMLInputElement) first.focus({ preventScroll: true });
      });
      return;
    }
    setErrors({});
    onSubmit(res.payload, values);
  };

  const sourceLabel = (s: FeedPriceSource) => (
    <Box sx={{ py: 0.5 }}>
      <Typography>{t(`form.sources.${s}`)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`form.sourceHints.${s}`)}
      </Typography>
    </Box>
  );

  const marketHint = !allowed && !marketsLoading ? (market.verified ? 'noStores' : 'notVerified') : null;
  const example = feedOfferName(t('form.exampleName'), EXAMPLE_VENDOR_CODE, values.nameFormat);
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} data-testid="export-form" sx={{ display: 'grid', gap: 2, maxWidth: 1000 }}>
      <Section title={t('form.main')}>
        <Stack spacing={2.5}>
          <TextField
            label={t('form.name')}
            value={values.name}
            required
            onChange={(e) => set('name', e.target.value, 'name')}
            error={Boolean(errors.name)}
            helperText={err('name') ?? t('form.nameHint')}
            slotProps={{ htmlInput: { 'data-testid': 'export-name', maxLength: MAX_FEED_NAME + 20 } }}
          />
          <FormControl error={Boolean(errors.file_type)}>
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
              <RadioGroup
                aria-labelledby="export-file-type-label"
                value={values.fileType}
                onChange={(_e, v) => set('fileType', v as FeedFileType, 'file_type')}
              >
                <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                  {providers.map((p) => {
                    const selected = p.id === values.fileType;
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
            {errors.file_type && <FormHelperText>{err('file_type')}</FormHelperText>}
          </FormControl>
        </Stack>
      </Section>

      <Section title={t('form.shop')} subheader={t('form.shopHint')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField
            label={t('form.shortName')}
            value={values.shortName}
            required
            onChange={(e) => set('shortName', e.target.value, 'shop.short_name')}
            {...field('shop.short_name')}
            slotProps={{ htmlInput: { 'data-testid': 'export-short-name', maxLength: MAX_FEED_SHOP_FIELD + 20 } }}
          />
          <TextField
            label={t('form.company')}
            value={values.company}
            onChange={(e) => set('company', e.target.value, 'shop.company')}
            {...field('shop.company')}
            slotProps={{ htmlInput: { 'data-testid': 'export-company', maxLength: MAX_FEED_SHOP_FIELD + 20 } }}
          />
          <TextField
            label={t('form.url')}
            value={values.url}
            onChange={(e) => set('url', e.target.value, 'shop.url')}
            error={Boolean(errors['shop.url'])}
            helperText={err('shop.url') ?? t('form.urlHint')}
            placeholder="https://"
            sx={{ gridColumn: { md: '1 / 3' } }}
            slotProps={{ htmlInput: { 'data-testid': 'export-url', inputMode: 'url', maxLength: MAX_FEED_SHOP_FIELD + 20 } }}
          />
        </Box>
      </Section>

      <Section title={t('form.prices')}>
        <Stack spacing={2.5}>
          <FormControl error={Boolean(errors.price_source)}>
            <FormLabel id="export-price-source-label">{t('form.priceSource')}</FormLabel>
            <RadioGroup
              aria-labelledby="export-price-source-label"
              value={values.priceSource}
              onChange={(_e, v) => set('priceSource', v as FeedPriceSource, 'price_source', 'markup', 'market_id')}
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
            {errors.price_source && <FormHelperText data-testid="export-price-source-error">{err('price_source')}</FormHelperText>}
          </FormControl>
          {hasMarkup(values.priceSource) && (
            <TextField
              label={t('form.markup')}
              value={values.markup}
              required
              onChange={(e) => set('markup', e.target.value, 'markup')}
              {...field('markup')}
              sx={{ maxWidth: 240 }}
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'data-testid': 'export-markup' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
          )}
          {values.priceSource === 'market' && (
            <TextField
              select
              label={t('form.market')}
              value={values.marketId === null ? '' : String(values.marketId)}
              required
              onChange={(e) => set('marketId', e.target.value === '' ? null : Number(e.target.value), 'market_id')}
              {...field('market_id')}
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
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{t('form.priceFilter')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('form.priceFilterHint')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '200px 200px' } }}>
              {(['price_from', 'price_to'] as const).map((k) => (
                <TextField
                  key={k}
                  label={t(k === 'price_from' ? 'form.priceFrom' : 'form.priceTo')}
                  value={k === 'price_from' ? values.priceFrom : values.priceTo}
                  onChange={(e) => set(k === 'price_from' ? 'priceFrom' : 'priceTo', e.target.value, k, 'price_to')}
                  {...field(k)}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', 'data-testid': k === 'price_from' ? 'export-price-from' : 'export-price-to' },
                    input: { endAdornment: <InputAdornment position="end">{tc('common.currency')}</InputAdornment> },
                  }}
                />
              ))}
            </Box>
          </Box>
        </Stack>
      </Section>

      <Section title={t('form.categories')} subheader={t('form.categoriesHint')}>
        <CategoryPicker
          tree={categories}
          loading={categoriesLoading}
          chosen={values.categories}
          onChange={(ids) => set('categories', ids, 'categories')}
          error={err('categories')}
        />
      </Section>

      <Section title={t('form.extraFields')} subheader={t('form.extraFieldsHint')}>
        <ExtraFieldsEditor rows={values.extraFields} onChange={(rows) => set('extraFields', rows, 'extra_fields')} error={err} clear={(k) => clear(k)} />
      </Section>

      <Section title={t('form.offer')}>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <FormControl error={Boolean(errors.name_format)}>
            <FormLabel id="export-name-format-label">{t('form.nameFormat')}</FormLabel>
            <RadioGroup
              aria-labelledby="export-name-format-label"
              value={values.nameFormat}
              onChange={(_e, v) => set('nameFormat', v as FeedNameFormat, 'name_format')}
            >
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
              {t('form.nameExample', { name: example })}
            </FormHelperText>
          </FormControl>
          <TextField
            select
            label={t('form.interval')}
            value={String(values.intervalHours)}
            onChange={(e) => set('intervalHours', Number(e.target.value), 'interval_hours')}
            {...field('interval_hours')}
            sx={{ maxWidth: { md: 320 } }}
            slotProps={nativeSelect('export-interval')}
          >
            {FEED_INTERVALS.map((h) => (
              <option key={h} value={String(h)}>
                {t(`form.intervals.${h}`)}
              </option>
            ))}
          </TextField>
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
