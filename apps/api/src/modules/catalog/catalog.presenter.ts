import {
  formatQty,
  kopToUah,
  priceProduct,
  type BreadcrumbDto,
  type CategoryDto,
  type Locale,
  type PricingMarket,
  type PricingUser,
  type ProductDetailDto,
  type ProductDto,
  type ProductListItemDto,
  type ProductPrices,
} from '@drop/shared';
import { variantsOf } from '../../lib/pictures.ts';
import type { CategoryNode } from './category-tree.ts';
import type { ProductRow } from './catalog.repository.ts';

export const pick = (locale: Locale, uk: string, ru: string) => (locale === 'ru' ? ru || uk : uk || ru);

export function presentCategory(node: CategoryNode, locale: Locale, depth = Infinity): CategoryDto {
  return {
    id: node.id,
    name: pick(locale, node.nameUk, node.nameRu),
    name_uk: node.nameUk,
    name_ru: node.nameRu,
    image_url: node.image,
    icon: node.icon,
    icon_color: node.iconColor,
    parent_id: node.parentId,
    products_count: node.productsCount,
    child: depth > 0 ? node.children.map((c) => presentCategory(c, locale, depth - 1)) : [],
  };
}

export interface PriceContext {
  user: PricingUser;
  market: PricingMarket | null;
}

const imagesOf = (pictures: ProductRow['images']) =>
  pictures.flatMap(([original, medium, thumb]) => [
    { type: 'medium_centered' as const, path: medium },
    { type: 'original' as const, path: original },
    { type: 'thumb' as const, path: thumb },
  ]);

/**
 * A list's picture: the first picture's thumb alone when its other variants follow from that path
 * (a picture of the store, `pictures/ab/<hash>-t.webp`, or one path stored three times before
 * issue 30), as the web's pictureFromPath derives them; all three otherwise. A list item is a
 * third smaller that way, and a list's time is mostly its bytes (issue 31).
 */
function listImagesOf(pictures: ProductRow['images']): ProductListItemDto['images'] {
  let images = listImages.get(pictures);
  if (!images) {
    const first = pictures[0];
    const [original, medium, thumb] = first ?? [];
    const set = original === undefined ? null : variantsOf(original);
    images = !first
      ? []
      : (original === medium && medium === thumb) || (set && set.mediumCentered === medium && set.thumb === thumb)
        ? [{ type: 'thumb', path: thumb! }]
        : imagesOf([first]);
    listImages.set(pictures, images);
  }
  return images;
}
/** Worked out once per cached row (its pictures array lives as long as the row in the read model). */
const listImages = new WeakMap<ProductRow['images'], ProductListItemDto['images']>();

/** A row's prices for the reseller (and store) of `prices`. */
export function priceRow(row: ProductRow, prices: PriceContext): ProductPrices {
  return priceProduct(
    { dropKop: row.drop_kop, oldDropKop: row.old_drop_kop, retailKop: row.retail_kop, categoryPath: [row.category_id, row.parent_id, row.root_id] },
    prices.user,
    prices.market,
  );
}

/** A product as the lists carry it: one name, no description, the first picture only (productListItemDto). */
export function presentProductListItem(row: ProductRow, locale: Locale, prices: PriceContext): ProductListItemDto {
  const p = priceRow(row, prices);
  return {
    id: row.id,
    b2b_code_id: row.b2b_code_id,
    code_id: row.code_id,
    vendor_code: row.vendor_code,
    name: pick(locale, row.name_uk, row.name_ru),
    brand: row.brand,
    images: listImagesOf(row.images),
    has_images: row.images.length > 0,
    inet_pack: row.inet_pack,
    in_pack: row.in_pack,
    drop_price: kopToUah(p.dropKop),
    old_drop_price: p.oldDropKop === null ? null : kopToUah(p.oldDropKop),
    retail_price: kopToUah(p.retailKop),
    markup_price: kopToUah(p.markupKop),
    profit: kopToUah(p.profitKop),
    qty: row.qty,
    quantity: formatQty(row.qty),
    reserved: row.reserved,
    is_new: row.is_new,
    analogues_count: row.analogues_count,
    in_cart: row.in_cart,
    is_favorite: row.is_favorite,
    is_subscribed: row.is_subscribed,
    category_id: row.category_id,
    parent_id: row.parent_id,
    root_id: row.root_id,
  };
}

