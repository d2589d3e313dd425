import { formatMoney } from '@drop/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' -> 'DD.MM.YYYY' (a calendar day, no time zone shift). */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}

/** HH:mm of a timestamp, '-' when empty or invalid. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '-' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** '+1 250.00' for a credit, '−80.00' for a debit (a true minus sign). */
export function formatSigned(amount: number): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '\u2212' : '';
  return `${sign}${formatMoney(Math.abs(amount))}`;
}
