/**
 * The feed form's state, its request body and its validation (the shared exportSettingInput),
 * with error paths mapped to form fields. Field keys: name, file_type, shop.short_name,
 * shop.company, shop.url, price_source, markup, market_id, price_from, price_to, categories,
 * extra_fields, extra.{rowKey}.{type|param|value}, name_format, interval_hours.
 */
import {
  DEFAULT_FEED_INTERVAL,
  MAX_FEED_CATEGORIES,
  MAX_FEED_EXTRA_FIELDS,
  MAX_FEED_EXTRA_VALUE,
  MAX_FEED_MARKUP,
  MAX_FEED_NAME,
  MAX_FEED_SHOP_FIELD,
  exportSettingInput,
  isMessageKey,
  translate,
  type ExportSettingDto,
  type ExportSettingInput,
  type FeedExtraFieldType,
  type FeedFileType,
  type FeedNameFormat,
  type FeedPriceSource,
  type Locale,
} from '@drop/shared';

export interface ExtraFieldRow {
  /** A stable key for React and for errors (rows move when one above is removed). */
  key: number;
  type: FeedExtraFieldType;
  param: string;
  value: string;
}

/** Raw form state: numbers as typed ('' = not set). */
export interface ExportFormValues {
  name: string;
  fileType: FeedFileType;
  shortName: string;
  company: string;
  url: string;
  priceSource: FeedPriceSource;
  markup: string;
  marketId: number | null;
  priceFrom: string;
  priceTo: string;
  categories: number[];
  extraFields: ExtraFieldRow[];
  nameFormat: FeedNameFormat;
  intervalHours: number;
}

export type ExportFormErrors = Record<string, string>;

/** Price sources with a markup percent. */
export const MARKUP_SOURCES: readonly FeedPriceSource[] = ['drop_markup', 'recommended_markup'];
export const hasMarkup = (s: FeedPriceSource) => MARKUP_SOURCES.includes(s);

let rowSeq = 0;
export const newExtraRow = (over: Partial<Omit<ExtraFieldRow, 'key'>> = {}): ExtraFieldRow => ({ key: ++rowSeq, type: 'param', param: '', value: '', ...over });

export const emptyExportForm = (): ExportFormValues => ({
  name: '',
  fileType: 'yml',
  shortName: '',
  company: '',
  url: '',
  priceSource: 'recommended',
  markup: '',
  marketId: null,
  priceFrom: '',
  priceTo: '',
  categories: [],
  extraFields: [],
  nameFormat: 'name',
  intervalHours: DEFAULT_FEED_INTERVAL,
});

const numText = (v: number | null) => (v === null ? '' : String(v));

export function exportFormOf(s: ExportSettingDto): ExportFormValues {
  return {
    name: s.name,
    fileType: s.file_type,
    shortName: s.shop.short_name,
    company: s.shop.company,
    url: s.shop.url,
    priceSource: s.price_source,
    markup: hasMarkup(s.price_source) ? String(s.markup) : '',
    marketId: s.market_id,
    priceFrom: numText(s.price_from),
    priceTo: numText(s.price_to),
    categories: [...s.categories],
    extraFields: s.extra_fields.map((f) => newExtraRow(f)),
    nameFormat: s.name_format,
    intervalHours: s.interval_hours,
  };
}

/** '' -> undefined; '12,5' -> 12.5; anything else that is not a number -> NaN (refused by the schema). */
export function parseDecimal(s: string): number | undefined {
  const v = s.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (v === '') return undefined;
  return /^\d*\.?\d+$|^\d+\.$/.test(v) ? Number(v) : Number.NaN;
}

/**
 * The body of POST/PUT /export-settings: `markup` only for the markup sources, `market_id`
 * only for the store source, categories sorted without duplicates (the server reports
 * `categories.{i}` by that order), every extra field row in order.
 */
