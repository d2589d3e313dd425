/**
 * The deterministic demo catalogue: a fixed category tree and property vocabulary (demo-data*.ts)
 * and any number of products, streamed. Product i depends only on (seed, i): its own PRNG is
 * seeded from both. Products come in chunks of 10 whose first 2-5 form an analogue group of one
 * leaf (group id = chunk number + 1), so the number of groups follows from `count` alone.
 */
import type { DemoCatalogue, DemoCategoryRow, DemoImage, DemoProductRow, DemoPropertyTypeRow, DemoPropertyValueRow } from './demo-types.ts';
import { BRAND_ALIASES, PROPS, ROOTS, type LeafDef, type Tr } from './demo-data.ts';

type Pair = [uk: string, ru: string];
/** Grammatical gender of a kind per language: m, f, n or p (plural). */
type Gender = 'm' | 'f' | 'n' | 'p';

interface Kind {
  name: Pair;
  g: [Gender, Gender];
}

interface Brand {
  name: string | null;
  aliases: string[];
  prefix: string;
  lines: Pair[] | null;
}

interface LeafProp {
  /** 'колір — ' / 'цвет — ': the type as it starts a description's item. */
  label: Pair;
  adj: boolean;
  scale: boolean;
  valueIds: number[];
  values: Pair[];
}

interface Leaf {
  id: number;
  parentId: number;
  rootId: number;
  name: Pair;
  code: string;
  props: LeafProp[];
  kinds: Kind[];
  brands: Brand[];
  models: Pair[];
  suffix: number;
  /** The first property whose values order the price, or -1. */
  scale: number;
  minKop: number;
  maxKop: number;
  pack: number[];
}

interface Static {
  categories: DemoCategoryRow[];
  propertyTypes: DemoPropertyTypeRow[];
  propertyValues: DemoPropertyValueRow[];
  leaves: Leaf[];
  /** Cumulative leaf weights, normalised to end at 1. */
  cumWeights: number[];
}

export const CHUNK = 10;

const pair = (t: Tr): Pair => {
  const i = t.indexOf('|');
  return i < 0 ? [t, t] : [t.slice(0, i), t.slice(i + 1)];
};

/** 'Дротова гарнітура|Проводная гарнитура^f'; '^mn' = masculine in Ukrainian, neuter in Russian. */
function kindOf(t: Tr): Kind {
  const m = /\^([mfnp])([mfnp])?$/.exec(t);
  const name = pair(m ? t.slice(0, m.index) : t);
  const uk = (m?.[1] ?? 'm') as Gender;
  return { name, g: [uk, (m?.[2] ?? uk) as Gender] };
}

/** An adjective ('Чорний', 'Синий') lower-cased and agreed with the gender of the kind. */
export function agree(adj: string, g: Gender, lang: 0 | 1): string {
  const a = adj.toLowerCase();
  if (g === 'm' || !/(ий|ій|ый)$/.test(a)) return a;
  const stem = a.slice(0, -2);
  if (lang === 0) {
    const soft = a.endsWith('ій');
    return stem + (g === 'f' ? (soft ? 'я' : 'а') : g === 'n' ? (soft ? 'є' : 'е') : 'і');
  }
  const end = a.slice(-2);
  const hard = end === 'ый' || /[гкхжшчщ]$/.test(stem);
  if (g === 'p') return stem + (end === 'ый' ? 'ые' : 'ие');
  return stem + (hard ? (g === 'f' ? 'ая' : 'ое') : g === 'f' ? 'яя' : 'ее');
}

const TRANSLIT: Record<string, string> = {
  а: 'A',
  б: 'B',
  в: 'V',
  г: 'H',
  ґ: 'G',
  д: 'D',
  е: 'E',
  є: 'YE',
  ж: 'ZH',
  з: 'Z',
  и: 'Y',
  і: 'I',
  ї: 'YI',
  й: 'Y',
  к: 'K',
  л: 'L',
  м: 'M',
  н: 'N',
  о: 'O',
  п: 'P',
  р: 'R',
  с: 'S',
  т: 'T',
  у: 'U',
  ф: 'F',
  х: 'KH',
  ц: 'TS',
  ч: 'CH',
  ш: 'SH',
  щ: 'SHCH',
  ю: 'YU',
  я: 'YA',
};

