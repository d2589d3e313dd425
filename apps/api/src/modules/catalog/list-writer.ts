import { productListItemDto, productsResponse, type Locale, type ProductListItemDto } from '@drop/shared';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compileJsonSerializer } from '../../lib/serializer.ts';
import { BASE_ROW, type BaseProductRow, type ProductRow } from './catalog.repository.ts';
import type { ProductListResult } from './catalog.service.ts';

/**
 * GET /products written as UTF-8 bytes (issue 31). Most of a list's time was its body: the
 * serializer, then encoding a string of Cyrillic names to UTF-8 and measuring it, for every
 * item of every answer. An item's fields fall in two kinds:
 *  - what depends on the row and the language alone (codes, name, picture, stock, category):
 *    written once per cached row and language, as UTF-8, and kept beside the row (a WeakMap on
 *    the read model's row object, so it goes when the row goes);
 *  - what depends on the reseller (prices, in the cart, favourite, subscribed): numbers and
 *    booleans, written per answer.
 * Both are written in the contract's field order by the same fast-json-stringify the route's
 * serializer uses (compiled from productListItemDto's parts), so the bytes are the route's own.
 * With `check` (development and tests) every answer is also written the ordinary way, after zod
 * checks it against productsResponse, and a difference is an error: the whole test suite compares
 * the two on every list it asks for.
 */

type ItemKey = keyof ProductListItemDto & string;
/** The fields that depend on the reseller: numbers, null or booleans only (checked below). */
const PERSONAL = new Set<ItemKey>(['drop_price', 'old_drop_price', 'retail_price', 'markup_price', 'profit', 'in_cart', 'is_favorite', 'is_subscribed']);

interface Run {
  personal: boolean;
  keys: ItemKey[];
  /** `,"key":` of each key (a personal run never comes first: `id` does). */
  prefixes: string[];
}

/** Consecutive fields of the same kind, in the contract's order. */
function runsOf(): Run[] {
  const shape = productListItemDto.shape as Record<ItemKey, z.ZodType>;
  const runs: Run[] = [];
  for (const key of Object.keys(shape) as ItemKey[]) {
    const personal = PERSONAL.has(key);
    const last = runs.at(-1);
    if (last && last.personal === personal) last.keys.push(key);
    else runs.push({ personal, keys: [key], prefixes: [] });
    if (personal) {
      // Personal values are numbers, null or booleans: their JSON is ASCII and written by `value` below.
      const json = z.toJSONSchema(shape[key], { io: 'output' }) as { type?: string | string[]; anyOf?: { type?: string }[] };
      const types = [json.type, ...(json.anyOf ?? []).map((a) => a.type)].flat().filter(Boolean);
      if (!types.every((t) => t === 'number' || t === 'boolean' || t === 'null')) throw new Error(`list-writer: ${key} is not a number or a boolean`);
    }
  }
  for (const run of runs) run.prefixes = run.keys.map((k) => `,"${k}":`);
  if (runs[0]?.personal) throw new Error('list-writer: an item starts with a personal field');
  return runs;
}

/** A number, null or a boolean as fast-json-stringify writes it (a non-finite number is null). */
const value = (v: unknown): string => (typeof v === 'number' ? (Number.isFinite(v) ? `${v}` : 'null') : v === true ? 'true' : v === false ? 'false' : 'null');

interface Writers {
  runs: Run[];
  /** The unchanging fields of an item as one object, in the contract's order. */
  fixed: (item: ProductListItemDto) => string;
  envelope: (data: unknown) => string;
}
let compiled: Writers | undefined;
function writers(): Writers {
  if (!compiled) {
    const runs = runsOf();
    const envelope = compileJsonSerializer(productsResponse);
    const fixed = compileJsonSerializer(productListItemDto.omit(Object.fromEntries([...PERSONAL].map((k) => [k, true])) as Record<ItemKey, true>));
    if (!envelope || !fixed) throw new Error('list-writer: no serializer for productsResponse');
    compiled = { runs, fixed, envelope };
  }
  return compiled;
}

