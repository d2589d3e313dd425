import {
  ARCHIVE_CATEGORY,
  kopToUah,
  uahToKop,
  type AdminCategoryDto,
  type AdminProductDto,
  type AdminProductSummaryDto,
  type AdminProductsQuery,
  type CategoryInput,
  type CategoryUpdateInput,
  type ProductCreateInput,
  type ProductUnarchiveInput,
  type ProductUpdateInput,
  type ProductsMoveInput,
} from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import { writeAudit } from '../../lib/audit.ts';
import { catalogAdminRepo, type CategoryRow, type ProductRow } from './catalog-admin.repository.ts';
import { refreshCatalogueStats } from './catalogue-stats.ts';
import { invalidateCatalogue } from './catalogue-cache.ts';
import { nameStockWriter } from './catalog-stock.repository.ts';
import { normalizeWords, searchText } from './search-normalize.ts';
import { PRODUCT_IMAGE_MAX_BYTES, ensurePictureFiles, releasePicture, storeProductImage } from './product-images.ts';
import { sql } from 'drizzle-orm';
import { IMPORT_LOCK } from './catalogue-lock.ts';

const storageUrl = (p: string) => `/storage/${p}`;

const presentCategory = (c: CategoryRow, childrenCount = 0): AdminCategoryDto => ({
  id: c.id,
  parent_id: c.parentId,
  depth: c.depth,
  name_uk: c.nameUk,
  name_ru: c.nameRu,
  sort: c.sort,
  products_count: c.productsCount,
  hidden: c.hidden,
  unsorted: c.unsorted,
  archive: c.archive,
  image_url: c.image === null ? null : storageUrl(c.image),
  icon: c.icon,
  icon_color: c.iconColor,
  children_count: childrenCount,
});

async function presentCategoryOf(db: Db, id: number): Promise<AdminCategoryDto> {
  const all = await catalogAdminRepo.categories(db);
  const c = all.find((x) => x.id === id);
  if (!c) throw AppError.notFound();
  return presentCategory(c, all.filter((x) => x.parentId === id).length);
}

function presentSummary(p: ProductRow, thumb: string | null): AdminProductSummaryDto {
  return {
    id: p.id,
    b2b_code_id: p.b2bCodeId,
    code_id: p.codeId,
    vendor_code: p.vendorCode,
    name_uk: p.nameUk,
    name_ru: p.nameRu,
    category_id: p.categoryId,
    drop_price: kopToUah(p.dropKop),
    old_drop_price: p.oldDropKop === null ? null : kopToUah(p.oldDropKop),
    retail_price: kopToUah(p.retailKop),
    qty: p.qty,
    reserved: p.reserved,
    is_new: p.isNew,
    inet_pack: p.inetPack,
    in_pack: p.inPack,
    archived_at: p.archivedAt === null ? null : p.archivedAt.toISOString(),
    archived_from_category_id: p.archivedFromCategoryId,
    thumb: thumb === null ? null : storageUrl(thumb),
    updated_at: p.updatedAt.toISOString(),
  };
}

async function presentProduct(db: Db, p: ProductRow): Promise<AdminProductDto> {
  const [images, props] = await Promise.all([catalogAdminRepo.images(db, p.id), catalogAdminRepo.properties(db, p.id)]);
  return {
    ...presentSummary(p, images[0]?.thumb ?? null),
    description_uk: p.descriptionUk,
    description_ru: p.descriptionRu,
    brand: p.brand,
    images: images.map((i) => ({ id: i.id, sort: i.sort, original: storageUrl(i.original), thumb: storageUrl(i.thumb) })),
    properties: props
      .map((r) => ({ property_type_id: r.propertyTypeId, property_value_id: r.propertyValueId, value_uk: r.valueUk, value_ru: r.valueRu }))
      .sort((a, b) => a.property_value_id - b.property_value_id),
  };
}

// ---------- categories ----------

