import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { rawQuery } from '../db/raw.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/security.ts';
import { exchangeTiming } from '../modules/onec/exchange.routes.ts';
import { openTestDatabase } from '../test/app.ts';
import { loadCatalogFixture } from '../test/catalog-fixture.ts';
import { testConfig, TEST_OPERATOR } from '../test/config.ts';
import { BRANCH, KYIV, PNG, branchOrder } from '../test/orders.ts';
import { startSmtp } from '../test/smtp.ts';
import {
  NASTY_STRINGS,
  anyHostile,
  bodyArb,
  queryArb,
  queryString,
  safeEncode,
  toJsonText,
  type Hints,
  type JsonSchema,
  type QueryParam,
  type QueryValue,
} from './fuzz-arbitraries.ts';

/**
 * Property-based fuzzing of every route in the OpenAPI document (the route table Fastify builds
 * from the zod schemas): bodies and query strings are generated from each route's own JSON schema,
 * conforming (to get deep into the services) and hostile (wrong types, huge and negative numbers,
 * long and odd unicode strings, NUL bytes, prototype keys, deep nesting, extra fields), with path
 * ids of the caller's own rows and random ones, sent through `app.inject` with the right token.
 *
 *   1. No request answers 5xx.
 *   2. A refused request (status >= 400) on a mutating method changes nothing in the database:
 *      a fingerprint of every table (row count and a hash of the rows) is the same after it.
 *
 * The job workers run as in production (a request goes as deep as it can): before a baseline is
 * taken the queue and the back-in-stock events are left to settle, and a difference seen while a
 * job ran in between is not counted (the baseline is taken again). The periodic tracking and feed
 * schedules are moved out of the way. Jobs a request enqueues are in the fingerprint too.
 */

/** Fixed, so a run is repeatable; FUZZ_SEED and FUZZ_RUNS explore further (a failure prints its request). */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/** Operations not fuzzed, each with its reason (a stale entry fails the test). */
const SKIP: Record<string, string> = {};

/**
 * Routes the OpenAPI document hides (not JSON APIs), as the route table prints them: each is
 * fuzzed by the last test below (random paths, query, credentials and bodies: no 5xx) or says why not.
 */
const HIDDEN: Record<string, string> = {
  'GET /api/docs': 'skipped: the Swagger UI page of @fastify/swagger-ui (no input of ours)',
  'GET /api/docs/static/index.html': 'skipped: Swagger UI static file',
  'GET /api/docs/static/swagger-initializer.js': 'skipped: Swagger UI static file',
  'GET /api/docs*': 'skipped: Swagger UI static files',
  'GET /api/docs/json': 'skipped: the OpenAPI document itself (what this test reads)',
  'GET /api/docs/yaml': 'skipped: the OpenAPI document itself',
  'GET *': 'fuzzed: /storage/... (catalogue and 1C pictures) and the SPA with random and traversing paths',
  'GET /feeds/:file': 'fuzzed: random and real feed file names',
  'GET /1c/exchange': 'fuzzed: the CommerceML exchange, random type/mode/filename, credentials and session cookie',
  'POST /1c/exchange': 'fuzzed: the same with random bodies (chunks)',
};

/** Multipart routes (no JSON body in the document): also sent generated multipart bodies. */
const MULTIPART = new Set([
  'POST /api/v1/payment-documents',
  'POST /api/v1/media-files',
  'POST /api/v1/admin/catalog/products/{id}/images',
  'POST /api/v1/admin/onec/imports',
]);

/**
 * Operations whose success ends the caller's own session (logout; deleting the device the token
 * belongs to): each run signs in afresh and sends that new token, so the fuzzing token survives.
 */
const FRESH_CALLER = new Set(['DELETE /api/v1/auth/logout', 'DELETE /api/v1/user-devices/{id}']);

/**
 * Columns the fingerprint leaves out: they change on any authenticated request or by design on a
 * refusal, with no business effect.
 *   devices.used_at, devices.ip_address   - touched by the auth plugin when a token is used
 *   access_tokens.used_at                 - the token's last use (idle expiry), touched the same way
 *   onec_sessions.last_seen_at            - touched by every 1C exchange call of the session
 *   auth_codes.attempts, auth_codes.used_at - a wrong code counts a try and burns the code after
 *                                           five (DESIGN.md section 4): a refusal that must count
 * Rate-limit counters and session caches live in memory, not in the database.
 */
const EXCLUDED_COLUMNS: Record<string, string[]> = {
  devices: ['used_at', 'ip_address'],
  access_tokens: ['used_at'],
  onec_sessions: ['last_seen_at'],
  auth_codes: ['attempts', 'used_at'],
};

