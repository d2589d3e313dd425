import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../lib/image-limits.ts';
import { PICTURE_ORIGINAL_MAX_SIDE, pictureHash, picturePaths } from '../../lib/pictures.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { call, checkauth, exchangeCredentials, importUntilDone, makeZip, query, sendFile } from './test-kit.ts';

/**
 * 1C pictures through the exchange (issue 30), as 1C sends them: a zip (mode=file in chunks, then
 * mode=import) of real-size camera photos made here with sharp (4000×3000 and 3000×4000 JPEGs of
 * a few MB with noise over gradients; one with EXIF orientation 6, the camera and a GPS position),
 * a PNG with transparency, a picture bomb (a PNG header claiming 60000×60000 in a few KB) and a
 * text named .jpg, with an import.xml whose goods name them (two goods the same path, a third the
 * same bytes under another name). Every picture becomes the three variants of lib/pictures.ts:
 * the JPEG original at most 2048 px a side, upright, without any metadata; WebP squares of 600
 * and 200 px; the shared photo stored once; served under /storage with an immutable cache. The
 * bomb and the text warn and leave the good's old pictures; the same package again makes nothing.
 * A real 1C export (../shared/fixtures, carono) with its import_files/... paths works the same.
 */

const ONEC = { login: '', secret: '' };
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-onec-pictures-'));
  t = await buildTestApp({ dataDir });
  Object.assign(ONEC, await exchangeCredentials(t));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Rgb = [number, number, number];
const RED: Rgb = [220, 20, 20];
const BLUE: Rgb = [20, 40, 220];
const GREEN: Rgb = [20, 200, 40];
const WHITE: Rgb = [255, 255, 255];

/**
 * A photo-like W×H picture: noise over gradients (so it weighs what a photo weighs) and a
 * coloured quarter-wide, quarter-high block in the corners named by `marks`.
 */
function photoPixels(W: number, H: number, seed: number, marks: { tl?: Rgb; tr?: Rgb; bl?: Rgb }): Buffer {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const n = ((seed >> 16) % 40) - 20;
      const i = (y * W + x) * 3;
      const top = y < H / 4;
      const bottom = y >= (H * 3) / 4;
      const corner = top && x < W / 4 ? marks.tl : top && x >= (W * 3) / 4 ? marks.tr : bottom && x < W / 4 ? marks.bl : undefined;
      const base: Rgb = corner ?? [
        110 + Math.round(60 * Math.sin(x / 350 + (seed % 3))),
        130 + Math.round(50 * Math.cos(y / 260)),
        100 + (((x + y) >> 6) % 80),
      ];
      raw[i] = Math.max(0, Math.min(255, base[0] + n));
      raw[i + 1] = Math.max(0, Math.min(255, base[1] + n));
      raw[i + 2] = Math.max(0, Math.min(255, base[2] + n));
    }
  }
  return raw;
}

/** 4000×3000 as the sensor stored it, orientation 6 (upright 3000×4000: red top-left, blue top-right), camera and GPS in EXIF. */
async function cameraPhoto(): Promise<Buffer> {
  const [W, H] = [3000, 4000];
  const upright = photoPixels(W, H, 20_261_128, { tl: RED, tr: BLUE });
  const sensor = await sharp(upright, { raw: { width: W, height: H, channels: 3 } })
    .rotate(270)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(sensor.data, { raw: { width: sensor.info.width, height: sensor.info.height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'AcmeCamMakeXYZ', Model: 'Shutterbug 9000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '30/1 31/1 2345/100', GPSMapDatum: 'WGS-84' },
    })
    .toBuffer();
}

/** A plain W×H camera JPEG (no orientation), green bottom-left corner. */
async function plainPhoto(W: number, H: number, seed: number): Promise<Buffer> {
  return sharp(photoPixels(W, H, seed, { bl: GREEN }), { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** An 800×600 PNG: opaque blue left half, transparent right half. */
async function alphaPng(): Promise<Buffer> {
  const [W, H] = [800, 600];
  const raw = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      raw.set(x < W / 2 ? [...BLUE, 255] : [0, 0, 0, 0], i);
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 4 } })
    .png()
    .toBuffer();
}

/** A PNG whose header says w×h in a few KB (the bomb). */
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
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(8192))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function pixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x: number, y: number): Rgb => [data[(y * info.width + x) * 3]!, data[(y * info.width + x) * 3 + 1]!, data[(y * info.width + x) * 3 + 2]!],
  };
}
const near = (actual: Rgb, expected: Rgb, what: string) => {
  for (let i = 0; i < 3; i++) expect(Math.abs(actual[i]! - expected[i]!), `${what}: ${actual.join(',')} vs ${expected.join(',')}`).toBeLessThan(45);
};