/**
 * A row's unchanging runs in one language: their UTF-8 bytes held as a one-byte string (a
 * character a byte, as `latin1`), so they live in the JS heap at a byte a character and are
 * copied into the answer as they are; `ends` says where each run ends.
 */
interface Fixed {
  bytes: string;
  ends: number[];
}
/** Kept with the read model's row object: it goes when the row leaves the cache or is replaced. */
const fixedOf = new WeakMap<BaseProductRow, Partial<Record<Locale, Fixed>>>();

function writeFixed(w: Writers, item: ProductListItemDto): Fixed {
  // `{…}` without its braces, as bytes. A run after the first starts at `,"<its first key>":`,
  // which no string value can hold (a quote inside a string is escaped).
  const bytes = Buffer.from(w.fixed(item), 'utf8').toString('latin1').slice(1, -1);
  const ends: number[] = [];
  let from = 0;
  for (const run of w.runs) {
    if (run.personal) continue;
    if (ends.length > 0) {
      const at = bytes.indexOf(`,"${run.keys[0]}":`, from);
      if (at < 0) throw new Error(`list-writer: ${run.keys[0]} not found`);
      ends[ends.length - 1] = from = at;
    }
    ends.push(bytes.length);
  }
  return { bytes, ends };
}

function fixedFor(w: Writers, row: ProductRow | undefined, item: ProductListItemDto, locale: Locale): Fixed {
  const base = row?.[BASE_ROW];
  if (!base || base.id !== item.id) return writeFixed(w, item);
  let byLocale = fixedOf.get(base);
  if (!byLocale) fixedOf.set(base, (byLocale = {}));
  return (byLocale[locale] ??= writeFixed(w, item));
}

const DATA_OPEN = '{"data":[';

/**
 * The answer of GET /products: `page.result` as its bytes. `page.rows` are the rows its items
 * were presented from, in the same order.
 */
export function writeProductList(page: { result: ProductListResult; rows: readonly ProductRow[] }, locale: Locale, check: boolean): Buffer {
  const w = writers();
  const { runs, envelope } = w;
  const { result, rows } = page;
  const rest = envelope({ ...result, data: [] });
  if (!rest.startsWith(`${DATA_OPEN}]`)) throw new Error('list-writer: the envelope does not start with its data');
  const tail = Buffer.from(rest.slice(DATA_OPEN.length), 'utf8').toString('latin1');
  // Every piece is bytes as a one-byte string: the personal runs and punctuation are ASCII, the
  // rest UTF-8 held as latin1. The answer is their concatenation, copied once into a Buffer.
  const chunks: string[] = [DATA_OPEN];
  let length = DATA_OPEN.length + tail.length;
  const items = result.data;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const fixed = fixedFor(w, rows[i], item, locale);
    let personal = i === 0 ? '{' : ',{';
    let fixedRun = 0;
    let from = 0;
    for (const run of runs) {
      if (run.personal) {
        for (let k = 0; k < run.keys.length; k++) personal += run.prefixes[k]! + value(item[run.keys[k]!]);
        continue;
      }
      // A fixed run after the first starts with its comma (it was cut at `,"key":`).
      const to = fixed.ends[fixedRun++]!;
      chunks.push(personal, fixed.bytes.slice(from, to));
      length += personal.length + to - from;
      personal = '';
      from = to;
    }
    chunks.push(`${personal}}`);
    length += personal.length + 1;
  }
  chunks.push(tail);
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const c of chunks) at += out.write(c, at, 'latin1');
  if (at !== length) throw new Error('list-writer: length mismatch');
  if (check) {
    const encoded = z.safeEncode(productsResponse, result);
    if (encoded.error) throw new ResponseSerializationError('GET', '/api/v1/products', { cause: encoded.error });
    const expected = envelope(result);
    if (out.toString('utf8') !== expected) throw new Error(`list-writer: wrote\n${out.toString('utf8')}\nwhere the route's serializer writes\n${expected}`);
  }
  return out;
}
