import type { TFunction } from 'i18next';
import { buildConfigLists, formatMoney, isLocale } from '@drop/shared';
import { kopToUah } from '../lib/format.ts';

/** One line of an audit entry's `changes`: a field with before -> after, or a value describing the event. */
export interface ChangeLine {
  field: string;
  label: string;
  before?: string;
  after: string;
  pair: boolean;
}

/** The action's human label (uk/ru; keys under `audit.actions` with '_' for '.'), falling back to the raw action. */
export function actionLabel(t: TFunction, action: string): string {
  return t(`audit.actions.${action.replace(/\./g, '_')}`, { defaultValue: action });
}

/** Technical keys of money events that mean nothing to an operator. */
const HIDDEN = new Set(['key']);
/** Fields whose value is a plain list (never a before/after pair, even with two items). */
const LIST_FIELDS = new Set(['files', 'user_ids']);

/** A status value in words: top-up, withdrawal and order statuses by the entity; others as they are. */
function statusText(t: TFunction, entity: string, v: string, lang: string): string {
  if (entity === 'payment') return t(`money.topUpStatus.${v}`, { defaultValue: v });
  if (entity === 'withdraw') return t(`money.withdrawStatus.${v}`, { defaultValue: v });
  if (entity === 'order') return buildConfigLists(isLocale(lang) ? lang : 'uk').order_status_list.find((i) => i.id === v)?.name ?? v;
  return v;
}

function valueText(t: TFunction, field: string, v: unknown, entity = '', lang = 'uk'): string {
  if (v === null || v === undefined || v === '') return t('audit.empty_value');
  if (field === 'status' && typeof v === 'string') return statusText(t, entity, v, lang);
  // A staff member's role and mail language in words.
  if (field === 'role' && typeof v === 'string') return t(`roles.${v}`, { defaultValue: v });
  if (field === 'lang' && typeof v === 'string') return t(`audit.langs.${v}`, { defaultValue: v });
  if (typeof v === 'boolean') return v ? t('audit.yes') : t('audit.no');
  if (typeof v === 'number') {
    if (field.endsWith('_kop')) return kopToUah(v);
    if (field === 'amount' || field === 'balance') return formatMoney(v);
    return String(v);
  }
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.length === 0 ? t('audit.empty_value') : v.map((x) => valueText(t, '', x, entity, lang)).join(', ');
  // An admin's exception to a rule: what it allowed and why.
  if (field === 'override' && typeof v === 'object' && 'reason' in v) return String((v as { reason: unknown }).reason);
  return JSON.stringify(v);
}

/**
 * `changes` as lines: `{field: [before, after]}` gives "before -> after" (kopecks shown as
 * hryvnia), any other key is shown as its value. Anything that is not an object gives no lines.
 */
export function changeLines(t: TFunction, changes: unknown, entity = '', lang = 'uk'): ChangeLine[] {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.entries(changes as Record<string, unknown>)
    .filter(([field]) => !HIDDEN.has(field))
    .map(([field, v]) => {
      const label = t(`audit.fields.${field}`, { defaultValue: field });
      const text = (x: unknown) => valueText(t, field, x, entity, lang);
      if (Array.isArray(v) && v.length === 2 && !LIST_FIELDS.has(field)) {
        const [before, after] = v as [unknown, unknown];
        if (before === null || before === undefined) return { field, label, after: text(after), pair: false };
        return { field, label, before: text(before), after: text(after), pair: true };
      }
      return { field, label, after: text(v), pair: false };
    });
}
