/**
 * The demo catalogue's photographic picture pool (issue 30): a few camera-size JPEGs drawn from a
 * seed (a lit product-like object on a light studio sweep, a soft shadow, printed labels,
 * surface texture and sensor noise at several scales), so that the variants the shop serves
 * weigh what real product photos weigh and the benchmarks measure what a real catalogue costs.
 *
 * Nothing is committed: the pool is drawn when a demo catalogue is first seeded on a machine.
 * Each source goes through `storePicture` (the pipeline every picture takes) into a cache under
 * os.tmpdir()/drop-demo-photos-v<VERSION>/seed-<seed>/, with a manifest written last; later seeds
 * copy the stored variants from there into DATA_DIR/storage (well under a second). Several
 * processes seeding at once on a machine without the cache draw it once (a lock directory).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { smallOf, storePicture, type PictureSet } from '../../../lib/pictures.ts';

/** Bump when the drawing or the stored variants change: the cache of an older version is not used. */
export const DEMO_PHOTO_VERSION = 4;
export const DEMO_PHOTO_COUNT = 14;

export interface DemoPhoto extends PictureSet {
  /** Size of the camera-size JPEG that was stored (the bytes a list served before issue 30). */
  sourceBytes: number;
  sourceWidth: number;
  sourceHeight: number;
}

interface Manifest {
  version: number;
  seed: number;
  photos: DemoPhoto[];
}

/** A 32-bit hash of two integers (murmur3 finaliser). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

function prng(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Product colours (sRGB): saturated plastics, metals, cardboard, fabrics. */
const COLOURS: [number, number, number][] = [
  [214, 64, 52],
  [38, 98, 178],
  [40, 40, 44],
  [236, 170, 40],
  [62, 142, 86],
  [150, 92, 54],
  [186, 190, 196],
  [120, 62, 150],
  [226, 112, 146],
  [22, 150, 160],
  [250, 246, 238],
  [96, 104, 60],
];

type Shape = 'box' | 'bottle' | 'can' | 'phone' | 'ball' | 'bag';
const SHAPES: Shape[] = ['box', 'bottle', 'can', 'phone', 'ball', 'bag', 'box', 'bottle'];

/** Smooth value noise in [-1, 1] on a wrapping 256 × 256 lattice of cells `cellX` × `cellY` px (bilinear, smoothstepped). */
class ValueNoise {
  private readonly table = new Float32Array(256 * 256);
  constructor(
    rnd: () => number,
    private readonly cellX: number,
    private readonly cellY = cellX,
  ) {
    for (let i = 0; i < this.table.length; i++) this.table[i] = rnd() * 2 - 1;
  }

  /** Per-column lattice index and weight, for row sweeps. */
  columns(width: number): { ix: Int32Array; wx: Float32Array } {
    const ix = new Int32Array(width);
    const wx = new Float32Array(width);
    for (let x = 0; x < width; x++) {
      const f = x / this.cellX;
      const i = Math.floor(f);
      const t = f - i;
      ix[x] = i & 255;
      wx[x] = t * t * (3 - 2 * t);
    }
    return { ix, wx };
  }

  row(y: number): { r0: number; r1: number; wy: number } {
    const f = y / this.cellY;
    const j = Math.floor(f);
    const t = f - j;
    return { r0: (j & 255) * 256, r1: ((j + 1) & 255) * 256, wy: t * t * (3 - 2 * t) };
  }