const GROUP = '7a1c0000-0000-4000-8000-000000000001';
const G = {
  camera: '7a1c0000-0000-4000-8000-0000000000a1',
  portrait: '7a1c0000-0000-4000-8000-0000000000a2',
  copy: '7a1c0000-0000-4000-8000-0000000000a3',
  png: '7a1c0000-0000-4000-8000-0000000000a4',
  bomb: '7a1c0000-0000-4000-8000-0000000000a5',
  text: '7a1c0000-0000-4000-8000-0000000000a6',
};
const F = {
  camera: 'import_files/7a/camera_6.jpg',
  landscape: 'import_files/7a/landscape.jpg',
  landscapeCopy: 'import_files/7b/landscape_copy.jpg',
  portrait: 'import_files/7a/portrait.jpg',
  png: 'import_files/7a/alpha.png',
  bomb: 'import_files/7a/bomb.png',
  text: 'import_files/7a/not_a_picture.jpg',
  old: 'import_files/7c/old.jpg',
};

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
function importXml(goods: { id: string; name: string; pictures: string[] }[]): Buffer {
  const items = goods
    .map(
      (g) =>
        `<Товар><Ид>${g.id}</Ид><Наименование>${xmlEscape(g.name)}</Наименование><Группы><Ид>${GROUP}</Ид></Группы>${g.pictures.map((p) => `<Картинка>${p}</Картинка>`).join('')}</Товар>`,
    )
    .join('\n');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_210" ВерсияСхемы="2.10" ДатаФормирования="2026-11-28T09:00:00">
<Классификатор><Ид>7a1c0000-0000-4000-8000-0000000000f0</Ид><Наименование>Класифікатор</Наименование>
<Группы><Группа><Ид>${GROUP}</Ид><Наименование>Фото</Наименование></Группа></Группы></Классификатор>
<Каталог СодержитТолькоИзменения="true"><Ид>7a1c0000-0000-4000-8000-0000000000f1</Ид><ИдКлассификатора>7a1c0000-0000-4000-8000-0000000000f0</ИдКлассификатора><Наименование>Каталог</Наименование>
<Товары>
${items}
</Товары></Каталог></КоммерческаяИнформация>`);
}

/** One exchange: checkauth, init, the files (or one zip) in chunks of 4 MB, mode=import of import.xml until done; the seconds the import took. */
async function exchange(files: { name: string; data: Buffer }[], opts: { zip: boolean }) {
  const cookie = await checkauth(t, ONEC.login, ONEC.secret);
  expect((await call(t, 'type=catalog&mode=init', { cookie })).lines[0]).toBe('zip=yes');
  if (opts.zip) await sendFile(t, cookie, 'package.zip', makeZip(files), 4 * 1024 * 1024);
  else for (const f of files) await sendFile(t, cookie, f.name, f.data, 4 * 1024 * 1024);
  const started = performance.now();
  const { res } = await importUntilDone(t, cookie, 'import.xml');
  const seconds = (performance.now() - started) / 1000;
  expect(res.lines[0], res.text).toBe('success');
  const run = (await query(t, `SELECT stats, warnings FROM onec_import_runs WHERE requested_file = 'import.xml' ORDER BY id DESC LIMIT 1`))[0]!;
  return { seconds, stats: run.stats as Record<string, number>, warnings: run.warnings as { key: string; params: Record<string, unknown> }[] };
}

const productId = async (ext: string) => Number((await query(t, `SELECT id FROM products WHERE external_id = '${ext}'`))[0]!.id);
const imagesOf = async (ext: string) =>
  (await query(
    t,
    `SELECT i.id, original, medium_centered, thumb FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.external_id = '${ext}' ORDER BY sort, i.id`,
  )) as {
    id: number;
    original: string;
    medium_centered: string;
    thumb: string;
  }[];
const storage = (rel: string) => path.join(dataDir, 'storage', rel);
const pictureFiles = (): string[] => {
  const dir = path.join(dataDir, 'storage', 'pictures');
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort()
    : [];
};
const setOf = (bytes: Buffer) => {
  const s = picturePaths(pictureHash(bytes));
  return { original: s.original, medium_centered: s.mediumCentered, thumb: s.thumb };
};

describe('a zip of real-size photos through the 1C exchange', () => {
  const bytes = {} as Record<keyof typeof F, Buffer>;
  let zipFiles: { name: string; data: Buffer }[];
  let first: Awaited<ReturnType<typeof exchange>>;

  beforeAll(async () => {
    bytes.camera = await cameraPhoto();
    bytes.landscape = await plainPhoto(4000, 3000, 7);
    bytes.landscapeCopy = bytes.landscape;
    bytes.portrait = await plainPhoto(3000, 4000, 11);
    bytes.png = await alphaPng();
    bytes.bomb = pngClaiming(60_000, 60_000);
    bytes.text = Buffer.from('Це не картинка, а текст із розширенням .jpg\n'.repeat(20));
    bytes.old = await plainPhoto(800, 600, 13);
    const goods = [
      { id: G.camera, name: 'Камера, орієнтація 6', pictures: [F.camera, F.landscape] },
      { id: G.portrait, name: 'Портрет', pictures: [F.portrait, F.landscape] },
      { id: G.copy, name: 'Те саме фото під іншою назвою', pictures: [F.landscapeCopy] },
      { id: G.png, name: 'PNG з прозорістю', pictures: [F.png] },
      { id: G.bomb, name: 'Бомба', pictures: [F.bomb] },
      { id: G.text, name: 'Текст', pictures: [F.portrait, F.text] },
    ];
    zipFiles = [
      { name: 'import.xml', data: importXml(goods) },
      ...(Object.keys(F) as (keyof typeof F)[]).filter((k) => k !== 'old').map((k) => ({ name: F[k], data: bytes[k] })),
    ];
  }, 120_000);

  test('the photos are real-size: 1-5 MB JPEGs, one turned by EXIF with a GPS position', async () => {
    for (const k of ['camera', 'landscape', 'portrait'] as const) {
      expect(bytes[k].length, k).toBeGreaterThan(1024 * 1024);
      expect(bytes[k].length, k).toBeLessThan(5 * 1024 * 1024);
    }
    expect(await sharp(bytes.camera).metadata()).toMatchObject({ format: 'jpeg', width: 4000, height: 3000, orientation: 6 });
    expect((await sharp(bytes.camera).metadata()).exif?.includes('WGS-84')).toBe(true);
    expect(await sharp(bytes.portrait).metadata()).toMatchObject({ width: 3000, height: 4000 });
  });

  test('first, by mode=file (no zip): the bomb and text goods get a picture of their own', async () => {
    const r = await exchange(
      [
        {
          name: 'import.xml',
          data: importXml([
            { id: G.bomb, name: 'Бомба', pictures: [F.old] },
            { id: G.text, name: 'Текст', pictures: [F.old] },
          ]),
        },
        { name: F.old, data: bytes.old },
      ],
      { zip: false },
    );
    expect(r.stats.pictures_stored).toBe(1);
    expect(r.warnings).toEqual([]);
    expect(await imagesOf(G.bomb)).toMatchObject([setOf(bytes.old)]);
    expect(await imagesOf(G.text)).toMatchObject([setOf(bytes.old)]);
  }, 120_000);

  test('the zip: three variants per picture, the shared photo once, bomb and text warned with the old pictures kept', async () => {
    const oldBomb = await imagesOf(G.bomb);
    const oldText = await imagesOf(G.text);
    first = await exchange(zipFiles, { zip: true });
    const photos = zipFiles.filter((f) => /\.(jpg|png)$/.test(f.name)).length;
    const mb = zipFiles.reduce((s, f) => s + f.data.length, 0) / 1024 / 1024;
    console.log(
      `1C zip of ${photos} pictures (${mb.toFixed(1)} MB unpacked: 3 camera-size JPEGs of 12 MP, one named three times, a PNG, a bomb, a text): import.xml imported in ${first.seconds.toFixed(1)} s`,
    );

    // Made: the three photos and the PNG.
    expect(first.stats.pictures_stored).toBe(4);
    expect(await imagesOf(G.camera)).toMatchObject([setOf(bytes.camera), setOf(bytes.landscape)]);
    expect(await imagesOf(G.portrait)).toMatchObject([setOf(bytes.portrait), setOf(bytes.landscape)]);
    expect(await imagesOf(G.copy)).toMatchObject([setOf(bytes.landscape)]);
    expect(await imagesOf(G.png)).toMatchObject([setOf(bytes.png)]);
    // (4 distinct pictures + the old one) × 4 files (original, medium, thumb, the 400 px step): the landscape named three times (two goods, two names) is stored once.
    expect(pictureFiles()).toHaveLength(5 * 4);
    const mapped = await query(t, `SELECT external_id, name FROM onec_external_ids WHERE kind = 'picture' ORDER BY external_id`);
    expect(mapped).toEqual(
      [
        { external_id: F.camera, name: setOf(bytes.camera).original },
        { external_id: F.landscape, name: setOf(bytes.landscape).original },
        { external_id: F.png, name: setOf(bytes.png).original },
        { external_id: F.portrait, name: setOf(bytes.portrait).original },
        { external_id: F.landscapeCopy, name: setOf(bytes.landscape).original },
        { external_id: F.old, name: setOf(bytes.old).original },
      ].sort((a, b) => (a.external_id < b.external_id ? -1 : 1)),
    );

    // The bomb (refused from its header) and the text: warned, nothing stored, the goods keep their old pictures.
    expect(first.warnings.map((w) => [w.key, w.params.good, w.params.picture])).toEqual([
      ['picture_too_big', G.bomb, F.bomb],
      ['picture_not_image', G.text, F.text],
    ]);
    expect(first.warnings[0]!.params).toMatchObject({ megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE });
    expect(await imagesOf(G.bomb)).toEqual(oldBomb);
    expect(await imagesOf(G.text)).toEqual(oldText);
    expect(await query(t, `SELECT has_images FROM products WHERE external_id IN ('${G.bomb}', '${G.text}', '${G.png}')`)).toEqual([
      { has_images: true },
      { has_images: true },
      { has_images: true },
    ]);
    // Nothing raw is kept: no onec/ directory, no file with the photo's bytes.
    expect(fs.existsSync(storage('onec'))).toBe(false);
  }, 180_000);

  test('the camera photo: a 2048 px JPEG original turned upright (red top-left, blue top-right), no EXIF or GPS; WebP squares of 600 and 200', async () => {
    const set = setOf(bytes.camera);
    const original = fs.readFileSync(storage(set.original));
    const meta = await sharp(original).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1536, height: PICTURE_ORIGINAL_MAX_SIDE });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect([undefined, 1]).toContain(meta.orientation);
    expect(original.includes(Buffer.from('AcmeCamMakeXYZ'))).toBe(false);
    expect(original.includes(Buffer.from('WGS-84'))).toBe(false);
    const o = await pixels(original);
    near(o.at(100, 100), RED, 'original top-left');
    near(o.at(1436, 100), BLUE, 'original top-right');

    const medium = fs.readFileSync(storage(set.medium_centered));
    expect(await sharp(medium).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 });
    expect((await sharp(medium).metadata()).exif).toBeUndefined();
    const m = await pixels(medium);
    // 3:4 upright in a 600 square: 450 wide, centred, white bands left and right.
    near(m.at(10, 300), WHITE, 'medium left band');
    near(m.at(590, 300), WHITE, 'medium right band');
    near(m.at(75 + 30, 30), RED, 'medium top-left');
    near(m.at(525 - 30, 30), BLUE, 'medium top-right');

    const thumb = fs.readFileSync(storage(set.thumb));
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 200, height: 200 });
    const th = await pixels(thumb);
    near(th.at(25 + 10, 10), RED, 'thumb top-left');
    near(th.at(175 - 10, 10), BLUE, 'thumb top-right');
  });

  test('landscape and portrait photos bounded to 2048 px, their marker where it was; the PNG flattened on white', async () => {
    const land = fs.readFileSync(storage(setOf(bytes.landscape).original));
    expect(await sharp(land).metadata()).toMatchObject({ format: 'jpeg', width: 2048, height: 1536 });
    near((await pixels(land)).at(50, 1536 - 50), GREEN, 'landscape bottom-left');
    const portrait = fs.readFileSync(storage(setOf(bytes.portrait).original));
    expect(await sharp(portrait).metadata()).toMatchObject({ format: 'jpeg', width: 1536, height: 2048 });
    near((await pixels(portrait)).at(50, 2048 - 50), GREEN, 'portrait bottom-left');

    const png = fs.readFileSync(storage(setOf(bytes.png).original));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600, hasAlpha: false });
    const px = await pixels(png);
    near(px.at(100, 300), BLUE, 'png opaque half');
    near(px.at(700, 300), WHITE, 'png transparent half');
    for (const [rel, side] of [
      [setOf(bytes.png).medium_centered, 600],
      [setOf(bytes.png).thumb, 200],
    ] as const)
      expect(await sharp(fs.readFileSync(storage(rel))).metadata()).toMatchObject({ format: 'webp', width: side, height: side });
  });

  test('served under /storage with their types and an immutable year', async () => {
    const rows = await imagesOf(G.camera);
    for (const [rel, type] of [
      [rows[0]!.original, 'image/jpeg'],
      [rows[0]!.medium_centered, 'image/webp'],
      [rows[0]!.thumb, 'image/webp'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/storage/${rel}` });
      expect(res.statusCode, rel).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(fs.readFileSync(storage(rel)))).toBe(true);
    }
    // Nothing new under the legacy 1C route.
    expect((await t.app.inject({ method: 'GET', url: `/storage/onec/${rows[0]!.original.slice('pictures/'.length)}` })).statusCode).toBe(404);
  });

  test('the same zip again: nothing made, no row or file changed', async () => {
    const before = await query(t, 'SELECT id, product_id, sort, original, medium_centered, thumb FROM product_images ORDER BY id');
    const files = pictureFiles();
    const mtimes = files.map((f) => fs.statSync(path.join(dataDir, 'storage', 'pictures', f)).mtimeMs);
    const updated = await query(t, `SELECT id, updated_at FROM products ORDER BY id`);
    const again = await exchange(zipFiles, { zip: true });
    console.log(`the same 1C zip again: ${again.seconds.toFixed(1)} s (first ${first.seconds.toFixed(1)} s)`);
    expect(again.stats.pictures_stored).toBe(0);
    expect(await query(t, 'SELECT id, product_id, sort, original, medium_centered, thumb FROM product_images ORDER BY id')).toEqual(before);
    expect(pictureFiles()).toEqual(files);
    expect(files.map((f) => fs.statSync(path.join(dataDir, 'storage', 'pictures', f)).mtimeMs)).toEqual(mtimes);
    expect(await query(t, `SELECT id, updated_at FROM products ORDER BY id`)).toEqual(updated);
    expect(again.warnings.map((w) => w.key)).toEqual(['picture_too_big', 'picture_not_image']);
  }, 180_000);

  test('a changes package naming pictures sent before without their files: the mapped variants', async () => {
    const before = await productId(G.copy);
    await exchange([{ name: 'import.xml', data: importXml([{ id: G.copy, name: 'Те саме фото під іншою назвою', pictures: [F.camera, F.landscapeCopy] }]) }], {
      zip: false,
    });
    expect(await productId(G.copy)).toBe(before);
    expect(await imagesOf(G.copy)).toMatchObject([setOf(bytes.camera), setOf(bytes.landscape)]);
  }, 60_000);
});

