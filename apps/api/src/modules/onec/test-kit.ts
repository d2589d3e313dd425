import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app.ts';

/** Helpers of the 1C tests: the exchange as 1C drives it, zips, multipart bodies, catalogue snapshots. */

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');

export const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

export interface ExchangeRes {
  status: number;
  text: string;
  lines: string[];
  type: string;
}

export async function call(
  t: TestApp,
  query: string,
  opts: { cookie?: string; auth?: string; body?: Buffer; method?: 'GET' | 'POST' } = {},
): Promise<ExchangeRes> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.auth) headers.authorization = opts.auth;
  if (opts.body) headers['content-type'] = 'application/octet-stream';
  const res = await t.app.inject({ method: opts.method ?? (opts.body ? 'POST' : 'GET'), url: `/1c/exchange?${query}`, headers, payload: opts.body });
  return { status: res.statusCode, text: res.body, lines: res.body.split('\n'), type: String(res.headers['content-type'] ?? '') };
}

/** The exchange's own login and secret, made by the test admin through the API (a new pair replaces the previous one). */
export async function exchangeCredentials(t: TestApp): Promise<{ login: string; secret: string }> {
  const r = await t.request('POST', '/api/v1/admin/onec/credentials', { token: await t.operator() });
  if (r.status !== 201) throw new Error(`credentials: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** checkauth with the exchange's login and secret; answers the cookie header 1C sends from then on. */
export async function checkauth(t: TestApp, login: string, secret: string, type = 'catalog'): Promise<string> {
  const r = await call(t, `type=${type}&mode=checkauth`, { auth: basic(login, secret) });
  if (r.lines[0] !== 'success') throw new Error(`checkauth: ${r.status} ${r.text}`);
  return `${r.lines[1]}=${r.lines[2]}`;
}

/** mode=file in chunks of `chunk` bytes, as 1C splits a file over file_limit. */
export async function sendFile(t: TestApp, cookie: string, name: string, data: Buffer, chunk = 64 * 1024): Promise<number> {
  let calls = 0;
  for (let i = 0; i < data.length || (i === 0 && data.length === 0); i += chunk) {
    const r = await call(t, `type=catalog&mode=file&filename=${encodeURIComponent(name)}`, { cookie, body: data.subarray(i, i + chunk) });
    if (r.lines[0] !== 'success') throw new Error(`file ${name}: ${r.status} ${r.text}`);
    calls += 1;
    if (data.length === 0) break;
  }
  return calls;
}

/** Every file of a fixture package, relative names with '/'. */
export function packageFiles(dir: string): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else out.push({ name: path.relative(dir, abs).split(path.sep).join('/'), data: fs.readFileSync(abs) });
    }
  };
  walk(dir);
  return out;
}

/** mode=import repeated (as 1C does) until it answers success or failure. */
export async function importUntilDone(t: TestApp, cookie: string, filename: string): Promise<{ res: ExchangeRes; calls: number; progress: string[] }> {
  const progress: string[] = [];
  for (let calls = 1; calls <= 200; calls++) {
    const res = await call(t, `type=catalog&mode=import&filename=${encodeURIComponent(filename)}`, { cookie });
    if (res.lines[0] === 'progress') {
      progress.push(res.lines[1] ?? '');
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    return { res, calls, progress };
  }
  throw new Error(`import ${filename}: no answer but progress`);
}

/** The whole exchange: checkauth, init, the files in chunks, import of each XML until success. */
export async function runExchange(t: TestApp, login: string, secret: string, dir: string, opts: { chunk?: number; zip?: boolean; imports?: string[] } = {}) {
  const cookie = await checkauth(t, login, secret);
  const init = await call(t, 'type=catalog&mode=init', { cookie });
  const files = packageFiles(dir);
  let fileCalls = 0;
  if (opts.zip) fileCalls += await sendFile(t, cookie, 'package.zip', makeZip(files), opts.chunk);
  else for (const f of files) fileCalls += await sendFile(t, cookie, f.name, f.data, opts.chunk);
  const imports = [];
  for (const name of opts.imports ?? ['import.xml', 'offers.xml']) imports.push({ name, ...(await importUntilDone(t, cookie, name)) });
  return { cookie, init, fileCalls, imports };
}

// ---------- zip (stored, for tests) ----------

/** A zip archive (stored entries, or deflated when `deflate`), enough for the exchange tests. */
export function makeZip(entries: { name: string; data: Buffer; declaredSize?: number }[], deflate = true): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = deflate ? zlib.deflateRawSync(e.data) : e.data;
    const crc = zlib.crc32(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

// ---------- multipart ----------

export function multipartBody(parts: { field: string; filename: string; data: Buffer; type?: string }[]): { body: Buffer; contentType: string } {
  const boundary = `----drop1c${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------- snapshots ----------

const rowsOf = async (t: TestApp, q: string) => ((await t.database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Every catalogue row the import may touch, with updated_at, in a stable order. */
export async function catalogueSnapshot(t: TestApp) {
  return {
    categories: await rowsOf(t, 'SELECT id, parent_id, depth, name_uk, name_ru, sort, external_id, updated_at FROM categories ORDER BY id'),
    products: await rowsOf(
      t,
      `SELECT id, b2b_code_id, code_id, vendor_code, name_uk, name_ru, description_uk, description_ru, brand, category_id, parent_id, root_id,
              drop_kop::text, old_drop_kop::text, retail_kop::text, qty, has_images, property_value_ids, search_text, external_id, updated_at
         FROM products ORDER BY id`,
    ),
    properties: await rowsOf(t, 'SELECT * FROM property_types ORDER BY id'),
    values: await rowsOf(t, 'SELECT * FROM property_values ORDER BY id'),
    productProperties: await rowsOf(t, 'SELECT * FROM product_properties ORDER BY product_id, property_value_id'),
    images: await rowsOf(t, 'SELECT * FROM product_images ORDER BY id'),
    // Events are consumed by the back-in-stock worker; their sequence only grows.
    restocks: await restockSeq(t),
  };
}

export const query = rowsOf;

/** How many restock events were ever recorded (the back-in-stock worker deletes them as it goes). */
export async function restockSeq(t: TestApp): Promise<number> {
  const [r] = await rowsOf(t, 'SELECT last_value, is_called FROM restock_events_id_seq');
  return r!.is_called ? Number(r!.last_value) : 0;
}