interface ParamDoc {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}
interface OperationDoc {
  security?: unknown[];
  parameters?: ParamDoc[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Operation {
  key: string;
  method: string;
  path: string;
  secured: boolean;
  body?: JsonSchema;
  query: QueryParam[];
  pathParams: ParamDoc[];
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType?: string }
  | { kind: 'multipart'; payload: Buffer; contentType: string; summary: string };

interface FuzzRequest {
  params: Record<string, string>;
  query: Record<string, QueryValue>;
  queryStyle: number;
  body: Body;
  locale: string | undefined;
}

interface Failure {
  op: string;
  kind: '5xx' | 'state changed on refusal';
  detail: string;
}

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let database: Database;
let closeAll: () => Promise<void>;
let ops: Operation[];
const serverErrors = new Map<string, unknown>();
let reqSeq = 0;

interface Principal {
  id: number;
  email: string;
  password: string;
  token: string;
}
let reseller: Principal;
let victim: Principal;
let operator: Principal;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => rawQuery<T>(database, text, params);

async function call(method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.inject({ method: method as 'GET', url, headers, payload: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const body = (() => {
    try {
      return res.body ? JSON.parse(res.body) : null;
    } catch {
      return res.body;
    }
  })();
  return { status: res.statusCode, body };
}

async function login(email: string, password: string, deviceToken = `fuzz-${crypto.randomUUID()}`): Promise<string> {
  const after = smtp.mails.length;
  const r = await call('POST', '/api/v1/auth/login', { body: { email, password, device_token: deviceToken } });
  if (r.status === 200 && r.body?.data?.enabled_2fa) {
    // Staff sign in with the mailed code.
    const deadline = Date.now() + 15_000;
    let code: string | undefined;
    while (!code && Date.now() < deadline) {
      code = /(\d{6})/.exec(smtp.mails.slice(after).find((m) => m.to === email)?.subject ?? '')?.[1];
      if (!code) await new Promise((res) => setTimeout(res, 50));
    }
    const c = await call('POST', '/api/v1/auth/confirm-login', { body: { email, code, attempt_id: r.body.data.attempt_id, device_token: deviceToken } });
    if (c.status !== 200 || !c.body?.data?.token) throw new Error(`confirm-login ${email}: ${c.status} ${JSON.stringify(c.body)}`);
    return c.body.data.token as string;
  }
  if (r.status !== 200 || !r.body?.data?.token) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.token as string;
}

async function createReseller(tag: string): Promise<Principal> {
  const password = 'password-123';
  const email = `fuzz-${tag}-${Date.now()}@example.com`;
  const [row] = await database.db
    .insert(users)
    .values({ name: 'Фаззер', phone: '+380501234567', passwordHash: await hashPassword(password), emailVerifiedAt: new Date(), isVerified: true, email })
    .returning();
  return { id: row!.id, email, password, token: await login(email, password) };
}

/**
 * Puts the principals back the way the fuzzing needs them when a fuzzed request changed them (an
 * operator blocked or unverified the reseller, two-factor sign-in switched on, the password changed,
 * the token's device deleted). Between operations only: never inside one's runs.
 */
async function restorePrincipals() {
  const usable = async (p: Principal) => {
    const me = await call('GET', '/api/v1/auth/user', { token: p.token });
    // Staff always have login_2fa (their sign-in takes the mailed code); a reseller must not.
    return me.status === 200 && (p === operator || !me.body.data.login_2fa) && !me.body.data.blocked ? me.body.data : null;
  };
  const reset = async (p: Principal, role: 'reseller' | 'admin') => {
    await sql(`UPDATE users SET blocked = false, login_2fa = false, role = $2, password_hash = $3 WHERE id = $1`, [p.id, role, await hashPassword(p.password)]);
    p.token = await login(p.email, p.password);
  };
  if (!(await usable(operator))) await reset(operator, 'admin');
  for (const p of [reseller, victim]) {
    const me = await usable(p);
    if (me?.is_verified && Number(me.discount ?? 0) === 0) continue;
    // Through the API, so cached sessions and prices see it.
    await call('PUT', `/api/v1/admin/users/${p.id}`, { token: operator.token, body: { is_verified: true, blocked: false, discount: 0 } });
    if (!(await usable(p))) await reset(p, 'reseller');
  }
}

// ---- The database fingerprint -------------------------------------------------------------

let fingerprintSql = '';

async function buildFingerprintSql() {
  const cols = await sql<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of cols) {
    if (EXCLUDED_COLUMNS[c.table_name]?.includes(c.column_name)) continue;
    byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  }
  const parts = [...byTable].map(
    ([table, columns]) =>
      `SELECT '${table}' AS t, count(*)::int AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS h FROM (SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}") r`,
  );
  // Jobs a request enqueued: name and data only (a worker moving a job on is not the request's doing).
  parts.push(
    `SELECT 'pgboss.job' AS t, count(*)::int AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS h FROM (SELECT name, data FROM pgboss.job) r`,
  );
  fingerprintSql = parts.join('\nUNION ALL\n');
}

/** Table -> `count:hash`; `at` is the database's clock when it was taken. */
interface Fingerprint {
  at: string;
  tables: Map<string, string>;
}
async function fingerprint(): Promise<Fingerprint> {
  const [rows, [now]] = await Promise.all([
    sql<{ t: string; n: number; h: string }>(fingerprintSql),
    sql<{ at: string }>(`SELECT clock_timestamp()::text AS at`),
  ]);
  return { at: now!.at, tables: new Map(rows.map((r) => [r.t, `${r.n}:${r.h}`])) };
}
const changedTables = (a: Fingerprint, b: Fingerprint) => [...a.tables.keys()].filter((k) => a.tables.get(k) !== b.tables.get(k));

/** Waits until no job is due or running and no back-in-stock event waits (what a success set going). */
async function settle() {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const [row] = await sql<{ n: number }>(
      `SELECT ((SELECT count(*) FROM restock_events) + (SELECT count(*) FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after < now() + interval '3 seconds'))::int AS n`,
    );
    if (Number(row?.n ?? 0) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether a job ran (or a back-in-stock event was handled) since `at`: a difference is then not the request's. */
async function backgroundRanSince(at: string) {
  const [row] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE started_on >= $1::timestamptz OR completed_on >= $1::timestamptz`, [
    at,
  ]);
  return Number(row?.n ?? 0) > 0;
}

// ---- Ids of real rows for path parameters and hints ---------------------------------------------

/** Where the ids of real rows for a path parameter come from (the caller's own where it is a reseller). */
function idSourceSql(op: Operation, param: string): string | null {
  const p = op.path;
  const r = reseller.id;
  if (param === 'jobId') return `SELECT id::text AS id FROM pgboss.job ORDER BY created_on DESC LIMIT 20`;
  if (param === 'imageId') return `SELECT id FROM product_images ORDER BY id LIMIT 20`;
  if (param === 'key') return `SELECT DISTINCT key AS id FROM settings`;
  const table: [RegExp, string][] = [
    [/^\/api\/v1\/user-devices\//, `SELECT id FROM devices WHERE user_id = ${r}`],
    [/^\/api\/v1\/(categories|admin\/catalog\/categories)\//, `SELECT id FROM categories`],
    [/^\/api\/v1\/(products|favorite-products|admin\/catalog\/products)\//, `SELECT id FROM products`],
    [/^\/api\/v1\/product-notifications\//, `SELECT code_id AS id FROM products`],
    [/^\/api\/v1\/notifications\//, `SELECT id FROM notifications WHERE user_id = ${r}`],
    [/^\/api\/v1\/payment-documents\//, `SELECT id FROM payment_documents WHERE user_id = ${r}`],
    [/^\/api\/v1\/carts\//, `SELECT id FROM cart_lines WHERE user_id = ${r}`],
    [/^\/api\/v1\/(orders|admin\/orders)\//, `SELECT id FROM orders WHERE user_id = ${r}`],
    [/^\/api\/v1\/media-files\//, `SELECT id FROM media_files WHERE user_id = ${r}`],
    [/^\/api\/v1\/markets\//, `SELECT id FROM markets WHERE user_id = ${r}`],
    [/^\/api\/v1\/export-settings\//, `SELECT id FROM export_settings WHERE user_id = ${r}`],
    [/^\/api\/v1\/admin\/users\//, `SELECT id FROM users WHERE id <> ${operator.id}`],
    [/^\/api\/v1\/admin\/payments\//, `SELECT id FROM payments`],
    [/^\/api\/v1\/admin\/withdraws\//, `SELECT id FROM withdraws`],
    [/^\/api\/v1\/admin\/catalog\/properties\//, `SELECT id FROM property_types`],
    [/^\/api\/v1\/admin\/onec\/imports\//, `SELECT id FROM onec_import_runs`],
  ];
  return table.find(([re]) => re.test(p))?.[1] ?? null;
}

const NP_MODELS = ['Address', 'AddressGeneral', 'InternetDocument', 'TrackingDocument', 'Counterparty'];
const NP_METHODS = ['searchSettlements', 'getWarehouses', 'getStreet', 'save', 'delete', 'getStatusDocuments', 'getCities'];

/** Raw (already escaped) path segments that stress the router and the params' validation. */
const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '2147483648',
  '99999999999999999999',
  '%00',
  '%20',
  '0x10',
  '%D9%A1',
  '%201',
  '+1',
  '01',
  '%',
  '%ff',
  '..',
  '%2e%2e%2f%2e%2e',
  'null',
  'a'.repeat(190),
];

async function pathParamArb(op: Operation, param: ParamDoc): Promise<fc.Arbitrary<string>> {
  const source = idSourceSql(op, param.name);
  const real = source ? (await sql<{ id: number | string }>(source)).map((x) => String(x.id)) : [];
  if (param.name === 'model') real.push(...NP_MODELS);
  if (param.name === 'method') real.push(...NP_METHODS);
  if (param.name === 'key') real.push('changelog', 'faq', 'privacy_policy', 'user_agreement');
  const random =
    param.schema.type === 'integer'
      ? fc.oneof(fc.integer({ min: 1, max: 2_147_483_647 }), fc.integer({ min: 1, max: 300 })).map(String)
      : param.schema.format === 'uuid'
        ? fc.uuid()
        : fc.string({ minLength: 1, maxLength: 40 }).map(safeEncode);
  const arbs: fc.WeightedArbitrary<string>[] = [
    { weight: 2, arbitrary: random },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  ];
  if (FRESH_CALLER.has(op.key) && param.name === 'id') arbs.push({ weight: 3, arbitrary: fc.constant('CURRENT_DEVICE') });
  if (real.length) arbs.push({ weight: 6, arbitrary: fc.constantFrom(...real.map(safeEncode)) });
  return fc.oneof(...arbs);
}

/** Realistic values by field name, so conforming requests name real rows and pass business checks. */
async function hintsFor(): Promise<Hints> {
  const ids = async (text: string) => (await sql<{ id: number }>(text)).map((r) => Number(r.id));
  const orInts = (list: number[]) =>
    list.length
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...list) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }) })
      : fc.integer({ min: 1, max: 100 });
  const productIds = await ids('SELECT id FROM products');
  const codeIds = await ids('SELECT code_id AS id FROM products');
  const categoryIds = await ids('SELECT id FROM categories');
  const valueIds = await ids('SELECT id FROM property_values');
  const docIds = await ids(`SELECT id FROM payment_documents WHERE user_id = ${reseller.id}`);
  const marketIds = await ids(`SELECT id FROM markets WHERE user_id = ${reseller.id}`);
  const orderIds = await ids(`SELECT id FROM orders WHERE user_id = ${reseller.id}`);
  // Documents are taken from Confirmed on.
  const documentable = await ids(`SELECT id FROM orders WHERE user_id = ${reseller.id} AND status NOT IN ('New', 'Canceled')`);
  const userIds = [reseller.id, victim.id];
  return {
    email: fc.oneof(
      fc.constantFrom(reseller.email, victim.email, TEST_OPERATOR.email, reseller.email.toUpperCase()),
      fc.nat().map((n) => `fuzz-new-${n}@example.com`),
      fc.emailAddress(),
    ),
    password: fc.constantFrom(reseller.password, 'password-123', 'new-password-456', 'коротко'),
    old_password: fc.constantFrom(reseller.password, 'wrong-password'),
    password_confirmation: fc.constantFrom(reseller.password, 'new-password-456', 'password-123'),
    phone: fc.constantFrom('+380671234567', '+38 (067) 123-45-67', '0671234567', '380501112233', '+380', '+99999999999999999999', '067 123 45 67'),
    code: fc.constantFrom('000000', '123456', '999999'),
    product_id: orInts(productIds),
    code_id: orInts(codeIds),
    category_id: orInts(categoryIds),
    parent_id: orInts(categoryIds),
    categories: fc.array(orInts(categoryIds), { maxLength: 4 }),
    property_value_ids: fc.array(orInts(valueIds), { maxLength: 4 }),
    payment_document_id: orInts(docIds),
    market_id: orInts(marketIds),
    order_id: documentable.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...documentable) }, { weight: 1, arbitrary: orInts(orderIds) })
      : orInts(orderIds),
    user_ids: fc.array(orInts(userIds), { minLength: 1, maxLength: 3 }),
    qty: fc.integer({ min: 1, max: 40 }),
    retail_price: fc.constantFrom(80, 90, 100, 130, 150, 180, 2100, 0.01, 79.99, 1e7),
    amount: fc.constantFrom(1, 10, 100.5, 0.01, 0.005, 500, 99_999, -10, 1e6),
    prepayment_sum: fc.constantFrom(0, 10, 50.5, 1e7),
    city_ref: fc.constantFrom(KYIV),
    branch_ref: fc.constantFrom(BRANCH),
    self_ttn: fc.constantFrom('20450000111222', '59000000000000'),
    ttn: fc.constantFrom('20450000111333', '12345678'),
    requisites: fc.constantFrom('4111111111111111', '4111 1111 1111 1111', '5500000000000004', '4111111111111112'),
    url: fc.constantFrom('https://shop.example', 'javascript:alert(1)', 'http://127.0.0.1:1/x'),
    socket_id: fc.constantFrom('1234.5678', 'abc', '1.2:presence-users.1', 'x'.repeat(100)),
    channel_name: fc.constantFrom(
      `private-users.${reseller.id}`,
      `presence-users.${reseller.id}`,
      `users.${reseller.id}`,
      `private-users.${victim.id}`,
      `presence-users.${victim.id}`,
      'presence-admin',
    ),
    status: fc.constantFrom('Confirmed', 'Canceled', 'Approved', 'Declined', 'Paid', 'Complected', 'Delivered', 'Done'),
    per_page: fc.constantFrom(5, 10, 20, 30, 50, 100),
    page: fc.constantFrom(1, 2),
    date_from: fc.constantFrom('2024-01-01', '2024-02-29', new Date().toISOString().slice(0, 10)),
    date_to: fc.constantFrom('2024-12-31', '2099-12-31', new Date().toISOString().slice(0, 10)),
    search: fc.constantFrom(
      'Samsung',
      'чохол',
      'Самсунг',
      'SM-A54',
      '0603127020',
      'Коваленко',
      '067',
      '1',
      'фаззер',
      'a\\',
      '%',
      '_',
      '(',
      '[',
      'a:*',
      '!',
      'x & y',
      "O'Brien",
    ),
    filters: fc.array(fc.constantFrom('1_1', '1_2', '2_4', '2_5', '3_6', '999_999'), { maxLength: 3 }).map((a) => a.join(',')),
    selected_filters: fc.array(fc.constantFrom('1_1', '2_4', '3_7'), { maxLength: 2 }),
    card_variant: fc.constantFrom('grid', 'list'),
  };
}

/**
 * Bodies each route accepts with the seeded rows (the fuzzer also turns one of their fields
 * hostile at a time): they get past validation into the business checks and the database.
 */
async function validBodyFor(op: Operation): Promise<fc.Arbitrary<unknown> | undefined> {
  const freeDoc = (
    await sql<{ id: number }>(
      `SELECT d.id FROM payment_documents d WHERE d.user_id = $1 AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.payment_document_id = d.id) ORDER BY d.id DESC LIMIT 1`,
      [reseller.id],
    )
  )[0]?.id;
  const [p2] = await sql<{ id: number }>(`SELECT code_id AS id FROM products WHERE id = 2`);
  const n = fc.nat({ max: 1_000_000 });
  const market = {
    name: 'Магазин',
    base_markup: { type: 1, markup: 15 },
    catalog_markup: [
      { id: 3, markup: 20 },
      { id: 7, markup: 5 },
    ],
  };
  const feed = {
    name: 'Rozetka',
    file_type: 'rozetka',
    shop: { short_name: 'Мій', company: 'ФОП Фаззер', url: 'https://shop.example' },
    categories: [3, 4],
    markup: 10,
    price_source: 'drop_markup',
    extra_fields: [{ type: 'param', param: 'Гарантія', value: '12 міс' }],
  };
  const product = {
    name_uk: 'Товар',
    name_ru: 'Товар',
    description_uk: 'Опис',
    brand: 'Bosch',
    category_id: 7,
    drop_price: 100,
    retail_price: 150,
    old_drop_price: null,
    qty: 20,
    is_new: true,
    property_value_ids: [6],
  };
  const bodies: Record<string, fc.Arbitrary<unknown>> = {
    'POST /api/v1/auth/register': n.map((i) => ({
      name: 'Фаззер',
      email: `fuzz-reg-${i}@example.com`,
      phone: '+380671234567',
      city: 'Київ',
      password: 'password-123',
      password_confirmation: 'password-123',
      device_token: `d${i}`,
    })),
    'POST /api/v1/auth/confirm': fc.constant({ email: reseller.email, attempt_id: '00000000-0000-4000-8000-000000000000', code: '123456', device_token: 'd' }),
    'POST /api/v1/auth/login': fc.constant({ email: reseller.email, password: reseller.password, device_token: 'fuzz-login' }),
    'POST /api/v1/auth/confirm-login': fc.constant({
      email: reseller.email,
      attempt_id: '00000000-0000-4000-8000-000000000000',
      code: '123456',
      device_token: 'd',
    }),
    'PUT /api/v1/auth/profile': fc.constant({
      name: 'Фаззер',
      phone: '+380671234567',
      city: 'Київ',
      lang: 'uk',
      markup: 12.5,
      is_drop_markup: false,
      auto_confirm_orders: false,
      withdraw_2fa: false,
    }),
    'POST /api/v1/password/forgot': fc.constant({ email: reseller.email }),
    'POST /api/v1/password/restore': fc.constant({
      email: reseller.email,
      attempt_id: '00000000-0000-4000-8000-000000000000',
      code: '123456',
      password: 'password-123',
      password_confirmation: 'password-123',
      device_token: 'd',
    }),
    'PUT /api/v1/admin/users/{id}': fc.constant({ is_verified: true, discount: 5, blocked: false }),
    'POST /api/v1/favorite-products': fc.constantFrom({ product_id: 3 }, { product_id: 5 }),
    'POST /api/v1/product-notifications': fc.constant({ code_id: p2?.id ?? 1 }),
    'POST /api/v1/payments': fc.constant({ amount: 100, payment_document_id: freeDoc ?? 1, comment: 'Поповнення' }),
    'POST /api/v1/withdraws': fc.constant({ requisites: '4111111111111111', amount: 1 }),
    'POST /api/v1/carts': fc.constantFrom({ product_id: 3, qty: 1, retail_price: 130 }, { product_id: 1, qty: 1, retail_price: 150 }),
    'PUT /api/v1/carts/{id}': fc.constant({ qty: 2, retail_price: 130 }),
    'POST /api/v1/orders': fc.constantFrom(branchOrder, {
      ...branchOrder,
      delivery_type: 'SelfTTN',
      self_ttn: '20450000111222',
      self_ttn_type: 'NovaPoshta',
      payment_method: 'Balance',
    }),
    'PUT /api/v1/orders/{id}': fc.constant({ ...branchOrder, products: [{ product_id: 4, qty: 1, retail_price: 80 }] }),
    'POST /api/v1/markets': fc.constant(market),
    'PUT /api/v1/markets/{id}': fc.constant(market),
    'POST /api/v1/export-settings': fc.constant(feed),
    'PUT /api/v1/export-settings/{id}': fc.constant(feed),
    'PUT /api/v1/admin/payments/{id}': fc.constantFrom({ status: 'Approved' }, { status: 'Declined', reason: 'Не видно суми' }),
    'PUT /api/v1/admin/withdraws/{id}': fc.constantFrom({ status: 'Paid' }, { status: 'Declined', reason: 'Невірна картка' }),
    'POST /api/v1/admin/users/{id}/corrections': fc.constantFrom({ amount: 10.5, comment: 'Корекція' }, { amount: -1, comment: 'Списання' }),
    'POST /api/v1/admin/orders/{id}/status': fc.constantFrom({ status: 'Confirmed' }, { status: 'Complected', comment: 'ok' }, { status: 'Canceled' }),
    'POST /api/v1/admin/orders/{id}/payment': fc.constant({ payment_status: 'Paid' }),
    'PUT /api/v1/admin/orders/{id}/ttn': fc.constant({ ttn: '20450000111333', cost: 55 }),
    'POST /api/v1/admin/orders/{id}/ttn': fc.constant({ weight: 1.5, seats: 1, description: 'Чохли' }),
    'POST /api/v1/admin/catalog/categories': fc.constant({ name_uk: 'Нова', name_ru: 'Новая', parent_id: 2, sort: 3 }),
    'PUT /api/v1/admin/catalog/categories/{id}': fc.constant({ name_uk: 'Нова', name_ru: 'Новая', sort: 1 }),
    'PUT /api/v1/admin/catalog/products/{id}': fc.constant(product),
    'PUT /api/v1/admin/settings/{key}': fc.constantFrom(
      { uk: [{ question: 'Питання?', answer: 'Відповідь' }], ru: [{ question: 'Вопрос?', answer: 'Ответ' }] },
      { uk: { title: 'Політика', updated_at: '2024-01-01', html: '<p>Текст</p>' }, ru: { title: 'Политика', updated_at: '2024-01-01', html: '<p>Текст</p>' } },
      { uk: { version: '1.0.1', entries: { '01/02/2024': [{ title: 'Нове', subtitle: 'Опис' }] } }, ru: { version: '1.0.1', entries: {} } },
    ),
    'PUT /api/v1/admin/supplier-settings': fc.constantFrom({ enforce_recommended_price: true }, { enforce_recommended_price: false }),
    'POST /api/v1/admin/notifications/broadcast': fc.constant({
      title_uk: 'Новина',
      title_ru: 'Новость',
      message_uk: 'Текст',
      message_ru: 'Текст',
      user_ids: [reseller.id],
      mail: false,
    }),
    'POST /broadcasting/auth': fc.constant({ socket_id: '1234.5678', channel_name: `private-users.${reseller.id}` }),
    'PUT /api/v1/admin/onec/settings': fc.constant({ price_types: { drop: ['Опт'], retail: ['Роздріб'], old_drop: [] } }),
  };
  return bodies[op.key];
}

// ---- Bodies -------------------------------------------------------------------------------------

const RAW_BODIES: { text: string; contentType?: string }[] = [
  { text: '{' },
  { text: '{"a":' },
  { text: '[1,]' },
  { text: 'nul' },
  { text: '' },
  { text: '\u0000' },
  { text: '{"a":1,"a":2}' },
  { text: '"just a string"' },
  { text: '12345' },
  { text: 'null' },
  { text: '{"__proto__":{"polluted":true}}' },
  { text: '{"constructor":{"prototype":{"polluted":true}}}' },
  { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { text: 'hello', contentType: 'text/plain' },
  { text: '<xml/>', contentType: 'application/xml' },
  { text: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { text: '{"a":1}', contentType: 'application/vnd.api+json' },
  { text: '{"a":1}', contentType: 'multipart/form-data; boundary=x' },
  { text: '{"a":1}', contentType: 'application/json, text/plain' },
];

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const ZIP = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex');
const XML = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.10"><Каталог><Товары><Товар><Ид>x</Ид></Товар></Товары></Каталог></КоммерческаяИнформация>',
);

interface FilePart {
  field: string;
  name: string;
  type: string;
  content: Buffer;
}

/**
 * Multipart bodies: random fields and files, and (half of the time) the parts the route expects
 * (`order_id` and `type` beside an order document, an image or PDF as `file`, 1C XML as `import`)
 * with now and then one of them wrong.
 */
function multipartArb(hints: Hints): fc.Arbitrary<Body> {
  const fieldValue = fc.oneof(
    hints.order_id!.map(String),
    fc.constantFrom('waybill', 'invoice', 'other', 'receipt', 'photo'),
    fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 300)),
  );
  const field = fc.tuple(fc.constantFrom('order_id', 'type', 'comment', 'x', '__proto__', 'constructor', 'file'), fieldValue);
  const name = fc.constantFrom(
    'r.png',
    'a.pdf',
    'import.xml',
    'offers.zip',
    '../../x.png',
    'я.jpg',
    '',
    'x'.repeat(300),
    'a\u0000.png',
    'noext',
    'a\ud800.png',
    'a"b.png',
  );
  const file: fc.Arbitrary<FilePart> = fc.record({
    field: fc.constantFrom('file', 'import', 'offers', 'pictures', 'image', 'images', 'x'),
    name,
    type: fc.constantFrom('image/png', 'application/pdf', 'application/zip', 'text/xml', 'application/octet-stream', 'image/jpeg', ''),
    content: fc.oneof(
      fc.constantFrom(PNG, PDF, ZIP, XML, Buffer.alloc(0), Buffer.from('not an image')),
      fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)),
    ),
  });
  const expectedFields: fc.Arbitrary<[string, string][]> = fc
    .tuple(hints.order_id!.map(String), fc.constantFrom('waybill', 'invoice', 'other'))
    .map(([id, type]) => [
      ['order_id', id],
      ['type', type],
    ]);
  const expectedFiles: fc.Arbitrary<FilePart[]> = fc.oneof(
    fc.record({ field: fc.constant('file'), name, type: fc.constant('image/png'), content: fc.constantFrom<Buffer>(PNG, PDF) }).map((f): FilePart[] => [f]),
    fc.constant<FilePart[]>([
      { field: 'import', name: 'import.xml', type: 'text/xml', content: XML },
      { field: 'offers', name: 'offers.xml', type: 'text/xml', content: XML },
    ]),
  );
  const parts = fc.oneof(
    fc.record({ fields: fc.array(field, { maxLength: 3 }), files: fc.array(file, { maxLength: 3 }) }),
    fc.record({
      fields: fc.oneof(expectedFields, fc.array(field, { maxLength: 2 })),
      files: fc.oneof({ weight: 3, arbitrary: expectedFiles }, { weight: 1, arbitrary: fc.array(file, { maxLength: 2 }) }),
    }),
  );
  return fc
    .record({ parts, broken: fc.nat({ max: 12 }) })
    .map(({ parts: { fields, files }, broken }) => ({ fields, files, broken }))
    .map(({ fields, files, broken }) => {
      const boundary = `----fuzz${crypto.randomBytes(6).toString('hex')}`;
      const parts: Buffer[] = [];
      for (const [k, v] of fields) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
      for (const f of files) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\n${f.type ? `Content-Type: ${f.type}\r\n` : ''}\r\n`,
          ),
        );
        parts.push(f.content, Buffer.from('\r\n'));
      }
      // Now and then a truncated body or a boundary that never comes.
      if (broken !== 1) parts.push(Buffer.from(`--${boundary}--\r\n`));
      const contentType =
        broken === 2 ? 'multipart/form-data' : broken === 3 ? 'multipart/form-data; boundary=other' : `multipart/form-data; boundary=${boundary}`;
      const summary = JSON.stringify({ fields, files: files.map((f) => ({ field: f.field, name: f.name, type: f.type, bytes: f.content.length })), broken });
      return { kind: 'multipart', payload: Buffer.concat(parts), contentType, summary } as Body;
    });
}