export async function listCategories(ctx: AuthedCtx): Promise<AdminCategoryDto[]> {
  const rows = await catalogAdminRepo.categories(ctx.db);
  // Parents before children, siblings by sort: a depth-first walk of the tree.
  const children = new Map<number | null, CategoryRow[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const out: AdminCategoryDto[] = [];
  const walk = (parent: number | null) => {
    for (const c of children.get(parent) ?? []) {
      out.push(presentCategory(c, children.get(c.id)?.length ?? 0));
      walk(c.id);
    }
  };
  walk(null);
  return out;
}

async function parentOf(tx: Db, parentId: number | null | undefined): Promise<CategoryRow | null> {
  if (parentId === null || parentId === undefined) return null;
  const parent = await catalogAdminRepo.category(tx, parentId);
  if (!parent) throw AppError.field('parent_id', 'category_not_found');
  // Nothing lives below the archive but archived products.
  if (parent.archive) throw AppError.field('parent_id', 'category_is_archive');
  return parent;
}

export async function createCategory(ctx: AuthedCtx, input: CategoryInput): Promise<AdminCategoryDto> {
  const dto = await ctx.db.transaction(async (tx) => {
    const parent = await parentOf(tx, input.parent_id);
    const row = await catalogAdminRepo.insertCategory(tx, {
      parentId: parent?.id ?? null,
      depth: parent ? parent.depth + 1 : 0,
      nameUk: input.name_uk,
      nameRu: input.name_ru,
      sort: input.sort ?? 0,
      icon: input.icon ?? null,
      iconColor: input.icon_color ?? null,
    });
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'category.create',
      entity: 'category',
      entityId: row.id,
      changes: {
        name_uk: [null, row.nameUk],
        name_ru: [null, row.nameRu],
        parent_id: [null, row.parentId],
        ...(row.icon ? { icon: [null, row.icon] } : {}),
        ...(row.iconColor ? { icon_color: [null, row.iconColor] } : {}),
      },
    });
    return presentCategory(row);
  });
  invalidateCatalogue(ctx.db);
  return dto;
}

/** Renames, re-sorts or moves a category (never below itself); a move re-derives its subtree and the counts. */
export async function updateCategory(ctx: AuthedCtx, id: number, input: CategoryUpdateInput): Promise<AdminCategoryDto> {
  let moved = false;
  const dto = await ctx.db.transaction(async (tx) => {
    const all = await catalogAdminRepo.categories(tx);
    const current = all.find((c) => c.id === id);
    if (!current) throw AppError.notFound();
    const values: Partial<CategoryRow> = {};
    const changes: Record<string, [unknown, unknown]> = {};
    if (input.name_uk !== undefined && input.name_uk !== current.nameUk) [values.nameUk, changes.name_uk] = [input.name_uk, [current.nameUk, input.name_uk]];
    if (input.name_ru !== undefined && input.name_ru !== current.nameRu) [values.nameRu, changes.name_ru] = [input.name_ru, [current.nameRu, input.name_ru]];
    if (input.sort !== undefined && input.sort !== current.sort) [values.sort, changes.sort] = [input.sort, [current.sort, input.sort]];
    // Hiding or publishing: the readers' caches are forgotten below (and by every process at the commit).
    if (input.hidden !== undefined && input.hidden !== current.hidden) {
      // The archive stays hidden: publishing it would show every archived product.
      if (current.archive) throw AppError.business('CategoryProtected', 'category_protected');
      [values.hidden, changes.hidden] = [input.hidden, [current.hidden, input.hidden]];
    }
    if (input.icon !== undefined && input.icon !== current.icon) [values.icon, changes.icon] = [input.icon, [current.icon, input.icon]];
    if (input.icon_color !== undefined && input.icon_color !== current.iconColor)
      [values.iconColor, changes.icon_color] = [input.icon_color, [current.iconColor, input.icon_color]];
    if (input.parent_id !== undefined && input.parent_id !== current.parentId) {
      if (current.archive) throw AppError.business('CategoryProtected', 'category_protected');
      const parent = await parentOf(tx, input.parent_id);
      // Walking up from the new parent must never meet the category itself.
      for (let p = parent; p; p = p.parentId === null ? null : (all.find((c) => c.id === p!.parentId) ?? null)) {
        if (p.id === id) throw AppError.field('parent_id', 'category_cycle');
      }
      values.parentId = parent?.id ?? null;
      changes.parent_id = [current.parentId, values.parentId];
      moved = true;
    }
    if (!Object.keys(changes).length) return presentCategoryOf(tx, id);
    await catalogAdminRepo.updateCategory(tx, id, values);
    if (moved) await catalogAdminRepo.rederiveSubtree(tx, id);
    await writeAudit(tx, { actorId: ctx.user.id, action: 'category.update', entity: 'category', entityId: id, changes });
    return presentCategoryOf(tx, id);
  });
  invalidateCatalogue(ctx.db);
  if (moved) {
    await refreshCatalogueStats(ctx.db);
    return presentCategoryOf(ctx.db, id);
  }
  return dto;
}

