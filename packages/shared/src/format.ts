/** Formatting rules of SPEC section 9, shared by the web and the API (mail, feeds). */

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const n = Number(value);
    // A number above 10000 is a Unix timestamp in seconds.
    if (n > 10000) return new Date(n * 1000);
    return null;
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** DD.MM.YYYY HH:mm, '-' when empty. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** DD/MM HH:mm, '-' when empty. */
export function formatDateShort(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Money as a number with 2 decimals (thin grouping), optionally with the suffix 'грн.'. */
export function formatMoney(uah: number | null | undefined, withCurrency = false): string {
  if (uah === null || uah === undefined || Number.isNaN(uah)) return '-';
  const fixed = Math.abs(uah).toFixed(2);
  const [int = '0', frac = '00'] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const s = `${uah < 0 ? '-' : ''}${grouped}.${frac}`;
  return withCurrency ? `${s} грн.` : s;
}

/** Quantity text: exact up to 10, '< 20', '< 100', '> 100', '-' when zero or missing. */
export function formatQty(qty: number | null | undefined): string {
  if (!qty || qty <= 0) return '-';
  if (qty <= 10) return String(qty);
  if (qty < 20) return '< 20';
  if (qty < 100) return '< 100';
  return '> 100';
}

/** +380XXXXXXXXX -> +38 (0XX) XXX-XX-XX */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '-';
  const m = /^\+380(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  if (!m) return phone;
  return `+38 (0${m[1]}) ${m[2]}-${m[3]}-${m[4]}`;
}

// Made on first use: building it loads time-zone data (tens of ms in a browser), which a page
// that never shows a Kyiv date should not pay for at start.
let kyivFormat: Intl.DateTimeFormat | undefined;

/** The date and time of `d` in Kyiv (the business time zone), as zero-padded parts. */
export function kyivParts(d: Date): { year: string; month: string; day: string; hour: string; minute: string; second: string } {
  kyivFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Kyiv',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(kyivFormat.formatToParts(d).map((x) => [x.type, x.value]));
  return { year: p.year ?? '', month: p.month ?? '', day: p.day ?? '', hour: p.hour ?? '', minute: p.minute ?? '', second: p.second ?? '' };
}
