/**
 * The feed form's state, its request body and its validation (the shared exportSettingInput),
 * with error paths mapped to form fields. Field names follow the request: name, file_type,
 * shop.short_name, shop.company, shop.url, price_source, markup, market_id, price_from, price_to,
 * categories, extra_fields.{i}.{type|param|value} (root.extra_fields: the list), name_format,
 * interval_hours.
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
import { requestSchema } from '../../../lib/form.ts';

/** An extra field row as typed. */
export interface ExtraFieldRow {
  type: FeedExtraFieldType;
  param: string;
  value: string;
}

/** Raw form state, shaped as the request (so the API's error keys name the fields); numbers as typed ('' = not set). */
export interface ExportFormValues {
  name: string;
  file_type: FeedFileType;
  shop: { short_name: string; company: string; url: string };
  price_source: FeedPriceSource;
  markup: string;
  market_id: number | null;
  price_from: string;
  price_to: string;
  categories: number[];
  extra_fields: ExtraFieldRow[];
  name_format: FeedNameFormat;
  interval_hours: number;
}

/** Price sources with a markup percent. */
export const MARKUP_SOURCES: readonly FeedPriceSource[] = ['drop_markup', 'recommended_markup'];
export const hasMarkup = (s: FeedPriceSource) => MARKUP_SOURCES.includes(s);

export const newExtraRow = (over: Partial<ExtraFieldRow> = {}): ExtraFieldRow => ({ type: 'param', param: '', value: '', ...over });

export const emptyExportForm = (): ExportFormValues => ({
  name: '',
  file_type: 'yml',
  shop: { short_name: '', company: '', url: '' },
  price_source: 'recommended',
  markup: '',
  market_id: null,
  price_from: '',
  price_to: '',
  categories: [],
  extra_fields: [],
  name_format: 'name',
  interval_hours: DEFAULT_FEED_INTERVAL,
});

const numText = (v: number | null) => (v === null ? '' : String(v));

export function exportFormOf(s: ExportSettingDto): ExportFormValues {
  return {
    name: s.name,
    file_type: s.file_type,
    shop: { ...s.shop },
    price_source: s.price_source,
    markup: hasMarkup(s.price_source) ? String(s.markup) : '',
    market_id: s.market_id,
    price_from: numText(s.price_from),
    price_to: numText(s.price_to),
    categories: [...s.categories],
    extra_fields: s.extra_fields.map((f) => newExtraRow(f)),
    name_format: s.name_format,
    interval_hours: s.interval_hours,
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
    file_type: v.file_type,
    shop: { short_name: v.shop.short_name.trim(), company: v.shop.company.trim(), url: v.shop.url.trim() },
    price_source: v.price_source,
    price_from: parseDecimal(v.price_from) ?? null,
    price_to: parseDecimal(v.price_to) ?? null,
    categories: [...new Set(v.categories)].sort((a, b) => a - b),
    extra_fields: v.extra_fields.map((f) => ({ type: f.type, param: f.param.trim(), value: f.value.trim() })),
    name_format: v.name_format,
    interval_hours: v.interval_hours,
  };
  if (hasMarkup(v.price_source)) payload.markup = parseDecimal(v.markup) as number;
  if (v.price_source === 'market') payload.market_id = v.market_id;
  return payload;
}

/** The error of the extra fields list as a whole (too many), not of a row. */
export const EXTRA_FIELDS_ERROR = 'root.extra_fields';

/** An error path (zod's or the API's `extra_fields.2.param`) as a form field name. */
export function exportField(path: readonly PropertyKey[], payload: Pick<ExportSettingInput, 'extra_fields'>): string {
  const [head, index, sub] = path;
  if (head === 'shop') return `shop.${String(index ?? 'short_name')}`;
  if (head === 'categories') return 'categories';
  if (head === 'extra_fields') {
    return typeof index === 'number' && payload.extra_fields?.[index] ? `extra_fields.${index}.${String(sub ?? 'param')}` : EXTRA_FIELDS_ERROR;
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

/**
 * The form's schema (zodResolver): the request checked by the shared exportSettingInput, plus a
 * markup for the markup sources and the store source only when the account allows it.
 */
export const exportFormSchema = (market: MarketChoice) =>
  requestSchema(exportPayload, exportSettingInput, exportField, (v, issue) => {
    if (hasMarkup(v.price_source) && v.markup.trim() === '') issue('markup', 'required');
    if (v.price_source !== 'market') return;
    if (!market.verified) issue('price_source', 'feed_market_not_verified');
    else if (v.market_id !== null && !market.markets.some((m) => m.id === v.market_id)) issue('market_id', 'market_not_found');
  });

/** The limits a message key talks about, per field. */
function limitsOf(key: string): { min: number; max: number } {
  if (key === 'name') return { min: 1, max: MAX_FEED_NAME };
  if (key.startsWith('shop.')) return { min: 1, max: MAX_FEED_SHOP_FIELD };
  if (key === 'markup') return { min: 0, max: MAX_FEED_MARKUP };
  if (key === 'price_from' || key === 'price_to') return { min: 0, max: 100_000_000 };
  if (key === 'categories') return { min: 0, max: MAX_FEED_CATEGORIES };
  if (key === EXTRA_FIELDS_ERROR) return { min: 0, max: MAX_FEED_EXTRA_FIELDS };
  if (key.endsWith('.value')) return { min: 0, max: MAX_FEED_EXTRA_VALUE };
  if (key.endsWith('.param')) return { min: 1, max: 100 };
  return { min: 0, max: 255 };
}

/** A field's error text: a shared message key translated with its limits, a server text as it is. */
export function errorText(key: string, message: string | undefined, locale: Locale): string | undefined {
  if (!message) return undefined;
  return isMessageKey(message) ? translate(message, locale, limitsOf(key)) : message;
}