/**
 * Deletes an empty category: no subcategories and no product in it (400 CategoryNotEmpty), never
 * the unsorted or the archive one (400 CategoryProtected). Its picture file goes too. Audited.
 */
export async function deleteCategory(ctx: AuthedCtx, id: number): Promise<void> {
  const image = await ctx.db.transaction(async (tx) => {
    const all = await catalogAdminRepo.categories(tx);
    const current = all.find((c) => c.id === id);
    if (!current) throw AppError.notFound();
    if (current.unsorted || current.archive) throw AppError.business('CategoryProtected', 'category_protected');
    if (all.some((c) => c.parentId === id) || (await catalogAdminRepo.categoryHasProducts(tx, id)))
      throw AppError.business('CategoryNotEmpty', 'category_not_empty');
    await catalogAdminRepo.deleteCategory(tx, id);
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'category.delete',
      entity: 'category',
      entityId: id,
      changes: { name_uk: [current.nameUk, null], name_ru: [current.nameRu, null], parent_id: [current.parentId, null], image: [current.image, null] },
    });
    return current.image;
  });
  invalidateCatalogue(ctx.db);
  if (image) await releasePicture(ctx.db, ctx.deps.config.dataDir, image);
}

/**
 * Sets the category's picture (JPEG, PNG, WebP or GIF by content, at most 10 MB; the product
 * pictures' checks and variants), replacing the old one (its files go when nothing else uses
 * them). The category keeps the 600 px square (`medium_centered`): the catalogue grid's cards
 * show it at most about 300 CSS px tall, contained, so it is sharp at 2x and a few tens of KB.
 */
export async function setCategoryImage(ctx: AuthedCtx, id: number, file: UploadedFile | undefined): Promise<AdminCategoryDto> {
  if (!(await catalogAdminRepo.category(ctx.db, id))) throw AppError.notFound();
  if (!file || file.buffer.length === 0) throw AppError.field('file', 'file_required');
  if (file.truncated || file.buffer.length > PRODUCT_IMAGE_MAX_BYTES)
    throw AppError.field('file', 'file_too_large', 'ValidationError', { max: PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024 });
  const dataDir = ctx.deps.config.dataDir;
  const stored = await storeProductImage(dataDir, file.buffer);
  if (!stored) throw AppError.field('file', 'not_an_image');
  const image = stored.mediumCentered;
  let old: string | null = null;
  try {
    const dto = await ctx.db.transaction(async (tx) => {
      const current = await catalogAdminRepo.category(tx, id);
      if (!current) throw AppError.notFound();
      old = current.image;
      await ensurePictureFiles(tx, dataDir, stored, file.buffer);
      await catalogAdminRepo.updateCategory(tx, id, { image });
      await writeAudit(tx, {
        actorId: ctx.user.id,
        action: 'category.update',
        entity: 'category',
        entityId: id,
        changes: { image: [current.image, image] },
      });
      return presentCategoryOf(tx, id);
    });
    invalidateCatalogue(ctx.db);
    if (old && old !== image) await releasePicture(ctx.db, dataDir, old);
    return dto;
  } catch (err) {
    await releasePicture(ctx.db, dataDir, image);
    throw err;
  }
}