/** The NP emulator's envelope (its routes take any JSON): real models, methods and properties mixed with hostile ones. */
const npEnvelopeArb: fc.Arbitrary<unknown> = fc.record(
  {
    apiKey: fc.oneof(fc.constant(''), fc.string()),
    modelName: fc.oneof(fc.constantFrom(...NP_MODELS), anyHostile),
    calledMethod: fc.oneof(fc.constantFrom(...NP_METHODS), anyHostile),
    methodProperties: fc.oneof(
      fc.record(
        {
          CityName: fc.oneof(fc.constantFrom('Київ', 'Львів', 'к'), anyHostile),
          CityRef: fc.oneof(fc.constant(KYIV), anyHostile),
          FindByString: fc.oneof(fc.constantFrom('1', 'Відділення', ''), anyHostile),
          Page: fc.oneof(fc.integer({ min: -5, max: 5 }), anyHostile),
          Limit: fc.oneof(fc.integer({ min: -5, max: 500 }), anyHostile),
          Documents: fc.oneof(fc.array(fc.record({ DocumentNumber: fc.oneof(fc.constant('20450000111222'), anyHostile) }), { maxLength: 3 }), anyHostile),
          DocumentRefs: anyHostile,
          Cost: anyHostile,
          Weight: anyHostile,
          SeatsAmount: anyHostile,
          RecipientCityName: anyHostile,
          number: anyHostile,
        },
        { requiredKeys: [] },
      ),
      anyHostile,
    ),
    number: fc.oneof(fc.constant('20450000111222'), anyHostile),
    scenario: fc.oneof(fc.constantFrom('delivered', 'refused', 'storage_expired', 'deleted'), anyHostile),
    steps: fc.oneof(fc.integer({ min: -2, max: 1_001 }), anyHostile),
  },
  { requiredKeys: [] },
);

