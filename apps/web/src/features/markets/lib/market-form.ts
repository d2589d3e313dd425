import { marketInput, type MarketDto, type MarketInput, type MarketBaseType } from '@drop/shared';
import { requestSchema } from '../../../lib/form.ts';

/** A category's key among the form's category markups (`c{id}`: a number would make it an array index). */
export type CategoryKey = `c${number}`;
export const categoryKey = (id: number): CategoryKey => `c${id}`;

/** The store form's raw state, shaped as the request; percents as typed ('' = not set; for a category: inherit). */
export interface MarketFormValues {
  name: string;
  base_markup: { type: MarketBaseType; markup: string };
  category_markups: Record<CategoryKey, string>;
}

/** The error of the category markups list as a whole (not of one category). */
export const CATALOG_MARKUP_ERROR = 'root.catalog_markup';

export const emptyMarketForm = (): MarketFormValues => ({ name: '', base_markup: { type: 1, markup: '' }, category_markups: {} });

export function marketFormOf(m: MarketDto): MarketFormValues {
  return {
    name: m.name,
    base_markup: { type: m.base_markup.type, markup: String(m.base_markup.markup) },
    category_markups: Object.fromEntries(m.catalog_markup.map((c) => [categoryKey(c.id), String(c.markup)])),
  };
}

/** '' -> undefined; '12,5' -> 12.5; anything else not a number -> NaN (refused by the schema). */
export function parsePercent(s: string): number | undefined {
  const v = s.trim().replace(',', '.');
  if (v === '') return undefined;
  return /^-?\d*\.?\d+$|^-?\d+\.$/.test(v) ? Number(v) : Number.NaN;
}

/** The category markups that are set, by category id (a category field not typed in yet has no value). */
export const categoryMarkupsOf = (v: Pick<MarketFormValues, 'category_markups'>) =>
  Object.entries(v.category_markups as Record<string, string | undefined>).flatMap(([key, s]) => (s?.trim() ? [{ id: Number(key.slice(1)), markup: s }] : []));

/** The request body of POST/PUT /markets (categories left empty inherit and are not sent). */
export function marketPayload(v: MarketFormValues): MarketInput {
  const catalog = categoryMarkupsOf(v)
    .map(({ id, markup }) => ({ id, markup: parsePercent(markup) as number }))
    .sort((a, b) => a.id - b.id);
  return { name: v.name.trim(), base_markup: { type: v.base_markup.type, markup: parsePercent(v.base_markup.markup) as number }, catalog_markup: catalog };
}

/** An API/zod error path (`catalog_markup.3.markup`) as a form field name. */
export function marketField(path: readonly PropertyKey[], payload: MarketInput): string {
  if (path[0] === 'catalog_markup') {
    const id = typeof path[1] === 'number' ? payload.catalog_markup?.[path[1]]?.id : undefined;
    return id === undefined ? CATALOG_MARKUP_ERROR : `category_markups.${categoryKey(id)}`;
  }
  if (path[0] === 'base_markup') return path[1] === 'type' ? 'base_markup.type' : 'base_markup.markup';
  return String(path[0] ?? 'name');
}

/** The form's schema (zodResolver): the request checked by the shared marketInput, issues at the form fields. */
export const marketFormSchema = requestSchema(marketPayload, marketInput, marketField);
