import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { mapLimit } from '../../../lib/map-limit.ts';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../../lib/image-limits.ts';
import { pictureHash, storePicture, variantsOf, type PictureSet } from '../../../lib/pictures.ts';
import { ensurePictureFiles } from '../../catalog/product-images.ts';
import type { Good } from './goods.reader.ts';
import { p, rows, type ImportScope } from './import-scope.ts';
import { safeRelative } from './package-path.ts';

const PICTURE_MAX_BYTES = 20 * 1024 * 1024;
/** Pictures read and made at once (sharp's work is CPU-heavy; each holds one file's bytes). */
const PICTURE_CONCURRENCY = 2;
/** A 1C picture stored before issue 30 (raw bytes named by their SHA-256). */
const LEGACY_ONEC = /^onec\/[0-9a-f]{2}\/([0-9a-f]{64})\.(jpg|png|webp|gif)$/;
type PictureResult = string | 'missing' | 'not_image' | 'too_big';

/** The variants of a stored original; a legacy name (one raw file) is all three. */
const setOf = (original: string): PictureSet => variantsOf(original) ?? { original, mediumCentered: original, thumb: original };

/**
 * Картинка -> pictures (lib/pictures.ts: three variants by content hash under
 * DATA_DIR/storage/pictures), the 1C path -> stored name mapping (onec_external_ids) and the
 * product_images rows.
 */
export class PictureWriter {
  /** Each 1C picture path of this file, once handled: its stored original or why there is none. */
  private readonly pictureResults = new Map<string, PictureResult>();

  constructor(private readonly s: ImportScope) {}

  /**
   * The pictures of each good as the originals of their stored variants (`pictures/ab/<hash>.jpg`,
   * or a legacy `onec/...` name a mapping still holds); null where one could not be found or used
   * (the good keeps its old ones). Each 1C path is handled once per file (a photo shared by goods
   * of several batches is not read again); pictures are read and made two at a time, one buffer
   * each, so the memory stays bounded whatever the package holds.
   */
  async picturesOf(goods: Good[]): Promise<Map<string, string[] | null>> {
    const out = new Map<string, string[] | null>();
    const wanted = [...new Set(goods.flatMap((g) => g.pictures.map((x) => safeRelative(x) ?? x)))].filter((rel) => !this.pictureResults.has(rel));
    const known = new Map<string, string>();
    if (wanted.length > 0) {
      for (const r of await rows<{ external_id: string; name: string }>(
        this.s.tx,
        sql`SELECT external_id, name FROM onec_external_ids WHERE kind = 'picture' AND external_id = ANY(${p(wanted)}::text[])`,
      ))
        known.set(r.external_id, r.name);
    }
    const remember: { ext: string; name: string }[] = [];
    const results = await mapLimit(wanted, PICTURE_CONCURRENCY, (rel) => this.pictureOf(rel, known.get(rel), remember));
    wanted.forEach((rel, i) => this.pictureResults.set(rel, results[i]!));
    if (remember.length > 0) {
      await this.s.tx.execute(sql`
        INSERT INTO onec_external_ids (kind, external_id, name)
        SELECT 'picture', u.e, u.n FROM unnest(${p(remember.map((r) => r.ext))}::text[], ${p(remember.map((r) => r.name))}::text[]) AS u(e, n)
        ON CONFLICT (kind, external_id) DO UPDATE SET name = excluded.name, updated_at = now() WHERE onec_external_ids.name IS DISTINCT FROM excluded.name`);
    }
    for (const g of goods) {
      const list: string[] = [];
      let complete = true;
      for (const raw of g.pictures) {
        const r = this.pictureResults.get(safeRelative(raw) ?? raw)!;
        if (r === 'missing' || r === 'not_image' || r === 'too_big') {
          complete = false;
          const key = r === 'missing' ? 'picture_missing' : r === 'too_big' ? 'picture_too_big' : 'picture_not_image';
          this.s.env.warn({ key, params: { good: g.ext, picture: raw.slice(0, 200), megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE } });
        } else if (!list.includes(r)) list.push(r);
      }
      out.set(g.ext, complete ? list : null);
    }
    return out;
  }

