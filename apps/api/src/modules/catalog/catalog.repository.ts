import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { HiddenCategories } from './category-tree.ts';

/** Postgres int[] literal bound as one parameter ('{1,2,3}'). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/** What a product listing is restricted to; every part is optional. */
export interface ProductWhere {
  /** Column and id of the category (category_id, parent_id or root_id), or a depth-1 category (either). */
  category?: { id: number; depth: number };
  specials?: boolean;
  news?: boolean;
  favoritesOf?: number;
  /** Property value ids grouped by type: OR inside a group, AND across groups. */
  valueGroups?: number[][];
  /** Bounds on the catalogue drop price (kopecks), derived from the user's price range. */
  dropMinKop?: number;
  dropMaxKop?: number;
  /** A to_tsquery('simple') expression over search_tsv. */
  tsquery?: string;
  excludeIds?: number[];
  onlyIds?: number[];
  /** Hidden categories to leave out (category-tree.ts); absent when none is hidden in the listed scope. */
  hidden?: HiddenCategories | undefined;
  /** Only the products of these hidden categories (what a full count takes off; see countCapped). */
  inHidden?: HiddenCategories | undefined;
}

/** Leaves out the products of hidden categories: nothing at all when none is hidden (the usual case). */
export function hiddenSql(h: HiddenCategories | undefined, alias: 'p' | 'a' = 'p'): SQL[] {
  if (!h) return [];
  const t = sql.raw(alias);
  const parts: SQL[] = [];
  if (h.roots.length > 0) parts.push(sql`NOT (${t}.root_id = ANY(${intArray(h.roots)}))`);
  // parent_id is null for a product in a root: 'IS NOT TRUE' keeps it.
  if (h.parents.length > 0) parts.push(sql`(${t}.parent_id = ANY(${intArray(h.parents)})) IS NOT TRUE`);
  if (h.categories.length > 0) parts.push(sql`NOT (${t}.category_id = ANY(${intArray(h.categories)}))`);
  return parts;
}

