import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { PICTURE_SIZES } from '@drop/shared';
import { MAX_IMAGE_PIXELS, checkImagePixels } from './image-limits.ts';

/**
 * Catalogue pictures (issue 30): every picture that arrives (a back-office upload, a 1C file,
 * a picture in a 1C zip, the demo pool) is stored as three variants made once, named by the
 * SHA-256 of the bytes that arrived, under DATA_DIR/storage/pictures:
 *
 *   pictures/ab/<hash>.jpg    original: JPEG (feeds, marketplaces, zoom), at most 2048 px a side
 *   pictures/ab/<hash>-m.webp medium_centered: WebP, centred on a white square of 600 px
 *   pictures/ab/<hash>-t.webp thumb: WebP, centred on a white square of 200 px
 *   pictures/ab/<hash>-s.webp not a type of the spec: the same square at 400 px, a card's step
 *                             between the thumb and the medium in its srcset (a phone card of
 *                             about 170 CSS px at 1.75-2x needs 300-340 device px)
 *
 * EXIF orientation is applied and every piece of metadata (EXIF with its GPS position, XMP,
 * IPTC, comments) is dropped; colours are converted to sRGB. Transparency is flattened on
 * white (JPEG has none, and the shop's cards are white). An animated GIF keeps its first
 * frame. The bytes that arrived are not kept: they may carry the photographer's location.
 *
 * The same bytes give the same names, so a picture sent twice (the same photo on many goods,
 * the next 1C exchange) is made once, and a path never changes its content (served with an
 * immutable cache). Picture bombs are refused from the header before decoding
 * (image-limits.ts), and libvips is told the same pixel limit.
 */
export const PICTURE_DIR = 'pictures';
export const PICTURE_ORIGINAL_MAX_SIDE = 2048;
export const PICTURE_INPUT_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const QUALITY = { original: 85, medium: 78, small: 76, thumb: 75 } as const;

/**
 * At most this many pictures are decoded at once in a process, whoever asks (uploads, the 1C
 * import, the conversion job): a 50 MP picture decodes to 200 MB, and libvips already spreads one
 * picture over the cores.
 */
export const PICTURE_DECODERS = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

async function withDecoder<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= PICTURE_DECODERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/** How many pictures are being decoded now and how many wait (for the tests of the bound). */
export const decoderLoad = () => ({ decoding, waiting: waiting.length });
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
const PATH_RE = /^pictures\/([0-9a-f]{2})\/([0-9a-f]{64})(-m\.webp|-s\.webp|-t\.webp|\.jpg)$/;

// Decoded pixels are not cached between pictures (a 1C exchange passes thousands once each).
sharp.cache(false);

export interface PictureSet {
  original: string;
  mediumCentered: string;
  thumb: string;
}

export interface StoredPicture extends PictureSet {
  hash: string;
  /** The original variant's size after orientation and bounding. */
  width: number;
  height: number;
  /** False when the same bytes had been stored before (nothing was made). */
  created: boolean;
}

export type PictureOutcome = { ok: true; picture: StoredPicture } | { ok: false; reason: 'not_image' | 'too_big' };

/** The three paths (relative to /storage) of the picture whose bytes hash to `hash`. */
export function picturePaths(hash: string): PictureSet {
  const base = `${PICTURE_DIR}/${hash.slice(0, 2)}/${hash}`;
  return { original: `${base}.jpg`, mediumCentered: `${base}-m.webp`, thumb: `${base}-t.webp` };
}

/** The 400 px square beside a stored thumb (`pictures/ab/<hash>-t.webp`), or null for any other path. */
export const smallOf = (thumb: string): string | null =>
  /^pictures\/[0-9a-f]{2}\/[0-9a-f]{64}-t\.webp$/.test(thumb) ? thumb.replace(/-t\.webp$/, '-s.webp') : null;

/** The variants of a stored original (`pictures/ab/<hash>.jpg`), or null for any other path. */
export function variantsOf(original: string): PictureSet | null {
  const m = PATH_RE.exec(original);
  return m && m[3] === '.jpg' ? picturePaths(m[2]!) : null;
}

/** Whether `rel` names a variant this module writes (checked before a path reaches the disk). */
export function isPicturePath(rel: string): boolean {
  const m = PATH_RE.exec(rel);
  return m !== null && m[2]!.startsWith(m[1]!);
}

/** The content hash a variant path is named by (any of the three), or null for any other path. */
export function pictureHashOf(rel: string): string | null {
  const m = PATH_RE.exec(rel);
  return m !== null && m[2]!.startsWith(m[1]!) ? m[2]! : null;
}

/** The content type of a variant path. */
export const pictureContentType = (rel: string): string => (rel.endsWith('.webp') ? 'image/webp' : 'image/jpeg');

export const pictureHash = (bytes: Uint8Array): string => crypto.createHash('sha256').update(bytes).digest('hex');