  /**
   * One 1C picture path of the package: its stored original, or why there is none. A file in the
   * package goes through storePicture (checked by its content and pixel count, oriented, stripped,
   * three variants named by the hash of its bytes; bytes stored before are not made again). A
   * path whose file was not sent this time is what its mapping says (a changes package names the
   * pictures of earlier ones), a legacy `onec/...` name included, whether or not that file is
   * still there (the conversion job rewrites those names). A file resent with the very bytes of a
   * legacy name that is still on disk keeps that name too: the conversion job converts it with
   * every row that refers to it, then deletes it (converting it here would leave it behind).
   */
  private async pictureOf(rel: string, known: string | undefined, remember: { ext: string; name: string }[]): Promise<PictureResult> {
    const safe = safeRelative(rel);
    if (!safe) return 'missing';
    const abs = path.join(this.s.env.dir, safe);
    const stat = await fs.stat(abs).catch(() => null);
    if (!stat?.isFile() || stat.size > PICTURE_MAX_BYTES) return known ?? 'missing';
    const bytes = await fs.readFile(abs).catch(() => null);
    if (!bytes) return known ?? 'missing';
    const legacy = known ? LEGACY_ONEC.exec(known) : null;
    if (
      legacy &&
      legacy[1] === pictureHash(bytes) &&
      (await fs.stat(path.join(this.s.env.dataDir, 'storage', known!)).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      return known!;
    const stored = await storePicture(this.s.env.dataDir, bytes);
    if (!stored.ok) return stored.reason;
    const picture = stored.picture;
    if (stored.picture.created) this.s.env.stats.pictures_stored += 1;
    if (known !== picture.original) {
      remember.push({ ext: safe, name: picture.original });
      // Files stored before (an upload, another good) that nothing committed of this import refers
      // to yet: a back-office removal of the same photo may be deleting them right now. Waiting for
      // it (the same lock) and making them again if they are gone; the lock is held to the commit.
      if (!picture.created) await ensurePictureFiles(this.s.tx, this.s.env.dataDir, picture, bytes);
    }
    return picture.original;
  }

  /** Product pictures of goods whose pictures all came: `originals` in order, each with its variants. */
  async syncImages(list: { id: number; paths: string[] }[]): Promise<void> {
    if (list.length === 0) return;
    const tx = this.s.tx;
    const current = await rows<{ product_id: number; original: string; medium_centered: string; thumb: string }>(
      tx,
      sql`SELECT product_id, original, medium_centered, thumb FROM product_images WHERE product_id = ANY(${p(list.map((x) => x.id))}::int[]) ORDER BY product_id, sort, id`,
    );
    const key = (s: PictureSet) => `${s.original}\t${s.mediumCentered}\t${s.thumb}`;
    const have = new Map<number, string[]>();
    for (const r of current)
      (have.get(r.product_id) ?? have.set(r.product_id, []).get(r.product_id)!).push(
        key({ original: r.original, mediumCentered: r.medium_centered, thumb: r.thumb }),
      );
    const wanted = list.map((x) => ({ id: x.id, sets: x.paths.map(setOf) }));
    const differ = wanted.filter((x) => (have.get(x.id) ?? []).join('\n') !== x.sets.map(key).join('\n'));
    if (differ.length === 0) return;
    const ids = differ.map((x) => x.id);
    await tx.execute(sql`DELETE FROM product_images WHERE product_id = ANY(${p(ids)}::int[])`);
    const rowsIn = differ.flatMap((x) => x.sets.map((set, i) => ({ id: x.id, set, sort: i })));
    if (rowsIn.length > 0) {
      await tx.execute(sql`
        INSERT INTO product_images (product_id, sort, original, medium_centered, thumb)
        SELECT u.id, u.s, u.o, u.m, u.t FROM unnest(${p(rowsIn.map((r) => r.id))}::int[], ${p(rowsIn.map((r) => r.sort))}::smallint[], ${p(rowsIn.map((r) => r.set.original))}::text[],
          ${p(rowsIn.map((r) => r.set.mediumCentered))}::text[], ${p(rowsIn.map((r) => r.set.thumb))}::text[]) AS u(id, s, o, m, t)`);
    }
    await tx.execute(sql`
      UPDATE products pr SET has_images = u.h, updated_at = now()
        FROM unnest(${p(ids)}::int[], ${p(differ.map((x) => x.sets.length > 0))}::bool[]) AS u(id, h)
       WHERE pr.id = u.id AND pr.has_images IS DISTINCT FROM u.h`);
    this.s.changed = true;
  }
}
