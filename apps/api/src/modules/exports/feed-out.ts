/**
 * The feed's output: bytes gathered into 1 MB buffers handed to the file stream. Text from the
 * database is copied as UTF-8 bytes and XML-escaped on the way: `& < > " '` become entities;
 * C0 controls other than tab, LF and CR, and U+FFFE/U+FFFF (which XML 1.0 cannot carry) are
 * dropped. The database only holds valid UTF-8, so nothing else needs checking.
 */

const CHUNK = 1 << 20;

// 0: copy; 1..5: entity; 6: drop; 7: 0xEF, the lead byte of U+FFFE/U+FFFF; 8, 9, 10: the lead
// byte of a 2-, 3- or 4-byte character, whose continuation bytes are skipped unseen (the text is
// valid UTF-8), which nearly halves the loop on Cyrillic.
const CLASS = new Uint8Array(256);
for (let b = 0xc2; b <= 0xdf; b++) CLASS[b] = 8;
for (let b = 0xe0; b <= 0xee; b++) CLASS[b] = 9;
for (let b = 0xf0; b <= 0xf4; b++) CLASS[b] = 10;
for (let b = 0; b < 0x20; b++) if (b !== 0x09 && b !== 0x0a && b !== 0x0d) CLASS[b] = 6;
CLASS[0x26] = 1;
CLASS[0x3c] = 2;
CLASS[0x3e] = 3;
CLASS[0x22] = 4;
CLASS[0x27] = 5;
CLASS[0xef] = 7;
const ENTITY = ['', '&amp;', '&lt;', '&gt;', '&quot;', '&apos;'].map((e) => new Uint8Array(Buffer.from(e, 'latin1')));

// URL bytes kept as they are (RFC 3986 unreserved and reserved, and '%'); others percent-encoded.
const URL_SAFE = new Uint8Array(256);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%") URL_SAFE[c.charCodeAt(0)] = 1;
const HEX = '0123456789ABCDEF';

/** ASCII/UTF-8 text as bytes, for the constant parts of a feed. */
export const utf8Bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

/** Input arena (binary COPY chunks of products) at the start of the workspace. */
export const ARENA = 8 << 20;
/** Constant pieces of a feed (tags, rendered parameters) after the arena; more spill to their own arrays. */
const CONSTANTS = 4 << 20;
const SLOTS = 24;
const FIRST_SLOT = ARENA + CONSTANTS;

/** A constant run of bytes: inside the workspace (`start` >= 0) or, past its room, in `bytes`. */
export interface Piece {
  start: number;
  length: number;
  bytes: Uint8Array;
}

/**
 * Gathers output into 1 MB slots of one workspace ArrayBuffer that also holds the products'
 * input arena (BinaryCopyParser with `arena`), so copying text from input to output is a
 * `copyWithin` inside one array: no view object per copy, nothing for the garbage collector.
 * The sink takes a full slot and calls `release` once it has written it; should every slot be
 * in flight, a standalone buffer stands in.
 */
export class FeedOut {
  private readonly ws: Uint8Array;
  private readonly wsBuf: Buffer;
  private readonly free: number[] = [];
  /** The current output: the workspace (slot at `base`) or a standalone buffer. */
  private u8: Uint8Array;
  private buf: Buffer;
  private base: number;
  private limit: number;
  private pos: number;
  /** Bytes handed on so far. */
  written = 0;

  private readonly sink: (chunk: Buffer, release: () => void) => void;

  constructor(sink: (chunk: Buffer, release: () => void) => void) {
    this.sink = sink;
    const ab = new ArrayBuffer(FIRST_SLOT + SLOTS * CHUNK);
    this.ws = new Uint8Array(ab);
    this.wsBuf = Buffer.from(ab);
    for (let i = SLOTS - 1; i > 0; i--) this.free.push(FIRST_SLOT + i * CHUNK);
    this.u8 = this.ws;
    this.buf = this.wsBuf;
    this.base = FIRST_SLOT;
    this.pos = FIRST_SLOT;
    this.limit = FIRST_SLOT + CHUNK;
  }

  private constantsEnd = ARENA;

  /** Keeps `bytes` in the workspace (while there is room), so writing it is a `copyWithin`. */
  piece(bytes: Uint8Array): Piece {
    if (this.constantsEnd + bytes.length > FIRST_SLOT) return { start: -1, length: bytes.length, bytes };
    const start = this.constantsEnd;
    this.ws.set(bytes, start);
    this.constantsEnd += bytes.length;
    return { start, length: bytes.length, bytes };
  }

  /** Writes a piece. */
  put(p: Piece): void {
    if (p.start < 0) return this.bytes(p.bytes);
    this.bytes(this.ws, p.start, p.start + p.length);
  }

  /** The input arena: a parser that fills it hands out batches whose `u8` is this workspace. */
  arena(): { buf: Buffer; u8: Uint8Array } {
    return { buf: this.wsBuf.subarray(0, ARENA), u8: this.ws };
  }

  /** Bytes output so far (handed on and pending). */
  get size(): number {
    return this.written + this.pos - this.base;
  }