function bodyArbFor(op: Operation, hints: Hints, valid: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<Body> {
  const mutating = op.method !== 'GET' && op.method !== 'HEAD';
  if (!mutating)
    return fc.oneof(
      { weight: 9, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      { weight: 1, arbitrary: anyHostile.map((v): Body => ({ kind: 'json', value: v })) },
    );
  const raw = fc.constantFrom(...RAW_BODIES).map((r): Body => ({ kind: 'raw', ...r }));
  const json = (op.body ? bodyArb(op.body, hints, valid) : op.path.startsWith('/emulators/') ? fc.oneof(npEnvelopeArb, anyHostile) : anyHostile).map(
    (v): Body => ({ kind: 'json', value: v }),
  );
  const arbs: fc.WeightedArbitrary<Body>[] = [
    { weight: 10, arbitrary: json },
    { weight: 1, arbitrary: raw },
    { weight: op.body ? 1 : 3, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  ];
  if (MULTIPART.has(op.key)) arbs.push({ weight: 14, arbitrary: multipartArb(hints) });
  return fc.oneof(...arbs);
}

function describeRequest(op: Operation, url: string, req: FuzzRequest, res: LightMyRequestResponse, error: unknown): string {
  const body =
    req.body.kind === 'json'
      ? toJsonText(req.body.value)
      : req.body.kind === 'raw'
        ? `${req.body.contentType ?? 'application/json'}: ${JSON.stringify(req.body.text)}`
        : req.body.kind === 'multipart'
          ? `multipart ${req.body.summary}`
          : '(none)';
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const err =
    error instanceof Error
      ? `${error.name}: ${cut(error.message, 300)} ${(error as { code?: string }).code ?? ''}${cause ? `\n      cause: ${cause.code ?? ''} ${cut(cause.message ?? '', 200)}` : ''}\n      ${error.stack?.split('\n').slice(1, 4).join('\n      ')}`
      : error
        ? cut(JSON.stringify(error), 300)
        : '(no error captured)';
  return [
    `${op.method} ${cut(url, 400)}`,
    `  locale: ${cut(JSON.stringify(req.locale ?? '-'), 40)}`,
    `  body: ${cut(body, 600)}`,
    `  -> ${res.statusCode} ${cut(res.body, 400)}`,
    `  server error: ${err}`,
  ].join('\n');
}

async function waitForImports() {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const [row] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM onec_import_runs WHERE status IN ('queued', 'running')`);
    if (!row || Number(row.n) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Fuzzes one operation; answers the failures it saw and how many requests it sent. */
async function fuzzOperation(
  op: Operation,
  runs: number,
): Promise<{ failures: Failure[]; requests: number; statuses: Record<number, number>; inconclusive: number }> {
  const failures: Failure[] = [];
  const statuses: Record<number, number> = {};
  const seen = new Set<string>();
  const mutating = op.method !== 'GET' && op.method !== 'HEAD';
  const admin = op.path.startsWith('/api/v1/admin');
  const hints = await hintsFor();

  const paramArbs: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.pathParams) paramArbs[p.name] = await pathParamArb(op, p);
  const reqArb: fc.Arbitrary<FuzzRequest> = fc.record({
    params: fc.record(paramArbs) as fc.Arbitrary<Record<string, string>>,
    query: op.query.length
      ? queryArb(op.query, hints)
      : fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: queryArb([{ name: 'x', schema: {} }]) }),
    queryStyle: fc.nat({ max: 76 }),
    body: bodyArbFor(op, hints, await validBodyFor(op)),
    locale: fc.constantFrom(undefined, 'uk', 'ru', 'en', 'ru-RU,ru;q=0.9', '\u0000', 'x'.repeat(300)),
  });

  let base: Fingerprint | null = null;
  let requests = 0;
  let inconclusive = 0;
  // The property records a failure rather than throwing: one run reports every distinct failure
  // of every route, each with its request (fast-check would stop at the first and shrink it).
  await fc.assert(
    fc.asyncProperty(reqArb, async (req) => {
      let token = !op.secured ? undefined : admin ? operator.token : reseller.token;
      let currentDevice = '';
      if (FRESH_CALLER.has(op.key)) {
        token = await login(reseller.email, reseller.password);
        const [dev] = await sql<{ id: number }>(`SELECT id FROM devices WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [reseller.id]);
        currentDevice = String(dev?.id ?? 0);
        base = null;
      }
      const url =
        op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          const v = req.params[name] ?? '1';
          return v === 'CURRENT_DEVICE' ? currentDevice : v;
        }) + (Object.keys(req.query).length || req.queryStyle % 7 === 3 ? `?${queryString(req.query, req.queryStyle)}` : '');
      const id = `fuzz-${++reqSeq}`;
      const headers: Record<string, string> = { 'x-fuzz-id': id };
      if (token) headers.authorization = `Bearer ${token}`;
      if (req.locale !== undefined) headers['x-localization'] = req.locale;
      let payload: string | Buffer | undefined;
      if (req.body.kind === 'json') {
        payload = toJsonText(req.body.value);
        headers['content-type'] = 'application/json';
      } else if (req.body.kind === 'raw') {
        payload = req.body.text;
        headers['content-type'] = req.body.contentType ?? 'application/json';
      } else if (req.body.kind === 'multipart') {
        payload = req.body.payload;
        headers['content-type'] = req.body.contentType;
      }

      if (mutating && !base) {
        await settle();
        base = await fingerprint();
      }
      const res = await app.inject({ method: op.method as 'GET', url, headers, payload });
      requests++;
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const error = serverErrors.get(id);
      serverErrors.delete(id);

      if (res.statusCode >= 500) {
        const sig = `${res.statusCode} ${error instanceof Error ? error.message.slice(0, 80) : ''}`;
        if (!seen.has(sig)) {
          seen.add(sig);
          failures.push({ op: op.key, kind: '5xx', detail: describeRequest(op, url, req, res, error) });
        }
      }
      if (op.key === 'POST /api/v1/admin/onec/imports' && res.statusCode < 300) await waitForImports();
      if (mutating) {
        if (res.statusCode >= 400) {
          const after = await fingerprint();
          const changed = changedTables(base!, after);
          if (changed.length && (await backgroundRanSince(base!.at))) {
            inconclusive++;
            base = null;
          } else if (changed.length) {
            const sig = `state ${changed.join(',')} ${res.statusCode}`;
            if (!seen.has(sig)) {
              seen.add(sig);
              failures.push({
                op: op.key,
                kind: 'state changed on refusal',
                detail: `tables changed: ${changed.join(', ')}\n${describeRequest(op, url, req, res, error)}`,
              });
            }
            base = after;
          }
        } else base = null;
      }
    }),
    { seed: SEED, numRuns: runs, endOnFailure: true },
  );
  return { failures, requests, statuses, inconclusive };
}