const exists = (abs: string) =>
  fsp.stat(abs).then(
    (s) => s.isFile(),
    () => false,
  );

async function writeAtomic(abs: string, data: Buffer): Promise<void> {
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  const temp = `${abs}.${process.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  await fsp.writeFile(temp, data);
  await fsp.rename(temp, abs);
}

/**
 * Checks `bytes` by their content (JPEG, PNG, WebP or GIF, within the pixel limits) and stores
 * the three variants under `dataDir`/storage, unless the same bytes were stored before.
 * `not_image` for anything else or an image libvips cannot decode; `too_big` over the limits.
 */
export async function storePicture(dataDir: string, bytes: Buffer): Promise<PictureOutcome> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(PICTURE_INPUT_MIMES as readonly string[]).includes(type.mime)) return { ok: false, reason: 'not_image' };
  const pixels = checkImagePixels(bytes, type.mime);
  if (!pixels.ok) return { ok: false, reason: pixels.reason === 'too_big' ? 'too_big' : 'not_image' };
  const hash = pictureHash(bytes);
  const set = picturePaths(hash);
  const abs = (rel: string) => path.join(dataDir, 'storage', rel);
  const small = smallOf(set.thumb)!;
  if ((await exists(abs(set.original))) && (await exists(abs(set.mediumCentered))) && (await exists(abs(set.thumb))) && (await exists(abs(small)))) {
    // Nothing is locked yet (ensurePictureFiles locks before referring to the files): a removal of
    // the photo's last use may delete the set between the check and this read. Then it is made again.
    const meta = await sharp(abs(set.original))
      .metadata()
      .catch(() => null);
    if (meta) return { ok: true, picture: { ...set, hash, width: meta.width ?? 0, height: meta.height ?? 0, created: false } };
  }
  const made = await withDecoder(() => makeVariants(bytes));
  if (!made.ok) return made;
  const outputs = made.variants;
  // Variants first, the original last: a set whose original exists is complete.
  await writeAtomic(abs(set.mediumCentered), outputs[1]);
  await writeAtomic(abs(set.thumb), outputs[2]);
  await writeAtomic(abs(small), outputs[3]);
  await writeAtomic(abs(set.original), outputs[0].data);
  return { ok: true, picture: { ...set, hash, width: outputs[0].width, height: outputs[0].height, created: true } };
}

type Variants = [OutputInfo & { data: Buffer }, Buffer, Buffer, Buffer];

/**
 * Decodes `bytes` and encodes the three variants (original, medium, thumb) in memory. libvips is
 * given the pixel limit itself, so a picture whose header passed the check (or was never checked)
 * is still refused before its pixels are decoded. Exported for the tests of that second limit.
 */
export async function makeVariants(bytes: Buffer): Promise<{ ok: true; variants: Variants } | { ok: false; reason: 'not_image' | 'too_big' }> {
  try {
    // Decoded once, already bounded (libjpeg shrinks on load), into sRGB pixels with no metadata;
    // the three encodings start from those pixels. `rotate()` with no angle applies the EXIF orientation.
    const bounded = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .flatten({ background: WHITE })
      .resize({ width: PICTURE_ORIGINAL_MAX_SIDE, height: PICTURE_ORIGINAL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(bounded.data, { raw: { width: bounded.info.width, height: bounded.info.height, channels: bounded.info.channels } });
    const square = (side: number) => pixels().resize({ width: side, height: side, fit: 'contain', background: WHITE });
    // Plain progressive libjpeg-turbo, not mozjpeg: a third larger, but about three times faster
    // than mozjpeg, which a 1C exchange of thousands of photos on two cores needs more (decision 0018).
    const [original, medium, thumb, small] = await Promise.all([
      pixels().jpeg({ quality: QUALITY.original, progressive: true }).toBuffer({ resolveWithObject: true }),
      square(PICTURE_SIZES.medium_centered).webp({ quality: QUALITY.medium }).toBuffer(),
      square(PICTURE_SIZES.thumb).webp({ quality: QUALITY.thumb }).toBuffer(),
      square(PICTURE_SIZES.small).webp({ quality: QUALITY.small }).toBuffer(),
    ]);
    return { ok: true, variants: [{ ...original.info, data: original.data }, medium, thumb, small] };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) return { ok: false, reason: 'too_big' };
    return { ok: false, reason: 'not_image' };
  }
}

/** Removes a stored picture's three files (the caller checks nothing refers to it any more); missing files are fine. */
export async function removePicture(dataDir: string, original: string): Promise<void> {
  const set = variantsOf(original);
  if (!set) return;
  await Promise.all(
    [set.original, set.mediumCentered, set.thumb, smallOf(set.thumb)!].map((rel) => fsp.rm(path.join(dataDir, 'storage', rel), { force: true })),
  );
}
