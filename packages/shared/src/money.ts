/**
 * Money is integer kopecks everywhere. The one rounding rule: half away from zero,
 * applied once, when a computation leaves whole kopecks (percentages, conversions).
 */
export type Kopecks = number;

/** Rounds a (possibly fractional) kopeck amount to whole kopecks, half away from zero. */
export function roundKop(value: number): Kopecks {
  if (!Number.isFinite(value)) throw new RangeError('roundKop: not a finite number');
  const r = Math.round(Math.abs(value));
  return value < 0 ? -r : r;
}

/** UAH number with at most 2 decimals -> kopecks. */
export function uahToKop(uah: number | string): Kopecks {
  const n = typeof uah === 'string' ? Number(uah) : uah;
  return roundKop(n * 100);
}

/** Kopecks -> UAH number with 2 decimals (API representation). */
export function kopToUah(kop: Kopecks | bigint): number {
  const n = typeof kop === 'bigint' ? Number(kop) : kop;
  return Math.round(n) / 100;
}

/** Applies a percentage (may be fractional, e.g. 12.5) to kopecks with the one rounding rule. */
export function applyPercent(kop: Kopecks, percent: number): Kopecks {
  return roundKop((kop * (100 + percent)) / 100);
}
