import { CARD_IMAGE_SIZES, PICTURE_SIZES, PLACEHOLDER_IMAGE, storageUrl, type ProductImageDto } from '@drop/shared';

export { CARD_IMAGE_SIZES, PRIORITY_CARD_IMAGES } from '@drop/shared';

/**
 * One picture of a product as the URLs of its three variants (issue 30, decision 0018):
 * `thumb` (200 px WebP square) for cards, tables and lists, `medium` (600 px WebP square) for the
 * quick view and the product page (and a card's 2x), `original` (JPEG, up to 2048 px) for the zoom.
 * A picture stored before issue 30 has the same path three times (or SVGs of the demo): `variants`
 * is false then, and every place shows that one file without a srcset.
 */
export interface Picture {
  thumb: string;
  /** The 400 px square stored beside a thumb of the picture store (`-s.webp`), the srcset's middle step; null for other pictures. */
  small: string | null;
  medium: string;
  original: string;
  /** The thumb and the medium are distinct raster files of PICTURE_SIZES (a srcset can offer both). */
  variants: boolean;
}

/** Attributes of an <img> (React names). Width and height are always set: the box knows its shape before the file arrives. */
export interface ImgSource {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

const PICTURE_PATH = /^\/?pictures\/([0-9a-f]{2})\/([0-9a-f]{64})(?:-m\.webp|-t\.webp|\.jpg)$/;

function pictureOf(thumb: string, medium: string, original: string): Picture {
  const variants = thumb !== medium && !/\.svg$/i.test(thumb) && !/\.svg$/i.test(medium);
  const small = variants && /^\/?pictures\/[0-9a-f]{2}\/[0-9a-f]{64}-t\.webp$/.test(thumb) ? storageUrl(thumb.replace(/-t\.webp$/, '-s.webp')) : null;
  return { thumb: storageUrl(thumb), small, medium: storageUrl(medium), original: storageUrl(original), variants };
}

/**
 * Every picture of a product, in order: the n-th picture is the n-th path of each type (the API
 * lists them per picture). A picture given by one path alone (a list item's thumb) has its other
 * variants derived from that path (pictureFromPath); otherwise a type missing for a picture falls
 * back on another of the same picture.
 */
export function productPictures(images: readonly ProductImageDto[]): Picture[] {
  const of = (type: ProductImageDto['type']) => images.filter((i) => i.type === type).map((i) => i.path);
  const t = of('thumb');
  const m = of('medium_centered');
  const o = of('original');
  return Array.from({ length: Math.max(t.length, m.length, o.length) }, (_, n) => {
    const any = (t[n] ?? m[n] ?? o[n])!;
    if ([t[n], m[n], o[n]].filter((x) => x !== undefined).length === 1) return pictureFromPath(any)!;
    return pictureOf(t[n] ?? m[n] ?? any, m[n] ?? o[n] ?? any, o[n] ?? m[n] ?? any);
  });
}

/** A product's first picture, or null (the placeholder is shown). */
export const firstPicture = (images: readonly ProductImageDto[]): Picture | null => productPictures(images)[0] ?? null;

/**
 * The picture of one stored path (a cart line, a promo card): a path of the picture store
 * (`pictures/ab/<hash>.jpg`, `-m.webp`, `-t.webp`) gives its three variants, any other path
 * (stored before issue 30, the demo's SVGs) is used for all three; null when there is none.
 */
export function pictureFromPath(path: string | null | undefined): Picture | null {
  if (!path) return null;
  const m = PICTURE_PATH.exec(path);
  if (!m) return pictureOf(path, path, path);
  const base = `pictures/${m[1]}/${m[2]}`;
  return pictureOf(`${base}-t.webp`, `${base}-m.webp`, `${base}.jpg`);
}

/**
 * The thumb of a picture for a place `sizes` wide (a CSS length or media list: `56px` in a table
 * row, CARD_IMAGE_SIZES on a card), with the 400 px square (pictures of the store) and the medium
 * as its 400w and 600w alternatives: the browser takes the smallest file that covers the
 * device's pixels (a phone card of about 170 CSS px at 1.75-2x takes the 400 px one).
 */
export function thumbSource(picture: Picture | null, sizes: string): ImgSource {
  const side = PICTURE_SIZES.thumb;
  if (!picture) return { src: PLACEHOLDER_IMAGE, width: side, height: side };
  if (!picture.variants) return { src: picture.thumb, width: side, height: side };
  const steps = [
    `${picture.thumb} ${side}w`,
    ...(picture.small ? [`${picture.small} ${PICTURE_SIZES.small}w`] : []),
    `${picture.medium} ${PICTURE_SIZES.medium_centered}w`,
  ];
  return { src: picture.thumb, srcSet: steps.join(', '), sizes, width: side, height: side };
}

/** The medium (600 px square) of a picture: the quick view, the product page. */
export function mediumSource(picture: Picture | null): ImgSource {
  const side = PICTURE_SIZES.medium_centered;
  return { src: picture ? picture.medium : PLACEHOLDER_IMAGE, width: side, height: side };
}

/** A card's picture in the list's card view. */
export const cardSource = (images: readonly ProductImageDto[]): ImgSource => thumbSource(firstPicture(images), CARD_IMAGE_SIZES);

/** A small fixed-size thumbnail (table row, search, cart line, analogue): `px` CSS pixels wide. */
export const smallSource = (picture: Picture | null, px: number): ImgSource => thumbSource(picture, `${px}px`);

export { PLACEHOLDER_IMAGE };