export async function deleteCategoryImage(ctx: AuthedCtx, id: number): Promise<AdminCategoryDto> {
  const { dto, old } = await ctx.db.transaction(async (tx) => {
    const current = await catalogAdminRepo.category(tx, id);
    if (!current) throw AppError.notFound();
    if (current.image === null) return { dto: await presentCategoryOf(tx, id), old: null };
    await catalogAdminRepo.updateCategory(tx, id, { image: null });
    await writeAudit(tx, { actorId: ctx.user.id, action: 'category.update', entity: 'category', entityId: id, changes: { image: [current.image, null] } });
    return { dto: await presentCategoryOf(tx, id), old: current.image };
  });
  invalidateCatalogue(ctx.db);
  if (old) await releasePicture(ctx.db, ctx.deps.config.dataDir, old);
  return dto;
}

// ---------- products ----------

async function subtreeIds(db: Db, id: number): Promise<number[]> {
  const all = await catalogAdminRepo.categories(db);
  if (!all.some((c) => c.id === id)) return [];
  const ids = [id];
  for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
  return ids;
}

export async function listProducts(ctx: AuthedCtx, q: AdminProductsQuery) {
  const search = q.search?.trim() || undefined;
  const { rows, total } = await catalogAdminRepo.productsPage(
    ctx.db,
    {
      search,
      categoryIds: q.category_id ? await subtreeIds(ctx.db, q.category_id) : undefined,
      inStock: q.in_stock,
      isNew: q.is_new,
      specials: q.specials,
      archived: q.archived === 'all' ? undefined : q.archived === 'true',
    },
    search ? normalizeWords(search) : [],
    q.page,
    q.per_page,
  );
  return { data: rows.map((r) => presentSummary(r.p, r.thumb)), total };
}

export async function getProduct(ctx: AuthedCtx, id: number): Promise<AdminProductDto> {
  const p = await catalogAdminRepo.product(ctx.db, id);
  if (!p) throw AppError.notFound();
  return presentProduct(ctx.db, p);
}

/** Where a product in this category sits: its second-level category (null for a root) and its root. */
async function placement(tx: Db, categoryId: number, opts: { archive?: boolean } = {}): Promise<{ parentId: number | null; rootId: number }> {
  const all = await catalogAdminRepo.categories(tx);
  const byId = new Map(all.map((c) => [c.id, c]));
  const path: CategoryRow[] = [];
  for (let c = byId.get(categoryId); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) path.unshift(c);
  if (!path.length) throw AppError.field('category_id', 'category_not_found');
  // Only archiving puts a product into the archive (it records where the product came from).
  if (!opts.archive && path.some((c) => c.archive)) throw AppError.field('category_id', 'category_is_archive');
  return { parentId: path[1]?.id ?? null, rootId: path[0]!.id };
}

/**
 * Edits a product. Every changed field goes to the audit log as [before, after]; stock going
 * from 0 to above 0 fires the back-in-stock alerts (the restock trigger on products); the
 * precomputed category and facet counts follow a move or new properties.
 */
export async function updateProduct(ctx: AuthedCtx, id: number, input: ProductUpdateInput): Promise<AdminProductDto> {
  const dto = await changeProduct(ctx, id, input);
  // This process forgets its catalogue aggregates at once (the others at the commit's NOTIFY).
  invalidateCatalogue(ctx.db);
  return dto;
}

