import { formatMoney, kyivParts } from '@drop/shared';

/** DD.MM.YYYY HH:mm in Kyiv time (the business time zone), '—' when empty or invalid. */
export function kyivDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  const p = kyivParts(d);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** Kopecks (integer) as hryvnia text with 2 decimals. */
export const kopToUah = (kop: number) => formatMoney(kop / 100);

/** A positive whole page number from a URL parameter (1 otherwise). */
export function pageParam(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Parses a typed signed UAH amount ('-1 250,50', '+75.5'); null when it is not a number. */
export function parseSignedAmount(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

export const hasKopecksOnly = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
