/**
 * A category's products in list order with the columns a list filter reads (the covering
 * category index's: drop price and property values), held in typed arrays by the read model.
 * A filtered list of the category (property values, a price range, any page) is then answered
 * from memory (about 4 µs once its property groups' subset is known) instead of PostgreSQL reading
 * the whole category's index for the count, which is what a price range nobody asked before cost
 * (issue 31: 6.6 ms for a 20,000-product category).
 */
export interface CategorySlice {
  /** Product ids in list order (in stock first, then newest). */
  ids: Int32Array;
  dropKop: Float64Array;
  /** Product i's property values are values[valueStart[i] .. valueStart[i + 1]), as local numbers. */
  valueStart: Int32Array;
  values: Uint16Array;
  /** Property value id → its local number in `values`. */
  local: Map<number, number>;
  /**
   * The products that pass a set of property groups (key: groupsKey), computed on first use and
   * kept with the slice (oldest dropped past SUBSET_BYTES_FACTOR × the slice's own size).
   */
  subsets: Map<string, Subset>;
  subsetBytes: number;
  /** The slice's own size in bytes (its subsets may add up to SUBSET_BYTES_FACTOR times as much). */
  bytes: number;
}

/** The products of a slice that pass a set of property groups. */
interface Subset {
  /** Their positions in the slice, in list order. */
  at: Int32Array;
  /** Their drop prices, ascending: a price range's count is two binary searches. */
  sortedKop: Float64Array;
}

export const SUBSET_BYTES_FACTOR = 1;

export interface SliceRow {
  id: number;
  drop_kop: number | string;
  property_value_ids: number[];
}

/** catalogRepo.sliceText's `id price value value…,…` as rows. */
export function parseSliceText(text: string): SliceRow[] {
  if (text === '') return [];
  return text.split(',').map((entry) => {
    const parts = entry.split(' ');
    const values: number[] = [];
    for (let k = 2; k < parts.length; k++) if (parts[k] !== '') values.push(Number(parts[k]));
    return { id: Number(parts[0]), drop_kop: Number(parts[1]), property_value_ids: values };
  });
}

/** More distinct property values than this (in one category) and the slice is not built. */
const MAX_LOCAL_VALUES = 65_535;

/** The slice of rows already in list order, or null when it cannot be held (too many distinct values). */
export function buildSlice(rows: readonly SliceRow[]): CategorySlice | null {
  const n = rows.length;
  const ids = new Int32Array(n);
  const dropKop = new Float64Array(n);
  const valueStart = new Int32Array(n + 1);
  let total = 0;
  for (const r of rows) total += r.property_value_ids.length;
  const values = new Uint16Array(total);
  const local = new Map<number, number>();
  let at = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    ids[i] = r.id;
    dropKop[i] = Number(r.drop_kop);
    valueStart[i] = at;
    for (const v of r.property_value_ids) {
      let k = local.get(v);
      if (k === undefined) {
        if (local.size >= MAX_LOCAL_VALUES) return null;
        local.set(v, (k = local.size));
      }
      values[at++] = k;
    }
  }
  valueStart[n] = at;
  const bytes = ids.byteLength + dropKop.byteLength + valueStart.byteLength + values.byteLength + local.size * 40 + 200;
  return { ids, dropKop, valueStart, values, local, subsets: new Map(), subsetBytes: 0, bytes };
}

export interface SliceFilter {
  /** Property value ids by type: a product matches a group when it has any of its values; every group must match. */
  valueGroups?: readonly (readonly number[])[] | undefined;
  dropMinKop?: number | undefined;
  dropMaxKop?: number | undefined;
}

/** One key for the same groups in any order. */
const groupsKey = (groups: readonly (readonly number[])[]) =>
  groups
    .map((g) => [...new Set(g)].sort((a, b) => a - b).join('.'))
    .sort()
    .join('|');

/** The slice's products that have, for every group, one of its values (`property_value_ids && group`). */
function subsetOf(slice: CategorySlice, groups: readonly (readonly number[])[]): Subset {
  const key = groupsKey(groups);
  const known = slice.subsets.get(key);
  if (known) {
    // Most recently used last: the oldest is dropped first.
    slice.subsets.delete(key);
    slice.subsets.set(key, known);
    return known;
  }
  const { ids, dropKop, valueStart, values, local } = slice;
  // Each local value's bit set: bit g when the value is one of group g's.
  const mask = new Uint32Array(local.size);
  groups.forEach((group, g) => {
    for (const v of group) {
      const k = local.get(v);
      if (k !== undefined) mask[k]! |= 1 << g;
    }
  });
  const need = (1 << groups.length) - 1;
  const positions = new Int32Array(ids.length);
  let count = 0;
  for (let i = 0; i < ids.length; i++) {
    if (need !== 0) {
      let has = 0;
      for (let j = valueStart[i]!, e = valueStart[i + 1]!; j < e; j++) has |= mask[values[j]!]!;
      if ((has & need) !== need) continue;
    }
    positions[count++] = i;
  }
  const at = positions.slice(0, count);
  const sortedKop = new Float64Array(count);
  for (let k = 0; k < count; k++) sortedKop[k] = dropKop[at[k]!]!;
  sortedKop.sort();
  const subset = { at, sortedKop };
  slice.subsets.set(key, subset);
  slice.subsetBytes += at.byteLength + sortedKop.byteLength + key.length * 2 + 100;
  for (const [k, s] of slice.subsets) {
    if (slice.subsetBytes <= SUBSET_BYTES_FACTOR * slice.bytes || k === key) break;
    slice.subsets.delete(k);
    slice.subsetBytes -= s.at.byteLength + s.sortedKop.byteLength + k.length * 2 + 100;
  }
  return subset;
}

/** The first index whose value is ≥ x (strict: > x). */
function bound(sorted: Float64Array, x: number, strict: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (strict ? sorted[mid]! <= x : sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The ids of one page of the products that pass `filter`, and how many pass up to `cap` (the
 * same as the SQL list: `property_value_ids && group` for each group, the drop price bounds, list
 * order; a count of LIMIT cap). The groups' subset is computed once per slice; then the count
 * is two binary searches and the page a walk of the subset to its end. Null when there are more
 * groups than a 30-bit mask holds.
 */
export function scanSlice(slice: CategorySlice, filter: SliceFilter, limit: number, offset: number, cap: number): { ids: number[]; total: number } | null {
  const groups = (filter.valueGroups ?? []).filter((g) => g.length > 0);
  if (groups.length > 30) return null;
  const { at, sortedKop } = subsetOf(slice, groups);
  const min = filter.dropMinKop ?? -Infinity;
  const max = filter.dropMaxKop ?? Infinity;
  const total = Math.min(cap, Math.max(0, bound(sortedKop, max, true) - bound(sortedKop, min, false)));
  const out: number[] = [];
  // The page is not cut at the count's window, as SQL's LIMIT/OFFSET is not.
  const end = offset + limit;
  const { ids, dropKop } = slice;
  for (let k = 0, matched = 0; k < at.length && matched < end; k++) {
    const price = dropKop[at[k]!]!;
    if (price < min || price > max) continue;
    if (matched >= offset) out.push(ids[at[k]!]!);
    matched++;
  }
  return { ids: out, total };
}
