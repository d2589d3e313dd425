/** Parses a typed UAH amount ('1 250,50' or '1250.5'); null when it is not a number. */
export function parseAmount(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (s === '' || !/^[-+]?\d*\.?\d*$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** At most two decimals (whole kopecks). */
export const hasKopecksOnly = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** Keeps what can become an amount while typing: digits and one separator. */
export const sanitizeAmountInput = (raw: string) => raw.replace(/[^\d.,]/g, '');
