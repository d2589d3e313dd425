import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import sharp, { type Sharp } from 'sharp';
import { PICTURE_SIZES } from '@drop/shared';
import { MAX_IMAGE_PIXELS } from './image-limits.ts';
import {
  PICTURE_DECODERS,
  PICTURE_ORIGINAL_MAX_SIDE,
  decoderLoad,
  isPicturePath,
  makeVariants,
  pictureHash,
  pictureHashOf,
  picturePaths,
  removePicture,
  smallOf,
  storePicture,
  variantsOf,
  type StoredPicture,
} from './pictures.ts';

/**
 * lib/pictures.ts (issue 30): the three variants' sizes and formats, EXIF orientation, stripped
 * metadata, transparency, animation, picture bombs (from the header and in libvips), what is not
 * a picture, and storing the same bytes twice or at once.
 */
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-pictures-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

type Rgb = [number, number, number];
const RED: Rgb = [220, 20, 20];
const BLUE: Rgb = [20, 40, 220];
const GREY: Rgb = [128, 128, 128];
const WHITE: Rgb = [255, 255, 255];

/** Raw RGB pixels of w×h in `bg`, with rectangles [x, y, w, h, colour] painted on it. */
function paint(w: number, h: number, bg: Rgb, rects: [number, number, number, number, Rgb][] = []): Buffer {
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) raw.set(bg, i * 3);
  for (const [x0, y0, rw, rh, c] of rects) for (let y = y0; y < y0 + rh; y++) for (let x = x0; x < x0 + rw; x++) raw.set(c, (y * w + x) * 3);
  return raw;
}
const rawInput = (raw: Buffer, width: number, height: number, channels: 3 | 4 = 3) => sharp(raw, { raw: { width, height, channels } });

/** A stored file's bytes. */
const fileOf = (dataDir: string, rel: string) => fs.readFileSync(path.join(dataDir, 'storage', rel));

/** The colour at (x, y) of an encoded picture, and its size. */
async function decode(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x: number, y: number): Rgb => [data[(y * info.width + x) * 3]!, data[(y * info.width + x) * 3 + 1]!, data[(y * info.width + x) * 3 + 2]!],
  };
}
/** Colours compared with the tolerance of lossy JPEG/WebP. */
const near = (actual: Rgb, expected: Rgb, what: string) => {
  for (let i = 0; i < 3; i++) expect(Math.abs(actual[i]! - expected[i]!), `${what}: ${actual.join(',')} vs ${expected.join(',')}`).toBeLessThan(40);
};

async function stored(dataDir: string, bytes: Buffer): Promise<StoredPicture> {
  const r = await storePicture(dataDir, bytes);
  if (!r.ok) throw new Error(`not stored: ${r.reason}`);
  return r.picture;
}

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort()
    : [];

