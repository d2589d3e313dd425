import fs from 'node:fs/promises';
import { mapLimit } from '../../lib/map-limit.ts';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../lib/image-limits.ts';
import { pictureHash, storePicture, variantsOf, type PictureSet } from '../../lib/pictures.ts';
import { ensurePictureFiles } from '../catalog/product-images.ts';
import {
  ONEC_UNSORTED_CATEGORY,
  resolvePriceTypes,
  uahToKop,
  type OnecImportStats,
  type OnecMessage,
  type OnecPriceTarget,
  type OnecPriceType,
  type OnecPriceTypeMapping,
} from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { searchText } from '../catalog/search-normalize.ts';
import { CmlError, child, children, readCml, textOf, type CmlRecord, type CmlSummary, type XNode } from './cml-reader.ts';
import { onecRepo } from './onec.repository.ts';
import { nameStockWriter } from '../catalog/catalog-stock.repository.ts';

/**
 * The 1C catalogue import (CommerceML 2.x and 3.x): one file at a time, in one transaction per file, so
 * a file that turns out broken halfway leaves the catalogue exactly as it was.
 *
 * Each file is read twice. The first read only checks it (well-formed XML, a КоммерческаяИнформация
 * document; a truncated upload fails here) and counts what it holds for the progress. The second
 * read writes, in batches, inside the transaction:
 *
 * - Groups -> categories by Ид (categories.external_id), any depth, parent and sort as in 1C.
 * - Properties -> property_types by Ид; dictionary variants (ВариантыЗначений/Справочник) ->
 *   property_values by ИдЗначения within their property (value ids are unique per property
 *   only: УТ 11 gives every boolean property the values `true` and `false`); string and number
 *   values -> property_values keyed `<property Ид>|<value>` (numbers normalised: '12,50' ->
 *   '12.5'), created when first seen. A variant without ИдЗначения (УТ 11 writes an empty
 *   `<Справочник><ИдЗначения/><Значение/></Справочник>`) is skipped with a warning.
 * - Goods -> products by Ид: Наименование, Артикул (vendor_code), Описание, Изготовитель (brand),
 *   the first Группы/Ид (category, and parent_id/root_id derived from the tree as the catalogue
 *   defines them; a new good without Группы goes into THE unsorted category, a hidden root
 *   created on demand, and the file warns how many did; a known one keeps its category; an
 *   archived one stays in the archive category whatever group 1C names),
 *   ЗначенияСвойств (product_properties and the denormalised property_value_ids),
 *   Картинка (lib/pictures.ts: three variants by content hash under DATA_DIR/storage/pictures; product_images rows),
 *   search_text as the catalogue computes it. Статус="Удален" sets the stock to 0.
 * - Price types (ТипыЦен) are remembered by Ид and name (onec_external_ids) for the mapping.
 * - Offers -> the product of the same Ид (an offer `good#characteristic` of a good without its own
 *   product counts for the good: quantities summed, prices of the first), prices by the price-type
 *   mapping (drop, retail, old drop), Количество (or the sum of Остатки/Склад) -> qty. CommerceML
 *   2.08+ and 3.x split them over offers, prices and rests files: each sets what it carries.
 *
 * Languages: 1C has one name. It goes to name_uk (1C is its source of truth); name_ru gets it too
 * while it has not been translated apart (it still equals the old Ukrainian name), so an
 * operator's Russian name survives the next import. The same for descriptions and values.
 *
 * Codes: a new product keeps 1C's Код as its b2b code (and etalon code_id) when the Код is a
 * number not used by another product; otherwise it takes the next number of
 * onec_product_code_seq, which is first moved past the highest b2b code in use, so a code is
 * never shared nor reused. Артикул is not used for this: it is not unique in 1C.
 *
 * Full packages (no СодержитТолькоИзменения): products that came from 1C (external_id set) but
 * are missing from a full catalogue or a full offers package get stock 0. They are never deleted:
 * orders, favourites and subscriptions refer to them. Products that never came from 1C are not
 * touched. Categories missing from a full classifier are kept as they are. Changes-only packages
 * touch only what they list.
 *
 * Idempotent: every update compares the new values with the stored ones in its WHERE, so
 * re-importing the same files changes no row (updated_at stays, triggers see no stock rise).
 *
 * What fails the file (nothing is written): not XML or truncated, not CommerceML, no classifier,
 * catalogue or offers in it, an element without its Ид, a new good without a name, a good
 * naming a group that is neither in the file nor already imported, offers carrying prices none
 * of which is of the drop price's type (the reason lists the file's price types; their names are
 * recorded by the runner before the import, so the mapping page offers them). What only warns
 * (the import goes on): an offer for an unknown product (1C sends offers for services and goods
 * outside the site), new goods put into the unsorted category, a dictionary variant without
 * ИдЗначения, an unknown property or dictionary value, a missing or non-image picture, a price
 * that is not a number or not in UAH, an offer naming one price type twice (the first counts).
 */

const BATCH = 500;
const ZERO_GUID = '00000000-0000-0000-0000-000000000000';
const PICTURE_MAX_BYTES = 20 * 1024 * 1024;
/** Pictures read and made at once (sharp's work is CPU-heavy; each holds one file's bytes). */
const PICTURE_CONCURRENCY = 2;
/** A 1C picture stored before issue 30 (raw bytes named by their SHA-256). */
const LEGACY_ONEC = /^onec\/[0-9a-f]{2}\/([0-9a-f]{64})\.(jpg|png|webp|gif)$/;
type PictureResult = string | 'missing' | 'not_image' | 'too_big';

/** The variants of a stored original; a legacy name (one raw file) is all three. */
const setOf = (original: string): PictureSet => variantsOf(original) ?? { original, mediumCentered: original, thumb: original };

const UAH = new Set(['', 'uah', 'грн', 'грн.', '980', 'гривня', 'гривна']);
/** One import at a time, whatever process runs it (transaction-level advisory lock). */
export const IMPORT_LOCK = 0x1c_ca7a;

/** Where an import reports. `counts` are done counters; `bytes` the second read's position. */
export interface ImportReporter {
  checking(bytes: number): void;
  totals(t: { groups: number; properties: number; products: number; offers: number }): void;
  phase(p: 'groups' | 'properties' | 'products' | 'offers'): void;
  done(kind: 'groups' | 'properties' | 'products' | 'offers', n: number): void;
  writing(bytes: number): void;
  /** A chance to save the progress (only outside the transaction where the driver allows). */
  flush(): Promise<void>;
}