  at(c: { ix: Int32Array; wx: Float32Array }, r: { r0: number; r1: number; wy: number }, x: number): number {
    const i = c.ix[x]!;
    const i1 = (i + 1) & 255;
    const w = c.wx[x]!;
    const t = this.table;
    const a = t[r.r0 + i]! + (t[r.r0 + i1]! - t[r.r0 + i]!) * w;
    const b = t[r.r1 + i]! + (t[r.r1 + i1]! - t[r.r1 + i]!) * w;
    return a + (b - a) * r.wy;
  }
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
const smooth = (e0: number, e1: number, v: number) => {
  const t = Math.min(1, Math.max(0, (v - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** Signed distance (px, negative inside) to a rounded rectangle centred at (cx, cy). */
function roundRect(x: number, y: number, cx: number, cy: number, hw: number, hh: number, r: number): number {
  const dx = Math.abs(x - cx) - hw + r;
  const dy = Math.abs(y - cy) - hh + r;
  const ox = Math.max(dx, 0);
  const oy = Math.max(dy, 0);
  return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(dx, dy), 0) - r;
}

type Rgb = readonly [number, number, number];
type Texture = 'weave' | 'brushed' | 'matte' | 'stripes' | 'checks';

interface Thing {
  shape: Shape;
  cx: number;
  cy: number;
  hw: number;
  hh: number;
  radius: number;
  colour: Rgb;
  accent: Rgb;
  texture: Texture;
  /** Strength of the surface texture (levels). */
  amp: number;
  /** Strength of the blotchy texture at the scale of the thumbnail's pixels (levels). */
  mottle: number;
  /** Period of the weave or stripes (px). */
  period: number;
  label: boolean;
  /** Bounding box, the shadow's included. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  floorY: number;
  shadowDepth: number;
  sinX: Float32Array;
  glyph: number;
}

/** A product-like thing standing on the floor at `floorY`, `size` (share of the short side) big. */
function makeThing(
  rnd: () => number,
  W: number,
  H: number,
  shape: Shape,
  cx: number,
  floorY: number,
  size: number,
  colour: Rgb,
  accent: Rgb,
  label: boolean,
): Thing {
  const short = Math.min(W, H);
  const s = short * size;
  const dims: Record<Shape, [number, number, number]> = {
    box: [s * (0.75 + rnd() * 0.2), s * (0.9 + rnd() * 0.25), s * 0.02],
    bottle: [s * (0.4 + rnd() * 0.08), s * (1.0 + rnd() * 0.12), s * 0.18],
    can: [s * (0.55 + rnd() * 0.1), s * (0.75 + rnd() * 0.15), s * 0.08],
    phone: [s * (0.48 + rnd() * 0.06), s * 1.0, s * 0.11],
    ball: [s * 0.8, s * 0.8, s * 0.8],
    bag: [s * (0.8 + rnd() * 0.12), s * (0.72 + rnd() * 0.12), s * 0.16],
  };
  // Kept inside the frame: the top at least 6 % below the upper edge.
  const fit = Math.min(
    1,
    (floorY - H * 0.06) / (2 * dims[shape][1] + (shape === 'bottle' || shape === 'bag' ? dims[shape][0] * 0.6 : 0)),
    (W * 0.46) / dims[shape][0],
  );
  const [hw, hh, radius] = dims[shape].map((v) => v * fit) as [number, number, number];
  const cy = floorY - hh;
  const textures: Texture[] = ['weave', 'brushed', 'matte', 'stripes', 'checks'];
  const texture = shape === 'phone' ? 'brushed' : textures[Math.floor(rnd() * textures.length)]!;
  const period = 4.5 + Math.floor(rnd() * 9) / 2;
  const sinX = new Float32Array(W);
  for (let x = 0; x < W; x++) sinX[x] = Math.sin((x * 2 * Math.PI) / period);
  const top = cy - hh - (shape === 'bottle' ? short * 0.1 : shape === 'bag' ? hw * 0.6 : 0);
  return {
    shape,
    cx,
    cy,
    hw,
    hh,
    radius,
    colour,
    accent,
    texture,
    amp: 14 + rnd() * 14,
    mottle: 20 + rnd() * 14,
    period,
    label,
    x0: Math.max(0, Math.floor(cx - hw * 1.9)),
    x1: Math.min(W, Math.ceil(cx + hw * 1.9)),
    y0: Math.max(0, Math.floor(top - 4)),
    y1: Math.min(H, Math.ceil(floorY + short * 0.09)),
    floorY,
    shadowDepth: 0.3 + rnd() * 0.2,
    sinX,
    glyph: Math.floor(rnd() * 2 ** 31),
  };
}

/** Signed distance to the outline of `t` (negative inside). */
function outline(t: Thing, x: number, y: number): number {
  if (t.shape === 'ball') return Math.hypot(x - t.cx, y - t.cy) - t.hw;
  let d = roundRect(x, y, t.cx, t.cy, t.hw, t.hh, t.radius);
  const top = t.cy - t.hh;
  if (t.shape === 'bottle') {
    const nh = t.hh * 0.12;
    d = Math.min(d, roundRect(x, y, t.cx, top - nh + t.radius * 0.3, t.hw * 0.36, nh + t.radius * 0.3, t.hw * 0.1));
  } else if (t.shape === 'bag' && y < top + t.hw * 0.1) {
    d = Math.min(d, Math.abs(Math.hypot(x - t.cx, y - top) - t.hw * 0.5) - t.hw * 0.05);
  }
  return d;
}

/**
 * The colour of `t` at (x, y): key light from the upper left, a rim on the right, a highlight
 * stripe, its surface texture, and on a label: a logo, rows of small print and a barcode.
 */
function shade(t: Thing, x: number, y: number, mid: number, fine: number, brush: number, sinY: number, out: number[]): void {
  const nx = Math.max(-1, Math.min(1, (x - t.cx) / t.hw));
  const ny = Math.max(-1, Math.min(1, (y - t.cy) / t.hh));
  let light: number;
  if (t.shape === 'ball') {
    // A sphere: diffuse from the upper left, a specular spot, a little bounce light from the floor.
    const nz = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
    const d = Math.max(0, -0.48 * nx - 0.55 * ny + 0.68 * nz);
    light = 0.22 + 0.78 * d + 0.5 * d ** 40 + 0.1 * Math.max(0, ny) * (1 - nz);
  } else if (t.shape === 'box') {
    light = 0.9 - 0.12 * (nx + 1) * 0.5 - 0.05 * ny;
  } else {
    // Round in section (bottle, can, bag, phone edges): diffuse across, a highlight stripe, a rim.
    const nz = Math.sqrt(Math.max(0, 1 - nx * nx));
    light = 0.3 + 0.65 * Math.max(0, -0.45 * nx + 0.89 * nz) - 0.05 * ny;
    light += 0.22 * Math.exp(-((nx + 0.5) ** 2) * 45) + 0.1 * Math.exp(-((nx - 0.88) ** 2) * 80);
  }
  let c: Rgb = t.colour;
  let tex: number;
  switch (t.texture) {
    case 'weave':
      tex = t.amp * (0.8 * t.sinX[x]! * sinY + 0.35 * fine) + t.mottle * mid;
      break;
    case 'brushed':
      tex = t.amp * (0.8 * brush + 0.25 * fine) + t.mottle * mid;
      break;
    case 'stripes':
      if ((x + y) % (t.period * 7) < t.period * 3) c = t.accent;
      tex = t.amp * 0.5 * fine + t.mottle * mid;
      break;
    case 'checks': {
      // Tartan: two sets of bands crossing, the crossings darker.
      const q = t.period * 9;
      const bx = x % q < t.period * 3;
      const by = y % q < t.period * 3;
      if (bx !== by) c = t.accent;
      tex = t.amp * (0.5 * t.sinX[x]! * sinY + 0.3 * fine) + t.mottle * mid - (bx && by ? 40 : 0);
      break;
    }
    default: {
      // Matte, printed with dots.
      const q = t.period * 8;
      const dx = (((x % q) + q) % q) - q / 2;
      const dy = (((y % q) + q) % q) - q / 2;
      if (dx * dx + dy * dy < q * q * 0.08) c = t.accent;
      tex = t.amp * (0.6 * fine + 0.4 * mid) + t.mottle * mid;
    }
  }
  let r = c[0] * light + tex;
  let g = c[1] * light + tex;
  let b = c[2] * light + tex;
  if (t.label && t.shape !== 'ball' && Math.abs(nx) < 0.8 && ny > -0.45 && ny < 0.45) {
    const paper = 238 * light + tex * 0.25;
    r = paper;
    g = paper - 2;
    b = paper - 7;
    const lx = nx + 0.45;
    const ly = ny + 0.25;
    const glyphW = Math.max(8, Math.round(t.hw * 0.075));
    const lineH = glyphW * 2.3;
    if (lx * lx + ly * ly * (t.hh / t.hw) ** 2 < 0.06) {
      r = t.accent[0] * light + tex * 0.5;
      g = t.accent[1] * light + tex * 0.5;
      b = t.accent[2] * light + tex * 0.5;
    } else if (ny > 0.22 && ny < 0.38 && nx > -0.7 && nx < 0.05) {
      // Barcode: bars of one to three units.
      const unit = Math.max(2, Math.round(glyphW * 0.3));
      const h = mix(t.glyph, Math.floor((x - t.cx) / unit) + 4096);
      if ((h & 3) !== 0 && ((h >>> 2) & 1) === 0) r = g = b = 30;
    } else if (ny > -0.4 && ny < 0.18 && (nx > -0.1 || ny > 0.02)) {
      // Small print: rows of glyphs of two to four strokes, word gaps.
      const row = Math.floor((y - t.cy) / lineH + 1000);
      const inRow = (y - t.cy) / lineH + 1000 - row;
      const col = Math.floor((x - t.cx) / glyphW + 1000);
      const gx = (x - t.cx) / glyphW + 1000 - col;
      const gy = inRow / 0.6;
      const h = mix(t.glyph + row, col);
      if (gy < 1 && gx < 0.8 && h % 6 !== 0) {
        const k = (h >>> 3) & 31;
        const on =
          (k & 1 && gx < 0.2) ||
          (k & 2 && gx > 0.6) ||
          (k & 4 && gy < 0.14) ||
          (k & 8 && gy > 0.43 && gy < 0.57) ||
          (k & 16 && gy > 0.86) ||
          (gx > 0.3 && gx < 0.5 && (k & 24) === 24);
        if (on) {
          r = 34 * light;
          g = 34 * light;
          b = 40 * light;
        }
      }
    }
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
}

/**
 * Draws pool picture `index` of `seed` and returns it as a camera-like JPEG (4000 × 3000 or
 * 3000 × 4000, 1-5 MB): a product-like thing on a light studio sweep and tabletop, with its
 * packaging or an accessory beside it on some, soft contact shadows, a vignette, and noise at
 * two scales (drawn at half the size, where a coarser grain goes in, then enlarged, where the
 * fine grain goes in: a fraction of the time of drawing every pixel; the variants the shop
 * serves are far smaller than either). The same (seed, index) always gives the same bytes.
 */
export async function drawDemoPhoto(seed: number, index: number): Promise<Buffer> {
  const rnd = prng(mix(mix(seed, 0x9407), index));
  const portrait = index % 3 !== 0;
  const W = portrait ? 1500 : 2000;
  const H = portrait ? 2000 : 1500;
  const short = Math.min(W, H);
  const shape = SHAPES[(index + seed) % SHAPES.length]!;
  const colour = COLOURS[(index * 5 + seed) % COLOURS.length]!;
  const accent = COLOURS[(index * 7 + seed + 3) % COLOURS.length]!;

  // Studio: a warm or cool near-white sweep turning into a tabletop, a little vignette.
  const tint = [rnd() * 10 - 5, rnd() * 6 - 3, rnd() * 10 - 5] as const;
  const bgTop = 206 + rnd() * 18;
  const bgBottom = 238 + rnd() * 12;
  const horizon = H * (0.55 + rnd() * 0.1);
  const tableAmp = 6 + rnd() * 7;
  const floorY = H * (0.8 + rnd() * 0.05);
  const things: Thing[] = [];
  const extra = rnd();
  if (extra < 0.5) {
    // Its packaging behind, to one side.
    const side = rnd() < 0.5 ? -1 : 1;
    things.push(makeThing(rnd, W, H, 'box', W / 2 + side * short * 0.2, floorY - short * 0.05, 0.3, accent, colour, true));
  }
  const main = makeThing(rnd, W, H, shape, W / 2 + (rnd() - 0.5) * short * 0.1, floorY, 0.46 + rnd() * 0.1, colour, accent, shape !== 'ball');
  things.push(main);
  if (extra > 0.7) {
    const side = rnd() < 0.5 ? -1 : 1;
    things.push(
      makeThing(rnd, W, H, rnd() < 0.5 ? 'can' : 'ball', main.cx + side * (main.hw + short * 0.12), floorY + short * 0.04, 0.12, accent, colour, false),
    );
  }

  const nLarge = new ValueNoise(rnd, 210);
  const nMid = new ValueNoise(rnd, 20);
  const nFine = new ValueNoise(rnd, 2.25);
  const nSmall = new ValueNoise(rnd, 7.5);
  const nBrush = new ValueNoise(rnd, 60, 1.1);
  const nWood = new ValueNoise(rnd, 130, 3.5);
  const grain = 2 + rnd() * 3;
  const cL = nLarge.columns(W);
  const cM = nMid.columns(W);
  const cF = nFine.columns(W);
  const cS = nSmall.columns(W);
  const cB = nBrush.columns(W);
  const cW = nWood.columns(W);
  const tableSin = new Float32Array(W);
  for (let x = 0; x < W; x++) tableSin[x] = Math.sin(x * 1.1);

  const out = Buffer.allocUnsafe(W * H * 3);
  const px = [0, 0, 0];
  // Grain: one 32-bit xorshift word a pixel, its four bytes giving a triangular luminance
  // (two bytes) and two chroma offsets, each in [-1, 1].
  let s = mix(seed, index * 977 + 13) | 1;
  const noise = [0, 0, 0];
  const grainWord = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    noise[0] = ((s & 255) + ((s >>> 8) & 255) - 255) / 255;
    noise[1] = ((s >>> 16) & 255) / 127.5 - 1;
    noise[2] = (s >>> 24) / 127.5 - 1;
  };
  for (let y = 0; y < H; y++) {
    const rL = nLarge.row(y);
    const rM = nMid.row(y);
    const rF = nFine.row(y);
    const rS = nSmall.row(y);
    const rB = nBrush.row(y);
    const rW = nWood.row(y);
    const onTable = y > horizon;
    const sweep = bgTop + (bgBottom - bgTop) * smooth(0, horizon * 1.15, y);
    const tableY = onTable ? tableAmp * smooth(horizon, horizon + H * 0.08, y) * (0.6 + 0.4 * Math.sin(y * 0.74)) : 0;
    const vy = (y - H / 2) / H;
    const rowThings = things.filter((t) => y >= t.y0 && y < t.y1);
    const sinYs = rowThings.map((t) => Math.sin((y * 2 * Math.PI) / t.period));
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3;
      const large = nLarge.at(cL, rL, x);
      const vx = (x - W / 2) / W;
      const vignette = 1 - 0.36 * (vx * vx + vy * vy);
      let bg = sweep + large * 3;
      // The tabletop: light wood grain and a fine linen weave.
      if (onTable) bg += tableY * tableSin[x]! + tableAmp * (0.6 * nFine.at(cF, rF, x) + 1.4 * nWood.at(cW, rW, x) + 0.8 * nMid.at(cM, rM, x));
      let r = (bg + tint[0]) * vignette;
      let g = (bg + tint[1]) * vignette;
      let b = (bg + tint[2]) * vignette;
      for (let k = 0; k < rowThings.length; k++) {
        const t = rowThings[k]!;
        if (x < t.x0 || x >= t.x1) continue;
        // Soft contact shadow under it, offset away from the key light.
        const ex = (x - t.cx - t.hw * 0.2) / (t.hw * 1.3);
        const ey = (y - t.floorY) / (short * 0.03);
        const d2 = ex * ex + ey * ey;
        if (d2 < 9) {
          const f = 1 - t.shadowDepth * Math.exp(-d2 * 1.1);
          r *= f;
          g *= f;
          b *= f;
        }
        const dist = outline(t, x, y);
        if (dist < 1) {
          const cover = dist <= -1 ? 1 : (1 - dist) / 2;
          shade(t, x, y, 0.6 * nMid.at(cM, rM, x) + 0.6 * nSmall.at(cS, rS, x), nFine.at(cF, rF, x), nBrush.at(cB, rB, x), sinYs[k]!, px);
          r = r * (1 - cover) + px[0]! * cover;
          g = g * (1 - cover) + px[1]! * cover;
          b = b * (1 - cover) + px[2]! * cover;
        }
      }
      // Coarse grain (two pixels of the photo): luminance and chroma, triangular distribution.
      grainWord();
      const lum = noise[0]! * grain * 1.4;
      out[o] = clamp(r + lum + noise[1]! * grain * 0.75);
      out[o + 1] = clamp(g + lum);
      out[o + 2] = clamp(b + lum + noise[2]! * grain * 0.75);
    }
  }
  // Enlarged to the camera's size, then the fine grain of each pixel.
  const full = await sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .resize(W * 2, H * 2, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let o = 0; o < full.length; o += 3) {
    grainWord();
    const lum = noise[0]! * grain * 1.6;
    full[o] = clamp(full[o]! + lum + noise[1]! * grain * 0.4);
    full[o + 1] = clamp(full[o + 1]! + lum);
    full[o + 2] = clamp(full[o + 2]! + lum + noise[2]! * grain * 0.4);
  }
  // Camera-like quality; a busy picture over 5 MB is encoded a little harder.
  // (A new pipeline per attempt: clone() would copy the 36 MB of pixels.)
  let jpeg = Buffer.alloc(0);
  for (let quality = 90 + (index % 3) * 3; quality >= 70; quality -= 4) {
    jpeg = await sharp(full, { raw: { width: W * 2, height: H * 2, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= 4_900_000) break;
  }
  return jpeg;
}

/** Where the pool of `seed` is cached on this machine (DEMO_PHOTOS_CACHE overrides the parent directory). */
export function demoPhotoCacheDir(seed: number, parent = process.env.DEMO_PHOTOS_CACHE || os.tmpdir()): string {
  return path.join(parent, `drop-demo-photos-v${DEMO_PHOTO_VERSION}`, `seed-${seed}`);
}

async function readManifest(dir: string, seed: number, count: number): Promise<DemoPhoto[] | null> {
  try {
    const m = JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    if (m.version !== DEMO_PHOTO_VERSION || m.seed !== seed || m.photos.length !== count) return null;
    for (const p of m.photos)
      for (const rel of [p.original, p.mediumCentered, p.thumb, smallOf(p.thumb)!]) if (!fs.existsSync(path.join(dir, 'storage', rel))) return null;
    return m.photos;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `tasks` with at most `limit` at once, keeping their order in the result. */
async function inParallel<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) out[i] = await task(i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return out;
}

export interface DemoPhotoPool {
  photos: DemoPhoto[];
  /** The cache directory (its storage/ holds the variants). */
  dir: string;
  /** True when this call drew the pool (the machine had no cache). */
  drawn: boolean;
}

/**
 * The pool of `seed`: read from the machine's cache, or drawn and stored there first. While one
 * process draws it (a lock directory beside it), the others wait for its manifest; a lock older
 * than `staleMs` is taken as left by a process that died.
 */
export async function demoPhotoPool(opts: { seed?: number; count?: number; cacheParent?: string; staleMs?: number } = {}): Promise<DemoPhotoPool> {
  const seed = opts.seed ?? 1;
  const count = opts.count ?? DEMO_PHOTO_COUNT;
  const dir = demoPhotoCacheDir(seed, opts.cacheParent);
  const staleMs = opts.staleMs ?? 180_000;
  const lock = `${dir}.lock`;
  await fsp.mkdir(path.dirname(dir), { recursive: true });
  for (;;) {
    const cached = await readManifest(dir, seed, count);
    if (cached) return { photos: cached, dir, drawn: false };
    try {
      await fsp.mkdir(lock);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await fsp.stat(lock).then(
        (st) => Date.now() - st.mtimeMs,
        () => 0,
      );
      if (age > staleMs) await fsp.rm(lock, { recursive: true, force: true });
      else await sleep(250);
      continue;
    }
    try {
      const again = await readManifest(dir, seed, count);
      if (again) return { photos: again, dir, drawn: false };
      const photos = await inParallel(count, Math.max(1, Math.min(4, os.availableParallelism())), async (i) => {
        const bytes = await drawDemoPhoto(seed, i);
        await fsp.utimes(lock, new Date(), new Date()).catch(() => {});
        const stored = await storePicture(dir, bytes);
        if (!stored.ok) throw new Error(`demo photo ${i}: storePicture refused it (${stored.reason})`);
        const meta = await sharp(bytes).metadata();
        const { original, mediumCentered, thumb } = stored.picture;
        return { original, mediumCentered, thumb, sourceBytes: bytes.length, sourceWidth: meta.width ?? 0, sourceHeight: meta.height ?? 0 };
      });
      const manifest: Manifest = { version: DEMO_PHOTO_VERSION, seed, photos };
      const temp = path.join(dir, `manifest.${process.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`);
      await fsp.writeFile(temp, JSON.stringify(manifest, null, 1));
      await fsp.rename(temp, path.join(dir, 'manifest.json'));
      return { photos, dir, drawn: true };
    } finally {
      await fsp.rm(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Puts the pool of `seed` into `dataDir`/storage (drawing it first on a machine without the
 * cache) and returns its pictures. Files already there are left as they are (same names, same bytes).
 */
export async function installDemoPhotos(dataDir: string, opts: { seed?: number; count?: number; cacheParent?: string } = {}): Promise<DemoPhotoPool> {
  const pool = await demoPhotoPool(opts);
  await Promise.all(
    pool.photos.flatMap((p) =>
      [p.original, p.mediumCentered, p.thumb, smallOf(p.thumb)!].map(async (rel) => {
        const to = path.join(dataDir, 'storage', rel);
        if (fs.existsSync(to)) return;
        await fsp.mkdir(path.dirname(to), { recursive: true });
        const temp = `${to}.${process.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
        await fsp.copyFile(path.join(pool.dir, 'storage', rel), temp, fs.constants.COPYFILE_FICLONE);
        await fsp.rename(temp, to);
      }),
    ),
  );
  return pool;
}
