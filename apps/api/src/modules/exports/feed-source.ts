/**
 * The products of a feed in id order, as binary COPY tuples (copy-binary.ts), and their
 * pictures in the same order.
 *
 * PostgreSQL: two `COPY ... TO STDOUT (FORMAT binary)` streams, products and pictures, read
 * side by side: the server streams at its own pace, back-pressure holds it while the file
 * catches up, and memory stays at a few chunks whatever the catalogue size.
 * PGlite (one connection, no streaming COPY): the same COPY statements in keyset batches by id,
 * each to a blob.
 */
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client.ts';
import { rawQuery } from '../../db/raw.ts';
import { BinaryCopyParser, int4, type TupleBatch } from './copy-binary.ts';

/** Which products go into the feed: numbers only, carried as SQL literals (COPY takes no parameters). */
export interface FeedFilter {
  /** Category ids (already expanded to every category below the chosen ones); null = all. */
  categoryIds: readonly number[] | null;
  /** Bounds on the catalogue drop price (pricing.catalogueDropBounds). */
  minDropKop?: number | undefined;
  maxDropKop?: number | undefined;
  /** Categories whose products stay out (hidden from resellers); absent when none is hidden. */
  excludeCategoryIds?: readonly number[] | undefined;
}

const int = (n: number): string => {
  if (!Number.isSafeInteger(n)) throw new Error(`feed filter: not an integer: ${n}`);
  return String(n);
};

/** Conditions on products (alias p). */
function conditions(f: FeedFilter): string[] {
  const parts: string[] = [];
  if (f.categoryIds) parts.push(f.categoryIds.length === 0 ? 'false' : `p.category_id = ANY('{${f.categoryIds.map(int).join(',')}}'::int[])`);
  if (f.minDropKop !== undefined) parts.push(`p.drop_kop >= ${int(f.minDropKop)}`);
  if (f.maxDropKop !== undefined) parts.push(`p.drop_kop <= ${int(f.maxDropKop)}`);
  if (f.excludeCategoryIds?.length) parts.push(`NOT (p.category_id = ANY('{${f.excludeCategoryIds.map(int).join(',')}}'::int[]))`);
  return parts;
}
const whereOf = (parts: string[]) => (parts.length ? `WHERE ${parts.join(' AND ')}` : '');

/** Product tuple fields, in this order (feed-writer.ts reads them by these indexes). */
export const P = {
  id: 0,
  b2bCodeId: 1,
  vendorCode: 2,
  nameUk: 3,
  nameRu: 4,
  descriptionUk: 5,
  descriptionRu: 6,
  brand: 7,
  categoryId: 8,
  parentId: 9,
  rootId: 10,
  dropKop: 11,
  oldDropKop: 12,
  retailKop: 13,
  qty: 14,
  propertyValueIds: 15,
} as const;
export const PRODUCT_FIELDS = 16;
const PRODUCT_COLUMNS =
  'p.id::int4, p.b2b_code_id::int4, p.vendor_code, p.name_uk, p.name_ru, p.description_uk, p.description_ru, p.brand, p.category_id::int4, ' +
  'p.parent_id::int4, p.root_id::int4, p.drop_kop::int8, p.old_drop_kop::int8, p.retail_kop::int8, p.qty::int4, p.property_value_ids::int4[]';

const productsSql = (parts: string[], limit?: number) =>
  `COPY (SELECT ${PRODUCT_COLUMNS} FROM products p ${whereOf(parts)} ORDER BY p.id${limit ? ` LIMIT ${int(limit)}` : ''}) TO STDOUT WITH (FORMAT binary)`;
/** Pictures (product_id, original) of the products matching `parts`, in product order. */
const picturesSql = (parts: string[]) =>
  `COPY (SELECT i.product_id::int4, i.original FROM product_images i ${
    parts.length ? `WHERE i.product_id IN (SELECT p.id FROM products p ${whereOf(parts)})` : ''
  } ORDER BY i.product_id, i.sort) TO STDOUT WITH (FORMAT binary)`;

export async function countFeedProducts(database: Pick<Database, 'lite' | 'pool'>, f: FeedFilter): Promise<number> {
  const rows = await rawQuery<{ n: number | string }>(database, `SELECT count(*) AS n FROM products p ${whereOf(conditions(f))}`);
  return Number(rows[0]?.n ?? 0);
}

/** Reads a feed's pictures alongside its products, both in product id order. */
export class PictureCursor {
  private readonly queue: TupleBatch[] = [];
  private k = 0;

  private readonly next: (maxId: number) => Promise<TupleBatch | null>;

  /** `next(maxId)` gives the next batch of pictures, or null when there are none more up to `maxId`. */
  constructor(next: (maxId: number) => Promise<TupleBatch | null>) {
    this.next = next;
  }

  /** Buffers every picture of products up to `maxId`. */
  async fillTo(maxId: number): Promise<void> {
    for (;;) {
      const last = this.queue[this.queue.length - 1];
      if (last && last.count > 0 && int4(last, (last.count - 1) * 2) > maxId) return;
      const b = await this.next(maxId);
      if (b === null) return;
      if (b.count > 0) this.queue.push(b);
    }
  }