/** The products of hidden categories: one index range per level (the root, parent and category indexes). */
function inHiddenSql(h: HiddenCategories): SQL {
  const parts: SQL[] = [];
  if (h.roots.length > 0) parts.push(sql`p.root_id = ANY(${intArray(h.roots)})`);
  if (h.parents.length > 0) parts.push(sql`p.parent_id = ANY(${intArray(h.parents)})`);
  if (h.categories.length > 0) parts.push(sql`p.category_id = ANY(${intArray(h.categories)})`);
  return parts.length > 0 ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`;
}

const hiddenKey = (h: HiddenCategories | undefined) => (h ? `/h${h.roots.join('.')}:${h.parents.join('.')}:${h.categories.join('.')}` : '');

export function whereSql(w: ProductWhere): SQL {
  const parts: SQL[] = [];
  if (w.category) {
    const { id, depth } = w.category;
    if (depth === 0) parts.push(sql`p.root_id = ${id}`);
    else if (depth === 1) parts.push(sql`p.parent_id = ${id}`);
    else parts.push(sql`p.category_id = ${id}`);
  }
  if (w.specials) parts.push(sql`p.old_drop_kop IS NOT NULL`);
  if (w.news) parts.push(sql`p.is_new`);
  if (w.favoritesOf !== undefined) parts.push(sql`p.id IN (SELECT f.product_id FROM favorite_products f WHERE f.user_id = ${w.favoritesOf})`);
  for (const group of w.valueGroups ?? []) {
    if (group.length === 0) continue;
    // Inside a category the covering (category, in_stock, id) index answers the filter without
    // the table: 'IS TRUE' keeps the planner on it instead of a GIN bitmap it misestimates
    // (property values are specific to categories). Elsewhere the GIN index is the way in.
    parts.push(w.category ? sql`(p.property_value_ids && ${intArray(group)}) IS TRUE` : sql`p.property_value_ids && ${intArray(group)}`);
  }
  if (w.dropMinKop !== undefined) parts.push(sql`p.drop_kop >= ${w.dropMinKop}`);
  if (w.dropMaxKop !== undefined) parts.push(sql`p.drop_kop <= ${w.dropMaxKop}`);
  if (w.tsquery) parts.push(sql`p.search_tsv @@ to_tsquery('simple', ${w.tsquery})`);
  if (w.excludeIds && w.excludeIds.length > 0) parts.push(sql`NOT (p.id = ANY(${intArray(w.excludeIds)}))`);
  if (w.onlyIds) parts.push(w.onlyIds.length > 0 ? sql`p.id = ANY(${intArray(w.onlyIds)})` : sql`false`);
  parts.push(...hiddenSql(w.hidden));
  if (w.inHidden) parts.push(inHiddenSql(w.inHidden));
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

/** A stable cache key for a listing restriction (filter groups and values in any order give one key). */
export function whereKey(w: ProductWhere): string {
  const groups = (w.valueGroups ?? [])
    .filter((g) => g.length > 0)
    .map((g) => [...g].sort((a, b) => a - b).join('.'))
    .sort()
    .join('|');
  return (
    [
      w.category ? `${w.category.depth}:${w.category.id}` : '-',
      w.specials ? 's' : '',
      w.news ? 'n' : '',
      w.favoritesOf ?? '',
      groups,
      w.dropMinKop ?? '',
      w.dropMaxKop ?? '',
      w.tsquery ?? '',
      (w.excludeIds ?? []).join('.'),
      w.onlyIds ? w.onlyIds.join('.') : '-',
    ].join('/') + hiddenKey(w.hidden)
  );
}

const ORDER = sql`p.in_stock DESC NULLS LAST, p.id DESC NULLS LAST`;

/** A product as every reseller sees it (the marks of ProductRow are personal). */
export interface BaseProductRow {
  id: number;
  b2b_code_id: number;
  code_id: number;
  vendor_code: string;
  name_uk: string;
  name_ru: string;
  brand: string | null;
  category_id: number;
  parent_id: number | null;
  root_id: number;
  drop_kop: number;
  old_drop_kop: number | null;
  retail_kop: number;
  qty: number;
  reserved: number;
  inet_pack: number;
  in_pack: number;
  is_new: boolean;
  has_images: boolean;
  analogue_group_id: number | null;
  images: [string, string, string][];
  analogues_count: number;
}

/** The read model's cached row a ProductRow was made from: list-writer.ts keeps what it writes of a row with it. */
export const BASE_ROW: unique symbol = Symbol('base row');

export interface ProductRow extends BaseProductRow {
  is_favorite: boolean;
  is_subscribed: boolean;
  in_cart: boolean;
  [BASE_ROW]?: BaseProductRow;
}

/** A row as lists and the product page show it; the description is read on its own (descriptionOf), only for the product page. */
const COLUMNS = sql`p.id, p.b2b_code_id, p.code_id, p.vendor_code, p.name_uk, p.name_ru, p.brand,
  p.category_id, p.parent_id, p.root_id, p.drop_kop, p.old_drop_kop, p.retail_kop, p.qty, p.reserved, p.inet_pack, p.in_pack,
  p.is_new, p.has_images, p.analogue_group_id, p.in_stock`;

/** What every reseller sees of a row beyond its columns (analogues in hidden categories are not counted). */
const sharedExtras = (hidden: HiddenCategories | undefined) => sql`
  coalesce((SELECT json_agg(json_build_array(i.original, i.medium_centered, i.thumb) ORDER BY i.sort, i.id)
            FROM product_images i WHERE i.product_id = p.id), '[]'::json) AS images,
  CASE WHEN p.analogue_group_id IS NULL THEN 0
       ELSE (SELECT count(*)::int - 1 FROM products a WHERE a.analogue_group_id = p.analogue_group_id${sql.join(hiddenSql(hidden, 'a').map((c) => sql` AND ${c}`))}) END AS analogues_count`;

/** Per-row extras, computed only for the rows of the page. */
const extras = (userId: number, hidden: HiddenCategories | undefined) => sql`
  ${sharedExtras(hidden)},
  EXISTS (SELECT 1 FROM favorite_products f WHERE f.user_id = ${userId} AND f.product_id = p.id) AS is_favorite,
  EXISTS (SELECT 1 FROM product_notifications n WHERE n.user_id = ${userId} AND n.code_id = p.code_id) AS is_subscribed,
  EXISTS (SELECT 1 FROM cart_lines c WHERE c.user_id = ${userId} AND c.product_id = p.id) AS in_cart`;

/** int8 comes back as a string from node-postgres and as a number from PGlite: one conversion. */
function normalizeRow<T extends BaseProductRow = ProductRow>(r: Record<string, unknown>): T {
  return {
    ...(r as unknown as T),
    drop_kop: Number(r.drop_kop),
    old_drop_kop: r.old_drop_kop === null ? null : Number(r.old_drop_kop),
    retail_kop: Number(r.retail_kop),
    analogues_count: Math.max(0, Number(r.analogues_count)),
    images: (typeof r.images === 'string' ? JSON.parse(r.images) : r.images) as [string, string, string][],
  };
}

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `cat_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (statementNames.size < 5000) statementNames.set(text, name);
  }
  return name;
}