beforeAll(async () => {
  smtp = await startSmtp();
  const opened = await openTestDatabase();
  database = opened.database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-fuzz-'));
  const base = testConfig();
  // Per-address limits stay out of the way of the fuzzer's own sign-ins (fresh tokens, restored principals).
  const config = testConfig({
    smtpUrl: smtp.url,
    databaseUrl: opened.url,
    dataDir,
    limits: { ...base.limits, loginPerEmail: 100_000, codePerEmail: 100_000 },
    trackingIntervalSeconds: 3_600,
    feedScheduleSeconds: 3_600,
  });
  app = await buildApp(config, { database });
  app.addHook('onError', async (req, _reply, err) => {
    const id = req.headers['x-fuzz-id'];
    if (typeof id === 'string') serverErrors.set(id, err);
  });
  // The NP client calls the emulator on this server over HTTP (delivery look-ups, waybills).
  await app.listen({ port: 0, host: '127.0.0.1' });
  exchangeTiming.importWaitMs = 50;
  closeAll = async () => {
    await waitForImports();
    await app.close();
    await database.close();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  await loadCatalogFixture(database);
  await sql(`UPDATE products SET qty = 100, reserved = 0`);

  const spec = app.swagger() as { paths: Record<string, Record<string, OperationDoc>> };
  ops = Object.entries(spec.paths).flatMap(([p, byMethod]) =>
    Object.entries(byMethod).map(([m, op]) => {
      const method = m.toUpperCase();
      const params = op.parameters ?? [];
      return {
        key: `${method} ${p}`,
        method,
        path: p,
        secured: Array.isArray(op.security) && op.security.length > 0,
        body: op.requestBody?.content?.['application/json']?.schema,
        query: params.filter((x) => x.in === 'query').map((x) => ({ name: x.name, required: x.required, schema: x.schema })),
        pathParams: params.filter((x) => x.in === 'path'),
      };
    }),
  );

  // The principals and rows of every kind the {id} routes name.
  operator = { id: 0, email: TEST_OPERATOR.email, password: TEST_OPERATOR.password, token: await login(TEST_OPERATOR.email, TEST_OPERATOR.password) };
  operator.id = Number((await sql<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [TEST_OPERATOR.email]))[0]!.id);
  reseller = await createReseller('r');
  victim = await createReseller('v');
  await buildFingerprintSql();
  await seed();
}, 180_000);

