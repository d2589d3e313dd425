/** Catalogue constants and helpers without zod, safe for the app shell's chunk. */
export const PRODUCT_PER_PAGE_OPTIONS = [5, 10, 20, 30, 50, 100] as const;
/** Offset pagination is bounded: results past this many rows are not paged to. */
export const PRODUCT_RESULT_WINDOW = 10_000;
/** A search answers at most this many matches (its total is capped there). */
export const SEARCH_RESULT_CAP = 500;
export const HEADER_SEARCH_LIMIT = 5;
export const PLACEHOLDER_IMAGE = '/images/no-img-200pad.svg';
export const IMAGE_TYPES = ['medium_centered', 'original', 'thumb'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/**
 * Side in pixels of the square variants made of every stored picture (issue 30): `thumb` for
 * cards, tables and lists, `medium_centered` for the quick view and the product page (and a
 * card's 2x). Both are WebP on a white square; `original` is a JPEG of at most 2048 px a side.
 * `small` is not a type of the spec: a 400 px square stored beside the thumb (`-s.webp`), the
 * step a card's srcset takes on a phone at 1.75-2x.
 */
export const PICTURE_SIZES = { thumb: 200, small: 400, medium_centered: 600 } as const;

/** `/storage/{path}`: the URL of a stored image path. */
export const storageUrl = (path: string | null | undefined): string =>
  path ? `/storage/${path.replace(/^\/+/, '')}` : PLACEHOLDER_IMAGE;

/** 'typeId_valueId' */
export const FILTER_PATTERN = /^\d{1,9}_\d{1,9}$/;

/** Serialises a product list state for the URL and the API: 'typeId_valueId'. */
export const filterKey = (typeId: number, valueId: number) => `${typeId}_${valueId}`;
export function parseFilterKey(key: string): { typeId: number; valueId: number } | null {
  if (!FILTER_PATTERN.test(key)) return null;
  const [t, v] = key.split('_').map(Number) as [number, number];
  return { typeId: t, valueId: v };
}