  /** Calls `each` for every picture of `productId` (buffered by fillTo), dropping what lies before it. */
  take(productId: number, each: (b: TupleBatch, field: number) => void): void {
    while (this.queue.length > 0) {
      const b = this.queue[0]!;
      while (this.k < b.count) {
        const pid = int4(b, this.k * 2);
        if (pid > productId) return;
        if (pid === productId) each(b, this.k * 2 + 1);
        this.k++;
      }
      this.queue.shift();
      this.k = 0;
    }
  }
}

export interface FeedStream {
  /** Product tuple batches in id order. */
  products: AsyncGenerator<TupleBatch>;
  pictures: PictureCursor;
  close(): Promise<void>;
}

/** PostgreSQL: two streaming COPYs. */
async function copyStreams(database: Pick<Database, 'pool'>, f: FeedFilter, arena?: { buf: Buffer; u8: Uint8Array }): Promise<FeedStream> {
  const pool = database.pool!;
  const parts = conditions(f);
  const pc = await pool.connect();
  let ic: PoolClient;
  try {
    ic = await pool.connect();
  } catch (err) {
    pc.release();
    throw err;
  }
  // Large stream buffers let the database run ahead while a chunk is rendered.
  const productStream = pc.query(copyTo(productsSql(parts), { highWaterMark: 1 << 20 }));
  const pictureStream = ic.query(copyTo(picturesSql(parts), { highWaterMark: 256 << 10 }));
  // Products are rendered batch by batch, so their parser reuses its memory; pictures run ahead in a queue.
  // Errors reach the reader through the iterators; once a build has stopped reading, nothing is left to tell.
  for (const st of [productStream, pictureStream]) st.on('error', () => {});
  const productParser = new BinaryCopyParser(PRODUCT_FIELDS, arena ? { reuse: true, arena } : { reuse: true });
  const pictureParser = new BinaryCopyParser(2);
  const pictureChunks = pictureStream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let finished = false;
  async function* products(): AsyncGenerator<TupleBatch> {
    for await (const chunk of productStream as AsyncIterable<Buffer>) {
      const b = productParser.push(chunk);
      if (b.count > 0) yield b;
    }
    finished = true;
  }
  let picturesEnded = false;
  const pictures = new PictureCursor(async () => {
    if (picturesEnded) return null;
    const r = await pictureChunks.next();
    if (r.done) picturesEnded = true;
    return r.done ? null : pictureParser.push(r.value);
  });
  return {
    products: products(),
    pictures,
    async close() {
      if (finished) {
        // Read the pictures stream to its end, so both connections go back to the pool clean.
        while (!picturesEnded && !(await pictureChunks.next()).done) {
          /* nothing of this product range is left: the rest is the end of the COPY */
        }
        pc.release();
        ic.release();
        return;
      }
      // A build stopped half-way leaves its COPYs running: those connections are dropped, not reused.
      productStream.destroy();
      pictureStream.destroy();
      pc.release(true);
      ic.release(true);
    },
  };
}

/** PGlite: the same COPY in keyset batches of `batch` products, each to a blob. */
function blobBatches(database: Pick<Database, 'lite'>, f: FeedFilter, batch = 2000): FeedStream {
  const lite = database.lite!;
  const parts = conditions(f);
  const blob = async (sql: string, fields: number): Promise<TupleBatch> => {
    const r = await lite.query(`${sql.replace(/ TO STDOUT /, " TO '/dev/blob' ")}`);
    return new BinaryCopyParser(fields).push(Buffer.from(await r.blob!.arrayBuffer()));
  };
  async function* products(): AsyncGenerator<TupleBatch> {
    let last = 0;
    for (;;) {
      const b = await blob(productsSql([...parts, `p.id > ${int(last)}`], batch), PRODUCT_FIELDS);
      if (b.count === 0) return;
      yield b;
      last = int4(b, (b.count - 1) * PRODUCT_FIELDS);
      if (b.count < batch) return;
    }
  }
  // One blob of pictures per product batch: those after the last one loaded, up to the batch's last product.
  let loadedTo = 0;
  const pictures = new PictureCursor(async (maxId) => {
    if (maxId <= loadedTo) return null;
    const from = loadedTo;
    loadedTo = maxId;
    return blob(picturesSql([...parts, `p.id > ${int(from)}`, `p.id <= ${int(maxId)}`]), 2);
  });
  return { products: products(), pictures, close: async () => {} };
}

/**
 * The feed's products and pictures. Close it when done (or on failure). `arena`: where to parse
 * the products (FeedOut's workspace, so their text is copied to the output without copies of views).
 */
export function openFeedStream(database: Pick<Database, 'lite' | 'pool'>, f: FeedFilter, arena?: { buf: Buffer; u8: Uint8Array }): Promise<FeedStream> {
  return database.pool ? copyStreams(database, f, arena) : Promise.resolve(blobBatches(database, f));
}