function changeProduct(ctx: AuthedCtx, id: number, input: ProductUpdateInput): Promise<AdminProductDto> {
  return ctx.db.transaction(async (tx) => {
    const p = await catalogAdminRepo.lockProduct(tx, id);
    if (!p) throw AppError.notFound();
    const values: Partial<ProductRow> = {};
    const changes: Record<string, [unknown, unknown]> = {};
    const set = <K extends keyof ProductRow>(field: string, key: K, next: ProductRow[K]) => {
      if (next === p[key]) return;
      values[key] = next;
      changes[field] = [p[key], next];
    };
    if (input.name_uk !== undefined) set('name_uk', 'nameUk', input.name_uk);
    if (input.name_ru !== undefined) set('name_ru', 'nameRu', input.name_ru);
    if (input.description_uk !== undefined) set('description_uk', 'descriptionUk', input.description_uk);
    if (input.description_ru !== undefined) set('description_ru', 'descriptionRu', input.description_ru);
    if (input.brand !== undefined) set('brand', 'brand', input.brand || null);
    if (input.drop_price !== undefined) set('drop_kop', 'dropKop', uahToKop(input.drop_price));
    if (input.retail_price !== undefined) set('retail_kop', 'retailKop', uahToKop(input.retail_price));
    if (input.old_drop_price !== undefined) set('old_drop_kop', 'oldDropKop', input.old_drop_price === null ? null : uahToKop(input.old_drop_price));
    if (input.qty !== undefined) set('qty', 'qty', input.qty);
    if (input.is_new !== undefined) set('is_new', 'isNew', input.is_new);
    if (input.vendor_code !== undefined) set('vendor_code', 'vendorCode', input.vendor_code);
    if (input.inet_pack !== undefined) set('inet_pack', 'inetPack', input.inet_pack);
    if (input.in_pack !== undefined) set('in_pack', 'inPack', input.in_pack);
    if (input.category_id !== undefined && input.category_id !== p.categoryId) {
      // An archived product moves only by unarchiving (which restores its category).
      if (p.archivedAt !== null) throw AppError.field('category_id', 'product_is_archived');
      const where = await placement(tx, input.category_id);
      set('category_id', 'categoryId', input.category_id);
      values.parentId = where.parentId;
      values.rootId = where.rootId;
    }
    const dropKop = values.dropKop ?? p.dropKop;
    const retailKop = values.retailKop ?? p.retailKop;
    if (retailKop < dropKop) throw AppError.field(input.retail_price !== undefined ? 'retail_price' : 'drop_price', 'price_less_drop');

    const beforeValues = [...p.propertyValueIds].sort((a, b) => a - b);
    let afterValues = beforeValues;
    if (input.property_value_ids !== undefined) {
      const wanted = [...new Set(input.property_value_ids)].sort((a, b) => a - b);
      const found = await catalogAdminRepo.valuesByIds(tx, wanted);
      if (found.length !== wanted.length) throw AppError.field('property_value_ids', 'property_value_not_found');
      if (wanted.join() !== beforeValues.join()) {
        await catalogAdminRepo.replaceProperties(
          tx,
          id,
          found.map((v) => ({ id: v.id, propertyTypeId: v.propertyTypeId })),
        );
        values.propertyValueIds = wanted;
        changes.property_value_ids = [beforeValues, wanted];
        afterValues = wanted;
      }
    }
    if (values.nameUk !== undefined || values.nameRu !== undefined || values.brand !== undefined) {
      values.searchText = searchText(values.nameUk ?? p.nameUk, values.nameRu ?? p.nameRu, values.brand === undefined ? p.brand : values.brand);
    }
    if (!Object.keys(changes).length) return presentProduct(tx, p);
    // The stock history names the operator as the author of a stock change.
    if (changes.qty) await catalogAdminRepo.stockAuthor(tx, ctx.user.id);
    // The stock history names the operator who changed qty (catalog-stock.repository.ts).
    if (values.qty !== undefined) await nameStockWriter(tx, { source: 'operator', actorId: ctx.user.id });
    const updated = await catalogAdminRepo.updateProduct(tx, id, values);
    if (changes.category_id || changes.property_value_ids) {
      await catalogAdminRepo.adjustCounts(tx, { categoryId: p.categoryId, valueIds: beforeValues }, { categoryId: updated.categoryId, valueIds: afterValues });
    }
    await writeAudit(tx, { actorId: ctx.user.id, action: 'product.update', entity: 'product', entityId: id, changes });
    return presentProduct(tx, updated);
  });
}

/**
 * Moves the chosen products into one category (the unsorted category's goods to where they
 * belong), in one transaction: each move is audited as a product edit and the precomputed counts
 * follow. Unknown products or category are a 422 on the field.
 */
