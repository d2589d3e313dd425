import { sql } from 'drizzle-orm';
import type { OnecPriceType } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { readCml, textOf, type CmlRecord, type CmlSummary, type XNode } from './cml-reader.ts';
import { nameStockWriter } from '../catalog/catalog-stock.repository.ts';
import { IMPORT_LOCK } from '../catalog/catalogue-lock.ts';
import { CategoryWriter } from './catalog-import/categories.writer.ts';
import { parseGood, type Good } from './catalog-import/goods.reader.ts';
import { countGroups, readGroups } from './catalog-import/groups.reader.ts';
import type { FileImportEnv, ImportReporter, ImportScope } from './catalog-import/import-scope.ts';
import { declaredPriceTypes, parseOffer, type Offer } from './catalog-import/offers.reader.ts';
import { OfferWriter } from './catalog-import/offers.writer.ts';
import { PictureWriter } from './catalog-import/pictures.writer.ts';
import { ProductWriter } from './catalog-import/products.writer.ts';
import { propertyNodes, readProperties } from './catalog-import/properties.reader.ts';
import { PropertyWriter } from './catalog-import/properties.writer.ts';

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
 *
 * Layout: this file reads each record and hands it on in batches, reports the progress and ends
 * the file (the no-drop-price refusal, zeroing a full package's missing stock). What turns XML
 * into rows is in catalog-import/*.reader.ts (groups, properties, goods, offers and price types);
 * what writes rows, in catalog-import/*.writer.ts (categories, properties, products, pictures,
 * offers), sharing one ImportScope (import-scope.ts) per file.
 */

const BATCH = 500;

// The import's API stays here for its callers (the runner, the exchange, the unzip).
export type { FileImportEnv, ImportReporter } from './catalog-import/import-scope.ts';
export { safeRelative } from './catalog-import/package-path.ts';

/**
 * Whether a file is one part of a package 1C split (CommerceML 2.08+ and 3.x): УТ 11 writes
 * goods/<n>/import___<guid>.xml and the like; other 1C exports import<n>_<m>.xml. A part lists
 * only its own goods, so it never zeroes the stock of the others.
 */
export const isPackagePart = (label: string) => /(^|\/)(goods|properties)\/\d+\//i.test(label) || /___/.test(label) || /\d+_\d+\.xml$/i.test(label);

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
    return job.scope.changed;
  });
}

class FileImport {
  readonly scope: ImportScope;
  private readonly categories: CategoryWriter;
  private readonly properties: PropertyWriter;
  private readonly products: ProductWriter;
  private readonly offers: OfferWriter;
  private goodBatch: Good[] = [];
  private offerBatch: Offer[] = [];
  private goodsDone = 0;
  private offersDone = 0;

  constructor(
    private readonly env: FileImportEnv,
    tx: Db,
    private readonly label: string,
  ) {
    this.scope = { env, tx, changed: false, seen: new Set<number>() };
    this.categories = new CategoryWriter(this.scope);
    this.properties = new PropertyWriter(this.scope);
    this.products = new ProductWriter(this.scope, this.categories, this.properties, new PictureWriter(this.scope));
    this.offers = new OfferWriter(this.scope);
  }

  async load(): Promise<void> {
    await this.categories.load();
    await this.properties.load();
    await this.offers.load();
  }

  async record(r: CmlRecord): Promise<void> {
    switch (r.kind) {
      case 'groups': {
        this.env.report.phase('groups');
        const list = readGroups(r.node);
        await this.categories.write(list);
        this.env.report.done('groups', list.length);
        return;
      }
      case 'properties': {
        this.env.report.phase('properties');
        const list = readProperties(r.node, (msg) => this.env.warn(msg));
        await this.properties.write(list);
        this.env.report.done('properties', list.length);
        return;
      }
      case 'priceTypes':
        return this.offers.declare(declaredPriceTypes(r.node));
      case 'good':
        if (this.withoutId(r.node, 'Товар')) return;
        this.goodBatch.push(parseGood(r.node));
        if (this.goodBatch.length >= BATCH) await this.flushGoods();
        return;
      case 'offer': {
        if (this.withoutId(r.node, 'Предложение')) return;
        const o = parseOffer(r.node, this.offers.priceTypeCurrency);
        // Characteristics of one good stay in one batch (their quantities are summed).
        const last = this.offerBatch[this.offerBatch.length - 1];
        if (this.offerBatch.length >= BATCH && last && last.base !== o.base) await this.flushOffers();
        this.offerBatch.push(o);
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

  private async flushGoods(): Promise<void> {
    if (this.goodBatch.length === 0) return;
    this.env.report.phase('products');
    // The last description of a repeated Ид wins.
    const goods = [...new Map(this.goodBatch.map((g) => [g.ext, g])).values()];
    this.goodBatch = [];
    await this.products.write(goods);
    this.goodsDone += goods.length;
    this.env.report.done('products', this.goodsDone);
    await this.env.report.flush();
  }

  private async flushOffers(): Promise<void> {
    if (this.offerBatch.length === 0) return;
    this.env.report.phase('offers');
    const offers = this.offerBatch;
    this.offerBatch = [];
    await this.offers.write(offers);
    this.offersDone += offers.length;
    this.env.report.done('offers', this.offersDone);
    await this.env.report.flush();
  }

  async finish(summary: CmlSummary): Promise<void> {
    await this.flushGoods();
    await this.flushOffers();
    this.offers.refuseWithoutDropPrice(this.label);
    if (this.products.unsortedCount > 0) this.env.warn({ key: 'goods_unsorted', params: { file: this.label, count: this.products.unsortedCount } });
    const fullCatalog = summary.hasCatalog && !summary.catalogOnlyChanges;
    const fullOffers = summary.hasOffers && !summary.offersOnlyChanges;
    this.env.stats.only_changes = !fullCatalog && !fullOffers;
    // Only a file that lists goods (or stock) of the whole catalogue zeroes the rest: not a
    // classifier with an empty Каталог, not a prices file, never one part of a package split
    // over several (goods/1/, goods/2/, ... or import___<guid>.xml: each lists only its part).
    const zeroes = !isPackagePart(this.label) && ((fullCatalog && this.goodsDone > 0) || (fullOffers && this.offers.sawQty));
    if (zeroes) await this.products.zeroUnseen();
  }
}