  private room(n: number): void {
    if (this.pos + n > this.limit) this.flush();
  }

  /** Hands the gathered bytes on. */
  flush(): void {
    const n = this.pos - this.base;
    if (n === 0) return;
    const slot = this.u8 === this.ws ? this.base : -1;
    this.sink(this.buf.subarray(this.base, this.pos), () => {
      if (slot >= 0) this.free.push(slot);
    });
    this.written += n;
    const next = this.free.pop();
    if (next !== undefined) {
      this.u8 = this.ws;
      this.buf = this.wsBuf;
      this.base = next;
    } else {
      this.buf = Buffer.allocUnsafeSlow(CHUNK);
      this.u8 = new Uint8Array(this.buf.buffer, this.buf.byteOffset, CHUNK);
      this.base = 0;
    }
    this.pos = this.base;
    this.limit = this.base + CHUNK;
  }

  private large(bytes: Uint8Array): void {
    this.flush();
    const b = Buffer.from(bytes);
    this.sink(b, () => {});
    this.written += b.length;
  }

  /** A string of ASCII characters. */
  ascii(s: string): void {
    if (s.length > CHUNK) return this.large(Buffer.from(s, 'latin1'));
    this.room(s.length);
    this.pos += this.buf.write(s, this.pos, 'latin1');
  }

  /** Any string as UTF-8, as it is (already escaped). */
  utf8(s: string): void {
    const n = Buffer.byteLength(s);
    if (n > CHUNK) return this.large(Buffer.from(s));
    this.room(n);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  /** A non-negative integer. */
  int(n: number): void {
    if (n < 10) {
      this.room(1);
      this.u8[this.pos++] = 48 + n;
      return;
    }
    this.ascii(String(n));
  }

  /** Kopecks as "123.45" (non-negative amounts; a feed price is never below zero). */
  kop(kop: number): void {
    const k = Math.max(0, kop);
    const frac = k % 100;
    this.int((k - frac) / 100);
    this.room(3);
    const u8 = this.u8;
    u8[this.pos++] = 46;
    u8[this.pos++] = 48 + ((frac / 10) | 0);
    u8[this.pos++] = 48 + (frac % 10);
  }

  /** Raw bytes. */
  bytes(src: Uint8Array, start = 0, end = src.length): void {
    const n = end - start;
    if (n <= 0) return;
    if (n > CHUNK) return this.large(src.subarray(start, end));
    if (this.pos + n > this.limit) this.flush();
    const dst = this.u8;
    if (src === dst && n >= 16) {
      dst.copyWithin(this.pos, start, end);
      this.pos += n;
    } else if (n < 40) {
      // Short runs from elsewhere (picture paths): a loop beats making a view to copy from.
      let p = this.pos;
      for (let i = start; i < end; i++) dst[p++] = src[i]!;
      this.pos = p;
    } else {
      dst.set(src.subarray(start, end), this.pos);
      this.pos += n;
    }
  }

  /** UTF-8 text bytes, XML-escaped. */
  escaped(src: Uint8Array, start: number, end: number): void {
    let run = start;
    for (let i = start; i < end; i++) {
      const c = CLASS[src[i]!]!;
      if (c === 0) continue;
      if (c >= 8) {
        i += c - 7;
        continue;
      }
      if (c === 7) {
        if (i + 2 < end && src[i + 1] === 0xbf && (src[i + 2] === 0xbe || src[i + 2] === 0xbf)) {
          this.bytes(src, run, i);
          run = i + 3;
        }
        i += 2;
        continue;
      }
      this.bytes(src, run, i);
      if (c !== 6) this.bytes(ENTITY[c]!);
      run = i + 1;
    }
    this.bytes(src, run, end);
  }

  /** A URL path's UTF-8 bytes: percent-encoded where needed, then XML-escaped. */
  url(src: Uint8Array, start: number, end: number): void {
    let plain = true;
    for (let i = start; i < end; i++) {
      const b = src[i]!;
      if (URL_SAFE[b] === 0 || b === 0x26 || b === 0x27) {
        plain = false;
        break;
      }
    }
    if (plain) {
      this.bytes(src, start, end);
      return;
    }
    let s = '';
    for (let i = start; i < end; i++) {
      const b = src[i]!;
      if (b === 0x26) s += '&amp;';
      else if (b === 0x27) s += '&apos;';
      else if (URL_SAFE[b]) s += String.fromCharCode(b);
      else s += `%${HEX[b >> 4]}${HEX[b & 15]}`;
    }
    this.ascii(s);
  }
}

/** Number of characters (code points) in UTF-8 bytes. */
export function utf8Chars(src: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if ((src[i]! & 0xc0) !== 0x80) n++;
  return n;
}

const ENTITY_TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** A string escaped the same way (settings typed by users: shop, categories, properties, extra fields). */
export function xmlText(s: string): string {
  const wellFormed = s.isWellFormed() ? s : s.toWellFormed();
  // eslint-disable-next-line no-control-regex
  return wellFormed.replace(/[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => ENTITY_TEXT[c] ?? '');
}
