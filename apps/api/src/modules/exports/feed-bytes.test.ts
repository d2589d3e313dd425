import { describe, expect, test } from 'vitest';
import { BinaryCopyParser, int4, int4Array, int8, isNull, text, type TupleBatch } from './copy-binary.ts';
import { ARENA, FeedOut, utf8Chars, xmlText } from './feed-out.ts';

/** A binary COPY stream of rows (int4 | int8 as bigint | text | null | int4[]), as PostgreSQL writes it. */
function copyStream(rows: (number | bigint | string | null | number[])[][]): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 0])];
  const i32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    return b;
  };
  for (const row of rows) {
    const n = Buffer.alloc(2);
    n.writeInt16BE(row.length);
    parts.push(n);
    for (const v of row) {
      if (v === null) parts.push(i32(-1));
      else if (typeof v === 'number') parts.push(i32(4), i32(v));
      else if (typeof v === 'bigint') {
        const b = Buffer.alloc(8);
        b.writeBigInt64BE(v);
        parts.push(i32(8), b);
      } else if (typeof v === 'string') {
        const b = Buffer.from(v, 'utf8');
        parts.push(i32(b.length), b);
      } else {
        const body = [i32(1), i32(0), i32(23), i32(v.length), i32(1), ...v.flatMap((x) => [i32(4), i32(x)])];
        const b = Buffer.concat(v.length === 0 ? [i32(0), i32(0), i32(23)] : body);
        parts.push(i32(b.length), b);
      }
    }
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

const ROWS = Array.from({ length: 300 }, (_, i) => [
  i + 1,
  BigInt(i) * 4294967296n + 12345n,
  i % 7 === 0 ? null : `Назва ${i} ${'ж'.repeat(i % 50)} & <x>`,
  i % 5 === 0 ? [] : [i, i + 1, i + 2],
]);

function read(batches: TupleBatch[]) {
  const out: unknown[][] = [];
  for (const b of batches)
    for (let k = 0; k < b.count; k++) {
      const base = k * 4;
      out.push([int4(b, base), BigInt(int8(b, base + 1)), isNull(b, base + 2) ? null : text(b, base + 2), [...int4Array(b, base + 3, [])]]);
    }
  return out;
}

describe('binary COPY parser', () => {
  test.each([1, 2, 7, 19, 64, 333, 100_000])('chunks of %i bytes give every tuple intact (own buffers and reused arena)', (size) => {
    const stream = copyStream(ROWS);
    for (const reuse of [false, true]) {
      const p = new BinaryCopyParser(4, { reuse });
      const rows: unknown[][] = [];
      for (let o = 0; o < stream.length; o += size) rows.push(...read([p.push(stream.subarray(o, o + size))])); // read each batch before the next push
      expect(p.ended).toBe(true);
      expect(rows).toEqual(ROWS.map((r) => [r[0], BigInt(Number(r[1])), r[2], r[3]]));
    }
  });

  test("a parser parsing in FeedOut's arena hands out the workspace, and outgrows it into its own buffer", () => {
    const out = new FeedOut(() => {});
    const arena = out.arena();
    expect(arena.buf.length).toBe(ARENA);
    const p = new BinaryCopyParser(1, { reuse: true, arena });
    const small = p.push(copyStream([['x']]));
    expect(small.u8).toBe(arena.u8);
    const big = 'я'.repeat(ARENA); // one tuple larger than the arena
    const p2 = new BinaryCopyParser(1, { reuse: true, arena });
    const b = p2.push(copyStream([[big]]));
    expect(b.u8).not.toBe(arena.u8);
    expect(text(b, 0)).toBe(big);
  });

  test('a wrong stream is refused', () => {
    expect(() => new BinaryCopyParser(1).push(Buffer.from('not a copy stream at all'))).toThrow(/not a binary COPY/);
    expect(() => new BinaryCopyParser(2).push(copyStream([[1]]))).toThrow(/expected 2 fields/);
  });
});

function render(fn: (out: FeedOut) => void): string {
  const chunks: Buffer[] = [];
  const out = new FeedOut((c, release) => {
    chunks.push(Buffer.from(c));
    release();
  });
  fn(out);
  out.flush();
  expect(out.size).toBe(Buffer.concat(chunks).length);
  return Buffer.concat(chunks).toString('utf8');
}
const u8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

describe('FeedOut', () => {
  test('escapes the five entities, drops what XML cannot carry, keeps every other character', () => {
    const every = Array.from({ length: 0x800 }, (_, i) => String.fromCharCode(i)).join('') + '😀\uFFFD\uFFFE\uFFFF\uFFEF\uFEFF';
    const src = u8(every);
    const got = render((o) => o.escaped(src, 0, src.length));
    const expected = every
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;');
    expect(got).toBe(expected);
    expect(xmlText(every)).toBe(expected);
    expect(xmlText('lone \uD800 surrogate')).toBe('lone \uFFFD surrogate');
  });

  test('large and many writes cross 1 MB buffers without losing a byte; buffers are reused once written', () => {
    const text = 'Опис & <товару> '.repeat(100_000); // ~2.6 MB
    const src = u8(text);
    let handed = 0;
    const pending: (() => void)[] = [];
    const out = new FeedOut((c, release) => {
      handed += c.length;
      pending.push(release);
    });
    for (let i = 0; i < 3; i++) out.escaped(src, 0, src.length);
    out.int(7);
    out.kop(123405);
    out.ascii('!');
    out.flush();
    expect(handed).toBe(out.size);
    pending.forEach((r) => r());
    expect(
      render((o) => {
        o.kop(5);
        o.ascii(' ');
        o.kop(100);
        o.ascii(' ');
        o.kop(12345678);
        o.ascii(' ');
        o.int(0);
        o.ascii(' ');
        o.int(2147483647);
      }),
    ).toBe('0.05 1.00 123456.78 0 2147483647');
  });

  test('picture URLs: safe paths as they are, others percent-encoded, then escaped', () => {
    const path1 = u8('demo/p/1-1-o.svg');
    const path2 = u8("фото 1&2'.jpg");
    expect(render((o) => o.url(path1, 0, path1.length))).toBe('demo/p/1-1-o.svg');
    expect(render((o) => o.url(path2, 0, path2.length))).toBe('%D1%84%D0%BE%D1%82%D0%BE%201&amp;2&apos;.jpg');
  });

  test('pieces: constants kept in the workspace, and past its room in their own arrays', () => {
    const got = render((o) => {
      const tag = o.piece(u8('<description_ua>'));
      expect(tag.start).toBeGreaterThanOrEqual(0);
      const big: ReturnType<typeof o.piece>[] = [];
      for (let i = 0; i < 5; i++) big.push(o.piece(new Uint8Array(1 << 20).fill(0x41 + i)));
      expect(big.some((p) => p.start < 0)).toBe(true);
      o.put(tag);
      for (const p of big) o.put(p);
      o.put(tag);
    });
    expect(got).toBe(`<description_ua>${['A', 'B', 'C', 'D', 'E'].map((c) => c.repeat(1 << 20)).join('')}<description_ua>`);
  });

  test('characters are counted, not bytes', () => {
    const s = u8('Чохол 😀 x');
    expect(utf8Chars(s, 0, s.length)).toBe([...'Чохол 😀 x'].length);
  });
});
