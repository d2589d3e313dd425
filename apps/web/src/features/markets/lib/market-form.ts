import { marketInput, type MarketDto, type MarketInput, type MarketBaseType } from '@drop/shared';

/** The store form's raw state: percents as typed ('' = not set; for a category: inherit). */
export interface MarketFormValues {
  name: string;
  baseType: MarketBaseType;
  baseMarkup: string;
  categoryMarkups: Record<number, string>;
}

/** Field error keys: 'name', 'base_markup.markup', 'base_markup.type', 'catalog_markup' or `category.{id}`. */
export type MarketFormErrors = Record<string, string>;

export const emptyMarketForm = (): MarketFormValues => ({ name: '', baseType: 1, baseMarkup: '', categoryMarkups: {} });

export function marketFormOf(m: MarketDto): MarketFormValues {
  return {
    name: m.name,
    baseType: m.base_markup.type,
    baseMarkup: String(m.base_markup.markup),
    categoryMarkups: Object.fromEntries(m.catalog_markup.map((c) => [c.id, String(c.markup)])),
  };
}

/** '' -> undefined; '12,5' -> 12.5; anything else not a number -> NaN (refused by the schema). */
export function parsePercent(s: string): number | undefined {
  const v = s.trim().replace(',', '.');
  if (v === '') return undefined;
  return /^-?\d*\.?\d+$|^-?\d+\.$/.test(v) ? Number(v) : Number.NaN;
}

/** The request body of POST/PUT /markets (categories left empty inherit and are not sent). */
export function marketPayload(v: MarketFormValues): MarketInput {
  const catalog = Object.entries(v.categoryMarkups)
    .filter(([, s]) => s.trim() !== '')
    .map(([id, s]) => ({ id: Number(id), markup: parsePercent(s) as number }))
    .sort((a, b) => a.id - b.id);
  return { name: v.name.trim(), base_markup: { type: v.baseType, markup: parsePercent(v.baseMarkup) as number }, catalog_markup: catalog };
}

/** Maps an API/zod error path (`catalog_markup.3.markup`) to a form field key. */
export function fieldKey(path: readonly PropertyKey[], payload: MarketInput): string {
  if (path[0] === 'catalog_markup' && typeof path[1] === 'number') {
    const id = payload.catalog_markup?.[path[1]]?.id;
    return id === undefined ? 'catalog_markup' : `category.${id}`;
  }
  if (path[0] === 'base_markup') return path[1] === 'type' ? 'base_markup.type' : 'base_markup.markup';
  return String(path[0] ?? 'name');
}

/** Client validation with the shared schema; returns the payload or message keys per field. */
export function validateMarketForm(v: MarketFormValues): { ok: true; payload: MarketInput } | { ok: false; errors: MarketFormErrors } {
  const payload = marketPayload(v);
  const res = marketInput.safeParse(payload);
  if (res.success) return { ok: true, payload: res.data };
  const errors: MarketFormErrors = {};
  for (const issue of res.error.issues) {
    const key = fieldKey(issue.path, payload);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** 422 `errors` from the API (keys like `catalog_markup.2.markup`) as form field keys. */
export function serverFieldErrors(errors: Record<string, string[]>, payload: MarketInput): MarketFormErrors {
  const out: MarketFormErrors = {};
  for (const [k, msgs] of Object.entries(errors)) {
    const path = k.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const key = fieldKey(path, payload);
    if (msgs[0]) out[key] ??= msgs[0];
  }
  return out;
}