export async function moveProducts(ctx: AuthedCtx, input: ProductsMoveInput): Promise<{ moved: number }> {
  const ids = [...new Set(input.product_ids)].sort((a, b) => a - b);
  const moved = await ctx.db.transaction(async (tx) => {
    const where = await placement(tx, input.category_id);
    let n = 0;
    for (const id of ids) {
      const p = await catalogAdminRepo.lockProduct(tx, id);
      if (!p) throw AppError.field('product_ids', 'product_not_found');
      if (p.categoryId === input.category_id) continue;
      if (p.archivedAt !== null) throw AppError.field('product_ids', 'product_is_archived');
      await catalogAdminRepo.updateProduct(tx, id, { categoryId: input.category_id, parentId: where.parentId, rootId: where.rootId });
      const valueIds = [...p.propertyValueIds];
      await catalogAdminRepo.adjustCounts(tx, { categoryId: p.categoryId, valueIds }, { categoryId: input.category_id, valueIds });
      await writeAudit(tx, {
        actorId: ctx.user.id,
        action: 'product.update',
        entity: 'product',
        entityId: id,
        changes: { category_id: [p.categoryId, input.category_id] },
      });
      n++;
    }
    return n;
  });
  invalidateCatalogue(ctx.db);
  return { moved };
}

/**
 * Creates a product by hand (201). Its b2b code (and etalon code_id, equal as for 1C's goods) is
 * the next number of the code sequence the 1C import draws from for goods whose Код is not a free
 * number; both take the import's advisory lock, so a file being imported never picks the same
 * number as its own free Код at the same moment (the unique index would fail the whole file).
 * While an import runs the creation waits up to 5 s, then answers 409 CatalogueImportRunning.
 * A later 1C good whose numeric Код equals this code gets a sequence number instead (the
 * import's rule), so codes are never shared. search_text is built as the import builds it; the
 * initial stock is the first line of its stock history; the counts follow; audited.
 */
