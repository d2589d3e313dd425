import fc from 'fast-check';

/**
 * fast-check arbitraries derived from the JSON schemas of the OpenAPI document (what
 * `app.swagger()` gives for a route's body and query), for the API fuzz test (fuzz.test.ts).
 *
 * `conforming(schema)` builds values the schema accepts, so a request gets past validation and
 * deep into the services; `hostile(schema)` builds values it should refuse or that stress what is
 * behind it (wrong types, out-of-range and huge numbers, very long and odd unicode strings, NUL
 * bytes, prototype keys, deep nesting, arrays for scalars); `mutated(schema)` is a conforming value
 * with one node somewhere inside replaced by a hostile one, the usual way to reach a missing bound.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

/** A JSON literal written as is (numbers JSON.stringify cannot write: 1e400, -0, 30-digit integers). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson nodes; own `__proto__` keys are written too. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object') {
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) parts.push(`${JSON.stringify(key)}:${toJsonText(v)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return 'null';
}

/** The field names a generator may fill with realistic values (ids of real rows, a valid phone...). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const clampInt = (n: number) => Math.max(-MAX_SAFE, Math.min(MAX_SAFE, n));

/** A JSON object with an own `__proto__` key, as JSON.parse builds it. */
const protoObject = () => JSON.parse('{"__proto__":{"polluted":true,"isAdmin":true},"a":1}') as unknown;

const LONG = {
  ascii: 'a'.repeat(10_000),
  cyrillic: 'я'.repeat(70_000),
  emoji: '😀'.repeat(5_000),
  digits: '9'.repeat(400),
};

/** Strings that have broken parsers, databases and renderers before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '   \t\n',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '1_000',
  '１２３',
  '٣',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999999999999',
  LONG.digits,
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\ud800',
  'x\udfffy',
  '\ufeffBOM',
  '\u202eRTL override',
  'e\u0301\u0301\u0301\u0301',
  '👨‍👩‍👧‍👦',
  'Ｆｕｌｌｗｉｄｔｈ',
  'Їжак ґудзик є',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "\\'; SELECT pg_sleep(1); --",
  '%',
  '%00',
  '%zz',
  '\\',
  'a\\',
  '%_\\',
  '_',
  '(',
  '[a',
  '*',
  'a{1,99999}',
  '(a+)+$',
  '&',
  '|',
  '!',
  ':*',
  "''",
  'a & | ! b:*',
  '<->',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '\r\nX-Injected: 1',
  'a'.repeat(256),
  'я'.repeat(256),
  LONG.ascii,
  LONG.cyrillic,
  LONG.emoji,
  '2024-02-30',
  '0000-00-00',
  '9999-99-99',
  '-000001-01-01',
  '+275760-09-13',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-fffffffffff',
];

export const NASTY_NUMBERS: unknown[] = [
  0,
  -1,
  1.5,
  0.001,
  0.005,
  -0.01,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  MAX_SAFE,
  -MAX_SAFE,
  1e15,
  1e21,
  1e308,
  -1e308,
  5e-324,
  new RawJson('-0'),
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('9007199254740993'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('0.000000000000000000000000000001'),
  new RawJson('1E2'),
];

/** Deeply nested JSON written directly (a recursive writer would be the first to overflow). */
const deepArray = (n: number) => new RawJson(`${'['.repeat(n)}1${']'.repeat(n)}`);
const deepObject = (n: number) => new RawJson(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);

