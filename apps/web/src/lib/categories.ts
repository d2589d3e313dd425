import type { CategoryDto } from '@drop/shared';

/** Category columns on the desktop catalogue (SPEC section 9). */
export const CATALOG_COLUMNS = 4;
/** A hover menu lays its children out in two columns above this many (SPEC section 9). */
export const MENU_SPLIT_THRESHOLD = 9;

type Named = Pick<CategoryDto, 'name' | 'name_uk' | 'name_ru'>;

/** The name in the UI language, falling back to the other language, then to the request-language name. */
export function categoryName(c: Named, lang: string | undefined): string {
  const ru = lang?.startsWith('ru');
  const first = ru ? c.name_ru : c.name_uk;
  const second = ru ? c.name_uk : c.name_ru;
  return first?.trim() || second?.trim() || c.name;
}

export const hasChildren = (c: Pick<CategoryDto, 'child'>): boolean => c.child.length > 0;

/** A category with children opens its subcategory page; a leaf opens its product list. */
export function categoryHref(c: Pick<CategoryDto, 'id' | 'child'>): string {
  return hasChildren(c) ? `/dashboard/catalog/${c.id}` : `/dashboard/catalog/${c.id}/products`;
}

/** Depth-first search of the tree. */
export function findCategory(tree: readonly CategoryDto[] | undefined, id: number): CategoryDto | undefined {
  if (!tree) return undefined;
  for (const c of tree) {
    if (c.id === id) return c;
    const found = findCategory(c.child, id);
    if (found) return found;
  }
  return undefined;
}

/** Hover menu columns: two when the category has more than 9 children. */
export function menuColumns(c: Pick<CategoryDto, 'child'>): 1 | 2 {
  return c.child.length > MENU_SPLIT_THRESHOLD ? 2 : 1;
}

/**
 * Splits items into at most `k` contiguous groups (reading order kept: down each column, then
 * the next column) so that the tallest group is as short as possible.
 */
export function partitionColumns<T>(items: readonly T[], k: number, weight: (item: T) => number): T[][] {
  const n = items.length;
  if (n === 0 || k <= 0) return [];
  const groups = Math.min(k, n);
  const prefix = [0];
  for (const item of items) prefix.push((prefix.at(-1) ?? 0) + Math.max(0, weight(item)));
  const sum = (from: number, to: number) => (prefix[to] ?? 0) - (prefix[from] ?? 0);
  // best[g][i]: smallest possible tallest group when the first i items are cut into g groups.
  const best: number[][] = Array.from({ length: groups + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const cut: number[][] = Array.from({ length: groups + 1 }, () => new Array<number>(n + 1).fill(0));
  best[0]![0] = 0;
  for (let g = 1; g <= groups; g += 1) {
    for (let i = g; i <= n; i += 1) {
      for (let j = g - 1; j < i; j += 1) {
        const cost = Math.max(best[g - 1]![j]!, sum(j, i));
        if (cost < best[g]![i]!) {
          best[g]![i] = cost;
          cut[g]![i] = j;
        }
      }
    }
  }
  const out: T[][] = [];
  let end = n;
  for (let g = groups; g >= 1; g -= 1) {
    const start = cut[g]![end]!;
    out.unshift(items.slice(start, end));
    end = start;
  }
  return out;
}

/** Height of a root block in rows: its header plus one row per child. */
export const rootWeight = (c: Pick<CategoryDto, 'child'>): number => 2 + c.child.length;
