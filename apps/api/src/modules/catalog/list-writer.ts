import { productListItemDto, productsResponse, type Locale, type ProductListItemDto, type ProductPrices } from '@drop/shared';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compileJsonSerializer } from '../../lib/serializer.ts';
import { BASE_ROW, type BaseProductRow, type ProductRow } from './catalog.repository.ts';
import { presentListPage, presentProductListItem, priceRow, type ProductListPage } from './catalog.presenter.ts';

/**
 * GET /products written as UTF-8 bytes (issue 31). Most of a list's time was its body: the
 * serializer, then encoding a string of Cyrillic names to UTF-8 and measuring it, for every
 * item of every answer. An item's fields fall in two kinds:
 *  - what depends on the row and the language alone (codes, name, picture, stock, category):
 *    presented and written by the route's own fast-json-stringify (compiled from
 *    productListItemDto less the personal fields) once per cached row and language, and kept
 *    beside the row as UTF-8 bytes (a WeakMap on the read model's row object, so they go when
 *    the row goes);
 *  - what depends on the reseller (prices, in the cart, favourite, subscribed): numbers and
 *    booleans, written per answer from the row's kopecks and marks, without presenting the item.
 * The answer is their concatenation in the contract's field order, copied once into a Buffer.
 * With `check` (development and tests) every answer is also presented and written the ordinary
 * way, after zod checks it against productsResponse, and a byte of difference is an error: the
 * whole test suite compares the two on every list it asks for.
 */

type ItemKey = keyof ProductListItemDto & string;

/**
 * Hryvnia of kopecks as JSON writes kopToUah's number (`1234.5` for 123450 kopecks), from two
 * integers rather than a double. Below 10^12 kopecks a double holds every hundredth apart, so the
 * shortest decimal of k / 100 is k's digits with the point put in; beyond, the double's own.
 */
export function uahJson(kop: number): string {
  const k = Math.round(kop);
  const a = k < 0 ? -k : k;
  if (!(a < 1e12)) return value(k / 100);
  const whole = Math.floor(a / 100);
  const cents = a - whole * 100;
  const digits = cents === 0 ? `${whole}` : cents % 10 === 0 ? `${whole}.${cents / 10}` : `${whole}.${cents < 10 ? '0' : ''}${cents}`;
  return k < 0 ? `-${digits}` : digits;
}

/** A number, null or a boolean as fast-json-stringify writes it (a non-finite number is null). */
const value = (v: unknown): string => (typeof v === 'number' ? (Number.isFinite(v) ? `${v}` : 'null') : v === true ? 'true' : v === false ? 'false' : 'null');

/** The fields that depend on the reseller, in the order productDto ends with them (checked below). */
const PERSONAL = [
  'drop_price',
  'old_drop_price',
  'retail_price',
  'markup_price',
  'profit',
  'in_cart',
  'is_favorite',
  'is_subscribed',
] as const satisfies readonly ItemKey[];

/**
 * The reseller's fields of an item, `,"drop_price":…,"is_subscribed":false`, from the row's prices
 * (kopecks) and marks: the values presentProductListItem gives them (every checked answer compares).
 */
const personalJson = (p: ProductPrices, row: ProductRow): string =>
  `,"drop_price":${uahJson(p.dropKop)},"old_drop_price":${p.oldDropKop === null ? 'null' : uahJson(p.oldDropKop)},"retail_price":${uahJson(p.retailKop)}` +
  `,"markup_price":${uahJson(p.markupKop)},"profit":${uahJson(p.profitKop)},"in_cart":${value(row.in_cart)},"is_favorite":${value(row.is_favorite)}` +
  `,"is_subscribed":${value(row.is_subscribed)}`;

/**
 * Checks that the contract ends with the personal fields, in PERSONAL's order, and starts with
 * another: an item is then its unchanging fields, kept as one piece, and the reseller's after them.
 */
