/**
 * Catalogue contracts (SPEC sections 3, 4 and 7; DESIGN.md section 7). Prices are UAH numbers
 * with 2 decimals, computed by the API with the rule in pricing.ts.
 */
import { z } from 'zod';
import { FILTER_PATTERN } from './catalog-constants.ts';
import { IMAGE_TYPES, PRODUCT_PER_PAGE_OPTIONS } from './catalog-constants.ts';

export interface CategoryDto {
  id: number;
  name: string;
  name_uk: string;
  name_ru: string;
  image_url: string | null;
  icon: string | null;
  icon_color: string | null;
  parent_id: number | null;
  products_count: number;
  child: CategoryDto[];
}
export const categoryDto: z.ZodType<CategoryDto> = z.object({
  id: z.number(),
  name: z.string(),
  name_uk: z.string(),
  name_ru: z.string(),
  image_url: z.string().nullable(),
  icon: z.string().nullable(),
  icon_color: z.string().nullable(),
  parent_id: z.number().nullable(),
  products_count: z.number(),
  get child(): z.ZodArray<z.ZodType<CategoryDto>> {
    return z.array(categoryDto);
  },
});

export const breadcrumbDto = z.object({ title: z.string(), href: z.string(), disabled: z.boolean() });
export type BreadcrumbDto = z.infer<typeof breadcrumbDto>;

export const productImageDto = z.object({ type: z.enum(IMAGE_TYPES), path: z.string() });
export type ProductImageDto = z.infer<typeof productImageDto>;

export const relationPropertyDto = z.object({
  id: z.number(),
  property_type: z.object({ id: z.number(), name: z.string() }),
  property_value: z.object({ id: z.number(), value: z.string() }),
});
export type RelationPropertyDto = z.infer<typeof relationPropertyDto>;

export const productDto = z.object({
  id: z.number(),
  b2b_code_id: z.number(),
  code_id: z.number(),
  vendor_code: z.string(),
  name: z.string(),
  name_uk: z.string(),
  name_ru: z.string(),
  brand: z.string().nullable(),
  description: z.string(),
  images: z.array(productImageDto),
  has_images: z.boolean(),
  inet_pack: z.number(),
  in_pack: z.number(),
  qty: z.number(),
  /** Quantity text of SPEC section 9. */
  quantity: z.string(),
  reserved: z.number(),
  is_new: z.boolean(),
  analogues_count: z.number(),
  category_id: z.number(),
  parent_id: z.number().nullable(),
  root_id: z.number(),
  // What depends on the reseller comes last: a list writes an item's other fields once per product
  // and language and these per answer after them (list-writer.ts).
  drop_price: z.number(),
  old_drop_price: z.number().nullable(),
  retail_price: z.number(),
  markup_price: z.number(),
  profit: z.number(),
  in_cart: z.boolean(),
  is_favorite: z.boolean(),
  is_subscribed: z.boolean(),
});
export type ProductDto = z.infer<typeof productDto>;

/**
 * A product as the lists carry it (GET /products, analogues; issue 31): what cards, table rows and
 * their badges show. One name in the request's language, not both; no description; the first
 * picture only (`has_images` still says whether it has any), as its thumb alone when the medium
 * and the original follow from the thumb's path (a picture of the store, `pictures/ab/<hash>-t.webp`,
 * or one path for all three), else as its three variants. The quick view and the product page
 * read the rest from GET /products/{id}.
 */
export const productListItemDto = productDto.omit({ name_uk: true, name_ru: true, description: true });
export type ProductListItemDto = z.infer<typeof productListItemDto>;

export const productDetailDto = productDto.extend({
  relation_properties: z.array(relationPropertyDto),
  /** Property list for display: type name -> value. */
  properties: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type ProductDetailDto = z.infer<typeof productDetailDto>;

const flag = z
  .union([z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.boolean(), z.literal(0), z.literal(1)], 'invalid_value')
  .transform((v) => v === true || v === '1' || v === 'true' || v === 1)
  .optional();
const positiveId = z.coerce.number('invalid_type').int('invalid_type').positive('invalid_value').max(2147483647, 'invalid_value');
const price = z.coerce.number('invalid_type').min(0, 'too_small').max(100_000_000, 'too_big');
const filterList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v === '' ? [] : v.split(',')))
  .pipe(z.array(z.string().regex(FILTER_PATTERN, 'invalid_value')).max(100, 'too_big'))
  .optional();

export const productsQuery = z
  .object({
    category_id: positiveId.optional(),
    specials: flag,
    news: flag,
    is_favorites: flag,
    page: z.coerce.number('invalid_type').int('invalid_type').min(1, 'too_small').max(1_000_000, 'too_big').default(1),
    per_page: z.coerce
      .number('invalid_type')
      .int('invalid_type')
      .refine((n) => (PRODUCT_PER_PAGE_OPTIONS as readonly number[]).includes(n), 'invalid_value')
      .default(10),
    card_variant: z.string().max(20).optional(),
    search: z.string().max(200, 'too_big').optional(),
    filters: filterList,
    price_from: price.optional(),
    price_to: price.optional(),
    market_id: positiveId.optional(),
  })
  .refine((q) => q.price_from === undefined || q.price_to === undefined || q.price_from <= q.price_to, {
    message: 'price_range',
    path: ['price_to'],
  });
export type ProductsQuery = z.infer<typeof productsQuery>;

export const productsResponse = z.object({
  data: z.array(productListItemDto),
  current_category: categoryDto.nullable(),
  breadcrumbs: z.array(breadcrumbDto),
  meta: z.object({ current_page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() }),
  pagination: z.object({ last_page: z.number() }),
});
export type ProductsResponse = z.infer<typeof productsResponse>;

export const productResponse = z.object({ data: productDetailDto, breadcrumbs: z.array(breadcrumbDto) });
export type ProductResponse = z.infer<typeof productResponse>;

export const productQuery = z.object({ market_id: positiveId.optional() });

export const filtersQuery = z.object({
  category_id: z.union([positiveId, z.literal('null').transform(() => undefined), z.literal('').transform(() => undefined)]).optional(),
  selected_filters: filterList,
  filters: filterList,
  search: z.string().max(200, 'too_big').optional(),
});
export type FiltersQuery = z.infer<typeof filtersQuery>;

export const filterValueDto = z.object({
  property_type_id: z.number(),
  property_value_id: z.number(),
  value: z.string(),
  /** Products that would match with this value added to the other groups' selection. */
  count: z.number(),
});
export const filterGroupDto = z.object({ id: z.number(), name: z.string(), properties: z.array(filterValueDto) });
export type FilterGroupDto = z.infer<typeof filterGroupDto>;

export const promoProductDto = z.object({
  id: z.number(),
  name: z.string(),
  /** Storage path of the picture, null when the product has none. */
  image: z.string().nullable(),
  drop_price: z.number(),
  retail_price: z.number(),
  profit: z.number(),
});
export type PromoProductDto = z.infer<typeof promoProductDto>;

export const favoriteInput = z.strictObject({ product_id: positiveId });
export const favoriteDto = z.object({ id: z.number(), product_id: z.number(), created_at: z.string() });
export type FavoriteDto = z.infer<typeof favoriteDto>;

export const productNotificationInput = z.strictObject({ code_id: positiveId });
export const productNotificationDto = z.object({ id: z.number(), code_id: z.number(), created_at: z.string() });
export type ProductNotificationDto = z.infer<typeof productNotificationDto>;