/**
 * Catalogue reads on PostgreSQL run as named prepared statements: the text depends only on the
 * shape of the request (values are parameters), so each pool connection parses and plans a shape
 * once and PostgreSQL may settle on a cached plan instead of planning every page anew.
 */
async function rows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    const res = await client.query({ name: statementName(text), text, values: params });
    return res.rows as Record<string, unknown>[];
  }
  const res = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows;
}

export const catalogRepo = {
  /** Rows without anything personal (the read model's rows). */
  async baseByIds(db: Db, ids: number[], hidden?: HiddenCategories): Promise<BaseProductRow[]> {
    if (ids.length === 0) return [];
    const r = await rows(db, sql`SELECT ${COLUMNS}, ${sharedExtras(hidden)} FROM products p WHERE p.id = ANY(${intArray(ids)})`);
    return r.map((x) => normalizeRow<BaseProductRow>(x));
  },

  /** The ids of a list page, in list order. */
  async pageIds(db: Db, w: ProductWhere, limit: number, offset: number): Promise<number[]> {
    const r = await rows(db, sql`SELECT p.id FROM products p WHERE ${whereSql(w)} ORDER BY ${ORDER} LIMIT ${limit} OFFSET ${offset}`);
    return r.map((x) => Number(x.id));
  },

  /** A product's description in both languages, or null when it does not exist. */
  async descriptionOf(db: Db, id: number): Promise<{ uk: string; ru: string } | null> {
    const [r] = await rows(db, sql`SELECT p.description_uk, p.description_ru FROM products p WHERE p.id = ${id}`);
    return r ? { uk: String(r.description_uk), ru: String(r.description_ru) } : null;
  },

  /**
   * A category's products in list order with the columns a list filter reads (the read model's
   * category slice), as one text of `id price value value…` entries joined by commas: a
   * 20,000-product category comes back in a third of the time rows with int[] columns take.
   */
  async sliceText(db: Db, w: Pick<ProductWhere, 'category' | 'hidden'>): Promise<string> {
    const r = await rows(
      db,
      sql`SELECT string_agg(concat_ws(' ', p.id, p.drop_kop, nullif(array_to_string(p.property_value_ids, ' '), '')), ',' ORDER BY ${ORDER}) AS s
          FROM products p WHERE ${whereSql(w)}`,
    );
    return String(r[0]?.s ?? '');
  },

  /** searchPage's ids and count (the read model's variant). */
  async searchPageIds(db: Db, w: ProductWhere, cap: number, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
    const r = await rows(
      db,
      sql`WITH hits AS MATERIALIZED (SELECT p.id, p.in_stock FROM products p WHERE ${whereSql(w)} LIMIT ${cap})
          SELECT (SELECT count(*)::int FROM hits) AS hits_total,
                 ARRAY(SELECT id FROM hits ORDER BY in_stock DESC NULLS LAST, id DESC NULLS LAST LIMIT ${limit} OFFSET ${offset}) AS ids`,
    );
    const ids = r[0]?.ids;
    const list = typeof ids === 'string' ? (ids === '{}' ? [] : ids.slice(1, -1).split(',')) : ((ids as unknown[] | undefined) ?? []);
    return { ids: list.map(Number), total: Number(r[0]?.hits_total ?? 0) };
  },

  /** A reseller's favourites and cart (product ids) and back-in-stock subscriptions (code ids). */
  async userSets(db: Db, userId: number): Promise<{ favorites: Set<number>; subscriptions: Set<number>; cart: Set<number> }> {
    const r = await rows(
      db,
      sql`SELECT 'f' AS k, f.product_id AS v FROM favorite_products f WHERE f.user_id = ${userId}
          UNION ALL SELECT 's', n.code_id FROM product_notifications n WHERE n.user_id = ${userId}
          UNION ALL SELECT 'c', c.product_id FROM cart_lines c WHERE c.user_id = ${userId}`,
    );
    const sets = { favorites: new Set<number>(), subscriptions: new Set<number>(), cart: new Set<number>() };
    for (const x of r) (x.k === 'f' ? sets.favorites : x.k === 's' ? sets.subscriptions : sets.cart).add(Number(x.v));
    return sets;
  },

  /** Ids of a product's analogues in list order, or null when the product does not exist. */
  async analogueIds(db: Db, productId: number, limit: number): Promise<number[] | null> {
    const [own] = await rows(db, sql`SELECT analogue_group_id FROM products WHERE id = ${productId}`);
    if (!own) return null;
    if (own.analogue_group_id === null) return [];
    const r = await rows(
      db,
      sql`SELECT p.id FROM products p WHERE p.analogue_group_id = ${Number(own.analogue_group_id)} AND p.id <> ${productId}
          ORDER BY ${ORDER} LIMIT ${limit}`,
    );
    return r.map((x) => Number(x.id));
  },

  /** Ids of the first `cap` matches (the search window; see searchPage). */
  async searchIds(db: Db, w: ProductWhere, cap: number): Promise<number[]> {
    return (await rows(db, sql`SELECT p.id FROM products p WHERE ${whereSql(w)} LIMIT ${cap}`)).map((x) => Number(x.id));
  },

  /**
   * Matching rows counted up to `cap` (a bounded count: never scans past the window). A full
   * count that leaves hidden categories out is the count as if none were hidden less the hidden
   * ones' matches: the first stays an index-only scan (specials, news), the second reads only
   * the hidden categories' rows.
   */
  async countCapped(db: Db, w: ProductWhere, cap: number): Promise<number> {
    const count = async (x: ProductWhere) => {
      const [r] = await rows(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${whereSql(x)} LIMIT ${cap}) x`);
      return Number(r?.n ?? 0);
    };
    if (!w.hidden || cap < Number.MAX_SAFE_INTEGER) return count(w);
    const { hidden, ...visible } = w;
    const [all, inHidden] = await Promise.all([count(visible), count({ ...visible, inHidden: hidden })]);
    return Math.max(0, all - inHidden);
  },

  async byIds(db: Db, userId: number, ids: number[], hidden?: HiddenCategories): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    const r = await rows(db, sql`SELECT ${COLUMNS}, ${extras(userId, hidden)} FROM products p WHERE p.id = ANY(${intArray(ids)}) ORDER BY ${ORDER}`);
    return r.map(normalizeRow);
  },

  /** Products whose code or etalon code is the query, or whose vendor code is or starts with it. */
  async exactCodeIds(db: Db, raw: string, w: ProductWhere): Promise<number[]> {
    const lower = raw.toLowerCase();
    const conds: SQL[] = [sql`lower(p.vendor_code) = ${lower}`];
    if (lower.length >= 4 && !/\s/.test(lower)) {
      conds.push(sql`lower(p.vendor_code) LIKE ${`${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    }
    if (/^\d{1,9}$/.test(raw)) {
      const n = Number(raw);
      conds.push(sql`p.b2b_code_id = ${n}`, sql`p.code_id = ${n}`, sql`p.id = ${n}`);
    }
    const r = await rows(db, sql`SELECT p.id FROM products p WHERE (${sql.join(conds, sql` OR `)}) AND ${whereSql(w)} ORDER BY ${ORDER} LIMIT 20`);
    return r.map((x) => Number(x.id));
  },

  /**
   * Dictionary words close to a normalised token: the word itself, its typo neighbours (looser
   * when the word itself is unknown, so a correct word is not diluted by near spellings), and
   * completions of the word being typed.
   */
  async termCandidates(db: Db, token: string, prefix: boolean): Promise<string[]> {
    const fuzzy = token.length >= 4 && !/^\d+$/.test(token);
    const parts: SQL[] = [sql`(SELECT term FROM search_terms WHERE term = ${token})`];
    if (fuzzy) {
      parts.push(sql`(SELECT term FROM search_terms
                      WHERE term % ${token}
                        AND similarity(term, ${token}) >= CASE WHEN EXISTS (SELECT 1 FROM search_terms e WHERE e.term = ${token}) THEN 0.6 ELSE 0.4 END
                      ORDER BY similarity(term, ${token}) DESC, freq DESC LIMIT 6)`);
    }
    if (prefix && token.length >= 2) {
      // A range on the C-collated index: terms are [a-z0-9], and '{' sorts right after 'z'.
      parts.push(sql`(SELECT term FROM search_terms WHERE term COLLATE "C" >= ${token} AND term COLLATE "C" < ${`${token}{`}
                      ORDER BY freq DESC LIMIT 8)`);
    }
    const found = new Set((await rows(db, sql.join(parts, sql` UNION `))).map((r) => String(r.term)));
    // Words with digits (model numbers, codes) are searched as typed even when the dictionary
    // leaves them out (it keeps only those found in two or more products).
    if (/\d/.test(token)) found.add(token);
    return [...found];
  },

  async propertiesOf(db: Db, productId: number) {
    return rows(
      db,
      sql`SELECT pp.property_value_id AS id, t.id AS type_id, t.name_uk AS type_uk, t.name_ru AS type_ru,
                 v.value_uk, v.value_ru
          FROM product_properties pp
          JOIN property_types t ON t.id = pp.property_type_id
          JOIN property_values v ON v.id = pp.property_value_id
          WHERE pp.product_id = ${productId}
          ORDER BY t.sort, t.id`,
    );
  },

  /** Precomputed facet counts of a category (0 = whole catalogue) with their type and value names. */
  async facets(db: Db, categoryId: number) {
    const r = await rows(
      db,
      sql`SELECT t.id AS type_id, t.name_uk AS type_uk, t.name_ru AS type_ru, v.id AS value_id, v.value_uk, v.value_ru,
                 cf.products_count AS n
          FROM category_facets cf
          JOIN property_values v ON v.id = cf.property_value_id
          JOIN property_types t ON t.id = v.property_type_id
          WHERE cf.category_id = ${categoryId}
          ORDER BY t.sort, t.id, v.sort, v.id`,
    );
    return r.map((x) => ({
      typeId: Number(x.type_id),
      typeUk: String(x.type_uk),
      typeRu: String(x.type_ru),
      valueId: Number(x.value_id),
      valueUk: String(x.value_uk),
      valueRu: String(x.value_ru),
      count: Number(x.n),
    }));
  },

  /** How many products matching `w` carry each of the given property values. */
  async valueCounts(db: Db, w: ProductWhere, valueIds: number[]): Promise<Map<number, number>> {
    if (valueIds.length === 0) return new Map();
    const r = await rows(
      db,
      sql`SELECT u.v AS value_id, count(*)::int AS n
          FROM products p CROSS JOIN LATERAL unnest(p.property_value_ids) AS u(v)
          WHERE ${whereSql(w)} AND u.v = ANY(${intArray(valueIds)})
          GROUP BY u.v`,
    );
    return new Map(r.map((x) => [Number(x.value_id), Number(x.n)]));
  },

  /** Public promo grid: new, in-stock products with pictures. */
  async promo(db: Db, limit: number, hidden?: HiddenCategories) {
    const r = await rows(
      db,
      sql`SELECT p.id, p.name_uk, p.name_ru, p.drop_kop, p.retail_kop,
                 (SELECT i.medium_centered FROM product_images i WHERE i.product_id = p.id ORDER BY i.sort, i.id LIMIT 1) AS image
          FROM products p
          WHERE p.is_new AND p.in_stock AND p.has_images AND p.retail_kop > p.drop_kop${sql.join(hiddenSql(hidden).map((c) => sql` AND ${c}`))}
          ORDER BY p.in_stock DESC NULLS LAST, p.id DESC NULLS LAST LIMIT ${limit}`,
    );
    return r.map((x) => ({
      id: Number(x.id),
      nameUk: String(x.name_uk),
      nameRu: String(x.name_ru),
      dropKop: Number(x.drop_kop),
      retailKop: Number(x.retail_kop),
      image: x.image === null ? null : String(x.image),
    }));
  },

  async productExists(db: Db, productId: number): Promise<boolean> {
    return (await rows(db, sql`SELECT 1 FROM products WHERE id = ${productId}`)).length > 0;
  },

  async codeExists(db: Db, codeId: number): Promise<boolean> {
    return (await rows(db, sql`SELECT 1 FROM products WHERE code_id = ${codeId} LIMIT 1`)).length > 0;
  },
};