export async function createProduct(ctx: AuthedCtx, input: ProductCreateInput): Promise<AdminProductDto> {
  const dto = await ctx.db.transaction(async (tx) => {
    try {
      await tx.execute(sql`SET LOCAL lock_timeout = '5s'`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
      await tx.execute(sql`SET LOCAL lock_timeout = 0`);
    } catch (err) {
      if ((err as { code?: string; cause?: { code?: string } }).code === '55P03' || (err as { cause?: { code?: string } }).cause?.code === '55P03') {
        throw AppError.business('CatalogueImportRunning', 'catalogue_import_running', 409);
      }
      throw err;
    }
    const where = await placement(tx, input.category_id);
    const dropKop = uahToKop(input.drop_price);
    const retailKop = uahToKop(input.retail_price);
    if (retailKop < dropKop) throw AppError.field('retail_price', 'price_less_drop');
    const wanted = [...new Set(input.property_value_ids ?? [])].sort((a, b) => a - b);
    const found = await catalogAdminRepo.valuesByIds(tx, wanted);
    if (found.length !== wanted.length) throw AppError.field('property_value_ids', 'property_value_not_found');
    const code = await catalogAdminRepo.nextProductCode(tx);
    const brand = input.brand || null;
    const row = await catalogAdminRepo.insertProduct(tx, {
      b2bCodeId: code,
      codeId: code,
      vendorCode: input.vendor_code ?? '',
      nameUk: input.name_uk,
      nameRu: input.name_ru,
      descriptionUk: input.description_uk ?? '',
      descriptionRu: input.description_ru ?? '',
      brand,
      categoryId: input.category_id,
      parentId: where.parentId,
      rootId: where.rootId,
      dropKop,
      retailKop,
      oldDropKop: input.old_drop_price === undefined || input.old_drop_price === null ? null : uahToKop(input.old_drop_price),
      qty: input.qty ?? 0,
      inetPack: input.inet_pack ?? 1,
      inPack: input.in_pack ?? 1,
      isNew: input.is_new ?? false,
      propertyValueIds: wanted,
      searchText: searchText(input.name_uk, input.name_ru, brand),
    });
    if (found.length)
      await catalogAdminRepo.replaceProperties(
        tx,
        row.id,
        found.map((v) => ({ id: v.id, propertyTypeId: v.propertyTypeId })),
      );
    await catalogAdminRepo.countNew(tx, row.categoryId, wanted);
    await catalogAdminRepo.recordInitialStock(tx, row.id, row.qty, ctx.user.id);
    const changes: Record<string, [unknown, unknown]> = {};
    for (const [k, v] of Object.entries({
      b2b_code_id: row.b2bCodeId,
      vendor_code: row.vendorCode,
      name_uk: row.nameUk,
      name_ru: row.nameRu,
      brand: row.brand,
      category_id: row.categoryId,
      drop_kop: row.dropKop,
      retail_kop: row.retailKop,
      old_drop_kop: row.oldDropKop,
      qty: row.qty,
      inet_pack: row.inetPack,
      in_pack: row.inPack,
      is_new: row.isNew,
      property_value_ids: wanted,
    }))
      changes[k] = [null, v];
    await writeAudit(tx, { actorId: ctx.user.id, action: 'product.create', entity: 'product', entityId: row.id, changes });
    return presentProduct(tx, row);
  });
  invalidateCatalogue(ctx.db);
  return dto;
}

/**
 * Archives a product: it moves into THE archive category (hidden, created on the first archiving),
 * so every reseller read that leaves hidden categories out (catalogue, search, cart, order
 * placement, feeds) leaves it out; orders that name it keep it. Remembers where it came from.
 * Archiving an archived product changes nothing. Audited.
 */
export async function archiveProduct(ctx: AuthedCtx, id: number): Promise<AdminProductDto> {
  const dto = await ctx.db.transaction(async (tx) => {
    const p = await catalogAdminRepo.lockProduct(tx, id);
    if (!p) throw AppError.notFound();
    if (p.archivedAt !== null) return presentProduct(tx, p);
    const archive = await catalogAdminRepo.archiveCategory(tx, ARCHIVE_CATEGORY);
    const where = await placement(tx, archive.id, { archive: true });
    const updated = await catalogAdminRepo.updateProduct(tx, id, {
      categoryId: archive.id,
      parentId: where.parentId,
      rootId: where.rootId,
      archivedAt: new Date(),
      archivedFromCategoryId: p.categoryId,
    });
    const valueIds = [...p.propertyValueIds];
    await catalogAdminRepo.adjustCounts(tx, { categoryId: p.categoryId, valueIds }, { categoryId: archive.id, valueIds });
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'product.archive',
      entity: 'product',
      entityId: id,
      changes: { category_id: [p.categoryId, archive.id], archived: [false, true] },
    });
    return presentProduct(tx, updated);
  });
  invalidateCatalogue(ctx.db);
  return dto;
}

/**
 * Brings an archived product back into the category it was archived from, or into `category_id`
 * when given; 422 on category_id when neither exists (the old category was deleted). A live
 * product changes nothing. Audited.
 */
export async function unarchiveProduct(ctx: AuthedCtx, id: number, input: ProductUnarchiveInput): Promise<AdminProductDto> {
  const dto = await ctx.db.transaction(async (tx) => {
    const p = await catalogAdminRepo.lockProduct(tx, id);
    if (!p) throw AppError.notFound();
    if (p.archivedAt === null) return presentProduct(tx, p);
    const target = input.category_id ?? p.archivedFromCategoryId;
    if (target === null || !(await catalogAdminRepo.category(tx, target)))
      throw AppError.field('category_id', input.category_id ? 'category_not_found' : 'archived_category_gone');
    const where = await placement(tx, target);
    const updated = await catalogAdminRepo.updateProduct(tx, id, {
      categoryId: target,
      parentId: where.parentId,
      rootId: where.rootId,
      archivedAt: null,
      archivedFromCategoryId: null,
    });
    const valueIds = [...p.propertyValueIds];
    await catalogAdminRepo.adjustCounts(tx, { categoryId: p.categoryId, valueIds }, { categoryId: target, valueIds });
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'product.unarchive',
      entity: 'product',
      entityId: id,
      changes: { category_id: [p.categoryId, target], archived: [true, false] },
    });
    return presentProduct(tx, updated);
  });
  invalidateCatalogue(ctx.db);
  return dto;
}