describe('legacy 1C names', () => {
  test('a mapping to a raw onec/ file is honoured when the file is not resent (even if that file is gone), and kept for the same bytes', async () => {
    const small = await plainPhoto(400, 300, 3);
    const hash = pictureHash(small);
    const legacy = `onec/${hash.slice(0, 2)}/${hash}.jpg`;
    const gone = `onec/ee/${'e'.repeat(64)}.jpg`;
    fs.mkdirSync(path.dirname(storage(legacy)), { recursive: true });
    fs.writeFileSync(storage(legacy), small);
    await query(
      t,
      `INSERT INTO onec_external_ids (kind, external_id, name) VALUES ('picture', 'import_files/old/kept.jpg', '${legacy}'), ('picture', 'import_files/old/gone.jpg', '${gone}')`,
    );
    const ext = '7a1c0000-0000-4000-8000-0000000000b1';
    const r = await exchange(
      [
        { name: 'import.xml', data: importXml([{ id: ext, name: 'Старі картинки', pictures: ['import_files/old/kept.jpg', 'import_files/old/gone.jpg'] }]) },
        { name: 'import_files/old/kept.jpg', data: small },
      ],
      { zip: true },
    );
    expect(r.warnings).toEqual([]);
    expect(r.stats.pictures_stored).toBe(0);
    // A legacy name is its own three variants until the conversion job converts it.
    expect(await imagesOf(ext)).toMatchObject([
      { original: legacy, medium_centered: legacy, thumb: legacy },
      { original: gone, medium_centered: gone, thumb: gone },
    ]);
    expect(fs.existsSync(storage(picturePaths(hash).original))).toBe(false);

    // Other bytes under the same 1C name: stored as variants, the mapping follows.
    const other = await plainPhoto(500, 300, 5);
    await exchange(
      [
        { name: 'import.xml', data: importXml([{ id: ext, name: 'Старі картинки', pictures: ['import_files/old/kept.jpg'] }]) },
        { name: 'import_files/old/kept.jpg', data: other },
      ],
      { zip: false },
    );
    expect(await imagesOf(ext)).toMatchObject([setOf(other)]);
    expect(await query(t, `SELECT name FROM onec_external_ids WHERE kind = 'picture' AND external_id = 'import_files/old/kept.jpg'`)).toEqual([
      { name: setOf(other).original },
    ]);
  }, 60_000);
});