export interface ProductListResult {
  data: ProductListItemDto[];
  current_category: CategoryDto | null;
  breadcrumbs: BreadcrumbDto[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
  pagination: { last_page: number };
}

/**
 * A list page before its items are presented: its rows in order, the language and prices to
 * present them in, and the rest of the answer. GET /products writes it straight to bytes
 * (list-writer.ts); presentListPage makes the answer's object.
 */
export interface ProductListPage {
  rows: readonly ProductRow[];
  locale: Locale;
  prices: PriceContext;
  rest: Omit<ProductListResult, 'data'>;
}

export function presentListPage(page: ProductListPage): ProductListResult {
  return { data: page.rows.map((r) => presentProductListItem(r, page.locale, page.prices)), ...page.rest };
}

/** The whole product (its page, the quick view): both names, the description and every picture. */
export function presentProduct(row: ProductRow, description: { uk: string; ru: string }, locale: Locale, prices: PriceContext): ProductDto {
  return {
    ...presentProductListItem(row, locale, prices),
    name_uk: row.name_uk,
    name_ru: row.name_ru,
    description: pick(locale, description.uk, description.ru),
    images: imagesOf(row.images),
  };
}

export interface PropertyRow {
  id: number;
  typeId: number;
  typeUk: string;
  typeRu: string;
  valueUk: string;
  valueRu: string;
}

export function presentProductDetail(
  row: ProductRow,
  description: { uk: string; ru: string },
  props: PropertyRow[],
  locale: Locale,
  prices: PriceContext,
): ProductDetailDto {
  return {
    ...presentProduct(row, description, locale, prices),
    relation_properties: props.map((p) => ({
      id: p.id,
      property_type: { id: p.typeId, name: pick(locale, p.typeUk, p.typeRu) },
      property_value: { id: p.id, value: pick(locale, p.valueUk, p.valueRu) },
    })),
    properties: props.map((p) => ({ name: pick(locale, p.typeUk, p.typeRu), value: pick(locale, p.valueUk, p.valueRu) })),
  };
}

const CRUMB_TEXT = {
  catalog: { uk: 'Каталог', ru: 'Каталог' },
  home: { uk: 'Головна', ru: 'Главная' },
  all: { uk: 'Всі товари', ru: 'Все товары' },
  specials: { uk: 'Акційні пропозиції', ru: 'Акционные предложения' },
  news: { uk: 'Новинки', ru: 'Новинки' },
  favorites: { uk: 'Обрані товари', ru: 'Избранные товары' },
  search: { uk: 'Пошук', ru: 'Поиск' },
} as const;
export type ListKind = keyof typeof CRUMB_TEXT;

/** Catalogue → root → parent → category (the last one disabled unless `linkLast`). */
export function categoryCrumbs(node: CategoryNode, locale: Locale, linkLast = false): BreadcrumbDto[] {
  const chain = [...node.ancestors, node];
  return [
    { title: CRUMB_TEXT.catalog[locale], href: '/dashboard/catalog', disabled: false },
    ...chain.map((c, i) => {
      const last = i === chain.length - 1;
      return {
        title: pick(locale, c.nameUk, c.nameRu),
        href: c.children.length > 0 && !last ? `/dashboard/catalog/${c.id}` : `/dashboard/catalog/${c.id}/products`,
        disabled: last && !linkLast,
      };
    }),
  ];
}

export function listCrumbs(kind: ListKind, locale: Locale): BreadcrumbDto[] {
  const paths: Record<ListKind, string> = {
    catalog: '/dashboard/catalog',
    home: '/dashboard',
    all: '/dashboard/search-products',
    specials: '/dashboard/specials',
    news: '/dashboard/news',
    favorites: '/dashboard/favorites',
    search: '/dashboard/search-products',
  };
  return [
    { title: CRUMB_TEXT.home[locale], href: '/dashboard', disabled: false },
    { title: CRUMB_TEXT[kind][locale], href: paths[kind], disabled: true },
  ];
}
