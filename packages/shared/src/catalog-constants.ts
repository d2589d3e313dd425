/** Catalogue constants and helpers without zod, safe for the app shell's chunk. */
import { BREAKPOINTS, DRAWER_WIDTH } from './constants.ts';

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

/** How many cards of a list load their picture first (eager, high priority, preloaded): the first screen's. */
export const PRIORITY_CARD_IMAGES = 4;

/**
 * `sizes` of a card's picture in the list's card view: the real width of the image at each
 * breakpoint (the grid's columns and gaps, the dashboard's padding, the card's padding and, from
 * lg, the docked side navigation). A phone at DPR 1.75-2 (about 170 px) and a 1x desktop card take
 * the 400 px step, a phone at DPR 3 the 600 px medium, a small screen at DPR 1 the 200 px thumb.
 * Shared by the web's cards and the dashboard HTML's early preload (EARLY_DATA_SCRIPT).
 */
export const CARD_IMAGE_SIZES = [
  // 5 columns, gap 16, main padding 24, side navigation, card padding 12.
  `(min-width: ${BREAKPOINTS.xl}px) calc((100vw - ${DRAWER_WIDTH + 48 + 4 * 16}px) / 5 - 24px)`,
  // 4 columns, gap 16, main padding 24, side navigation, card padding 12.
  `(min-width: ${BREAKPOINTS.lg}px) calc((100vw - ${DRAWER_WIDTH + 48 + 3 * 16}px) / 4 - 24px)`,
  // 4 columns, gap 16, main padding 16, card padding 12.
  `(min-width: ${BREAKPOINTS.md}px) calc((100vw - ${32 + 3 * 16}px) / 4 - 24px)`,
  // 3 columns, gap 16, main padding 16, card padding 12.
  `(min-width: ${BREAKPOINTS.sm}px) calc((100vw - ${32 + 2 * 16}px) / 3 - 24px)`,
  // 2 columns, gap 8, main padding 12, card padding 8.
  `calc((100vw - ${24 + 8}px) / 2 - 16px)`,
].join(', ');

/** `/storage/{path}`: the URL of a stored image path. */
export const storageUrl = (path: string | null | undefined): string => (path ? `/storage/${path.replace(/^\/+/, '')}` : PLACEHOLDER_IMAGE);

/** 'typeId_valueId' */
export const FILTER_PATTERN = /^\d{1,9}_\d{1,9}$/;

/** Serialises a product list state for the URL and the API: 'typeId_valueId'. */
export const filterKey = (typeId: number, valueId: number) => `${typeId}_${valueId}`;
export function parseFilterKey(key: string): { typeId: number; valueId: number } | null {
  if (!FILTER_PATTERN.test(key)) return null;
  const [t, v] = key.split('_').map(Number) as [number, number];
  return { typeId: t, valueId: v };
}