/** Any hostile value, whatever the schema. */
export const anyHostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<() => unknown>(
        () => [],
        () => ({}),
        () => [1, 'a', null],
        () => [[[]]],
        () => ({ a: { b: { c: [] } } }),
        protoObject,
        () => ({ constructor: { prototype: { polluted: true } } }),
        () => deepArray(2_000),
        () => deepObject(2_000),
        () => deepArray(100),
        () => Array.from({ length: 5_000 }, (_, i) => i),
      )
      .map((f) => f()),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 300);
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (s.pattern) {
    const re = (() => {
      try {
        return new RegExp(s.pattern);
      } catch {
        return null;
      }
    })();
    if (re) return fc.stringMatching(re).filter(fits);
  }
  switch (s.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl().filter(fits);
  }
  const smallMax = Math.min(max, Math.max(min, 40));
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: smallMax, unit: 'grapheme' }) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: smallMax, unit: 'binary' }).filter(fits) },
    { weight: 1, arbitrary: fc.constantFrom('Ї', 'я', 'a').map((c) => c.repeat(max)) },
    { weight: 1, arbitrary: fc.constant('w'.repeat(min)) },
  );
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exMin = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number';
  const exMax = s.exclusiveMaximum === true || typeof s.exclusiveMaximum === 'number';
  const lo = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.minimum;
  const hi = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.maximum;
  if (integer) {
    const min = clampInt(lo === undefined ? -MAX_SAFE : exMin ? Math.floor(lo) + 1 : Math.ceil(lo));
    const max = clampInt(hi === undefined ? MAX_SAFE : exMax ? Math.ceil(hi) - 1 : Math.floor(hi));
    if (min > max) return fc.constant(min);
    const edges = [min, max, Math.min(max, min + 1), Math.max(min, Math.min(max, 0)), Math.max(min, Math.min(max, 1))];
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min, max }) },
      { weight: 2, arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 200) }) },
      { weight: 1, arbitrary: fc.constantFrom(...edges) },
    );
  }
  const min = lo ?? -1e12;
  const max = hi ?? 1e12;
  if (min > max) return fc.constant(min);
  const edges = [exMin ? min + 0.01 : min, exMax ? max - 0.01 : max].filter((v) => v >= min && v <= max);
  return fc.oneof(
    { weight: 3, arbitrary: fc.double({ min, max, minExcluded: exMin, maxExcluded: exMax, noNaN: true, noDefaultInfinity: true }) },
    {
      weight: 3,
      arbitrary: fc
        .integer({ min: Math.ceil(Math.max(min, -1e7) * 100), max: Math.floor(Math.min(max, Math.max(min, 0) + 5_000) * 100) })
        .map((k) => k / 100)
        .filter((v) => (!exMin || v > min) && (!exMax || v < max)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...(edges.length ? edges : [min])) },
  );
}

function objectArb(s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = conformingField(key, sub, hints, depth + 1);
  const requiredKeys = (s.required ?? []).filter((k) => k in props);
  const base = fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  if (Object.keys(props).length === 0 && s.additionalProperties !== false) {
    return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) as fc.Arbitrary<Record<string, unknown>>;
  }
  return base;
}

function conformingField(key: string, s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const hint = hints[key];
  const own = conformingAt(s, hints, depth);
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 2, arbitrary: own }) : own;
}

function conformingAt(s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const base = conformingBase(s, hints, depth);
  return s.nullable ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function conformingBase(s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((a) => conformingAt(a, hints, depth)));
  if (s.allOf && s.allOf.length > 0) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of s.allOf) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
    }
    return conformingAt(merged, hints, depth);
  }
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((t) => conformingAt({ ...s, type: t }, hints, depth)));
  switch (types[0]) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = s.items ? conformingAt(s.items, hints, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const minLength = s.minItems ?? 0;
      const maxItems = s.maxItems ?? 5;
      const small = fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(maxItems, 5)) });
      if (maxItems <= 5 || maxItems > 1_000) return small;
      // Now and then exactly as many items as allowed (the repeated item keeps it cheap).
      return fc.oneof({ weight: 9, arbitrary: small }, { weight: 1, arbitrary: item.map((v) => Array.from({ length: maxItems }, () => v)) });
    }
    case 'object':
      return objectArb(s, hints, depth);
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 3 });
  }
}

