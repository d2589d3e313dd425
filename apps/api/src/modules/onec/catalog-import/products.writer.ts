import { sql } from 'drizzle-orm';
import { searchText } from '../../catalog/search-normalize.ts';
import { CmlError } from '../cml-reader.ts';
import type { CategoryWriter } from './categories.writer.ts';
import type { Good } from './goods.reader.ts';
import { p, rows, type ImportScope } from './import-scope.ts';
import type { PictureWriter } from './pictures.writer.ts';
import type { PropertyWriter } from './properties.writer.ts';

/** Goods -> products by Ид, with their category, property values and pictures. */
export class ProductWriter {
  /** New goods of this file put into the unsorted category. */
  unsortedCount = 0;

  constructor(
    private readonly s: ImportScope,
    private readonly categories: CategoryWriter,
    private readonly properties: PropertyWriter,
    private readonly pictures: PictureWriter,
  ) {}

  /** One batch of goods, each Ид once. */
  async write(goods: Good[]): Promise<void> {
    const tx = this.s.tx;
    const paths = await this.categories.categoryPaths();
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
    const valueIds = await this.properties.valueIdsOf(goods);
    const pictures = await this.pictures.picturesOf(goods);

    // New products (a new good without a group goes into the unsorted category).
    const fresh: (Good & { categoryId: number })[] = [];
    for (const g of goods) {
      if (existing.has(g.ext)) continue;
      if (!g.name) throw new CmlError({ key: 'missing_name', params: { element: 'Товар', id: g.ext } });
      let categoryId = this.categories.categoryOf(g);
      if (categoryId === null) {
        categoryId = await this.categories.unsortedCategory();
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
      this.s.env.stats.products_created += inserted.length;
      this.s.changed = true;
    }
    const freshIds = new Set(fresh.map((g) => existing.get(g.ext)!.id));

    // Known products: only what differs is written.
    const known = goods.filter((g) => existing.has(g.ext) && !freshIds.has(existing.get(g.ext)!.id));
    if (known.length > 0) {
      const u = known.map((g) => {
        const row = existing.get(g.ext)!;
        // An archived product stays in the archive whatever group 1C names (an operator unarchives it).
        const categoryId = row.archived ? row.category_id : (this.categories.categoryOf(g) ?? row.category_id);
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
      this.s.env.stats.products_updated += updated.length;
      this.s.env.stats.products_unchanged += known.length - updated.length;
      if (updated.length > 0) this.s.changed = true;
    }

    const ids = new Map(goods.filter((g) => existing.has(g.ext)).map((g) => [g.ext, existing.get(g.ext)!.id]));
    for (const id of ids.values()) this.s.seen.add(id);
    // Properties of known products whose list came in the file.
    const withProps = known.filter((g) => g.props);
    if (withProps.length > 0) await this.properties.syncProducts(withProps.map((g) => ({ id: ids.get(g.ext)!, values: valueIds.get(g.ext) ?? [] })));
    if (fresh.length > 0) await this.properties.syncProducts(fresh.map((g) => ({ id: ids.get(g.ext)!, values: valueIds.get(g.ext) ?? [] })));
    // Pictures (a good whose pictures could not all be found keeps its old ones).
    const withPictures = goods.filter((g) => ids.has(g.ext) && pictures.get(g.ext) !== null && pictures.get(g.ext) !== undefined);
    await this.pictures.syncImages(withPictures.map((g) => ({ id: ids.get(g.ext)!, paths: pictures.get(g.ext)! })));
  }

  /** b2b codes (= code_id) for new products: a free numeric Код, else the sequence. */
  private async codesFor(goods: Good[]): Promise<number[]> {
    const tx = this.s.tx;
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

  /** Stock 0 for the products from 1C the file did not name (a full package's finish). */
  async zeroUnseen(): Promise<void> {
    const zeroed = await rows<{ id: number }>(
      this.s.tx,
      sql`UPDATE products SET qty = 0, updated_at = now()
             WHERE external_id IS NOT NULL AND qty <> 0 AND NOT (id = ANY(${p([...this.s.seen])}::int[])) RETURNING id`,
    );
    this.s.env.stats.products_zeroed += zeroed.length;
    if (zeroed.length > 0) this.s.changed = true;
  }
}
