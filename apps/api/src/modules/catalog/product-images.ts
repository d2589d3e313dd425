import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { checkImagePixels, imageTooBig } from '../../lib/image-limits.ts';

/** Catalogue pictures live under DATA_DIR/storage and are served publicly at /storage/{path}. */
export const PRODUCT_IMAGE_DIR = 'products';
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

export interface StoredProductImage {
  original: string;
  mediumCentered: string;
  thumb: string;
}

/**
 * Stores a product picture after checking by its content that it is a JPEG, PNG, WebP or GIF;
 * null when it is not or its header cannot be read (the caller refuses it); over the pixel limits,
 * 422 image_too_big. Names are random, so a path never changes its
 * content (served with an immutable cache). No resizing library is used: the original serves
 * all three sizes and the browser scales it.
 */
export async function storeProductImage(dataDir: string, bytes: Buffer): Promise<StoredProductImage | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(PRODUCT_IMAGE_MIMES as readonly string[]).includes(type.mime)) return null;
  // Measured from the header before it is stored or served (picture bombs): too big is 422, unreadable is not an image.
  const pixels = checkImagePixels(bytes, type.mime);
  if (!pixels.ok && pixels.reason === 'too_big') throw imageTooBig();
  if (!pixels.ok) return null;
  const rel = `${PRODUCT_IMAGE_DIR}/${randomUUID().slice(0, 2)}/${randomUUID()}.${type.ext}`;
  const abs = path.join(dataDir, 'storage', rel);
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  await fsp.writeFile(abs, bytes);
  return { original: rel, mediumCentered: rel, thumb: rel };
}

/** Removes a stored picture (not the generated demo ones); missing files are fine. */
export async function removeProductImage(dataDir: string, rel: string): Promise<void> {
  if (!rel.startsWith(`${PRODUCT_IMAGE_DIR}/`)) return;
  const abs = resolveStored(dataDir, rel);
  if (abs) await fsp.rm(abs, { force: true });
}

/** The absolute path of a stored picture, or null for anything outside DATA_DIR/storage/products. */
export function resolveStored(dataDir: string, rel: string): string | null {
  if (!/^products\/[0-9a-f]{2}\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/.test(rel)) return null;
  return path.join(dataDir, 'storage', rel);
}

/** A readable stream and content type of a stored picture, or null when there is none. */
export async function openStored(dataDir: string, rel: string): Promise<{ stream: fs.ReadStream; type: string; size: number } | null> {
  const abs = resolveStored(dataDir, rel);
  if (!abs) return null;
  const stat = await fsp.stat(abs).catch(() => null);
  if (!stat?.isFile()) return null;
  return { stream: fs.createReadStream(abs), type: CONTENT_TYPES[path.extname(abs).slice(1)] ?? 'application/octet-stream', size: stat.size };
}