function checkContract(): void {
  const shape = productListItemDto.shape as Record<ItemKey, z.ZodType>;
  const keys = Object.keys(shape) as ItemKey[];
  if (keys.length <= PERSONAL.length || keys.slice(-PERSONAL.length).join() !== PERSONAL.join()) {
    throw new Error(`list-writer: productListItemDto must end with ${PERSONAL.join(', ')} and start with another field`);
  }
  for (const key of PERSONAL) {
    // Personal values are numbers, null or booleans: their JSON is ASCII.
    const json = z.toJSONSchema(shape[key], { io: 'output' }) as { type?: string | string[]; anyOf?: { type?: string }[] };
    const types = [json.type, ...(json.anyOf ?? []).map((a) => a.type)].flat().filter(Boolean);
    if (!types.every((t) => t === 'number' || t === 'boolean' || t === 'null')) throw new Error(`list-writer: ${key} is not a number or a boolean`);
  }
}

interface Writers {
  /** An item's unchanging fields as one object, in the contract's order. */
  fixed: (item: ProductListItemDto) => string;
  envelope: (data: unknown) => string;
}
let compiled: Writers | undefined;
function writers(): Writers {
  if (!compiled) {
    checkContract();
    const envelope = compileJsonSerializer(productsResponse);
    const omit = Object.fromEntries(PERSONAL.map((k) => [k, true])) as Record<ItemKey, true>;
    const fixed = compileJsonSerializer(productListItemDto.omit(omit));
    if (!envelope || !fixed) throw new Error('list-writer: no serializer for productsResponse');
    compiled = { fixed, envelope };
  }
  return compiled;
}

/**
 * A row's unchanging fields in one language, `{"id":…,…,"root_id":…` without the closing brace:
 * their UTF-8 bytes held as a one-byte string (a character a byte, as `latin1`), so they live in
 * the JS heap at a byte a character and are copied into the answer as they are. Kept with the
 * read model's row object (one map a language): they go when the row leaves the cache or is replaced.
 */
const fixedOf: Record<Locale, WeakMap<BaseProductRow, string>> = { uk: new WeakMap(), ru: new WeakMap() };

function writeFixed(w: Writers, row: ProductRow, page: ProductListPage): string {
  const json = w.fixed(presentProductListItem(row, page.locale, page.prices));
  return Buffer.from(json.slice(0, -1), 'utf8').toString('latin1');
}

function fixedFor(w: Writers, row: ProductRow, page: ProductListPage): string {
  const base = row[BASE_ROW];
  if (!base || base.id !== row.id) return writeFixed(w, row, page);
  const kept = fixedOf[page.locale];
  let fixed = kept.get(base);
  if (fixed === undefined) kept.set(base, (fixed = writeFixed(w, row, page)));
  return fixed;
}

const DATA_OPEN = '{"data":[';

/** The answer of GET /products for `page`, as its bytes. */
export function writeProductList(page: ProductListPage, check: boolean): Buffer {
  const w = writers();
  const { envelope } = w;
  const rest = envelope({ ...page.rest, data: [] });
  if (!rest.startsWith(`${DATA_OPEN}]`)) throw new Error('list-writer: the envelope does not start with its data');
  // Every piece is bytes as a one-byte string: the personal fields and punctuation are ASCII, the
  // rest UTF-8 held as latin1; the concatenation is copied into a Buffer once.
  let out = DATA_OPEN;
  const { rows } = page;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (i > 0) out += ',';
    out += fixedFor(w, row, page);
    const prices = priceRow(row, page.prices);
    out += personalJson(prices, row);
    out += '}';
  }
  out += Buffer.from(rest.slice(DATA_OPEN.length), 'utf8').toString('latin1');
  const body = Buffer.from(out, 'latin1');
  if (check) {
    const result = presentListPage(page);
    const encoded = z.safeEncode(productsResponse, result);
    if (encoded.error) throw new ResponseSerializationError('GET', '/api/v1/products', { cause: encoded.error });
    const expected = envelope(result);
    if (body.toString('utf8') !== expected) throw new Error(`list-writer: wrote\n${body.toString('utf8')}\nwhere the route's serializer writes\n${expected}`);
  }
  return body;
}
