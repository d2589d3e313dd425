/**
 * Pictures of the demo catalogue, drawn on request: a soft background from the id, a simple
 * product-like shape and, for products, the product number. Deterministic and small (< 1 kB).
 */
const PATTERN = /^demo\/(?:p\/(\d{1,9})-(\d{1,2})-([omt])|c\/(\d{1,9}))\.svg$/;
const SIZES = { o: 800, m: 400, t: 200 } as const;
const PALETTE = ['#fff3e0', '#e3f2fd', '#e8f5e9', '#fce4ec', '#ede7f6', '#fffde7', '#e0f7fa', '#f3e5f5', '#efebe9', '#eceff1'];
const INK = ['#fd9207', '#1e88e5', '#43a047', '#d81b60', '#5e35b1', '#f9a825', '#00acc1', '#8e24aa', '#6d4c41', '#546e7a'];

const SHAPES = [
  // box
  '<rect x="58" y="70" width="84" height="70" rx="6" fill="INK" opacity=".85"/><path d="M58 88h84" stroke="#fff" stroke-width="4"/>',
  // phone
  '<rect x="72" y="44" width="56" height="108" rx="10" fill="INK" opacity=".85"/><rect x="80" y="56" width="40" height="78" rx="3" fill="#fff" opacity=".8"/>',
  // bottle
  '<rect x="86" y="40" width="28" height="18" rx="3" fill="INK"/><rect x="70" y="58" width="60" height="96" rx="14" fill="INK" opacity=".85"/>',
  // round item
  '<circle cx="100" cy="100" r="46" fill="INK" opacity=".85"/><circle cx="100" cy="100" r="18" fill="#fff" opacity=".8"/>',
  // bag
  '<path d="M80 78v-10a20 20 0 0 1 40 0v10" stroke="INK" stroke-width="7" fill="none"/><rect x="62" y="76" width="76" height="72" rx="8" fill="INK" opacity=".85"/>',
];

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Returns the SVG for a storage path under demo/, or null when it is not a demo picture. */
export function renderDemoSvg(path: string): string | null {
  const m = PATTERN.exec(path);
  if (!m) return null;
  const isProduct = m[1] !== undefined;
  const id = Number(isProduct ? m[1] : m[4]);
  const variant = isProduct ? Number(m[2]) : 0;
  const size = isProduct ? SIZES[m[3] as keyof typeof SIZES] : 400;
  const k = (id * 7 + variant * 3) % PALETTE.length;
  const shape = SHAPES[(id + variant) % SHAPES.length]!.replaceAll('INK', INK[k]!);
  const label = isProduct ? `<text x="100" y="182" text-anchor="middle" font-family="sans-serif" font-size="13" fill="#757575">${esc(`#${id}`)}</text>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200"><rect width="200" height="200" fill="${PALETTE[k]}"/>${shape}${label}</svg>`;
}