afterAll(() => closeAll?.());

async function seed() {
  const R = reseller.token;
  const must = async (what: string, p: Promise<{ status: number; body: any }>) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`seed ${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  await login(reseller.email, reseller.password, 'fuzz-second-device');
  await must('correction', call('POST', `/api/v1/admin/users/${reseller.id}/corrections`, { token: operator.token, body: { amount: 5000, comment: 'fuzz' } }));
  const placeOrder = async () => {
    await must('cart', call('POST', '/api/v1/carts', { token: R, body: { product_id: 4, qty: 1, retail_price: 80 } }));
    return (await must('order', call('POST', '/api/v1/orders', { token: R, body: branchOrder }))).data;
  };
  const confirmed = await placeOrder();
  await must('confirm', call('POST', `/api/v1/orders/${confirmed.id}/confirm`, { token: R }));
  await placeOrder();
  await must('cart', call('POST', '/api/v1/carts', { token: R, body: { product_id: 3, qty: 2, retail_price: 130 } }));
  await must('cart', call('POST', '/api/v1/carts', { token: R, body: { product_id: 5, qty: 1, retail_price: 90 } }));
  const upload = async (url: string, token: string, fields: Record<string, string>, name: string, content: Buffer, type: string) => {
    const boundary = '----fuzzseed';
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    });
    if (res.statusCode >= 300) throw new Error(`seed upload ${url}: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body).data;
  };
  await upload('/api/v1/media-files', R, { order_id: String(confirmed.id), type: 'waybill' }, 'ttn.png', PNG, 'image/png');
  const doc = await upload('/api/v1/payment-documents', R, {}, 'r.png', PNG, 'image/png');
  await upload('/api/v1/payment-documents', R, {}, 'r2.pdf', PDF, 'application/pdf');
  await must('payment', call('POST', '/api/v1/payments', { token: R, body: { amount: 100, payment_document_id: doc.id } }));
  await must('withdraw', call('POST', '/api/v1/withdraws', { token: R, body: { requisites: '4111111111111111', amount: 10 } }));
  await must(
    'market',
    call('POST', '/api/v1/markets', { token: R, body: { name: 'Мій', base_markup: { type: 1, markup: 10 }, catalog_markup: [{ id: 3, markup: 5 }] } }),
  );
  await must(
    'feed',
    call('POST', '/api/v1/export-settings', {
      token: R,
      body: { name: 'Prom.ua', file_type: 'yml', shop: { short_name: 'Мій', company: 'ФОП', url: 'https://shop.example' } },
    }),
  );
  await must('favourite', call('POST', '/api/v1/favorite-products', { token: R, body: { product_id: 1 } }));
  await must(
    'subscription',
    call('POST', '/api/v1/product-notifications', {
      token: R,
      body: { code_id: (await sql<{ id: number }>('SELECT code_id AS id FROM products WHERE id = 2'))[0]!.id },
    }),
  );
  await must(
    'broadcast',
    call('POST', '/api/v1/admin/notifications/broadcast', {
      token: operator.token,
      body: { title_uk: 'a', title_ru: 'a', message_uk: 'b', message_ru: 'b', user_ids: [reseller.id] },
    }),
  );
}

