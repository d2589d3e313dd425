/**
 * PostgreSQL's binary COPY format, read without decoding text: a feed copies names and
 * descriptions from the database's UTF-8 bytes straight into its output (escaping on the way),
 * which is what lets a build keep up with the database on a million products.
 *
 * Format: an 11-byte signature, int32 flags, int32 header extension length (+ extension); then
 * tuples of int16 field count followed by (int32 length, bytes) per field, -1 length = NULL; an
 * int16 -1 ends the stream. Integers are big-endian.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** Complete tuples of one chunk: field f of tuple k starts at off[k * fields + f] (len -1 = NULL). */
export interface TupleBatch {
  buf: Buffer;
  /** The same bytes as a plain Uint8Array (faster element access in hot loops). */
  u8: Uint8Array;
  fields: number;
  count: number;
  off: Int32Array;
  len: Int32Array;
}

export class BinaryCopyParser {
  private pending: Buffer | null = null;
  private headerDone = false;
  ended = false;

  readonly fields: number;
  /**
   * Reuse one growing buffer and one pair of offset arrays for every chunk (no garbage per
   * chunk): a batch is then valid only until the next push. Without it each batch keeps its own.
   */
  private readonly reuse: boolean;
  private arena: Buffer = Buffer.alloc(0);
  /** What batches parsed in the arena carry as `u8` (FeedOut's workspace, when the arena is a part of it). */
  private arenaU8: Uint8Array = new Uint8Array(0);
  private arenaLen = 0;
  private tail = 0;
  private offs = new Int32Array(0);
  private lens = new Int32Array(0);

  /** `arena`: a fixed buffer to parse in (reuse mode); outgrown, the parser allocates its own. */
  constructor(fields: number, opts: { reuse?: boolean; arena?: { buf: Buffer; u8: Uint8Array } } = {}) {
    this.fields = fields;
    this.reuse = opts.reuse ?? false;
    if (opts.arena) {
      this.arena = opts.arena.buf;
      this.arenaU8 = opts.arena.u8;
    }
  }

  /** The bytes to parse: the unfinished tuple of the last chunk followed by `chunk`. */
  private gather(chunk: Buffer): Buffer {
    if (!this.reuse) {
      const buf = this.pending && this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
      this.pending = null;
      return buf;
    }
    const keep = this.arenaLen - this.tail;
    const need = keep + chunk.length;
    if (need > this.arena.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(need, this.arena.length * 2, 1 << 20));
      this.arena.copy(grown, 0, this.tail, this.arenaLen);
      this.arena = grown;
      this.arenaU8 = new Uint8Array(grown.buffer, grown.byteOffset, grown.length);
    } else if (keep > 0 && this.tail > 0) {
      this.arena.copyWithin(0, this.tail, this.arenaLen);
    }
    chunk.copy(this.arena, keep);
    this.arenaLen = need;
    this.tail = 0;
    return this.arena.subarray(0, need);
  }

  /** Parses what `chunk` completes; the tail of an unfinished tuple waits for the next chunk. */
  push(chunk: Buffer): TupleBatch {
    const buf = this.gather(chunk);
    let pos = 0;
    if (!this.headerDone) {
      if (buf.length < 19) {
        this.keepFrom(buf, 0);
        return this.empty(buf);
      }
      if (!buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('COPY: not a binary COPY stream');
      const ext = buf.readInt32BE(15);
      if (buf.length < 19 + ext) {
        this.keepFrom(buf, 0);
        return this.empty(buf);
      }
      pos = 19 + ext;
      this.headerDone = true;
    }
    const F = this.fields;
    // An upper bound of the tuples in this buffer: each takes at least 2 + 4 * F bytes.
    // Each batch has its own offsets: a reader may hold several (pictures ahead of products).
    const cap = Math.ceil((buf.length - pos) / (2 + 4 * F)) * F;
    if (!this.reuse || this.offs.length < cap) {
      this.offs = new Int32Array(cap);
      this.lens = new Int32Array(cap);
    }
    const off = this.offs;
    const len = this.lens;
    let count = 0;
    const end = buf.length;
    while (pos + 2 <= end) {
      const n = buf.readInt16BE(pos);
      if (n === -1) {
        this.ended = true;
        pos += 2;
        break;
      }
      if (n !== F) throw new Error(`COPY: expected ${F} fields, got ${n}`);
      let p = pos + 2;
      let complete = true;
      const base = count * F;
      for (let f = 0; f < F; f++) {
        if (p + 4 > end) {
          complete = false;
          break;
        }
        const l = buf.readInt32BE(p);
        p += 4;
        if (l > 0 && p + l > end) {
          complete = false;
          break;
        }
        off[base + f] = p;
        len[base + f] = l;
        if (l > 0) p += l;
      }
      if (!complete) break;
      count++;
      pos = p;
    }
    this.keepFrom(buf, this.ended ? end : pos);
    // Offsets count from the start of `buf`; in the arena that is also the start of `u8`.
    const u8 = this.reuse ? this.arenaU8 : new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
    return { buf, u8, fields: F, count, off, len };
  }

  /** Bytes from `pos` on wait for the next chunk. */
  private keepFrom(buf: Buffer, pos: number): void {
    if (this.reuse) this.tail = pos;
    else if (pos < buf.length) this.pending = buf.subarray(pos);
  }

  private empty(buf: Buffer): TupleBatch {
    return { buf, u8: new Uint8Array(0), fields: this.fields, count: 0, off: new Int32Array(0), len: new Int32Array(0) };
  }
}

/** int4 field. */
export const int4 = (b: TupleBatch, i: number): number => b.buf.readInt32BE(b.off[i]!);
/** int8 field as a number (exact below 2^53). */
export const int8 = (b: TupleBatch, i: number): number => {
  const o = b.off[i]!;
  return b.buf.readInt32BE(o) * 4294967296 + b.buf.readUInt32BE(o + 4);
};
export const isNull = (b: TupleBatch, i: number): boolean => b.len[i]! < 0;

/** An int4[] field (one dimension; NULL elements skipped) into `out`, which is cleared first. */
export function int4Array(b: TupleBatch, i: number, out: number[]): number[] {
  out.length = 0;
  if (b.len[i]! <= 0) return out;
  const buf = b.buf;
  let p = b.off[i]!;
  const ndim = buf.readInt32BE(p);
  if (ndim === 0) return out;
  if (ndim !== 1) throw new Error('COPY: only one-dimensional arrays');
  const size = buf.readInt32BE(p + 12);
  p += 20;
  for (let k = 0; k < size; k++) {
    const l = buf.readInt32BE(p);
    p += 4;
    if (l === 4) out.push(buf.readInt32BE(p));
    if (l > 0) p += l;
  }
  return out;
}

/** A text field as a string (only where a string is needed: warnings). */
export const text = (b: TupleBatch, i: number): string => (b.len[i]! <= 0 ? '' : b.buf.toString('utf8', b.off[i]!, b.off[i]! + b.len[i]!));
