import {
  kopToUah,
  uahToKop,
  type AdminCategoryDto,
  type AdminProductDto,
  type AdminProductSummaryDto,
  type AdminProductsQuery,
  type CategoryInput,
  type CategoryUpdateInput,
  type ProductUpdateInput,
  type ProductsMoveInput,
} from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import { adminRepo } from '../admin/admin.repository.ts';
import { catalogAdminRepo, type CategoryRow, type ProductRow } from './catalog-admin.repository.ts';
import { refreshCatalogueStats } from './catalogue-stats.ts';
import { invalidateCatalogue } from './catalogue-cache.ts';
import { normalizeWords, searchText } from './search-normalize.ts';
import { PRODUCT_IMAGE_MAX_BYTES, removeProductImage, storeProductImage } from './product-images.ts';

const storageUrl = (p: string) => `/storage/${p}`;

const presentCategory = (c: CategoryRow): AdminCategoryDto => ({
  id: c.id,
  parent_id: c.parentId,
  depth: c.depth,
  name_uk: c.nameUk,
  name_ru: c.nameRu,
  sort: c.sort,
  products_count: c.productsCount,
  hidden: c.hidden,
  unsorted: c.unsorted,
});

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
    properties: props.map((r) => ({ property_type_id: r.propertyTypeId, property_value_id: r.propertyValueId, value_uk: r.valueUk, value_ru: r.valueRu })).sort((a, b) => a.property_value_id - b.property_value_id),
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
      out.push(presentCategory(c));
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
    });
    await adminRepo.audit(tx, { actorId: ctx.user.id, action: 'category.create', entity: 'category', entityId: row.id, changes: { name_uk: [null, row.nameUk], name_ru: [null, row.nameRu], parent_id: [null, row.parentId] } });
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
    if (input.hidden !== undefined && input.hidden !== current.hidden) [values.hidden, changes.hidden] = [input.hidden, [current.hidden, input.hidden]];
    if (input.parent_id !== undefined && input.parent_id !== current.parentId) {
      const parent = await parentOf(tx, input.parent_id);
      // Walking up from the new parent must never meet the category itself.
      for (let p = parent; p; p = p.parentId === null ? null : (all.find((c) => c.id === p!.parentId) ?? null)) {
        if (p.id === id) throw AppError.field('parent_id', 'category_cycle');
      }
      values.parentId = parent?.id ?? null;
      changes.parent_id = [current.parentId, values.parentId];
      moved = true;
    }
    if (!Object.keys(changes).length) return presentCategory(current);
    const row = await catalogAdminRepo.updateCategory(tx, id, values);
    if (moved) await catalogAdminRepo.rederiveSubtree(tx, id);
    await adminRepo.audit(tx, { actorId: ctx.user.id, action: 'category.update', entity: 'category', entityId: id, changes });
    return presentCategory((await catalogAdminRepo.category(tx, id)) ?? row);
  });
  invalidateCatalogue(ctx.db);
  if (moved) {
    await refreshCatalogueStats(ctx.db);
    return presentCategory((await catalogAdminRepo.category(ctx.db, id))!);
  }
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
    { search, categoryIds: q.category_id ? await subtreeIds(ctx.db, q.category_id) : undefined, inStock: q.in_stock, isNew: q.is_new, specials: q.specials },
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
async function placement(tx: Db, categoryId: number): Promise<{ parentId: number | null; rootId: number }> {
  const all = await catalogAdminRepo.categories(tx);
  const byId = new Map(all.map((c) => [c.id, c]));
  const path: CategoryRow[] = [];
  for (let c = byId.get(categoryId); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) path.unshift(c);
  if (!path.length) throw AppError.field('category_id', 'category_not_found');
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
    if (input.category_id !== undefined && input.category_id !== p.categoryId) {
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
        await catalogAdminRepo.replaceProperties(tx, id, found.map((v) => ({ id: v.id, propertyTypeId: v.propertyTypeId })));
        values.propertyValueIds = wanted;
        changes.property_value_ids = [beforeValues, wanted];
        afterValues = wanted;
      }
    }
    if (values.nameUk !== undefined || values.nameRu !== undefined || values.brand !== undefined) {
      values.searchText = searchText(values.nameUk ?? p.nameUk, values.nameRu ?? p.nameRu, values.brand === undefined ? p.brand : values.brand);
    }
    if (!Object.keys(changes).length) return presentProduct(tx, p);
    const updated = await catalogAdminRepo.updateProduct(tx, id, values);
    if (changes.category_id || changes.property_value_ids) {
      await catalogAdminRepo.adjustCounts(tx, { categoryId: p.categoryId, valueIds: beforeValues }, { categoryId: updated.categoryId, valueIds: afterValues });
    }
    await adminRepo.audit(tx, { actorId: ctx.user.id, action: 'product.update', entity: 'product', entityId: id, changes });
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
      await catalogAdminRepo.updateProduct(tx, id, { categoryId: input.category_id, parentId: where.parentId, rootId: where.rootId });
      const valueIds = [...p.propertyValueIds];
      await catalogAdminRepo.adjustCounts(tx, { categoryId: p.categoryId, valueIds }, { categoryId: input.category_id, valueIds });
      await adminRepo.audit(tx, { actorId: ctx.user.id, action: 'product.update', entity: 'product', entityId: id, changes: { category_id: [p.categoryId, input.category_id] } });
      n++;
    }
    return n;
  });
  invalidateCatalogue(ctx.db);
  return { moved };
}

/** Adds a picture (JPEG, PNG, WebP or GIF by content, at most 10 MB) after the product's others. */
export async function addProductImage(ctx: AuthedCtx, id: number, file: UploadedFile | undefined): Promise<AdminProductDto> {
  const p = await catalogAdminRepo.product(ctx.db, id);
  if (!p) throw AppError.notFound();
  if (!file || file.buffer.length === 0) throw AppError.field('file', 'file_required');
  if (file.truncated || file.buffer.length > PRODUCT_IMAGE_MAX_BYTES) throw AppError.field('file', 'file_too_large', 'ValidationError', { max: PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024 });
  const stored = await storeProductImage(ctx.deps.config.dataDir, file.buffer);
  if (!stored) throw AppError.field('file', 'not_an_image');
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await catalogAdminRepo.lockProduct(tx, id);
      if (!locked) throw AppError.notFound();
      const images = await catalogAdminRepo.images(tx, id);
      const image = await catalogAdminRepo.insertImage(tx, { productId: id, sort: (images.at(-1)?.sort ?? -1) + 1, ...stored });
      const updated = locked.hasImages ? locked : await catalogAdminRepo.updateProduct(tx, id, { hasImages: true });
      await adminRepo.audit(tx, { actorId: ctx.user.id, action: 'product.image_add', entity: 'product', entityId: id, changes: { image: [null, stored.original], image_id: image.id } });
      return presentProduct(tx, updated);
    });
  } catch (err) {
    await removeProductImage(ctx.deps.config.dataDir, stored.original);
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
    await adminRepo.audit(tx, { actorId: ctx.user.id, action: 'product.image_delete', entity: 'product', entityId: id, changes: { image: [gone.original, null], image_id: imageId } });
    return { dto: await presentProduct(tx, updated), removed: gone.original };
  });
  await removeProductImage(ctx.deps.config.dataDir, removed);
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