describe('paths', () => {
  test('named by the SHA-256 of the bytes; only well-formed variant paths whose directory matches the hash pass', () => {
    const hash = pictureHash(Buffer.from('photo'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const set = picturePaths(hash);
    expect(set).toEqual({
      original: `pictures/${hash.slice(0, 2)}/${hash}.jpg`,
      mediumCentered: `pictures/${hash.slice(0, 2)}/${hash}-m.webp`,
      thumb: `pictures/${hash.slice(0, 2)}/${hash}-t.webp`,
    });
    expect(variantsOf(set.original)).toEqual(set);
    expect(variantsOf(set.thumb)).toBeNull();
    expect(smallOf(set.thumb)).toBe(`pictures/${hash.slice(0, 2)}/${hash}-s.webp`);
    expect(smallOf(set.original)).toBeNull();
    for (const p of [...Object.values(set), smallOf(set.thumb)!]) {
      expect(isPicturePath(p), p).toBe(true);
      expect(pictureHashOf(p)).toBe(hash);
    }
    const other = hash.startsWith('00') ? '11' : '00';
    for (const bad of [
      `pictures/${other}/${hash}.jpg`,
      `pictures/${hash.slice(0, 2)}/${hash.toUpperCase()}.jpg`,
      `pictures/${hash.slice(0, 2)}/${hash}.png`,
      `pictures/${hash.slice(0, 2)}/${hash}-m.jpg`,
      `pictures/${hash.slice(0, 2)}/../${hash.slice(0, 2)}/${hash}.jpg`,
      `pictures/${hash.slice(0, 2)}/${hash}.jpg/`,
      `/pictures/${hash.slice(0, 2)}/${hash}.jpg`,
      `pictures/${hash.slice(0, 2)}/${hash.slice(1)}.jpg`,
      `products/${hash.slice(0, 2)}/${hash}.jpg`,
      '../../etc/passwd',
    ]) {
      expect(isPicturePath(bad), bad).toBe(false);
      expect(pictureHashOf(bad), bad).toBeNull();
    }
  });
});

describe('variants: size and format', () => {
  const cases = [
    { what: 'landscape 3000×2000', w: 3000, h: 2000, original: [PICTURE_ORIGINAL_MAX_SIDE, 1365] },
    { what: 'portrait 1500×3000', w: 1500, h: 3000, original: [1024, PICTURE_ORIGINAL_MAX_SIDE] },
    { what: 'small 120×80 (never enlarged)', w: 120, h: 80, original: [120, 80] },
  ] as const;
  for (const c of cases) {
    test(c.what, async () => {
      const dataDir = tempDir();
      // A red mark in the top-left quarter: the squares are centred on white.
      const jpeg = await rawInput(paint(c.w, c.h, GREY, [[0, 0, c.w / 4, c.h / 4, RED]]), c.w, c.h)
        .jpeg({ quality: 90 })
        .toBuffer();
      const p = await stored(dataDir, jpeg);
      expect(p).toMatchObject({ created: true, width: c.original[0], height: c.original[1], hash: pictureHash(jpeg) });
      const original = fileOf(dataDir, p.original);
      expect(await sharp(original).metadata()).toMatchObject({ format: 'jpeg', width: c.original[0], height: c.original[1], channels: 3, isProgressive: true });
      for (const [rel, side] of [
        [p.mediumCentered, PICTURE_SIZES.medium_centered],
        [smallOf(p.thumb)!, PICTURE_SIZES.small],
        [p.thumb, PICTURE_SIZES.thumb],
      ] as const) {
        const bytes = fileOf(dataDir, rel);
        expect(await sharp(bytes).metadata(), rel).toMatchObject({ format: 'webp', width: side, height: side });
        const img = await decode(bytes);
        const landscape = c.w >= c.h;
        const scale = side / Math.max(c.w, c.h);
        const [cw, ch] = [Math.round(c.w * scale), Math.round(c.h * scale)];
        const [ox, oy] = [(side - cw) / 2, (side - ch) / 2];
        // The padding is white, on the short side only; the picture is centred in the square.
        near(img.at(landscape ? side / 2 : 2, landscape ? 2 : side / 2), WHITE, `${rel} padding`);
        near(img.at(Math.round(ox + cw / 8), Math.round(oy + ch / 8)), RED, `${rel} mark`);
        near(img.at(Math.round(ox + (cw * 3) / 4), Math.round(oy + (ch * 3) / 4)), GREY, `${rel} body`);
      }
      // The JPEG is smaller than a WebP square only when it is tiny; a thumb is always a few KB.
      expect(fileOf(dataDir, p.thumb).length).toBeLessThan(10_000);
    });
  }
});

/** The transformation a picture stored with EXIF orientation `n` needs so that a viewer applying `n` shows `upright`. */
async function storedForOrientation(upright: Buffer, w: number, h: number, n: number): Promise<{ raw: Buffer; width: number; height: number }> {
  const step = async (input: Sharp) => {
    const { data, info } = await input.raw().toBuffer({ resolveWithObject: true });
    return { raw: data, width: info.width, height: info.height };
  };
  const start = { raw: upright, width: w, height: h };
  const then = async (s: typeof start, f: (x: Sharp) => Sharp) => step(f(rawInput(s.raw, s.width, s.height)));
  switch (n) {
    case 1:
      return start;
    case 2:
      return then(start, (x) => x.flop());
    case 3:
      return then(start, (x) => x.rotate(180));
    case 4:
      return then(start, (x) => x.flip());
    case 5: // transpose
      return then(await then(start, (x) => x.rotate(90)), (x) => x.flop());
    case 6: // the viewer turns it 90° clockwise
      return then(start, (x) => x.rotate(270));
    case 7: // transverse
      return then(await then(start, (x) => x.rotate(90)), (x) => x.flip());
    case 8: // the viewer turns it 90° anticlockwise
      return then(start, (x) => x.rotate(90));
    default:
      throw new Error(`orientation ${n}`);
  }
}

describe('EXIF orientation', () => {
  test('each of the 8 orientations gives the upright picture (a red top-left and a blue top-right corner), without an orientation tag', async () => {
    const dataDir = tempDir();
    const [W, H] = [300, 200];
    const upright = paint(W, H, GREY, [
      [0, 0, 75, 50, RED],
      [225, 0, 75, 50, BLUE],
    ]);
    const hashes = new Set<string>();
    for (let n = 1; n <= 8; n++) {
      const s = await storedForOrientation(upright, W, H, n);
      expect([s.width, s.height], `stored ${n}`).toEqual(n >= 5 ? [H, W] : [W, H]);
      const jpeg = await rawInput(s.raw, s.width, s.height).jpeg({ quality: 92 }).withMetadata({ orientation: n }).toBuffer();
      expect((await sharp(jpeg).metadata()).orientation, `input ${n}`).toBe(n);
      const p = await stored(dataDir, jpeg);
      hashes.add(p.hash);
      expect([p.width, p.height], `orientation ${n}`).toEqual([W, H]);
      const original = fileOf(dataDir, p.original);
      const meta = await sharp(original).metadata();
      expect(meta.orientation, `orientation ${n}: no tag left`).toBeUndefined();
      expect(meta.exif, `orientation ${n}`).toBeUndefined();
      const img = await decode(original);
      expect([img.width, img.height]).toEqual([W, H]);
      near(img.at(30, 20), RED, `orientation ${n} top-left`);
      near(img.at(270, 20), BLUE, `orientation ${n} top-right`);
      near(img.at(30, 180), GREY, `orientation ${n} bottom-left`);
      near(img.at(270, 180), GREY, `orientation ${n} bottom-right`);
      // The squares are upright too: 600 px wide content, the marks at the top of the picture band (rows 100..500).
      for (const [rel, side] of [
        [p.mediumCentered, 600],
        [p.thumb, 200],
      ] as const) {
        const sq = await decode(fileOf(dataDir, rel));
        const k = side / 600;
        near(sq.at(Math.round(60 * k), Math.round(140 * k)), RED, `orientation ${n} ${rel} top-left`);
        near(sq.at(Math.round(540 * k), Math.round(140 * k)), BLUE, `orientation ${n} ${rel} top-right`);
        near(sq.at(Math.round(60 * k), Math.round(460 * k)), GREY, `orientation ${n} ${rel} bottom-left`);
        expect((await sharp(fileOf(dataDir, rel)).metadata()).orientation).toBeUndefined();
      }
    }
    expect(hashes.size).toBe(8);
  });
});

describe('metadata', () => {
  test('EXIF with GPS, XMP and an ICC profile: none of it in any variant (by sharp and in the bytes)', async () => {
    const dataDir = tempDir();
    const [W, H] = [800, 600];
    const jpeg = await rawInput(paint(W, H, [90, 160, 60], [[100, 100, 200, 150, RED]]), W, H)
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: 'AcmeCamMakeXYZ', Model: 'Shutterbug 9000', Copyright: 'Secret Studio' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '30/1 31/1 2345/100', GPSMapDatum: 'WGS-84' },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>SecretPhotographer</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .withIccProfile('p3')
      .toBuffer();
    // The input really carries them.
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.includes('AcmeCamMakeXYZ')).toBe(true);
    expect(input.exif?.includes('WGS-84')).toBe(true);
    expect(input.xmpAsString).toContain('SecretPhotographer');
    expect(input.icc?.length).toBeGreaterThan(0);
    for (const marker of ['Exif', 'AcmeCamMakeXYZ', 'WGS-84', 'SecretPhotographer', 'ICC_PROFILE']) expect(jpeg.includes(marker), marker).toBe(true);

    const p = await stored(dataDir, jpeg);
    for (const rel of [p.original, p.mediumCentered, p.thumb]) {
      const bytes = fileOf(dataDir, rel);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, rel).toBeUndefined();
      expect(meta.xmp, rel).toBeUndefined();
      expect(meta.iptc, rel).toBeUndefined();
      expect(meta.icc, rel).toBeUndefined();
      expect(meta.comments ?? [], rel).toEqual([]);
      for (const marker of ['Exif', 'GPS', 'WGS-84', 'AcmeCamMakeXYZ', 'Shutterbug', 'Secret', 'xmpmeta', 'adobe', 'ICC_PROFILE'])
        expect(bytes.includes(marker), `${rel} has ${marker}`).toBe(false);
    }
    // Colours were converted to sRGB, not dropped: the red mark is still red.
    near((await decode(fileOf(dataDir, p.original))).at(200, 175), RED, 'red mark');
  });

  test('a PNG with transparency is flattened on white; an animated GIF gives its first frame', async () => {
    const dataDir = tempDir();
    // Transparent everywhere but an opaque red square in the middle.
    const rgba = Buffer.alloc(100 * 100 * 4);
    for (let y = 30; y < 70; y++) for (let x = 30; x < 70; x++) rgba.set([...RED, 255], (y * 100 + x) * 4);
    const png = await rawInput(rgba, 100, 100, 4).png().toBuffer();
    expect((await sharp(png).metadata()).hasAlpha).toBe(true);
    const p = await stored(dataDir, png);
    for (const rel of [p.original, p.mediumCentered, p.thumb]) {
      const bytes = fileOf(dataDir, rel);
      expect((await sharp(bytes).metadata()).hasAlpha, rel).toBe(false);
      const img = await decode(bytes);
      near(img.at(2, 2), WHITE, `${rel} transparent corner`);
      near(img.at(img.width / 2, img.height / 2), RED, `${rel} centre`);
    }
    expect(p.original).toMatch(/\.jpg$/);

    const frame = (c: Rgb) =>
      rawInput(paint(60, 40, c), 60, 40)
        .png()
        .toBuffer();
    const gif = await sharp([await frame(RED), await frame(BLUE), await frame(GREY)], { join: { animated: true } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    expect(await sharp(gif, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 3 });
    const g = await stored(dataDir, gif);
    expect([g.width, g.height]).toEqual([60, 40]);
    const first = await decode(fileOf(dataDir, g.original));
    expect([first.width, first.height]).toEqual([60, 40]);
    near(first.at(30, 20), RED, 'first frame');
    near((await decode(fileOf(dataDir, g.mediumCentered))).at(300, 300), RED, 'first frame, medium');
    expect((await sharp(fileOf(dataDir, g.mediumCentered)).metadata()).pages ?? 1).toBe(1);
  });
});

/** A PNG whose header says w×h: a valid IHDR and a small IDAT (the attack file is kilobytes). */
function pngClaiming(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(8192))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('picture bombs', () => {
  test('60000×60000 in a few KB and 8000×6300 (just over 50 MP): too_big from the header, fast, nothing written', async () => {
    const dataDir = tempDir();
    for (const [w, h] of [
      [60_000, 60_000],
      [8000, 6300],
      [16_385, 100],
    ] as const) {
      const bomb = pngClaiming(w, h);
      expect(bomb.length).toBeLessThan(4096);
      const started = performance.now();
      expect(await storePicture(dataDir, bomb), `${w}×${h}`).toEqual({ ok: false, reason: 'too_big' });
      // Decoding 50+ MP would take seconds and hundreds of MB; the header check takes well under a frame.
      expect(performance.now() - started, `${w}×${h}`).toBeLessThan(250);
    }
    expect(8000 * 6300).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(filesUnder(dataDir)).toEqual([]);
  });

  test('libvips holds the same limit if the header check were passed (the decoding step alone)', async () => {
    for (const [w, h] of [
      [60_000, 60_000],
      [8000, 6300],
    ] as const) {
      const started = performance.now();
      expect(await makeVariants(pngClaiming(w, h)), `${w}×${h}`).toEqual({ ok: false, reason: 'too_big' });
      expect(performance.now() - started).toBeLessThan(1000);
    }
    // Just under the limit passes the pixel check (and then fails as the broken picture it is, not as too big).
    expect(await makeVariants(pngClaiming(8000, 6250))).toEqual({ ok: false, reason: 'not_image' });
  });
});

describe('not a picture', () => {
  test('garbage, a truncated JPEG, SVG, PDF, an empty file and a JPEG header with nothing after it: not_image, nothing written', async () => {
    const dataDir = tempDir();
    const jpeg = await rawInput(paint(400, 300, GREY, [[0, 0, 200, 150, RED]]), 400, 300)
      .jpeg({ quality: 90 })
      .toBuffer();
    const cases: [string, Buffer][] = [
      ['garbage', Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256))],
      ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
      ['JPEG header only', jpeg.subarray(0, 600)],
      [
        'SVG',
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      ],
      ['PDF', Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')],
      ['empty', Buffer.alloc(0)],
      ['HTML named nothing', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ];
    for (const [what, bytes] of cases) expect(await storePicture(dataDir, bytes), what).toEqual({ ok: false, reason: 'not_image' });
    expect(filesUnder(dataDir)).toEqual([]);
  });
});

describe('the same bytes', () => {
  test('twice: made once (created false the second time), the same paths, the files untouched', async () => {
    const dataDir = tempDir();
    const jpeg = await rawInput(paint(320, 240, BLUE), 320, 240)
      .jpeg()
      .toBuffer();
    const first = await stored(dataDir, jpeg);
    const before = filesUnder(path.join(dataDir, 'storage')).map((f) => [f, fs.statSync(path.join(dataDir, 'storage', f)).mtimeMs]);
    const second = await stored(dataDir, jpeg);
    expect(first.created).toBe(true);
    expect(second).toEqual({ ...first, created: false });
    expect(filesUnder(path.join(dataDir, 'storage')).map((f) => [f, fs.statSync(path.join(dataDir, 'storage', f)).mtimeMs])).toEqual(before);
    expect(before.map(([f]) => f)).toEqual([first.original, first.mediumCentered, first.thumb, smallOf(first.thumb)].sort());
    // The 400 px step missing: made again too.
    fs.rmSync(path.join(dataDir, 'storage', smallOf(first.thumb)!));
    expect(await stored(dataDir, jpeg)).toEqual({ ...first, created: true });
    expect(fs.existsSync(path.join(dataDir, 'storage', smallOf(first.thumb)!))).toBe(true);
    // One file missing: made again.
    fs.rmSync(path.join(dataDir, 'storage', first.thumb));
    expect(await stored(dataDir, jpeg)).toEqual({ ...first, created: true });
    expect(fs.existsSync(path.join(dataDir, 'storage', first.thumb))).toBe(true);
    await removePicture(dataDir, first.original);
    expect(filesUnder(path.join(dataDir, 'storage'))).toEqual([]);
  });

  test('a set whose original cannot be read after the check (a removal of its last use deleting it meanwhile) is made again, not an error', async () => {
    const dataDir = tempDir();
    const jpeg = await rawInput(paint(320, 240, RED), 320, 240)
      .jpeg()
      .toBuffer();
    const first = await stored(dataDir, jpeg);
    // The four files are there when storePicture looks; the original no longer reads as a picture.
    fs.writeFileSync(path.join(dataDir, 'storage', first.original), '');
    expect(await stored(dataDir, jpeg)).toEqual({ ...first, created: true });
    expect(await sharp(fileOf(dataDir, first.original)).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  test('at once: both calls succeed with the same paths and leave three complete files, no temporary ones', async () => {
    const dataDir = tempDir();
    const jpeg = await rawInput(paint(2400, 1600, GREY, [[0, 0, 600, 400, RED]]), 2400, 1600)
      .jpeg()
      .toBuffer();
    const [a, b, c] = await Promise.all([stored(dataDir, jpeg), stored(dataDir, jpeg), stored(dataDir, jpeg)]);
    expect(b.original).toBe(a.original);
    expect(c.thumb).toBe(a.thumb);
    expect(filesUnder(path.join(dataDir, 'storage'))).toEqual([a.original, a.mediumCentered, a.thumb, smallOf(a.thumb)].sort());
    expect(await sharp(fileOf(dataDir, a.original)).metadata()).toMatchObject({ format: 'jpeg', width: 2048, height: 1365 });
    expect(await sharp(fileOf(dataDir, a.mediumCentered)).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 });
    expect(await sharp(fileOf(dataDir, a.thumb)).metadata()).toMatchObject({ format: 'webp', width: 200, height: 200 });
    // Complete files: they decode to the end.
    for (const rel of [a.original, a.mediumCentered, a.thumb]) await sharp(fileOf(dataDir, rel), { failOn: 'truncated' }).raw().toBuffer();
  });
});

describe('decoding is bounded', () => {
  test(`six different pictures stored at once: at most ${PICTURE_DECODERS} decoded at a time, all stored`, async () => {
    const dataDir = tempDir();
    const sources = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        rawInput(paint(1600, 1200, [30 * i, 100, 200 - 30 * i], [[100 * i, 50, 200, 200, RED]]), 1600, 1200)
          .jpeg({ quality: 90 })
          .toBuffer(),
      ),
    );
    let most = 0;
    let queued = 0;
    const sampler = setInterval(() => {
      const load = decoderLoad();
      most = Math.max(most, load.decoding);
      queued = Math.max(queued, load.waiting);
    }, 1);
    const results = await Promise.all(sources.map((bytes) => storePicture(dataDir, bytes)));
    clearInterval(sampler);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(PICTURE_DECODERS);
    expect(queued).toBeGreaterThan(0);
    expect(decoderLoad()).toEqual({ decoding: 0, waiting: 0 });
  });
});