/** Two Latin letters (or digits) for codes: 'Samsung' → 'SA', 'Павербанки' → 'PA'. */
function codeOf(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    if (/[a-z0-9]/.test(ch)) out += ch.toUpperCase();
    else out += TRANSLIT[ch] ?? '';
    if (out.length >= 2) break;
  }
  return out.slice(0, 2).padEnd(2, 'X');
}

function brandOf(name: string | null, lines: Record<string, Tr[]> | undefined): Brand {
  if (name === null) return { name, aliases: [], prefix: 'OEM', lines: null };
  const aliases = BRAND_ALIASES[name] ?? [];
  const latin = /[a-z]/i.test(name) ? name : (aliases.find((a) => /^[a-z0-9 -]+$/i.test(a)) ?? name);
  const l = lines?.[name];
  return { name, aliases, prefix: codeOf(latin), lines: l ? l.map(pair) : null };
}

/** 'key@0-3,7' → the type key and the kept value indexes (all when there is no '@'). */
function parseRef(ref: string, size: number): [string, number[]] {
  const [key = '', spec] = ref.split('@');
  if (spec === undefined) return [key, Array.from({ length: size }, (_, i) => i)];
  const idx: number[] = [];
  for (const part of spec.split(',')) {
    const [a, b] = part.split('-').map(Number);
    for (let i = a ?? 0; i <= (b ?? a ?? 0); i++) idx.push(i);
  }
  if (idx.some((i) => !(i >= 0 && i < size))) throw new Error(`demo data: bad value range in '${ref}'`);
  return [key, idx];
}

let cached: Static | undefined;