/** Values the schema accepts (and, with hints, that name real rows). */
export const conforming = (s: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> => conformingAt(s, hints, 0);

/** Hostile values aimed at this schema's bounds and type, mixed with the general ones. */
export function hostile(s: JsonSchema): fc.Arbitrary<unknown> {
  const specific: unknown[] = [];
  const types = typesOf(s);
  const num = (n: number) => (Number.isFinite(n) ? n : new RawJson('1e400'));
  if (types.includes('integer') || types.includes('number')) {
    const hi = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.maximum;
    const lo = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.minimum;
    if (hi !== undefined) specific.push(num(hi + 1), num(hi * 10), num(hi + 0.5), String(hi), String(hi + 1));
    if (lo !== undefined) specific.push(num(lo - 1), num(lo - 0.5), lo, String(lo - 1));
    if (types.includes('integer')) specific.push(1.5, 0.1, '1', '1.0', 1e21);
    specific.push('12abc', ' 5 ', [5], { value: 5 }, true);
  }
  if (types.includes('string')) {
    const max = s.maxLength;
    if (max !== undefined) specific.push('a'.repeat(max + 1), 'я'.repeat(max + 1), '\u0000'.repeat(Math.min(max, 10)));
    if (s.minLength) specific.push('a'.repeat(s.minLength - 1));
    specific.push(123, 0, true, ['a'], { a: 'b' });
    if (s.pattern) specific.push(`${'1'.repeat(6)}\n`, '١٢٣٤٥٦', '12345６', `x${s.pattern}`);
    if (s.enum) specific.push(...s.enum.map((e) => (typeof e === 'string' ? e.toLowerCase() : e)), ...s.enum.map((e) => (typeof e === 'string' ? `${e} ` : e)));
  }
  if (types.includes('array')) {
    if (s.maxItems !== undefined && s.maxItems <= 1_000) specific.push(Array.from({ length: s.maxItems + 1 }, (_, i) => i + 1));
    specific.push(
      '1,2,3',
      1,
      { 0: 1 },
      [null],
      [[1]],
      Array.from({ length: 3 }, () => protoObject()),
    );
  }
  if (types.includes('object')) {
    specific.push({}, [], 'object', protoObject(), { ...Object.fromEntries(Object.keys(s.properties ?? {}).map((k) => [k, null])) });
  }
  if (types.includes('boolean')) specific.push('true', 'false', 1, 0, 'yes', [true]);
  return specific.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...specific) }, { weight: 2, arbitrary: anyHostile }) : anyHostile;
}

/** Every node of a value, as a path from the root (object keys and array indexes), the root first. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = [], depth = 0): (string | number)[][] {
  out.push(prefix);
  if (depth > 6 || value === null || typeof value !== 'object' || value instanceof RawJson) return out;
  if (Array.isArray(value)) value.slice(0, 20).forEach((v, i) => pathsOf(v, [...prefix, i], out, depth + 1));
  else for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out, depth + 1);
  return out;
}

function schemaAt(s: JsonSchema, path: (string | number)[]): JsonSchema {
  let cur: JsonSchema = s;
  for (const step of path) {
    const alt = cur.anyOf?.[0] ?? cur.oneOf?.[0];
    if (alt) cur = alt;
    if (typeof step === 'number') cur = cur.items ?? {};
    else cur = cur.properties?.[step] ?? {};
  }
  return cur;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  const obj = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) copy[k] = k === head ? replaceAt(obj[k], rest, replacement) : obj[k];
  return copy;
}

/**
 * A conforming value with one node (or a missing required field, or an extra field) turned hostile,
 * the hostile value chosen for the schema of that node.
 */
export function mutated(s: JsonSchema, hints: Hints = {}, base: fc.Arbitrary<unknown> = conforming(s, hints)): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.nat(), fc.nat(), fc.constantFrom('replace', 'replace', 'replace', 'drop', 'extra')).chain(([value, pick, extraKey, how]) => {
    const paths = pathsOf(value).filter((p) => p.length > 0);
    if (paths.length === 0)
      return hostile(s).map((h) => (how === 'extra' && value && typeof value === 'object' ? { ...(value as object), extra_field: h } : h));
    const path = paths[pick % paths.length]!;
    if (how === 'drop' && typeof path[path.length - 1] === 'string') return fc.constant(replaceAt(value, path, undefined));
    if (how === 'extra' && value && typeof value === 'object' && !Array.isArray(value)) {
      const keys = ['extra', 'id', 'user_id', 'role', 'balance', 'is_admin', '__proto__', 'constructor', 'status'];
      return anyHostile.map((h) => {
        const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
        Object.defineProperty(copy, keys[extraKey % keys.length]!, { value: h, enumerable: true, writable: true, configurable: true });
        return copy;
      });
    }
    return hostile(schemaAt(s, path)).map((h) => replaceAt(value, path, h));
  });
}