export function exportPayload(v: ExportFormValues): ExportSettingInput {
  const payload: ExportSettingInput = {
    name: v.name.trim(),
    file_type: v.fileType,
    shop: { short_name: v.shortName.trim(), company: v.company.trim(), url: v.url.trim() },
    price_source: v.priceSource,
    price_from: parseDecimal(v.priceFrom) ?? null,
    price_to: parseDecimal(v.priceTo) ?? null,
    categories: [...new Set(v.categories)].sort((a, b) => a - b),
    extra_fields: v.extraFields.map((f) => ({ type: f.type, param: f.param.trim(), value: f.value.trim() })),
    name_format: v.nameFormat,
    interval_hours: v.intervalHours,
  };
  if (hasMarkup(v.priceSource)) payload.markup = parseDecimal(v.markup) as number;
  if (v.priceSource === 'market') payload.market_id = v.marketId;
  return payload;
}

/** An error path (zod's or the API's `extra_fields.2.param`) as a form field key. */
export function fieldKey(path: readonly PropertyKey[], values: ExportFormValues): string {
  const [head, index, sub] = path;
  if (head === 'shop') return `shop.${String(index ?? 'short_name')}`;
  if (head === 'categories') return 'categories';
  if (head === 'extra_fields') {
    const row = typeof index === 'number' ? values.extraFields[index] : undefined;
    return row ? `extra.${row.key}.${String(sub ?? 'param')}` : 'extra_fields';
  }
  return String(head ?? 'name');
}

/** What a form can offer for the store price source. */
export interface MarketChoice {
  /** The user is verified (the API refuses store prices otherwise). */
  verified: boolean;
  /** The user's stores (empty: none yet). */
  markets: readonly { id: number; name: string }[];
}
export const marketAllowed = (c: MarketChoice) => c.verified && c.markets.length > 0;

export type ValidationResult = { ok: true; payload: ExportSettingInput } | { ok: false; errors: ExportFormErrors };

/** Client validation: the shared schema, a markup for the markup sources and the store source only when allowed. */
export function validateExportForm(v: ExportFormValues, market: MarketChoice): ValidationResult {
  const payload = exportPayload(v);
  const errors: ExportFormErrors = {};
  const res = exportSettingInput.safeParse(payload);
  if (!res.success) {
    for (const issue of res.error.issues) errors[fieldKey(issue.path, v)] ??= issue.message;
  }
  if (hasMarkup(v.priceSource) && v.markup.trim() === '') errors.markup ??= 'required';
  if (v.priceSource === 'market') {
    if (!market.verified) errors.price_source ??= 'feed_market_not_verified';
    else if (v.marketId !== null && !market.markets.some((m) => m.id === v.marketId)) errors.market_id ??= 'market_not_found';
  }
  return Object.keys(errors).length === 0 ? { ok: true, payload } : { ok: false, errors };
}

/** 422 `errors` of the API (keys like `shop.url`, `extra_fields.0.param`) as form field keys, first message each. */
export function serverFieldErrors(errors: Record<string, string[]>, values: ExportFormValues): ExportFormErrors {
  const out: ExportFormErrors = {};
  for (const [k, msgs] of Object.entries(errors)) {
    const path = k.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    if (msgs[0]) out[fieldKey(path, values)] ??= msgs[0];
  }
  return out;
}

/** The limits a message key talks about, per field. */
function limitsOf(key: string): { min: number; max: number } {
  if (key === 'name') return { min: 1, max: MAX_FEED_NAME };
  if (key.startsWith('shop.')) return { min: 1, max: MAX_FEED_SHOP_FIELD };
  if (key === 'markup') return { min: 0, max: MAX_FEED_MARKUP };
  if (key === 'price_from' || key === 'price_to') return { min: 0, max: 100_000_000 };
  if (key === 'categories') return { min: 0, max: MAX_FEED_CATEGORIES };
  if (key === 'extra_fields') return { min: 0, max: MAX_FEED_EXTRA_FIELDS };
  if (key.endsWith('.value')) return { min: 0, max: MAX_FEED_EXTRA_VALUE };
  if (key.endsWith('.param')) return { min: 1, max: 100 };
  return { min: 0, max: 255 };
}

/** A field's error text: a shared message key translated with its limits, a server text as it is. */
export function errorText(key: string, message: string | undefined, locale: Locale): string | undefined {
  if (!message) return undefined;
  return isMessageKey(message) ? translate(message, locale, limitsOf(key)) : message;
}