const REAL = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/commerceml-real/carono/import.xml');

describe.skipIf(!fs.existsSync(REAL))('a real 1C export (carono) with its import_files/ paths', () => {
  test('the pictures it names, sent beside it, become the variants of its goods', async () => {
    const xml = fs.readFileSync(REAL);
    const text = xml.toString('utf8');
    const goods = [...text.matchAll(/<Товар>\s*<Ид>([^<]+)<\/Ид>([\s\S]*?)<\/Товар>/g)]
      .map((m) => ({ id: m[1]!, pictures: [...m[2]!.matchAll(/<Картинка>([^<]+)<\/Картинка>/g)].map((p) => p[1]!) }))
      .filter((g) => g.pictures.length > 0);
    expect(goods.length).toBeGreaterThan(0);
    const files = new Map<string, Buffer>();
    let seed = 100;
    for (const g of goods) for (const p of g.pictures) if (!files.has(p)) files.set(p, await plainPhoto(640, 480, seed++));
    expect([...files.keys()].every((p) => p.startsWith('import_files/'))).toBe(true);
    const r = await exchange([{ name: 'import.xml', data: xml }, ...[...files].map(([name, data]) => ({ name, data }))], { zip: true });
    expect(r.warnings.filter((w) => w.key.startsWith('picture_'))).toEqual([]);
    expect(r.stats.pictures_stored).toBe(files.size);
    for (const g of goods) expect(await imagesOf(g.id)).toMatchObject(g.pictures.map((p) => setOf(files.get(p)!)));
  }, 120_000);
});