/**
 * A body for a schema: conforming, conforming with one hostile node, or wholly hostile; with
 * `valid` (bodies known to pass the route's business checks), also those and those with one node
 * turned hostile, which is how a missing bound behind validation is reached.
 */
export function bodyArb(s: JsonSchema, hints: Hints = {}, valid?: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const arbs: fc.WeightedArbitrary<unknown>[] = [
    { weight: 3, arbitrary: conforming(s, hints) },
    { weight: 3, arbitrary: mutated(s, hints) },
    { weight: 2, arbitrary: hostile(s) },
  ];
  if (valid) arbs.push({ weight: 3, arbitrary: valid }, { weight: 5, arbitrary: mutated(s, hints, valid) });
  return fc.oneof(...arbs);
}

// ---- Query strings -----------------------------------------------------------------------------

export interface QueryParam {
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

/** A query value as it travels: one string, or a list (repeated key or `key[]`). */
export type QueryValue = string | string[];

const asQueryString = (v: unknown): string =>
  typeof v === 'string' ? v : v instanceof RawJson ? v.text : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

function queryValueOf(v: unknown): QueryValue {
  if (Array.isArray(v)) return v.map(asQueryString);
  return asQueryString(v);
}

/** Query parameters: conforming values (with hints), hostile values, unknown and prototype keys. */
export function queryArb(params: QueryParam[], hints: Hints = {}): fc.Arbitrary<Record<string, QueryValue>> {
  const model: Record<string, fc.Arbitrary<QueryValue>> = {};
  for (const p of params) {
    const good = conformingField(p.name, p.schema, hints, 0).map(queryValueOf);
    const bad = hostile(p.schema).map(queryValueOf);
    model[p.name] = fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad });
  }
  const goodOnly: Record<string, fc.Arbitrary<QueryValue>> = {};
  for (const p of params) goodOnly[p.name] = conformingField(p.name, p.schema, hints, 0).map(queryValueOf);
  const requiredKeys = params.filter((p) => p.required).map((p) => p.name);
  // Every value conforming (the request gets through), or each one now and then hostile.
  const known = fc.oneof(fc.record(goodOnly, { requiredKeys }), fc.record(model, { requiredKeys })) as fc.Arbitrary<Record<string, QueryValue>>;
  const extras = fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'page', 'per_page', 'search', 'sort', 'order', 'user_id', 'market_id', 'x', 'filters[0]', 'a[b]'),
    fc.oneof(fc.constantFrom(...NASTY_STRINGS.filter((x) => x.length < 1_000)), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 })),
    { maxKeys: 2 },
  );
  return fc.oneof(
    { weight: 6, arbitrary: known },
    {
      weight: 2,
      arbitrary: fc.tuple(known, extras).map(([k, e]) => {
        const out: Record<string, QueryValue> = Object.create(null);
        for (const [key, v] of Object.entries(e)) out[key] = v;
        Object.assign(out, k);
        return out;
      }),
    },
  );
}

/** `a=1&b=x&b=y` or `b[]=x&b[]=y`; now and then a malformed escape left raw. */
export function queryString(q: Record<string, QueryValue>, style: number): string {
  const parts: string[] = [];
  for (const key of Object.keys(q)) {
    const v = q[key]!;
    const enc = safeEncode;
    if (Array.isArray(v)) {
      for (const item of v) parts.push(`${enc(key)}${style % 2 ? '[]' : ''}=${enc(item)}`);
    } else parts.push(`${enc(key)}=${enc(v)}`);
  }
  if (style % 7 === 3) parts.push('%zz=%');
  if (style % 11 === 5) parts.push('&&=&');
  return parts.join('&');
}

/** encodeURIComponent that survives lone surrogates (they are sent as their raw UTF-8 bytes' escapes). */
export function safeEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}