describe('what the fuzzing found (each was a 500)', () => {
  const json = (method: string, url: string, token: string | undefined, payload: string) =>
    app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload,
    });

  test('an unknown body field named `constructor` or `__proto__`: 422 naming it (the error plugin had built the errors on a plain object)', async () => {
    await restorePrincipals();
    const r = await json('POST', '/api/v1/carts', reseller.token, '{"product_id":3,"qty":1,"retail_price":130,"constructor":1}');
    expect(r.statusCode).toBe(422);
    expect(Object.keys(r.json().errors)).toEqual(['constructor']);
  });

  test('a date filter that matches YYYY-MM-DD but is no day (2024-02-30, 2024-13-01, 0000-01-01): 422 on the field, not a database error', async () => {
    for (const [url, token] of [
      ['/api/v1/operations?date_to=2024-02-30', reseller.token],
      ['/api/v1/orders?date_from=2024-13-01', reseller.token],
      ['/api/v1/admin/audit?date_from=0000-01-01', operator.token],
      ['/api/v1/admin/orders?date_to=2023-02-29', operator.token],
    ] as const) {
      const r = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(r.statusCode, url).toBe(422);
    }
    const leap = await app.inject({ method: 'GET', url: '/api/v1/operations?date_from=2024-02-29', headers: { authorization: `Bearer ${reseller.token}` } });
    expect(leap.statusCode).toBe(200);
  });

  test('NUL characters and lone surrogates in a query, a path or a JSON body: 422 naming the field in the request language', async () => {
    const q = await app.inject({
      method: 'GET',
      url: '/api/v1/filters?search=a%00b',
      headers: { authorization: `Bearer ${reseller.token}`, 'x-localization': 'ru' },
    });
    expect(q.statusCode).toBe(422);
    expect(q.json().errors).toEqual({ search: ['Недопустимое значение'] });
    const [payment] = await sql<{ id: number }>(`SELECT id FROM payments ORDER BY id LIMIT 1`);
    const b = await json('PUT', `/api/v1/admin/payments/${payment!.id}`, operator.token, '{"status":"Declined","reason":"x\\u0000y"}');
    expect(b.statusCode).toBe(422);
    expect(Object.keys(b.json().errors)).toEqual(['reason']);
    const s = await json(
      'POST',
      '/api/v1/admin/notifications/broadcast',
      operator.token,
      '{"title_uk":"\\ud800","title_ru":"a","message_uk":"a","message_ru":"a","user_ids":[1]}',
    );
    expect(s.statusCode).toBe(422);
    expect(Object.keys(s.json().errors)).toEqual(['title_uk']);
  });

  test('ids past the database integer (user_ids, payment_document_id, order products): 422, not an out-of-range error', async () => {
    const big = 9_007_199_254_740_991;
    const a = await json(
      'POST',
      '/api/v1/admin/notifications/broadcast',
      operator.token,
      JSON.stringify({ title_uk: 'a', title_ru: 'a', message_uk: 'a', message_ru: 'a', user_ids: [big] }),
    );
    expect(a.statusCode).toBe(422);
    const b = await json('POST', '/api/v1/payments', reseller.token, JSON.stringify({ amount: 1, payment_document_id: 2_147_483_648 }));
    expect(b.statusCode).toBe(422);
    expect(Object.keys(b.json().errors)).toEqual(['payment_document_id']);
  });

  test('an amount that is not zero but rounds to 0 kopecks (1e-300): 422, not a ledger error or a zero payment', async () => {
    const c = await json('POST', `/api/v1/admin/users/${victim.id}/corrections`, operator.token, '{"amount":-1e-300,"comment":"x"}');
    expect(c.statusCode).toBe(422);
    const w = await json('POST', '/api/v1/withdraws', reseller.token, '{"requisites":"4111111111111111","amount":1e-300}');
    expect(w.statusCode).toBe(422);
  });

  test('a multipart body without its boundary, or cut short: 400 BadRequest on every upload route', async () => {
    for (const [url, token] of [
      ['/api/v1/payment-documents', reseller.token],
      ['/api/v1/media-files', reseller.token],
      ['/api/v1/admin/catalog/products/1/images', operator.token],
      ['/api/v1/admin/onec/imports', operator.token],
    ] as const) {
      const noBoundary = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
      expect([url, noBoundary.statusCode, noBoundary.json().code]).toEqual([url, 400, 'BadRequest']);
      const cut = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' },
        payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\n\r\nabc',
      });
      expect([url, cut.statusCode]).toEqual([url, 400]);
    }
  });

  test('a file name with a NUL character: the receipt is stored under the name without it', async () => {
    const boundary = '----nul';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r\u0000eceipt.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/payment-documents',
      headers: { authorization: `Bearer ${reseller.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.name).toBe('receipt.png');
  });
});

/** `METHOD /path` of every route in Fastify's printed route tree (HEAD left out: GET's twin). */
function routeTable(tree: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    stack.length = m[1]!.length / 4;
    stack.push(m[2]!);
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') out.push(`${method} ${stack.join('').replace(/\/$/, '') || '/'}`);
  }
  return out;
}

/** Mutating operations that delete go last, so the rows they remove were there for the others. */
const order = (o: Operation) => (o.method === 'DELETE' ? 1 : 0);

describe('fuzzing every route of the OpenAPI document from its schema', () => {
  test('every operation is fuzzed or listed as skipped with a reason', () => {
    const keys = new Set(ops.map((o) => o.key));
    expect(ops.length).toBeGreaterThan(100);
    expect(Object.keys(SKIP).filter((k) => !keys.has(k))).toEqual([]);
    expect([...MULTIPART, ...FRESH_CALLER].filter((k) => !keys.has(k))).toEqual([]);
  });

  test('the fingerprint sees a changed row and ignores the excluded columns', async () => {
    await settle();
    const before = await fingerprint();
    await sql(`UPDATE devices SET used_at = now() + interval '1 minute', ip_address = '10.0.0.9' WHERE user_id = $1`, [reseller.id]);
    expect(changedTables(before, await fingerprint())).toEqual([]);
    await sql(`UPDATE users SET city = coalesce(city, '') || 'x' WHERE id = $1`, [victim.id]);
    expect(changedTables(before, await fingerprint())).toEqual(['users']);
  });

  test('every route the OpenAPI document hides is fuzzed below or skipped with a reason', () => {
    const documented = new Set(ops.map((o) => `${o.method} ${o.path.replace(/\{([^}]+)\}/g, ':$1').replace(/\/$/, '')}`));
    const hidden = routeTable(app.printRoutes({ commonPrefix: false })).filter((r) => !documented.has(r));
    expect(hidden.filter((r) => !HIDDEN[r])).toEqual([]);
  });

  test('no 5xx, and a refused request changes nothing', async () => {
    const failures: Failure[] = [];
    const report: string[] = [];
    const started = Date.now();
    let total = 0;
    const fuzzed = ops.filter((o) => !SKIP[o.key]).sort((a, b) => order(a) - order(b));
    for (const op of fuzzed) {
      await restorePrincipals();
      const t0 = Date.now();
      const runs = MULTIPART.has(op.key) ? RUNS * 2 : RUNS;
      const r = await fuzzOperation(op, runs);
      total += r.requests;
      failures.push(...r.failures);
      report.push(
        `${String(Date.now() - t0).padStart(6)} ms  ${op.key}  ${JSON.stringify(r.statuses)}${r.inconclusive ? `  (${r.inconclusive} checks retaken: a job ran)` : ''}`,
      );
    }
    console.log(
      `fuzz (${process.env.TEST_DB_KIND}): ${fuzzed.length} operations, ${RUNS} runs each (multipart ${RUNS * 2}), ${total} requests in ${Date.now() - started} ms\n${report.join('\n')}`,
    );
    expect(failures.map((f) => `[${f.kind}] ${f.op}\n${f.detail}`)).toEqual([]);
  }, 600_000);

  test('the hidden routes (pictures, feeds, the 1C exchange): no 5xx, nothing served from outside their directories', async () => {
    const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
    // The exchange's own pair (a staff password is refused: fuzzed below too).
    const made = await app.inject({ method: 'POST', url: '/api/v1/admin/onec/credentials', headers: { authorization: `Bearer ${operator.token}` } });
    expect(made.statusCode).toBe(201);
    const pair = (JSON.parse(made.body) as { data: { login: string; secret: string } }).data;
    const check = await app.inject({
      method: 'GET',
      url: '/1c/exchange?type=catalog&mode=checkauth',
      headers: { authorization: basic(pair.login, pair.secret) },
    });
    expect(check.statusCode).toBe(200);
    const [, cookieName, cookieValue] = check.body.split('\n');
    const feedTokens = (await sql<{ token: string }>(`SELECT token FROM export_settings LIMIT 3`)).map((r) => `${r.token}.xml`);
    const segment = fc.oneof(
      fc.constantFrom(...HOSTILE_SEGMENTS),
      fc.string({ maxLength: 30 }).map(safeEncode),
      fc.constantFrom(
        '..%2f..%2f..%2fetc%2fpasswd',
        '%2e%2e/%2e%2e/etc/passwd',
        '....//....//etc/passwd',
        'demo/p/1-1-o.svg',
        'x.png',
        'a/b/c.jpg',
        'pictures',
        `pictures/00/${'0'.repeat(64)}.jpg`,
        `pictures/00/${'0'.repeat(64)}-m.webp`,
        'pictures/00/..%2f..%2f..%2fetc%2fpasswd',
        'products/00/x.png',
      ),
    );
    const exchangeQuery = fc.record(
      {
        type: fc.oneof(fc.constantFrom('catalog', 'sale'), fc.constantFrom(...NASTY_STRINGS.filter((x) => x.length < 300))),
        mode: fc.oneof(
          fc.constantFrom('checkauth', 'init', 'file', 'import', 'query', 'success', 'complete', 'deactivate'),
          fc.constantFrom(...NASTY_STRINGS.filter((x) => x.length < 300)),
        ),
        filename: fc.oneof(
          fc.constantFrom('import.xml', 'offers.xml', 'import_files/a/b.jpg', 'orders.xml', '../x.xml', '/etc/passwd', 'C:\\x.xml'),
          fc.constantFrom(...NASTY_STRINGS.filter((x) => x.length < 300)),
        ),
      },
      { requiredKeys: [] },
    );
    const request = fc.oneof(
      fc.tuple(fc.constantFrom('/storage/', '/storage/onec/', '/', '/assets/'), fc.array(segment, { minLength: 1, maxLength: 4 })).map(([prefix, parts]) => ({
        method: 'GET',
        url: prefix + parts.join('/'),
        headers: {} as Record<string, string>,
        payload: undefined as Buffer | undefined,
      })),
      fc.oneof(segment, fc.constantFrom(...(feedTokens.length ? feedTokens : ['x.xml']))).map((f) => ({
        method: 'GET',
        url: `/feeds/${f}`,
        headers: { 'accept-encoding': 'gzip' } as Record<string, string>,
        payload: undefined as Buffer | undefined,
      })),
      fc
        .record({
          method: fc.constantFrom('GET', 'POST'),
          query: exchangeQuery,
          auth: fc.constantFrom(
            undefined,
            'Basic !!!',
            basic('nobody@example.com', 'x'),
            basic(reseller.email, reseller.password),
            basic(operator.email, operator.password),
            basic(pair.login, pair.secret),
            basic(pair.login, 'x'),
            `Bearer ${operator.token}`,
          ),
          cookie: fc.constantFrom(undefined, `${cookieName}=${cookieValue}`, `${cookieName}=forged`, `${cookieName}=${'x'.repeat(5000)}`),
          body: fc.oneof(
            fc.constant(undefined),
            fc.constantFrom(XML, ZIP, PNG, Buffer.from('not xml')),
            fc.uint8Array({ maxLength: 3_000 }).map((a) => Buffer.from(a)),
          ),
        })
        .map((r) => {
          const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
          if (r.auth) headers.authorization = r.auth;
          if (r.cookie) headers.cookie = r.cookie;
          const q = Object.entries(r.query)
            .map(([k, v]) => `${k}=${safeEncode(String(v))}`)
            .join('&');
          return { method: r.method, url: `/1c/exchange?${q}`, headers, payload: r.method === 'POST' ? r.body : undefined };
        }),
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const id = `fuzz-${++reqSeq}`;
        const res = await app.inject({ method: r.method as 'GET', url: r.url, headers: { ...r.headers, 'x-fuzz-id': id }, payload: r.payload });
        const error = serverErrors.get(id);
        serverErrors.delete(id);
        // A feed asked for while its first build runs is 503 FeedPending by design (with Retry-After).
        const pending = r.url.startsWith('/feeds/') && res.statusCode === 503 && res.headers['retry-after'];
        if ((res.statusCode >= 500 && !pending) || /root:.*:0:0:/.test(res.body)) {
          failures.push(
            `${r.method} ${r.url.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 200)} ${error instanceof Error ? error.message.slice(0, 200) : ''}`,
          );
        }
      }),
      { seed: SEED, numRuns: RUNS * 10 },
    );
    await waitForImports();
    expect(failures).toEqual([]);
  }, 300_000);
});