/**
 * Adds a picture (JPEG, PNG, WebP or GIF by content, at most 10 MB) after the product's others,
 * stored as its three variants (shared with any other product that has the same photo).
 */
export async function addProductImage(ctx: AuthedCtx, id: number, file: UploadedFile | undefined): Promise<AdminProductDto> {
  const p = await catalogAdminRepo.product(ctx.db, id);
  if (!p) throw AppError.notFound();
  if (!file || file.buffer.length === 0) throw AppError.field('file', 'file_required');
  if (file.truncated || file.buffer.length > PRODUCT_IMAGE_MAX_BYTES)
    throw AppError.field('file', 'file_too_large', 'ValidationError', { max: PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024 });
  const dataDir = ctx.deps.config.dataDir;
  const stored = await storeProductImage(dataDir, file.buffer);
  if (!stored) throw AppError.field('file', 'not_an_image');
  try {
    return await ctx.db.transaction(async (tx) => {
      // The picture's lock before the product's row: a 1C import holds picture locks while it updates products.
      await ensurePictureFiles(tx, dataDir, stored, file.buffer);
      const locked = await catalogAdminRepo.lockProduct(tx, id);
      if (!locked) throw AppError.notFound();
      const images = await catalogAdminRepo.images(tx, id);
      const paths = { original: stored.original, mediumCentered: stored.mediumCentered, thumb: stored.thumb };
      const image = await catalogAdminRepo.insertImage(tx, { productId: id, sort: (images.at(-1)?.sort ?? -1) + 1, ...paths });
      const updated = locked.hasImages ? locked : await catalogAdminRepo.updateProduct(tx, id, { hasImages: true });
      await writeAudit(tx, {
        actorId: ctx.user.id,
        action: 'product.image_add',
        entity: 'product',
        entityId: id,
        changes: { image: [null, stored.original], image_id: image.id },
      });
      return presentProduct(tx, updated);
    });
  } catch (err) {
    await releasePicture(ctx.db, dataDir, stored.original);
    throw err;
  }
}

export async function deleteProductImage(ctx: AuthedCtx, id: number, imageId: number): Promise<AdminProductDto> {
  const { dto, removed } = await ctx.db.transaction(async (tx) => {
    const p = await catalogAdminRepo.lockProduct(tx, id);
    if (!p) throw AppError.notFound();
    const gone = await catalogAdminRepo.deleteImage(tx, id, imageId);
    if (!gone) throw AppError.notFound();
    const left = await catalogAdminRepo.images(tx, id);
    const updated = left.length === 0 && p.hasImages ? await catalogAdminRepo.updateProduct(tx, id, { hasImages: false }) : p;
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'product.image_delete',
      entity: 'product',
      entityId: id,
      changes: { image: [gone.original, null], image_id: imageId },
    });
    return { dto: await presentProduct(tx, updated), removed: gone.original };
  });
  // The files stay while another product (or a category) has the same photo.
  await releasePicture(ctx.db, ctx.deps.config.dataDir, removed);
  return dto;
}

// ---------- properties ----------

export async function listPropertyTypes(ctx: AuthedCtx) {
  const rows = await catalogAdminRepo.propertyTypes(ctx.db);
  return rows.map((r) => ({ id: r.t.id, name_uk: r.t.nameUk, name_ru: r.t.nameRu, values_count: Number(r.n) }));
}

export async function listPropertyValues(ctx: AuthedCtx, typeId: number, search: string | undefined) {
  if (!(await catalogAdminRepo.propertyType(ctx.db, typeId))) throw AppError.notFound();
  const rows = await catalogAdminRepo.propertyValues(ctx.db, typeId, search?.trim() || undefined);
  return rows.map((v) => ({ id: v.id, property_type_id: v.propertyTypeId, value_uk: v.valueUk, value_ru: v.valueRu }));
}
