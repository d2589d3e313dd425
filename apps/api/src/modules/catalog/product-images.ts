import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { imageTooBig } from '../../lib/image-limits.ts';
import {
  isPicturePath,
  pictureContentType,
  pictureHashOf,
  picturePaths,
  removePicture,
  smallOf,
  storePicture,
  type StoredPicture,
} from '../../lib/pictures.ts';

/**
 * Catalogue pictures live under DATA_DIR/storage and are served publicly at /storage/{path}.
 * Since issue 30 an upload is stored by lib/pictures.ts as three variants named by the hash of
 * its bytes (`pictures/ab/<hash>.jpg`, `-m.webp`, `-t.webp`), so the same photo on several goods
 * (or a category) is one set of files. Pictures stored before it (`products/ab/<uuid>.<ext>`, the
 * bytes as they arrived, the same path three times) are still served and removed as before until
 * the conversion job turns them into variants.
 */
export const PRODUCT_IMAGE_DIR = 'products';
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const LEGACY_CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/**
 * Stores an uploaded picture as its three variants (lib/pictures.ts: checked by content as a
 * JPEG, PNG, WebP or GIF, oriented, stripped of metadata); null when it is not an image or cannot
 * be decoded (the caller refuses it); over the pixel limits, 422 image_too_big. Nothing is
 * written when it is refused.
 */
export async function storeProductImage(dataDir: string, bytes: Buffer): Promise<StoredPicture | null> {
  const r = await storePicture(dataDir, bytes);
  if (!r.ok && r.reason === 'too_big') throw imageTooBig();
  return r.ok ? r.picture : null;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * Serialises, per picture, "is it still used? then delete its files" against "do its files exist?
 * then refer to it" (a transaction-level advisory lock on the hash), so an upload of the same
 * photo never ends up referring to files a removal is deleting.
 */
export async function lockPicture(tx: Db, hash: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`picture:${hash}`}))`);
}

/**
 * Called inside the transaction that is about to refer to `picture` (holding lockPicture): makes
 * the files again if a removal deleted them after they were stored.
 */
export async function ensurePictureFiles(tx: Db, dataDir: string, picture: StoredPicture, bytes: Buffer): Promise<void> {
  await lockPicture(tx, picture.hash);
  const present = await Promise.all(
    [picture.original, picture.mediumCentered, picture.thumb, ...[smallOf(picture.thumb)].filter((x) => x !== null)].map((rel) =>
      fsp.stat(path.join(dataDir, 'storage', rel)).then(
        (s) => s.isFile(),
        () => false,
      ),
    ),
  );
  if (present.every(Boolean)) return;
  const again = await storePicture(dataDir, bytes);
  if (!again.ok) throw new Error(`picture ${picture.hash} could not be stored again: ${again.reason}`);
}

/** Whether any product picture, category or 1C picture name still refers to one of the files of `hash`. */
async function pictureInUse(tx: Db, hash: string): Promise<boolean> {
  const set = picturePaths(hash);
  const paths = [set.original, set.mediumCentered, set.thumb];
  const [row] = rowsOf<{ used: boolean }>(
    await tx.execute(sql`SELECT (
      -- a row's medium and thumb are always its original's variants (or, stored before issue 30, the same path): the original decides, on its index
      EXISTS (SELECT 1 FROM product_images WHERE original = ${set.original})
      OR EXISTS (SELECT 1 FROM categories WHERE image IN (${sql.join(
        paths.map((p) => sql`${p}`),
        sql`, `,
      )}))
      -- the 1C import maps a picture it was sent to these files and may name it again without sending it
      OR EXISTS (SELECT 1 FROM onec_external_ids WHERE kind = 'picture' AND name IN (${sql.join(
        paths.map((p) => sql`${p}`),
        sql`, `,
      )}))
    ) AS used`),
  );
  return row?.used === true;
}

/**
 * A picture path (any variant, or a legacy upload) that a product picture or a category no longer
 * refers to: its files are deleted when nothing else refers to them any more (content-hashed
 * pictures are shared), else kept. Legacy uploads (`products/...`, a random name each) are
 * deleted as before; demo and 1C paths are left alone. Call after the change has been committed.
 */
export async function releasePicture(db: Db, dataDir: string, rel: string): Promise<void> {
  const hash = pictureHashOf(rel);
  if (hash === null) {
    await removeProductImage(dataDir, rel);
    return;
  }
  await db.transaction(async (tx) => {
    await lockPicture(tx, hash);
    if (!(await pictureInUse(tx, hash))) await removePicture(dataDir, picturePaths(hash).original);
  });
}

/** Removes a legacy uploaded picture (`products/...`; not the demo or 1C ones); missing files are fine. */
export async function removeProductImage(dataDir: string, rel: string): Promise<void> {
  if (!rel.startsWith(`${PRODUCT_IMAGE_DIR}/`)) return;
  const abs = resolveStored(dataDir, rel);
  if (abs) await fsp.rm(abs, { force: true });
}

const LEGACY_RE = /^products\/[0-9a-f]{2}\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/;

/** The absolute path of a stored picture (a variant, or a legacy upload), or null for any other path. */
export function resolveStored(dataDir: string, rel: string): string | null {
  if (!isPicturePath(rel) && !LEGACY_RE.test(rel)) return null;
  return path.join(dataDir, 'storage', rel);
}

export interface OpenedPicture {
  /** Opens the file (only when its body is sent: not for HEAD or a 304). */
  open: () => fs.ReadStream;
  type: string;
  size: number;
  mtime: Date;
}

/** The content type, size and date of a stored picture, or null when there is none. */
export async function openStored(dataDir: string, rel: string): Promise<OpenedPicture | null> {
  const abs = resolveStored(dataDir, rel);
  if (!abs) return null;
  const stat = await fsp.stat(abs).catch(() => null);
  if (!stat?.isFile()) return null;
  const type = isPicturePath(rel) ? pictureContentType(rel) : (LEGACY_CONTENT_TYPES[path.extname(abs).slice(1)] ?? 'application/octet-stream');
  return { open: () => fs.createReadStream(abs), type, size: stat.size, mtime: stat.mtime };
}