export interface FileImportEnv {
  db: Db;
  dataDir: string;
  /** Absolute directory of the package (relative picture paths start here). */
  dir: string;
  mapping: OnecPriceTypeMapping;
  stats: OnecImportStats;
  warn(msg: OnecMessage): void;
  report: ImportReporter;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const p = (v: unknown) => sql.param(v);

/** A relative path inside the package, or null when it would leave it. */
export function safeRelative(name: string): string | null {
  const n = name.replace(/\\/g, '/').trim();
  if (!n || n.length > 500 || n.startsWith('/') || /^[a-z]:/i.test(n) || n.includes('\0')) return null;
  const parts = n.split('/');
  if (parts.some((s) => s === '' || s === '.' || s === '..')) return null;
  return parts.join('/');
}

/** '12,50' -> '12.5'; other strings as they are (trimmed). */
function normaliseNumber(v: string): string {
  const s = v.replace(/\s| /g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return v.trim();
  return String(Number(s));
}

function parsePrice(v: string): number | null {
  const s = v.replace(/\s| /g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const kop = uahToKop(s);
  return Number.isSafeInteger(kop) ? kop : null;
}

function parseQty(v: string): number | null {
  const s = v.replace(/\s| /g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Math.floor(Number(s));
  return Math.min(Math.max(n, 0), 2_000_000_000);
}

const isTrue = (v: string) => /^(true|1|истина|так)$/i.test(v.trim());

/** A property value's key in memory: 1C's value ids are unique per property only (УТ 11 gives every boolean property `true` and `false`). */
const valueKey = (propertyTypeId: number, externalId: string) => `${propertyTypeId}\u0000${externalId}`;

interface GroupRow {
  ext: string;
  name: string;
  parentExt: string | null;
  sort: number;
  depth: number;
}

interface PropertyValueIn {
  prop: string;
  values: string[];
}

interface Good {
  ext: string;
  name: string;
  article: string;
  code: string;
  description: string | null;
  groupExt: string | null;
  props: PropertyValueIn[] | null;
  pictures: string[];
  brand: string | null;
  deleted: boolean;
}

interface Offer {
  ext: string;
  base: string;
  prices: { type: string; value: string; currency: string }[] | null;
  qty: number | null;
}

function idOf(node: XNode, element: string): string {
  const id = textOf(node, 'Ид');
  if (!id) throw new CmlError({ key: 'missing_id', params: { element, line: node.line } });
  return id;
}

function flattenGroups(node: XNode, parentExt: string | null, depth: number, out: GroupRow[]): void {
  children(node, 'Группа').forEach((g, i) => {
    const ext = idOf(g, 'Группа');
    const name = textOf(g, 'Наименование');
    if (!name) throw new CmlError({ key: 'missing_name', params: { element: 'Группа', id: ext } });
    out.push({ ext, name, parentExt, sort: i, depth });
    const sub = child(g, 'Группы');
    if (sub) flattenGroups(sub, ext, depth + 1, out);
  });
}

function countGroups(node: XNode): number {
  let n = 0;
  for (const g of children(node, 'Группа')) {
    n += 1;
    const sub = child(g, 'Группы');
    if (sub) n += countGroups(sub);
  }
  return n;
}

const propertyNodes = (node: XNode) => [...children(node, 'Свойство'), ...children(node, 'СвойствоНоменклатуры')];

function parseGood(node: XNode): Good {
  const ext = idOf(node, 'Товар');
  const groups = child(node, 'Группы');
  const valuesNode = child(node, 'ЗначенияСвойств');
  const props = valuesNode
    ? children(valuesNode, 'ЗначенияСвойства').map((v) => ({ prop: textOf(v, 'Ид'), values: children(v, 'Значение').map((x) => x.text.trim()) }))
    : null;
  const maker = child(node, 'Изготовитель');
  const status = node.attrs['Статус'] ?? '';
  return {
    ext,
    name: textOf(node, 'Наименование'),
    article: textOf(node, 'Артикул'),
    code: textOf(node, 'Код'),
    description: child(node, 'Описание') ? textOf(node, 'Описание') : null,
    groupExt: groups ? textOf(groups, 'Ид') || null : null,
    props,
    pictures: children(node, 'Картинка')
      .map((x) => x.text.trim())
      .filter(Boolean),
    brand: maker ? textOf(maker, 'Наименование') || null : null,
    deleted: /^удален/i.test(status) || isTrue(textOf(node, 'ПометкаУдаления')),
  };
}

function parseOffer(node: XNode, priceTypeCurrency: Map<string, string>): Offer {
  const ext = idOf(node, 'Предложение');
  const pricesNode = child(node, 'Цены');
  const prices = pricesNode
    ? children(pricesNode, 'Цена').map((c) => {
        const type = textOf(c, 'ИдТипаЦены');
        return { type, value: textOf(c, 'ЦенаЗаЕдиницу'), currency: textOf(c, 'Валюта') || priceTypeCurrency.get(type) || '' };
      })
    : null;
  let qty: number | null = null;
  const add = (v: string) => {
    const n = parseQty(v);
    if (n !== null) qty = (qty ?? 0) + n;
  };
  if (child(node, 'Количество')) add(textOf(node, 'Количество'));
  else {
    for (const r of children(child(node, 'Остатки'), 'Остаток')) {
      if (child(r, 'Количество')) add(textOf(r, 'Количество'));
      else for (const s of children(r, 'Склад')) add(textOf(s, 'Количество'));
    }
    for (const s of children(node, 'Склад')) if (s.attrs['КоличествоНаСкладе'] !== undefined) add(s.attrs['КоличествоНаСкладе']!);
  }
  return { ext, base: ext.split('#')[0]!, prices, qty };
}

/**
 * Whether a file is one part of a package 1C split (CommerceML 2.08+ and 3.x): УТ 11 writes
 * goods/<n>/import___<guid>.xml and the like; other 1C exports import<n>_<m>.xml. A part lists
 * only its own goods, so it never zeroes the stock of the others.
 */
export const isPackagePart = (label: string) => /(^|\/)(goods|properties)\/\d+\//i.test(label) || /___/.test(label) || /\d+_\d+\.xml$/i.test(label);

/** The price types (ТипыЦен) a file declares. */
function declaredPriceTypes(node: XNode): { id: string; name: string; currency: string }[] {
  return children(node, 'ТипЦены').map((t) => ({ id: idOf(t, 'ТипЦены'), name: textOf(t, 'Наименование'), currency: textOf(t, 'Валюта') }));
}

/**
 * Checks a file and counts its records (first read: nothing is written). Answers what it holds
 * and the price types it declares, which the runner records before the import (so that the
 * back office's mapping offers them even when the import of the file fails).
 */
export async function checkCatalogFile(abs: string, label: string, report: ImportReporter): Promise<CmlSummary & { priceTypes: OnecPriceType[] }> {
  const t = { groups: 0, properties: 0, products: 0, offers: 0 };
  const priceTypes = new Map<string, OnecPriceType>();
  const summary = await readCml(
    abs,
    label,
    (r) => {
      if (r.kind === 'priceTypes') for (const pt of declaredPriceTypes(r.node)) priceTypes.set(pt.id, { id: pt.id, name: pt.name || pt.id });
      else if (r.kind === 'groups') t.groups += countGroups(r.node);
      else if (r.kind === 'properties') t.properties += propertyNodes(r.node).length;
      else if (r.kind === 'good') t.products += 1;
      else if (r.kind === 'offer') t.offers += 1;
    },
    (b) => report.checking(b),
  );
  report.totals(t);
  return { ...summary, priceTypes: [...priceTypes.values()] };
}

/** Second read: writes a checked file in one transaction. Answers whether anything changed. */
export async function importCatalogFile(env: FileImportEnv, abs: string, label: string): Promise<boolean> {
  return env.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    // Stock the file sets is 1C's (the stock history's source), named by the file.
    await nameStockWriter(tx, { source: 'onec', note: label.slice(0, 200) });
    const job = new FileImport(env, tx, label);
    await job.load();
    const summary = await readCml(
      abs,
      label,
      (r) => job.record(r),
      (b) => env.report.writing(b),
    );
    await job.finish(summary);
    return job.changed;
  });
}

interface CategoryPath {
  parentId: number | null;
  rootId: number;
}

class FileImport {
  changed = false;
  private readonly categoryByExt = new Map<string, number>();
  private paths: Map<number, CategoryPath> | null = null;
  private readonly propertyByExt = new Map<string, number>();
  /** Value kinds of the properties of this file's classifier and of the dictionaries already imported (others: looked up, else literal). */
  private readonly propertyKind = new Map<string, 'dict' | 'string' | 'number'>();
  /** Property values by `valueKey(property type id, external id)`: value ids are unique per property only. */
  private readonly valueByExt = new Map<string, number>();
  private readonly priceTypes = new Map<string, OnecPriceType>();
  private readonly priceTypeCurrency = new Map<string, string>();
  /** The price types declared in this file. */
  private readonly filePriceTypes = new Map<string, OnecPriceType>();
  private targets: Record<OnecPriceTarget, string | null> | null = null;
  private goods: Good[] = [];
  private offers: Offer[] = [];
  private readonly seen = new Set<number>();
  private goodsDone = 0;
  private offersDone = 0;
  /** The unsorted category (goods without a group), once looked up or created. */
  private unsortedId: number | null = null;
  /** New goods of this file put into the unsorted category. */
  private unsortedCount = 0;
  /** The price types (Ид) the offers of this file carry prices of, and whether one is the drop price's. */
  private readonly pricedTypes = new Set<string>();
  private sawDropPrice = false;
  /** Whether an offer of this file carried a quantity. */
  private sawQty = false;
  /** Each 1C picture path of this file, once handled: its stored original or why there is none. */
  private readonly pictureResults = new Map<string, PictureResult>();

  constructor(
    private readonly env: FileImportEnv,
    private readonly tx: Db,
    private readonly label: string,
  ) {}

  async load(): Promise<void> {
    const tx = this.tx;
    for (const r of await rows<{ id: number; external_id: string }>(tx, sql`SELECT id, external_id FROM categories WHERE external_id IS NOT NULL`))
      this.categoryByExt.set(r.external_id, r.id);
    for (const r of await rows<{ id: number; external_id: string }>(tx, sql`SELECT id, external_id FROM property_types WHERE external_id IS NOT NULL`))
      this.propertyByExt.set(r.external_id, r.id);
    for (const r of await rows<{ id: number; property_type_id: number; external_id: string }>(
      tx,
      sql`SELECT id, property_type_id, external_id FROM property_values WHERE external_id IS NOT NULL`,
    ))
      this.valueByExt.set(valueKey(r.property_type_id, r.external_id), r.id);
    // Dictionary properties imported by an earlier file (УТ 11 sends the properties in their own
    // file): those with values of their own ids, not `<property>|<literal>` ones.
    for (const r of await rows<{ external_id: string }>(
      tx,
      sql`SELECT t.external_id FROM property_types t
           WHERE t.external_id IS NOT NULL
             AND EXISTS (SELECT 1 FROM property_values v WHERE v.property_type_id = t.id AND v.external_id IS NOT NULL AND NOT starts_with(v.external_id, t.external_id || '|'))`,
    ))
      this.propertyKind.set(r.external_id, 'dict');
    for (const t of await onecRepo.knownPriceTypes(tx)) this.priceTypes.set(t.id, { id: t.id, name: t.name });
  }

  async record(r: CmlRecord): Promise<void> {
    switch (r.kind) {
      case 'groups':
        return this.groups(r.node);
      case 'properties':
        return this.properties(r.node);
      case 'priceTypes':
        return this.priceTypesOf(r.node);
      case 'good':
        if (this.withoutId(r.node, 'Товар')) return;
        this.goods.push(parseGood(r.node));
        if (this.goods.length >= BATCH) await this.flushGoods();
        return;
      case 'offer': {
        if (this.withoutId(r.node, 'Предложение')) return;
        const o = parseOffer(r.node, this.priceTypeCurrency);
        // Characteristics of one good stay in one batch (their quantities are summed).
        const last = this.offers[this.offers.length - 1];
        if (this.offers.length >= BATCH && last && last.base !== o.base) await this.flushOffers();
        this.offers.push(o);
        return;
      }
    }
  }

  /**
   * A good or an offer without Ид (1C ERP writes empty `<Предложение/>` among the offers) names
   * nothing to write: skipped with a warning, never the whole file refused.
   */
  private withoutId(node: XNode, element: string): boolean {
    if (textOf(node, 'Ид')) return false;
    this.env.warn({ key: 'record_without_id', params: { element, line: node.line } });
    return true;
  }

  async finish(summary: CmlSummary): Promise<void> {
    await this.flushGoods();
    await this.flushOffers();
    if (this.pricedTypes.size > 0 && !this.sawDropPrice) {
      // Prices, none of them the drop price's type: refused (rolled back) with the types to map.
      const names = [...this.pricedTypes].map((id) => this.priceTypes.get(id)?.name ?? id);
      const list = names.slice(0, 20).join(', ') + (names.length > 20 ? ', …' : '');
      throw new CmlError({ key: 'no_drop_price', params: { file: this.label, types: list.slice(0, 1000) } });
    }
    if (this.unsortedCount > 0) this.env.warn({ key: 'goods_unsorted', params: { file: this.label, count: this.unsortedCount } });
    const fullCatalog = summary.hasCatalog && !summary.catalogOnlyChanges;
    const fullOffers = summary.hasOffers && !summary.offersOnlyChanges;
    this.env.stats.only_changes = !fullCatalog && !fullOffers;
    // Only a file that lists goods (or stock) of the whole catalogue zeroes the rest: not a
    // classifier with an empty Каталог, not a prices file, never one part of a package split
    // over several (goods/1/, goods/2/, ... or import___<guid>.xml: each lists only its part).
    const zeroes = !isPackagePart(this.label) && ((fullCatalog && this.goodsDone > 0) || (fullOffers && this.sawQty));
    if (zeroes) {
      const zeroed = await rows<{ id: number }>(
        this.tx,
        sql`UPDATE products SET qty = 0, updated_at = now()
             WHERE external_id IS NOT NULL AND qty <> 0 AND NOT (id = ANY(${p([...this.seen])}::int[])) RETURNING id`,
      );
      this.env.stats.products_zeroed += zeroed.length;
      if (zeroed.length > 0) this.changed = true;
    }
  }

  // ---------- groups -> categories ----------

  private async groups(node: XNode): Promise<void> {
    this.env.report.phase('groups');
    const list: GroupRow[] = [];
    flattenGroups(node, null, 0, list);
    const tx = this.tx;
    let moved = false;
    const maxDepth = list.reduce((m, g) => Math.max(m, g.depth), 0);
    for (let depth = 0; depth <= maxDepth; depth++) {
      const level = list.filter((g) => g.depth === depth);
      const parentOf = (g: GroupRow) => (g.parentExt === null ? null : this.categoryByExt.get(g.parentExt)!);
      const fresh = level.filter((g) => !this.categoryByExt.has(g.ext));
      const known = level.filter((g) => this.categoryByExt.has(g.ext));
      if (fresh.length > 0) {
        const inserted = await rows<{ id: number; external_id: string }>(
          tx,
          sql`INSERT INTO categories (parent_id, depth, name_uk, name_ru, sort, external_id)
              SELECT u.parent, u.depth, u.name, u.name, u.sort, u.ext
                FROM unnest(${p(fresh.map(parentOf))}::int[], ${p(fresh.map((g) => g.depth))}::smallint[], ${p(fresh.map((g) => g.name))}::text[],
                            ${p(fresh.map((g) => g.sort))}::int[], ${p(fresh.map((g) => g.ext))}::text[]) AS u(parent, depth, name, sort, ext)
              RETURNING id, external_id`,
        );
        for (const r of inserted) this.categoryByExt.set(r.external_id, r.id);
        this.env.stats.categories_created += inserted.length;
        moved = true;
      }
      if (known.length > 0) {
        const updated = await rows<{ id: number; moved: boolean }>(
          tx,
          sql`WITH u AS (
                SELECT * FROM unnest(${p(known.map((g) => this.categoryByExt.get(g.ext)))}::int[], ${p(known.map(parentOf))}::int[],
                                     ${p(known.map((g) => g.depth))}::smallint[], ${p(known.map((g) => g.name))}::text[], ${p(known.map((g) => g.sort))}::int[])
                  AS u(id, parent, depth, name, sort)),
              old AS (SELECT c.id, c.parent_id, c.depth FROM categories c JOIN u ON u.id = c.id)
              UPDATE categories c
                 SET parent_id = u.parent, depth = u.depth, name_uk = u.name, sort = u.sort, updated_at = now(),
                     name_ru = CASE WHEN c.name_ru = c.name_uk THEN u.name ELSE c.name_ru END
                FROM u JOIN old ON old.id = u.id
               WHERE c.id = u.id
                 AND (c.parent_id, c.depth, c.name_uk, c.sort, c.name_ru)
                     IS DISTINCT FROM (u.parent, u.depth, u.name, u.sort, CASE WHEN c.name_ru = c.name_uk THEN u.name ELSE c.name_ru END)
              RETURNING c.id, (old.parent_id IS DISTINCT FROM u.parent OR old.depth IS DISTINCT FROM u.depth) AS moved`,
        );
        this.env.stats.categories_updated += updated.length;
        if (updated.some((r) => r.moved)) moved = true;
        if (updated.length > 0) this.changed = true;
      }
    }
    if (list.length > 0 && moved) {
      this.changed = true;
      this.paths = null;
      // A moved group moves its products' parent_id/root_id (whichever file listed them).
      const paths = await this.categoryPaths();
      const ids = [...paths.keys()];
      await tx.execute(sql`
        UPDATE products pr SET parent_id = u.parent, root_id = u.root, updated_at = now()
          FROM unnest(${p(ids)}::int[], ${p(ids.map((id) => paths.get(id)!.parentId))}::int[], ${p(ids.map((id) => paths.get(id)!.rootId))}::int[]) AS u(id, parent, root)
         WHERE pr.category_id = u.id AND (pr.parent_id, pr.root_id) IS DISTINCT FROM (u.parent, u.root)`);
    }
    this.env.report.done('groups', list.length);
  }

  /** Per category: the depth-1 ancestor at or above it (null for a root) and the root. */
  private async categoryPaths(): Promise<Map<number, CategoryPath>> {
    if (this.paths) return this.paths;
    const all = await rows<{ id: number; parent_id: number | null }>(this.tx, sql`SELECT id, parent_id FROM categories`);
    const parent = new Map(all.map((r) => [r.id, r.parent_id]));
    const out = new Map<number, CategoryPath>();
    for (const { id } of all) {
      const chain: number[] = [id];
      for (let up = parent.get(id) ?? null; up !== null && chain.length < 64; up = parent.get(up) ?? null) chain.push(up);
      // chain: the category, its parent, ..., the root.
      out.set(id, { rootId: chain[chain.length - 1]!, parentId: chain.length >= 2 ? chain[chain.length - 2]! : null });
    }
    this.paths = out;
    return out;
  }

  // ---------- properties ----------

  private async properties(node: XNode): Promise<void> {
    this.env.report.phase('properties');
    const tx = this.tx;
    const parsed = propertyNodes(node).map((n, i) => {
      const ext = idOf(n, 'Свойство');
      const name = textOf(n, 'Наименование');
      if (!name) throw new CmlError({ key: 'missing_name', params: { element: 'Свойство', id: ext } });
      const type = textOf(n, 'ТипЗначений');
      const variants = children(child(n, 'ВариантыЗначений'), 'Справочник');
      const dict = new Map<string, { ext: string; value: string; sort: number }>();
      variants.forEach((v, j) => {
        const valueId = textOf(v, 'ИдЗначения') || textOf(v, 'Ид');
        // УТ 11 writes an empty variant (<ИдЗначения/><Значение/>): nothing can refer to it.
        if (!valueId) {
          this.env.warn({ key: 'dictionary_value_without_id', params: { property: ext, line: v.line } });
          return;
        }
        dict.set(valueId, { ext: valueId, value: textOf(v, 'Значение'), sort: j });
      });
      const kind: 'dict' | 'string' | 'number' = type === 'Справочник' || variants.length > 0 ? 'dict' : type === 'Число' ? 'number' : 'string';
      return { ext, name, kind, dict: [...dict.values()], sort: i };
    });
    // A property listed twice: the last one wins.
    const list = [...new Map(parsed.map((x) => [x.ext, x])).values()];
    for (const pr of list) this.propertyKind.set(pr.ext, pr.kind);
    const fresh = list.filter((x) => !this.propertyByExt.has(x.ext));
    const known = list.filter((x) => this.propertyByExt.has(x.ext));
    if (fresh.length > 0) {
      const inserted = await rows<{ id: number; external_id: string }>(
        tx,
        sql`INSERT INTO property_types (name_uk, name_ru, sort, external_id)
            SELECT u.name, u.name, u.sort, u.ext FROM unnest(${p(fresh.map((x) => x.name))}::text[], ${p(fresh.map((x) => x.sort))}::int[], ${p(fresh.map((x) => x.ext))}::text[]) AS u(name, sort, ext)
            RETURNING id, external_id`,
      );
      for (const r of inserted) this.propertyByExt.set(r.external_id, r.id);
      this.env.stats.properties_created += inserted.length;
      this.changed = true;
    }
    if (known.length > 0) {
      const updated = await rows<{ id: number }>(
        tx,
        sql`UPDATE property_types t SET name_uk = u.name, sort = u.sort, name_ru = CASE WHEN t.name_ru = t.name_uk THEN u.name ELSE t.name_ru END
              FROM unnest(${p(known.map((x) => this.propertyByExt.get(x.ext)))}::int[], ${p(known.map((x) => x.name))}::text[], ${p(known.map((x) => x.sort))}::int[]) AS u(id, name, sort)
             WHERE t.id = u.id AND (t.name_uk, t.sort, t.name_ru) IS DISTINCT FROM (u.name, u.sort, CASE WHEN t.name_ru = t.name_uk THEN u.name ELSE t.name_ru END)
            RETURNING t.id`,
      );
      this.env.stats.properties_updated += updated.length;
      if (updated.length > 0) this.changed = true;
    }
    // Dictionary variants.
    const values = list.flatMap((x) => x.dict.filter((v) => v.value).map((v) => ({ ...v, typeId: this.propertyByExt.get(x.ext)! })));
    const freshValues = values.filter((v) => !this.valueByExt.has(valueKey(v.typeId, v.ext)));
    const knownValues = values.filter((v) => this.valueByExt.has(valueKey(v.typeId, v.ext)));
    for (let i = 0; i < freshValues.length; i += 5000) {
      const b = freshValues.slice(i, i + 5000);
      const inserted = await rows<{ id: number; property_type_id: number; external_id: string }>(
        tx,
        sql`INSERT INTO property_values (property_type_id, value_uk, value_ru, sort, external_id)
            SELECT u.t, u.v, u.v, u.s, u.e FROM unnest(${p(b.map((v) => v.typeId))}::int[], ${p(b.map((v) => v.value))}::text[], ${p(b.map((v) => v.sort))}::int[], ${p(b.map((v) => v.ext))}::text[]) AS u(t, v, s, e)
            RETURNING id, property_type_id, external_id`,
      );
      for (const r of inserted) this.valueByExt.set(valueKey(r.property_type_id, r.external_id), r.id);
      this.env.stats.property_values_created += inserted.length;
      this.changed = true;
    }
    for (let i = 0; i < knownValues.length; i += 5000) {
      const b = knownValues.slice(i, i + 5000);
      const updated = await rows<{ id: number }>(
        tx,
        sql`UPDATE property_values v SET value_uk = u.v, sort = u.s, value_ru = CASE WHEN v.value_ru = v.value_uk THEN u.v ELSE v.value_ru END
              FROM unnest(${p(b.map((x) => this.valueByExt.get(valueKey(x.typeId, x.ext))))}::int[], ${p(b.map((x) => x.value))}::text[], ${p(b.map((x) => x.sort))}::int[]) AS u(id, v, s)
             WHERE v.id = u.id AND (v.value_uk, v.sort, v.value_ru) IS DISTINCT FROM (u.v, u.s, CASE WHEN v.value_ru = v.value_uk THEN u.v ELSE v.value_ru END)
            RETURNING v.id`,
      );
      this.env.stats.properties_updated += updated.length;
      if (updated.length > 0) this.changed = true;
    }
    this.env.report.done('properties', list.length);
  }

  // ---------- price types ----------

  private async priceTypesOf(node: XNode): Promise<void> {
    const list = [...new Map(declaredPriceTypes(node).map((t) => [t.id, t])).values()];
    for (const t of list) {
      this.priceTypeCurrency.set(t.id, t.currency);
      this.priceTypes.set(t.id, { id: t.id, name: t.name || t.id });
      this.filePriceTypes.set(t.id, { id: t.id, name: t.name || t.id });
    }
    await onecRepo.rememberPriceTypes(this.tx, list);
    this.targets = null;
  }

  /**
   * Which price type fills which price: among the price types this file declares first (a
   * package's own ТипыЦен win over older ones with the same name), then among all known ones.
   */
  private priceTargets(): Record<OnecPriceTarget, string | null> {
    if (!this.targets) {
      const own = resolvePriceTypes(this.env.mapping, [...this.filePriceTypes.values()]);
      const all = resolvePriceTypes(this.env.mapping, [...this.priceTypes.values()]);
      this.targets = { drop: own.drop ?? all.drop, retail: own.retail ?? all.retail, old_drop: own.old_drop ?? all.old_drop };
    }
    return this.targets;
  }

  // ---------- goods -> products ----------

  private async valueIdsOf(goods: Good[]): Promise<Map<string, number[]>> {
    const tx = this.tx;
    const out = new Map<string, number[]>();
    const literals = new Map<string, { typeId: number; ext: string; value: string }>();
    const pending: { good: string; key: string }[] = [];
    for (const g of goods) {
      if (!g.props) continue;
      const ids: number[] = [];
      out.set(g.ext, ids);
      for (const pv of g.props) {
        const typeId = this.propertyByExt.get(pv.prop);
        if (!pv.prop || typeId === undefined) {
          this.env.warn({ key: 'unknown_property', params: { good: g.ext, property: pv.prop || '?' } });
          continue;
        }
        const kind = this.propertyKind.get(pv.prop);
        for (const raw of pv.values) {
          if (!raw || raw === ZERO_GUID) continue;
          const dictId = this.valueByExt.get(valueKey(typeId, raw));
          if (dictId !== undefined && kind !== 'string' && kind !== 'number') {
            ids.push(dictId);
            continue;
          }
          if (kind === 'dict') {
            this.env.warn({ key: 'unknown_property_value', params: { good: g.ext, property: pv.prop, value: raw.slice(0, 100) } });
            continue;
          }
          const value = kind === 'number' ? normaliseNumber(raw) : raw.slice(0, 500);
          const ext = `${pv.prop}|${value}`;
          const id = this.valueByExt.get(valueKey(typeId, ext));
          if (id !== undefined) ids.push(id);
          else {
            literals.set(valueKey(typeId, ext), { typeId, ext, value });
            pending.push({ good: g.ext, key: valueKey(typeId, ext) });
          }
        }
      }
    }
    if (literals.size > 0) {
      const list = [...literals.values()];
      const inserted = await rows<{ id: number; property_type_id: number; external_id: string }>(
        tx,
        sql`INSERT INTO property_values (property_type_id, value_uk, value_ru, sort, external_id)
            SELECT u.t, u.v, u.v, 0, u.e FROM unnest(${p(list.map((v) => v.typeId))}::int[], ${p(list.map((v) => v.value))}::text[], ${p(list.map((v) => v.ext))}::text[]) AS u(t, v, e)
            RETURNING id, property_type_id, external_id`,
      );
      for (const r of inserted) this.valueByExt.set(valueKey(r.property_type_id, r.external_id), r.id);
      this.env.stats.property_values_created += inserted.length;
      this.changed = true;
      for (const x of pending) out.get(x.good)!.push(this.valueByExt.get(x.key)!);
    }
    for (const [k, ids] of out)
      out.set(
        k,
        [...new Set(ids)].sort((a, b) => a - b),
      );
    return out;
  }

  /**
   * The pictures of each good as the originals of their stored variants (`pictures/ab/<hash>.jpg`,
   * or a legacy `onec/...` name a mapping still holds); null where one could not be found or used
   * (the good keeps its old ones). Each 1C path is handled once per file (a photo shared by goods
   * of several batches is not read again); pictures are read and made two at a time, one buffer
   * each, so the memory stays bounded whatever the package holds.
   */
  private async picturesOf(goods: Good[]): Promise<Map<string, string[] | null>> {
    const out = new Map<string, string[] | null>();
    const wanted = [...new Set(goods.flatMap((g) => g.pictures.map((x) => safeRelative(x) ?? x)))].filter((rel) => !this.pictureResults.has(rel));
    const known = new Map<string, string>();
    if (wanted.length > 0) {
      for (const r of await rows<{ external_id: string; name: string }>(
        this.tx,
        sql`SELECT external_id, name FROM onec_external_ids WHERE kind = 'picture' AND external_id = ANY(${p(wanted)}::text[])`,
      ))
        known.set(r.external_id, r.name);
    }
    const remember: { ext: string; name: string }[] = [];
    const results = await mapLimit(wanted, PICTURE_CONCURRENCY, (rel) => this.pictureOf(rel, known.get(rel), remember));
    wanted.forEach((rel, i) => this.pictureResults.set(rel, results[i]!));
    if (remember.length > 0) {
      await this.tx.execute(sql`
        INSERT INTO onec_external_ids (kind, external_id, name)
        SELECT 'picture', u.e, u.n FROM unnest(${p(remember.map((r) => r.ext))}::text[], ${p(remember.map((r) => r.name))}::text[]) AS u(e, n)
        ON CONFLICT (kind, external_id) DO UPDATE SET name = excluded.name, updated_at = now() WHERE onec_external_ids.name IS DISTINCT FROM excluded.name`);
    }
    for (const g of goods) {
      const list: string[] = [];
      let complete = true;
      for (const raw of g.pictures) {
        const r = this.pictureResults.get(safeRelative(raw) ?? raw)!;
        if (r === 'missing' || r === 'not_image' || r === 'too_big') {
          complete = false;
          const key = r === 'missing' ? 'picture_missing' : r === 'too_big' ? 'picture_too_big' : 'picture_not_image';
          this.env.warn({ key, params: { good: g.ext, picture: raw.slice(0, 200), megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE } });
        } else if (!list.includes(r)) list.push(r);
      }
      out.set(g.ext, complete ? list : null);
    }
    return out;
  }

  /**
   * One 1C picture path of the package: its stored original, or why there is none. A file in the
   * package goes through storePicture (checked by its content and pixel count, oriented, stripped,
   * three variants named by the hash of its bytes; bytes stored before are not made again). A
   * path whose file was not sent this time is what its mapping says (a changes package names the
   * pictures of earlier ones), a legacy `onec/...` name included, whether or not that file is
   * still there (the conversion job rewrites those names). A file resent with the very bytes of a
   * legacy name that is still on disk keeps that name too: the conversion job converts it with
   * every row that refers to it, then deletes it (converting it here would leave it behind).
   */
  private async pictureOf(rel: string, known: string | undefined, remember: { ext: string; name: string }[]): Promise<PictureResult> {
    const safe = safeRelative(rel);
    if (!safe) return 'missing';
    const abs = path.join(this.env.dir, safe);
    const stat = await fs.stat(abs).catch(() => null);
    if (!stat?.isFile() || stat.size > PICTURE_MAX_BYTES) return known ?? 'missing';
    const bytes = await fs.readFile(abs).catch(() => null);
    if (!bytes) return known ?? 'missing';
    const legacy = known ? LEGACY_ONEC.exec(known) : null;
    if (
      legacy &&
      legacy[1] === pictureHash(bytes) &&
      (await fs.stat(path.join(this.env.dataDir, 'storage', known!)).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      return known!;
    const stored = await storePicture(this.env.dataDir, bytes);
    if (!stored.ok) return stored.reason;
    const picture = stored.picture;
    if (stored.picture.created) this.env.stats.pictures_stored += 1;
    if (known !== picture.original) {
      remember.push({ ext: safe, name: picture.original });
      // Files stored before (an upload, another good) that nothing committed of this import refers
      // to yet: a back-office removal of the same photo may be deleting them right now. Waiting for
      // it (the same lock) and making them again if they are gone; the lock is held to the commit.
      if (!picture.created) await ensurePictureFiles(this.tx, this.env.dataDir, picture, bytes);
    }
    return picture.original;
  }

  private async flushGoods(): Promise<void> {
    if (this.goods.length === 0) return;
    this.env.report.phase('products');
    const tx = this.tx;
    // The last description of a repeated Ид wins.
    const goods = [...new Map(this.goods.map((g) => [g.ext, g])).values()];
    this.goods = [];
    const paths = await this.categoryPaths();
    const existing = new Map(
      (
        await rows<{
          id: number;
          external_id: string;
          name_uk: string;
          name_ru: string;
          brand: string | null;
          category_id: number;
          property_value_ids: number[];
          archived: boolean;
        }>(
          tx,
          sql`SELECT id, external_id, name_uk, name_ru, brand, category_id, property_value_ids, archived_at IS NOT NULL AS archived FROM products WHERE external_id = ANY(${p(goods.map((g) => g.ext))}::text[])`,
        )
      ).map((r) => [r.external_id, r]),
    );
    const categoryOf = (g: Good): number | null => {
      if (g.groupExt === null) return null;
      const id = this.categoryByExt.get(g.groupExt);
      if (id === undefined) throw new CmlError({ key: 'unknown_group', params: { good: g.ext, group: g.groupExt } });
      return id;
    };
    const valueIds = await this.valueIdsOf(goods);
    const pictures = await this.picturesOf(goods);

    // New products (a new good without a group goes into the unsorted category).
    const fresh: (Good & { categoryId: number })[] = [];
    for (const g of goods) {
      if (existing.has(g.ext)) continue;
      if (!g.name) throw new CmlError({ key: 'missing_name', params: { element: 'Товар', id: g.ext } });
      let categoryId = categoryOf(g);
      if (categoryId === null) {
        categoryId = await this.unsortedCategory();
        this.unsortedCount += 1;
      }
      fresh.push({ ...g, categoryId });
    }
    if (fresh.length > 0) {
      const codes = await this.codesFor(fresh);
      const inserted = await rows<{ id: number; external_id: string }>(
        tx,
        sql`INSERT INTO products (b2b_code_id, code_id, vendor_code, name_uk, name_ru, description_uk, description_ru, brand, category_id, parent_id, root_id,
              drop_kop, retail_kop, qty, has_images, property_value_ids, search_text, external_id)
            SELECT u.code, u.code, u.vc, u.name, u.name, u.descr, u.descr, u.brand, u.cat, u.par, u.root, 0, 0, 0, u.img, string_to_array(u.pv, ',')::int[], u.st, u.ext
              FROM unnest(${p(codes)}::int[], ${p(fresh.map((g) => g.article.slice(0, 200)))}::text[], ${p(fresh.map((g) => g.name))}::text[],
                          ${p(fresh.map((g) => g.description ?? ''))}::text[], ${p(fresh.map((g) => g.brand))}::text[], ${p(fresh.map((g) => g.categoryId))}::int[],
                          ${p(fresh.map((g) => paths.get(g.categoryId)!.parentId))}::int[], ${p(fresh.map((g) => paths.get(g.categoryId)!.rootId))}::int[],
                          ${p(fresh.map((g) => (pictures.get(g.ext) ?? []).length > 0))}::bool[], ${p(fresh.map((g) => (valueIds.get(g.ext) ?? []).join(',')))}::text[],
                          ${p(fresh.map((g) => searchText(g.name, g.name, g.brand)))}::text[], ${p(fresh.map((g) => g.ext))}::text[])
                AS u(code, vc, name, descr, brand, cat, par, root, img, pv, st, ext)
            RETURNING id, external_id`,
      );
      for (const r of inserted)
        existing.set(r.external_id, {
          id: r.id,
          external_id: r.external_id,
          name_uk: '',
          name_ru: '',
          brand: null,
          category_id: 0,
          property_value_ids: [],
          archived: false,
        });
      this.env.stats.products_created += inserted.length;
      this.changed = true;
    }
    const freshIds = new Set(fresh.map((g) => existing.get(g.ext)!.id));

    // Known products: only what differs is written.
    const known = goods.filter((g) => existing.has(g.ext) && !freshIds.has(existing.get(g.ext)!.id));
    if (known.length > 0) {
      const u = known.map((g) => {
        const row = existing.get(g.ext)!;
        // An archived product stays in the archive whatever group 1C names (an operator unarchives it).
        const categoryId = row.archived ? row.category_id : (categoryOf(g) ?? row.category_id);
        const path = paths.get(categoryId) ?? { parentId: null, rootId: categoryId };
        const name = g.name || row.name_uk;
        const nameRu = row.name_ru === row.name_uk ? name : row.name_ru;
        const brand = g.brand ?? row.brand;
        return {
          id: row.id,
          name,
          nameRu,
          categoryId,
          path,
          brand,
          pv: g.props ? (valueIds.get(g.ext) ?? []) : row.property_value_ids,
          st: searchText(name, nameRu, brand),
          g,
        };
      });
      const updated = await rows<{ id: number }>(
        tx,
        sql`WITH u AS (
              SELECT * FROM unnest(${p(u.map((x) => x.id))}::int[], ${p(u.map((x) => x.name))}::text[], ${p(u.map((x) => x.nameRu))}::text[],
                                   ${p(u.map((x) => x.g.description))}::text[], ${p(u.map((x) => x.g.article.slice(0, 200)))}::text[], ${p(u.map((x) => x.brand))}::text[],
                                   ${p(u.map((x) => x.categoryId))}::int[], ${p(u.map((x) => x.path.parentId))}::int[], ${p(u.map((x) => x.path.rootId))}::int[],
                                   ${p(u.map((x) => x.pv.join(',')))}::text[], ${p(u.map((x) => x.st))}::text[], ${p(u.map((x) => x.g.deleted))}::bool[])
                AS u(id, name, name_ru, descr, vc, brand, cat, par, root, pv, st, del)),
            n AS (
              SELECT pr.id, u.name, u.name_ru, coalesce(u.descr, pr.description_uk) AS d_uk,
                     CASE WHEN u.descr IS NULL THEN pr.description_ru WHEN pr.description_ru = pr.description_uk THEN u.descr ELSE pr.description_ru END AS d_ru,
                     u.vc, u.brand, u.cat, u.par, u.root, string_to_array(u.pv, ',')::int[] AS pv, u.st,
                     CASE WHEN u.del THEN 0 ELSE pr.qty END AS qty
                FROM products pr JOIN u ON u.id = pr.id)
            UPDATE products pr
               SET name_uk = n.name, name_ru = n.name_ru, description_uk = n.d_uk, description_ru = n.d_ru, vendor_code = n.vc, brand = n.brand,
                   category_id = n.cat, parent_id = n.par, root_id = n.root, property_value_ids = n.pv, search_text = n.st, qty = n.qty, updated_at = now()
              FROM n
             WHERE pr.id = n.id
               AND (pr.name_uk, pr.name_ru, pr.description_uk, pr.description_ru, pr.vendor_code, pr.brand, pr.category_id, pr.parent_id, pr.root_id,
                    pr.property_value_ids, pr.search_text, pr.qty)
                   IS DISTINCT FROM (n.name, n.name_ru, n.d_uk, n.d_ru, n.vc, n.brand, n.cat, n.par, n.root, n.pv, n.st, n.qty)
            RETURNING pr.id`,
      );
      this.env.stats.products_updated += updated.length;
      this.env.stats.products_unchanged += known.length - updated.length;
      if (updated.length > 0) this.changed = true;
    }

    const ids = new Map(goods.filter((g) => existing.has(g.ext)).map((g) => [g.ext, existing.get(g.ext)!.id]));
    for (const id of ids.values()) this.seen.add(id);
    // Properties of known products whose list came in the file.
    const withProps = known.filter((g) => g.props);
    if (withProps.length > 0) await this.syncProperties(withProps.map((g) => ({ id: ids.get(g.ext)!, values: valueIds.get(g.ext) ?? [] })));
    if (fresh.length > 0) await this.syncProperties(fresh.map((g) => ({ id: ids.get(g.ext)!, values: valueIds.get(g.ext) ?? [] })));
    // Pictures (a good whose pictures could not all be found keeps its old ones).
    const withPictures = goods.filter((g) => ids.has(g.ext) && pictures.get(g.ext) !== null && pictures.get(g.ext) !== undefined);
    await this.syncImages(withPictures.map((g) => ({ id: ids.get(g.ext)!, paths: pictures.get(g.ext)! })));

    this.goodsDone += goods.length;
    this.env.report.done('products', this.goodsDone);
    await this.env.report.flush();
  }

  /**
   * THE category of goods without a group: a root, hidden from resellers until the supplier
   * publishes it, created on demand (one at most: a partial unique index on `unsorted`).
   */
  private async unsortedCategory(): Promise<number> {
    if (this.unsortedId !== null) return this.unsortedId;
    const tx = this.tx;
    const created = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO categories (parent_id, depth, name_uk, name_ru, sort, hidden, unsorted)
          SELECT NULL, 0, ${ONEC_UNSORTED_CATEGORY.uk}, ${ONEC_UNSORTED_CATEGORY.ru}, coalesce(max(sort), 0) + 1, true, true FROM categories WHERE parent_id IS NULL
          ON CONFLICT (unsorted) WHERE unsorted DO NOTHING
          RETURNING id`,
    );
    if (created.length > 0) {
      this.env.stats.categories_created += 1;
      this.changed = true;
    }
    const [row] = await rows<{ id: number }>(tx, sql`SELECT id FROM categories WHERE unsorted LIMIT 1`);
    const id = row!.id;
    const paths = await this.categoryPaths();
    if (!paths.has(id)) paths.set(id, { parentId: null, rootId: id });
    this.unsortedId = id;
    return id;
  }

  /** b2b codes (= code_id) for new products: a free numeric Код, else the sequence. */
  private async codesFor(goods: Good[]): Promise<number[]> {
    const tx = this.tx;
    // Past every code in use (earlier batches' numeric Коды included); never backwards.
    await tx.execute(
      sql`SELECT setval('onec_product_code_seq', GREATEST((SELECT last_value FROM onec_product_code_seq), (SELECT coalesce(max(b2b_code_id), 0) FROM products), 1))`,
    );
    const wanted = goods.map((g) => (/^\d{1,10}$/.test(g.code) && Number(g.code) > 0 && Number(g.code) <= 2_147_483_647 ? Number(g.code) : null));
    const asked = wanted.filter((x): x is number => x !== null);
    const taken = new Set(
      asked.length > 0
        ? (await rows<{ c: number }>(tx, sql`SELECT b2b_code_id AS c FROM products WHERE b2b_code_id = ANY(${p(asked)}::int[])`)).map((r) => Number(r.c))
        : [],
    );
    const out: number[] = [];
    for (const w of wanted) {
      if (w !== null && !taken.has(w)) {
        taken.add(w);
        out.push(w);
        continue;
      }
      let code: number;
      do {
        const [r] = await rows<{ n: number | string }>(tx, sql`SELECT nextval('onec_product_code_seq') AS n`);
        code = Number(r!.n);
      } while (taken.has(code));
      taken.add(code);
      out.push(code);
    }
    return out;
  }

  private async syncProperties(list: { id: number; values: number[] }[]): Promise<void> {
    if (list.length === 0) return;
    const tx = this.tx;
    const current = await rows<{ product_id: number; property_value_id: number }>(
      tx,
      sql`SELECT product_id, property_value_id FROM product_properties WHERE product_id = ANY(${p(list.map((x) => x.id))}::int[])`,
    );
    const have = new Set(current.map((r) => `${r.product_id}:${r.property_value_id}`));
    const want = new Set(list.flatMap((x) => x.values.map((v) => `${x.id}:${v}`)));
    const remove = [...have].filter((k) => !want.has(k)).map((k) => k.split(':').map(Number) as [number, number]);
    const add = [...want].filter((k) => !have.has(k)).map((k) => k.split(':').map(Number) as [number, number]);
    if (remove.length > 0) {
      await tx.execute(sql`
        DELETE FROM product_properties pp USING unnest(${p(remove.map((r) => r[0]))}::int[], ${p(remove.map((r) => r[1]))}::int[]) AS u(pid, vid)
         WHERE pp.product_id = u.pid AND pp.property_value_id = u.vid`);
      this.changed = true;
    }
    if (add.length > 0) {
      await tx.execute(sql`
        INSERT INTO product_properties (product_id, property_type_id, property_value_id)
        SELECT u.pid, v.property_type_id, u.vid FROM unnest(${p(add.map((r) => r[0]))}::int[], ${p(add.map((r) => r[1]))}::int[]) AS u(pid, vid)
          JOIN property_values v ON v.id = u.vid
        ON CONFLICT DO NOTHING`);
      this.changed = true;
    }
  }

  /** Product pictures of goods whose pictures all came: `originals` in order, each with its variants. */
  private async syncImages(list: { id: number; paths: string[] }[]): Promise<void> {
    if (list.length === 0) return;
    const tx = this.tx;
    const current = await rows<{ product_id: number; original: string; medium_centered: string; thumb: string }>(
      tx,
      sql`SELECT product_id, original, medium_centered, thumb FROM product_images WHERE product_id = ANY(${p(list.map((x) => x.id))}::int[]) ORDER BY product_id, sort, id`,
    );
    const key = (s: PictureSet) => `${s.original}\t${s.mediumCentered}\t${s.thumb}`;
    const have = new Map<number, string[]>();
    for (const r of current)
      (have.get(r.product_id) ?? have.set(r.product_id, []).get(r.product_id)!).push(
        key({ original: r.original, mediumCentered: r.medium_centered, thumb: r.thumb }),
      );
    const wanted = list.map((x) => ({ id: x.id, sets: x.paths.map(setOf) }));
    const differ = wanted.filter((x) => (have.get(x.id) ?? []).join('\n') !== x.sets.map(key).join('\n'));
    if (differ.length === 0) return;
    const ids = differ.map((x) => x.id);
    await tx.execute(sql`DELETE FROM product_images WHERE product_id = ANY(${p(ids)}::int[])`);
    const rowsIn = differ.flatMap((x) => x.sets.map((set, i) => ({ id: x.id, set, sort: i })));
    if (rowsIn.length > 0) {
      await tx.execute(sql`
        INSERT INTO product_images (product_id, sort, original, medium_centered, thumb)
        SELECT u.id, u.s, u.o, u.m, u.t FROM unnest(${p(rowsIn.map((r) => r.id))}::int[], ${p(rowsIn.map((r) => r.sort))}::smallint[], ${p(rowsIn.map((r) => r.set.original))}::text[],
          ${p(rowsIn.map((r) => r.set.mediumCentered))}::text[], ${p(rowsIn.map((r) => r.set.thumb))}::text[]) AS u(id, s, o, m, t)`);
    }
    await tx.execute(sql`
      UPDATE products pr SET has_images = u.h, updated_at = now()
        FROM unnest(${p(ids)}::int[], ${p(differ.map((x) => x.sets.length > 0))}::bool[]) AS u(id, h)
       WHERE pr.id = u.id AND pr.has_images IS DISTINCT FROM u.h`);
    this.changed = true;
  }

  // ---------- offers ----------

  private async flushOffers(): Promise<void> {
    if (this.offers.length === 0) return;
    this.env.report.phase('offers');
    const tx = this.tx;
    const offers = this.offers;
    this.offers = [];
    const keys = [...new Set(offers.flatMap((o) => [o.ext, o.base]))];
    const byExt = new Map(
      (await rows<{ id: number; external_id: string }>(tx, sql`SELECT id, external_id FROM products WHERE external_id = ANY(${p(keys)}::text[])`)).map((r) => [
        r.external_id,
        r.id,
      ]),
    );
    const targets = this.priceTargets();
    for (const o of offers) {
      if (!o.prices) continue;
      // One price per type: a second one of the same type is a warning (the first is kept).
      const types = new Set<string>();
      o.prices = o.prices.filter((pr) => {
        if (types.has(pr.type)) {
          this.env.warn({ key: 'duplicate_price_type', params: { offer: o.ext, price_type: this.priceTypes.get(pr.type)?.name ?? (pr.type || '?') } });
          return false;
        }
        types.add(pr.type);
        if (pr.type) this.pricedTypes.add(pr.type);
        if (targets.drop !== null && pr.type === targets.drop) this.sawDropPrice = true;
        return true;
      });
    }
    const mapped = new Set([targets.drop, targets.retail, targets.old_drop].filter(Boolean) as string[]);
    const agg = new Map<number, { drop: number | null; retail: number | null; setOld: boolean; old: number | null; qty: number | null; priced: boolean }>();
    for (const o of offers) {
      const id = byExt.get(o.ext) ?? byExt.get(o.base);
      if (id === undefined) {
        this.env.warn({ key: 'unknown_product', params: { offer: o.ext } });
        continue;
      }
      let a = agg.get(id);
      if (!a) agg.set(id, (a = { drop: null, retail: null, setOld: false, old: null, qty: null, priced: false }));
      if (o.qty !== null) {
        a.qty = (a.qty ?? 0) + o.qty;
        this.sawQty = true;
      }
      if (o.prices && !a.priced) {
        a.priced = true;
        a.setOld = targets.old_drop !== null;
        for (const pr of o.prices) {
          if (!this.priceTypes.has(pr.type)) {
            this.env.warn({ key: 'unknown_price_type', params: { offer: o.ext, price_type: pr.type || '?' } });
            continue;
          }
          if (!mapped.has(pr.type)) continue;
          if (!UAH.has(pr.currency.trim().toLowerCase())) {
            this.env.warn({ key: 'foreign_currency', params: { offer: o.ext, currency: pr.currency } });
            continue;
          }
          const kop = parsePrice(pr.value);
          // 1C writes 0 for a price type with no price set for the good: never a price to sell at (the previous one stays);
          // an old drop price of 0 only says there is none (the special ends).
          if (kop === null || (kop === 0 && pr.type !== targets.old_drop)) {
            this.env.warn({ key: 'bad_price', params: { offer: o.ext, value: pr.value.slice(0, 50) } });
            continue;
          }
          if (pr.type === targets.drop) a.drop = kop;
          if (pr.type === targets.retail) a.retail = kop;
          if (pr.type === targets.old_drop) a.old = kop;
        }
      }
      this.seen.add(id);
    }
    if (agg.size > 0) {
      const list = [...agg.entries()];
      const updated = await rows<{ id: number }>(
        tx,
        sql`
        WITH u AS (
          SELECT * FROM unnest(${p(list.map(([id]) => id))}::int[], ${p(list.map(([, a]) => a.drop))}::bigint[], ${p(list.map(([, a]) => a.retail))}::bigint[],
                               ${p(list.map(([, a]) => a.setOld))}::bool[], ${p(list.map(([, a]) => a.old))}::bigint[], ${p(list.map(([, a]) => a.qty))}::int[])
            AS u(id, d, r, so, o, q)),
        n AS (
          SELECT pr.id, coalesce(u.d, pr.drop_kop) AS d, coalesce(u.r, pr.retail_kop) AS r,
                 CASE WHEN NOT u.so THEN pr.old_drop_kop WHEN u.o > coalesce(u.d, pr.drop_kop) THEN u.o ELSE NULL END AS o,
                 coalesce(u.q, pr.qty) AS q
            FROM products pr JOIN u ON u.id = pr.id)
        UPDATE products pr SET drop_kop = n.d, retail_kop = n.r, old_drop_kop = n.o, qty = n.q, updated_at = now()
          FROM n
         WHERE pr.id = n.id AND (pr.drop_kop, pr.retail_kop, pr.old_drop_kop, pr.qty) IS DISTINCT FROM (n.d, n.r, n.o, n.q)
        RETURNING pr.id`,
      );
      if (updated.length > 0) this.changed = true;
    }
    this.env.stats.offers_applied += agg.size;
    this.offersDone += offers.length;
    this.env.report.done('offers', this.offersDone);
    await this.env.report.flush();
  }
}
