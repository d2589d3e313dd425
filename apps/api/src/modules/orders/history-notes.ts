import type { Locale } from '@drop/shared';

/**
 * An order history row's note in words for the request's language (issue 26, point 4). The note
 * column is free text written by the order's code paths (and older rows keep their wording), so
 * known shapes are recognised here and told as a sentence in uk or ru: documents ('waybill: a.pdf'),
 * reservation results ('embedded: E-100001', 'commerceml: waiting for 1C', '… 1C received version 2',
 * '… due for export to 1C (version 2)'), reservation errors (the system's name dropped, the business
 * code left for the web to translate), payment notes ('cash on delivery received', 'invoice',
 * 'refund'), 1C as the source of a waybill ('1С') and order edits ('2 → 3; 10.00 → 12.00').
 * Anything else (a comment, an override reason, a carrier's status text, codes, amounts) is
 * returned as it is.
 */
type Texts = Record<Locale, string>;

const fill = (s: string, params: Record<string, string>) => s.replace(/\{(\w+)\}/g, (m, k: string) => params[k] ?? m);
const say = (t: Texts, locale: Locale, params: Record<string, string> = {}) => fill(t[locale], params);

const DOCUMENT_TYPES: Record<string, Texts> = {
  waybill: { uk: 'Накладна «{name}»', ru: 'Накладная «{name}»' },
  invoice: { uk: 'Рахунок «{name}»', ru: 'Счёт «{name}»' },
  other: { uk: 'Документ «{name}»', ru: 'Документ «{name}»' },
};

const SYSTEMS = ['embedded', 'onec-http', 'commerceml'] as const;
const ONEC_SYSTEMS: readonly string[] = ['onec-http', 'commerceml'];

const T = {
  waiting: { uk: 'Замовлення чекає, поки 1С його забере', ru: 'Заказ ждёт, пока 1С его заберёт' },
  received: { uk: '1С отримала замовлення (версія {n})', ru: '1С получила заказ (версия {n})' },
  dueForExport: { uk: 'Зміни буде передано до 1С (версія {n})', ru: 'Изменения будут переданы в 1С (версия {n})' },
  reserved1c: { uk: 'Номер резерву в 1С: {n}', ru: 'Номер резерва в 1С: {n}' },
  reservedStock: { uk: 'Номер резерву: {n}', ru: 'Номер резерва: {n}' },
  cod: { uk: 'Покупець оплатив накладений платіж', ru: 'Покупатель оплатил наложенный платёж' },
  invoice: { uk: 'Оплачено за рахунком', ru: 'Оплачено по счёту' },
  refund: { uk: 'Кошти повернено', ru: 'Средства возвращены' },
  ttnFrom1c: { uk: 'Номер ТТН надійшов з 1С', ru: 'Номер ТТН получен из 1С' },
  editLines: { uk: 'Позицій: {from} → {to}', ru: 'Позиций: {from} → {to}' },
  editSum: { uk: 'сума: {from} → {to} грн', ru: 'сумма: {from} → {to} грн' },
} satisfies Record<string, Texts>;

/** 'embedded: E-1' → ['embedded', 'E-1']; null when the note does not start with a system's name. */
function splitSystem(note: string): [string, string] | null {
  for (const s of SYSTEMS) if (note.startsWith(`${s}: `)) return [s, note.slice(s.length + 2)];
  return null;
}

function reservationNote(note: string, locale: Locale): string {
  const split = splitSystem(note);
  if (!split) return note;
  const [system, rest] = split;
  if (rest === 'waiting for 1C') return say(T.waiting, locale);
  let m = /^1C received version (\d+)$/.exec(rest);
  if (m) return say(T.received, locale, { n: m[1]! });
  m = /^due for export to 1C \(version (\d+)\)$/.exec(rest);
  if (m) return say(T.dueForExport, locale, { n: m[1]! });
  return say(ONEC_SYSTEMS.includes(system) ? T.reserved1c : T.reservedStock, locale, { n: rest });
}

export function historyNote(kind: string, note: string | null, locale: Locale): string | null {
  if (note === null) return null;
  switch (kind) {
    case 'document': {
      const m = /^(waybill|invoice|other): (.*)$/s.exec(note);
      return m ? say(DOCUMENT_TYPES[m[1]!]!, locale, { name: m[2]! }) : note;
    }
    case 'reservation':
      return reservationNote(note, locale);
    case 'reservation_error':
      return splitSystem(note)?.[1] ?? note;
    case 'payment_status':
      if (note === 'cash on delivery received' || note === 'cod_received') return say(T.cod, locale);
      if (note === 'invoice') return say(T.invoice, locale);
      if (note === 'refund') return say(T.refund, locale);
      return note;
    case 'ttn':
      return note === '1С' || note === '1C' ? say(T.ttnFrom1c, locale) : note;
    case 'edit': {
      const m = /^(\d+) → (\d+)(?:; (-?[\d.]+) → (-?[\d.]+))?$/.exec(note);
      if (!m) return note;
      const lines = say(T.editLines, locale, { from: m[1]!, to: m[2]! });
      return m[3] ? `${lines}; ${say(T.editSum, locale, { from: m[3], to: m[4]! })}` : lines;
    }
    default:
      return note;
  }
}