function buildStatic(): Static {
  if (cached) return cached;
  const propertyTypes: DemoPropertyTypeRow[] = [];
  const propertyValues: DemoPropertyValueRow[] = [];
  const byKey = new Map<string, { type: DemoPropertyTypeRow; adj: boolean; scale: boolean; values: DemoPropertyValueRow[] }>();
  PROPS.forEach((def, t) => {
    if (byKey.has(def.key)) throw new Error(`demo data: property '${def.key}' defined twice`);
    const [nameUk, nameRu] = pair(def.name);
    const type = { id: t + 1, nameUk, nameRu, sort: t };
    const values = def.values.map((v, sort) => {
      const [valueUk, valueRu] = pair(v);
      return { id: propertyValues.length + sort + 1, propertyTypeId: type.id, valueUk, valueRu, sort };
    });
    propertyTypes.push(type);
    propertyValues.push(...values);
    byKey.set(def.key, { type, adj: def.adj ?? false, scale: def.scale ?? false, values });
  });

  const categories: DemoCategoryRow[] = [];
  const add = (parentId: number | null, depth: 0 | 1 | 2, name: Tr, sort: number, icon: string | null = null, iconColor: string | null = null) => {
    const [nameUk, nameRu] = pair(name);
    const id = categories.length + 1;
    categories.push({ id, parentId, depth, nameUk, nameRu, icon, iconColor, image: `demo/c/${id}.svg`, sort });
    return id;
  };
  // Ids level by level: roots 1..R, then the second level, then the leaves.
  const rootIds = ROOTS.map((r, i) => add(null, 0, r.name, i, r.icon, r.color));
  const midIds = ROOTS.map((r, ri) => r.mids.map((m, i) => add(rootIds[ri]!, 1, m.name, i)));
  const leaves: Leaf[] = [];
  const weights: number[] = [];
  ROOTS.forEach((r, ri) =>
    r.mids.forEach((m, mi) =>
      m.leaves.forEach((def, i) => {
        const id = add(midIds[ri]![mi]!, 2, def.name, i);
        leaves.push(compileLeaf(def, id, midIds[ri]![mi]!, rootIds[ri]!, byKey));
        weights.push(def.w ?? 1);
      }),
    ),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  const cumWeights = weights.map((w) => (acc += w) / total);
  cached = { categories, propertyTypes, propertyValues, leaves, cumWeights };
  return cached;
}

function compileLeaf(
  def: LeafDef,
  id: number,
  parentId: number,
  rootId: number,
  byKey: Map<string, { type: DemoPropertyTypeRow; adj: boolean; scale: boolean; values: DemoPropertyValueRow[] }>,
): Leaf {
  const where = `demo data, leaf '${def.name}'`;
  if (def.props.length < 4 || def.props.length > 8) throw new Error(`${where}: needs 4-8 properties`);
  let suffix = -1;
  const props = def.props.map((ref, i): LeafProp => {
    const key = ref.split('@')[0] ?? '';
    const p = byKey.get(key);
    if (!p) throw new Error(`${where}: unknown property '${key}'`);
    if (key === def.suffix) suffix = i;
    const [, idx] = parseRef(ref, p.values.length);
    const vals = idx.map((k) => p.values[k]!);
    return {
      label: [`${lowFirst(p.type.nameUk)} — `, `${lowFirst(p.type.nameRu)} — `],
      adj: p.adj,
      scale: p.scale,
      valueIds: vals.map((v) => v.id),
      values: vals.map((v) => [v.valueUk, v.valueRu]),
    };
  });
  if (new Set(def.props.map((r) => r.split('@')[0])).size !== props.length) throw new Error(`${where}: a property twice`);
  if (def.suffix && suffix < 0) throw new Error(`${where}: suffix '${def.suffix}' is not among its properties`);
  for (const b of Object.keys(def.lines ?? {})) if (!def.brands.includes(b)) throw new Error(`${where}: lines for unknown brand ${b}`);
  if (def.kinds.length === 0 || def.brands.length === 0) throw new Error(`${where}: needs kinds and brands`);
  const [lo, hi] = def.uah;
  if (!(lo >= 5 && hi >= lo)) throw new Error(`${where}: bad price range`);
  return {
    id,
    parentId,
    rootId,
    name: pair(def.name),
    code: codeOf(pair(def.name)[0]),
    props,
    kinds: def.kinds.map(kindOf),
    brands: def.brands.map((b) => brandOf(b, def.lines)),
    models: (def.models ?? []).map(pair),
    suffix,
    scale: props.findIndex((p) => p.scale && p.values.length > 1),
    minKop: lo * 100,
    maxKop: hi * 100,
    pack: def.pack ?? [1],
  };
}

/** A 32-bit hash of two integers (murmur3 finaliser over a combined word). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: a small, fast seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

function pickLeaf(s: Static, r: number): Leaf {
  const cw = s.cumWeights;
  let lo = 0;
  let hi = cw.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cw[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return s.leaves[lo]!;
}

/** Group size of a chunk: 2-5, about 3 on average (≈30 % of products are analogues). */
const groupSize = (r: number) => (r < 0.3 ? 2 : r < 0.65 ? 3 : r < 0.9 ? 4 : 5);

/** Highest analogue group id for `count` products (a lone last product forms no group). */
export function analogueGroupCount(count: number): number {
  if (count <= 0) return 0;
  const last = Math.floor((count - 1) / CHUNK);
  return count - last * CHUNK >= 2 ? last + 1 : last;
}

const fillDigits = (s: string, digits: string): string => {
  let k = 0;
  return s.includes('#') ? s.replace(/#/g, () => digits[k++] ?? '0') : s;
};
/** 'Кабель' → 'кабель' inside a sentence; 'USB-хаб', 'LED-лампа' stay. */
function lowFirst(s: string): string {
  const second = s.charAt(1);
  return second !== second.toUpperCase() ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/**
 * `count` distinct pictures of `pool` for product `id`, drawn from a stream of their own (the
 * product's other fields are the same with or without a pool).
 */
function poolPictures(pool: readonly DemoImage[], seed: number, id: number, count: number): DemoImage[] {
  const r = mulberry32(mix(mix(seed, 0x9c7e5), id));
  const picked: number[] = [];
  while (picked.length < Math.min(count, pool.length)) {
    const k = Math.floor(r() * pool.length);
    if (!picked.includes(k)) picked.push(k);
  }
  return picked.map((k) => ({ ...pool[k]! }));
}

function makeProduct(s: Static, seed: number, id: number, count: number, pool: readonly DemoImage[] | undefined): DemoProductRow {
  const chunk = Math.floor((id - 1) / CHUNK);
  const pos = id - 1 - chunk * CHUNK;
  const crnd = mulberry32(mix(mix(seed, 0x5eed), chunk));
  const size = groupSize(crnd());
  const grouped = pos < size && count - chunk * CHUNK >= 2;
  const rnd = mulberry32(mix(seed, id));
  const leaf = pos < size ? pickLeaf(s, crnd()) : pickLeaf(s, rnd());
  const groupKind = pick(crnd, leaf.kinds);
  const groupPrice = crnd();

  const kind = pos < size ? groupKind : pick(rnd, leaf.kinds);
  const brand = pick(rnd, leaf.brands);
  const modelList = brand.lines ?? leaf.models;
  const digits = String(Math.floor(rnd() * 1e6)).padStart(6, '0');
  const model = modelList.length > 0 ? pick(rnd, modelList) : null;

  const propertyValueIds: number[] = [];
  const chosen: Pair[] = [];
  let scalePos = 0;
  for (let j = 0; j < leaf.props.length; j++) {
    const p = leaf.props[j]!;
    const k = Math.floor(rnd() * p.valueIds.length);
    propertyValueIds.push(p.valueIds[k]!);
    chosen.push(p.values[k]!);
    if (j === leaf.scale) scalePos = k / (p.valueIds.length - 1);
  }

  const name = (lang: 0 | 1): string => {
    let n = kind.name[lang];
    if (brand.name) n += ` ${brand.name}`;
    if (model) n += ` ${fillDigits(model[lang], digits)}`;
    if (leaf.suffix >= 0) {
      const v = chosen[leaf.suffix]![lang];
      n += ` ${leaf.props[leaf.suffix]!.adj ? agree(v, kind.g[lang], lang) : v}`;
    }
    return n;
  };
  const nameUk = name(0);
  const nameRu = name(1);

  // Prices: log-uniform within the leaf's range, analogues around one price, bigger for a
  // bigger capacity, power or volume.
  const ratio = leaf.maxKop / leaf.minKop;
  const spread = pos < size ? groupPrice * 0.85 + rnd() * 0.15 : rnd();
  const base = leaf.scale >= 0 ? scalePos * 0.65 + spread * 0.35 : spread;
  const dropKop = Math.max(100, Math.round((leaf.minKop * Math.pow(ratio, base)) / 10) * 10);
  const retailKop = Math.ceil((dropKop * (1.25 + rnd() * 0.35)) / 100) * 100;
  const oldDropKop = rnd() < 0.08 ? Math.max(dropKop + 10, Math.round((dropKop * (1.1 + rnd() * 0.2)) / 10) * 10) : null;
  const isNew = rnd() < 0.1;

  const q = rnd();
  const qty = q < 0.12 ? 0 : q < 0.55 ? 1 + Math.floor(rnd() * 10) : q < 0.8 ? 11 + Math.floor(rnd() * 89) : 101 + Math.floor(Math.pow(rnd(), 2) * 1900);
  const reserved = Math.floor(rnd() * (Math.min(qty, 5) + 1));
  const inetPack = pick(rnd, leaf.pack);
  const inPack = Math.max(inetPack, pick(rnd, leaf.pack));

  const ir = rnd();
  const imageCount = ir < 0.03 ? 0 : 1 + Math.floor(((ir - 0.03) / 0.97) * 3);
  const images: DemoImage[] = [];
  if (pool && pool.length > 0) images.push(...poolPictures(pool, seed, id, imageCount));
  else {
    for (let n = 1; n <= imageCount; n++) {
      images.push({ original: `demo/p/${id}-${n}-o.svg`, mediumCentered: `demo/p/${id}-${n}-m.svg`, thumb: `demo/p/${id}-${n}-t.svg` });
    }
  }

  const vendorCode = `${brand.prefix}-${leaf.code}${digits.slice(0, 2)}-${id.toString(36).toUpperCase().padStart(4, '0')}`;
  const opening = Math.floor(rnd() * 3);
  const closing = Math.floor(rnd() * 3);
  const specs = (lang: 0 | 1) => {
    let out = '';
    for (let i = 0; i < 3 && i < leaf.props.length; i++) out += `${i > 0 ? ', ' : ''}${leaf.props[i]!.label[lang]}${chosen[i]![lang]}`;
    return out;
  };
  const retail = retailKop / 100;
  const descriptionUk = [
    opening === 0
      ? `${nameUk} — ${brand.name ? `продукція бренду ${brand.name}` : 'якісний товар без зайвої переплати'} у категорії «${leaf.name[0]}».`
      : opening === 1
        ? `${nameUk} — популярна модель для щоденного використання.`
        : `У нашому асортименті — ${lowFirst(nameUk)} за вигідною ціною для дропшипінгу.`,
    `Основні характеристики: ${specs(0)}.`,
    closing === 0
      ? `Відправляємо в день замовлення, ${qty > 0 ? 'товар є в наявності' : 'товар очікується найближчим часом'}.`
      : closing === 1
        ? 'Підходить для продажу в інтернет-магазині: фото та опис уже готові.'
        : `Рекомендована роздрібна ціна — ${retail} грн.`,
  ].join(' ');
  const descriptionRu = [
    opening === 0
      ? `${nameRu} — ${brand.name ? `продукция бренда ${brand.name}` : 'качественный товар без лишней переплаты'} в категории «${leaf.name[1]}».`
      : opening === 1
        ? `${nameRu} — популярная модель для ежедневного использования.`
        : `В нашем ассортименте — ${lowFirst(nameRu)} по выгодной цене для дропшиппинга.`,
    `Основные характеристики: ${specs(1)}.`,
    closing === 0
      ? `Отправляем в день заказа, ${qty > 0 ? 'товар в наличии' : 'товар ожидается в ближайшее время'}.`
      : closing === 1
        ? 'Подходит для продажи в интернет-магазине: фото и описание уже готовы.'
        : `Рекомендованная розничная цена — ${retail} грн.`,
  ].join(' ');

  return {
    id,
    b2bCodeId: 100000 + id,
    codeId: 7000000 + id,
    vendorCode,
    nameUk,
    nameRu,
    descriptionUk,
    descriptionRu,
    brand: brand.name,
    brandAliases: [...brand.aliases],
    categoryId: leaf.id,
    parentId: leaf.parentId,
    rootId: leaf.rootId,
    dropKop,
    oldDropKop,
    retailKop,
    qty,
    reserved,
    inetPack,
    inPack,
    isNew,
    analogueGroupId: grouped ? chunk + 1 : null,
    propertyValueIds,
    images,
  };
}

/**
 * The demo catalogue of `count` products; the tree and properties do not depend on `count`.
 * With `pool` (the stored photos of demo-photos.ts), products show 0-3 of its pictures, reused
 * across products; without, each product has its own SVGs drawn on request (demo/p/*.svg).
 * Category pictures are the SVGs either way.
 */
export function generateDemoCatalogue(count: number, seed = 1, pool?: readonly DemoImage[]): DemoCatalogue {
  const s = buildStatic();
  const n = Math.max(0, Math.floor(count));
  return {
    categories: s.categories.map((c) => ({ ...c })),
    propertyTypes: s.propertyTypes.map((t) => ({ ...t })),
    propertyValues: s.propertyValues.map((v) => ({ ...v })),
    analogueGroups: analogueGroupCount(n),
    *products() {
      for (let id = 1; id <= n; id++) yield makeProduct(s, seed, id, n, pool);
    },
  };
}
