import { imageSize } from 'image-size';
import { AppError } from './errors.ts';

/**
 * Picture bombs (issue 24): a PNG of 60000×60000 compresses to kilobytes and decodes to 14 GB.
 * Every image upload is measured from its header (no decoding) and refused over these limits.
 * 50 megapixels covers any phone or camera photo (a 48 MP phone shot is 8000×6000, a 50 MP
 * camera 8688×5792) and decodes to at most 200 MB as RGBA; 16384 px per side is the largest
 * canvas browsers draw, so nothing wider is of use on a product page or a receipt.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_SIDE = 16_384;

/** What image-size calls each type that file-type names by MIME. */
const SIZE_TYPES: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg'],
  'image/png': ['png'],
  'image/apng': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  // HEIF answers the file's brand.
  'image/heic': ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'],
  'image/heif': ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'],
  'image/avif': ['avif'],
};

export type ImageCheck = { ok: true; width: number; height: number } | { ok: false; reason: 'too_big' | 'unreadable' };

/**
 * The dimensions of an image of type `mime` read from its header (PNG IHDR, JPEG SOF, GIF
 * screen, WebP VP8/VP8L/VP8X, HEIF ispe), checked against the limits; every frame or item of a
 * file counts. A header that cannot be read as the type it claims is `unreadable`. Types that are
 * not images (PDF) pass.
 */
export function checkImagePixels(bytes: Uint8Array, mime: string): ImageCheck {
  const expected = SIZE_TYPES[mime];
  if (!mime.startsWith('image/')) return { ok: true, width: 0, height: 0 };
  if (!expected) return { ok: false, reason: 'unreadable' };
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (!size.type || !expected.includes(size.type)) return { ok: false, reason: 'unreadable' };
  const all = [size, ...(size.images ?? [])];
  let width = 0;
  let height = 0;
  for (const s of all) {
    const w = s.width;
    const h = s.height;
    if (!Number.isInteger(w) || !Number.isInteger(h) || w <= 0 || h <= 0) return { ok: false, reason: 'unreadable' };
    // An EXIF rotation swaps the sides, never the area.
    if (w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE || w * h > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too_big' };
    if (w * h > width * height) [width, height] = [w, h];
  }
  return { ok: true, width, height };
}

/** 422 on the file field: over the pixel limits (in the user's language). */
export const imageTooBig = () => AppError.field('file', 'image_too_big', 'ValidationError', { megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE });
