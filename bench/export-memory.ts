/**
 * Export memory benchmark (issue 29): does exporting the ledger stream, or does the process hold
 * the file? Seeds 100,000 ledger rows (100 resellers; every tenth row a correction, so the filter
 * `type=correction` is exactly 10,000 of them), serves the API in this process on a random port
 * and downloads `GET /api/v1/admin/operations/export` as CSV and XLSX with fetch, counting bytes
 * and rows as they arrive (the XLSX goes to a temporary file, its rows counted after the
 * measurement). `process.memoryUsage()` (rss, heapUsed) is sampled every 50 ms; the table shows
 * the baseline before each download, the peak during it and their difference, for 10,000 and
 * 100,000 rows: if the export streams, the difference does not grow tenfold with the rows.
 *
 *   npm run bench:exports [-- --formats csv,xlsx --encoding identity]
 *
 * The download asks for `gzip, deflate, br` as a browser does (CSV is compressed on the way,
 * XLSX is a zip already); `--encoding identity` measures without compression.
 *
 * PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is set (database `<name>_exports`, created
 * when missing, seeded once), else an embedded PGlite database in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';

const { values } = parseArgs({ options: { formats: { type: 'string', default: 'csv,xlsx' }, encoding: { type: 'string', default: 'gzip, deflate, br' } } });
const FORMATS = values.formats.split(',') as ('csv' | 'xlsx')[];
const ROWS = 100_000;
const RESELLERS = 100;

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** The PostgreSQL database of this bench (created when missing), or undefined for PGlite. */
async function databaseUrl(): Promise<string | undefined> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) return undefined;
  const u = new URL(base);
  const name = `${u.pathname.slice(1) || 'drop_bench'}_exports`;
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
  u.pathname = `/${name}`;
  return u.toString();
}

interface Sample {
  rss: number;
  heap: number;
  /** Buffers outside the JS heap (a held file would show here too). */
  buffers: number;
}
/** Samples memory every 50 ms until stopped: the peak of each. */
function sampler() {
  const peak: Sample = { rss: 0, heap: 0, buffers: 0 };
  const take = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.buffers = Math.max(peak.buffers, m.arrayBuffers);
  };
  take();
  const timer = setInterval(take, 50);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}

/** Memory at rest: after a collection, the mean of 10 samples over 500 ms. */
async function baseline(): Promise<Sample> {
  gc();
  await sleep(200);
  gc();
  let rss = 0;
  let heap = 0;
  let buffers = 0;
  for (let i = 0; i < 10; i++) {
    const m = process.memoryUsage();
    rss += m.rss;
    heap += m.heapUsed;
    buffers += m.arrayBuffers;
    await sleep(50);
  }
  return { rss: rss / 10, heap: heap / 10, buffers: buffers / 10 };
}

async function xlsxRowCount(file: string): Promise<number> {
  let n = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' });
  for await (const sheet of reader) for await (const _row of sheet) n++;
  return n - 1; // the header
}

async function main() {
  const dbUrl = await databaseUrl();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-bench-exports-'));
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { buildApp, openDatabase } = await import('../apps/api/src/app.ts');
  const { bootstrapDatabase } = await import('../apps/api/src/db/bootstrap.ts');
  const { users } = await import('../apps/api/src/db/schema/index.ts');
  const { authRepo } = await import('../apps/api/src/modules/auth/auth.repository.ts');
  const { hashPassword, newToken } = await import('../apps/api/src/lib/security.ts');

  const config = loadConfig({ NODE_ENV: 'production', NP_EMULATOR: '1', DATA_DIR: dataDir, DATABASE_URL: dbUrl ?? '', LOG_LEVEL: 'warn' });
  const database = await openDatabase(config);
  await bootstrapDatabase(database, config);
  const { db } = database;

  // ---- seed (once per database) ----
  const t0 = Date.now();
  const passwordHash = await hashPassword('bench-exports-1');
  const [admin] = await db
    .insert(users)
    .values({ email: 'bench-exports-admin@drop.local', name: 'Bench Admin', role: 'admin', passwordHash, emailVerifiedAt: new Date() })
    .onConflictDoUpdate({ target: users.email, set: { role: 'admin', blocked: false } })
    .returning({ id: users.id });
  const count = async () =>
    Number(
      ((await db.execute(sql`SELECT count(*)::int AS n FROM operations WHERE idempotency_key LIKE 'bench-exp-%'`)) as unknown as { rows: { n: number }[] })
        .rows[0]!.n,
    );
  if ((await count()) < ROWS) {
    await db.execute(sql`
      INSERT INTO users (email, name, phone, password_hash, email_verified_at)
      SELECT 'bench-exports-' || g || '@drop.local', 'Реселер ' || g || CASE WHEN g % 10 = 0 THEN ' =HYPERLINK("x")' ELSE '' END, '+38050' || lpad(g::text, 7, '0'), ${passwordHash}, now()
      FROM generate_series(1, ${RESELLERS}) g
      ON CONFLICT (email) DO NOTHING`);
    // 100,000 rows over the last 100 days, every tenth a correction; signed amounts.
    await db.execute(sql`
      INSERT INTO operations (user_id, type, amount_kop, balance_kop, description_uk, description_ru, comment, idempotency_key, created_at)
      SELECT u.id,
             CASE WHEN g % 10 = 0 THEN 'correction' WHEN g % 3 = 0 THEN 'withdrawal' ELSE 'order' END,
             CASE WHEN g % 3 = 0 THEN -(g % 50000) - 1 ELSE (g % 70000) + 1 END,
             (g % 900000),
             'Замовлення №' || (100000 + g) || ': прибуток з накладеного платежу',
             'Заказ №' || (100000 + g) || ': прибыль с наложенного платежа',
             CASE WHEN g % 7 = 0 THEN 'коментар оператора ' || g END,
             'bench-exp-' || g,
             now() - (g * interval '86 seconds')
      FROM generate_series(1, ${ROWS}) g
      JOIN users u ON u.email = 'bench-exports-' || (1 + g % ${RESELLERS}) || '@drop.local'
      ON CONFLICT DO NOTHING`);
  }
  const seeded = await count();
  console.log(`database: ${dbUrl ? 'PostgreSQL' : 'PGlite'}; ${seeded} ledger rows ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // A signed-in admin: a token written as a sign-in writes it (no mailed code in a bench).
  const device = await authRepo.upsertDevice(db, { userId: admin!.id, deviceToken: 'bench-exports', name: 'bench', ipAddress: '127.0.0.1' });
  const { token, hash } = newToken();
  await authRepo.insertToken(db, { userId: admin!.id, deviceId: device.id, tokenHash: hash });

  const app = await buildApp(config, { database, startJobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  /** One download: bytes and rows as they arrive, memory sampled meanwhile. */
  async function run(format: 'csv' | 'xlsx', query: string) {
    const base = await baseline();
    const s = sampler();
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/admin/operations/export?format=${format}${query}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': values.encoding },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    let bytes = 0;
    let rows = 0;
    const file = path.join(dataDir, `export.${format}`);
    if (format === 'csv') {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) rows++;
      }
      rows -= 1; // the header
    } else {
      await pipeline(
        Readable.fromWeb(res.body as WebReadableStream),
        async function* (src: AsyncIterable<Buffer>) {
          for await (const chunk of src) {
            bytes += chunk.byteLength;
            yield chunk;
          }
        },
        fs.createWriteStream(file),
      );
    }
    const ms = performance.now() - started;
    const peak = s.stop();
    if (format === 'xlsx') {
      rows = await xlsxRowCount(file);
      fs.rmSync(file);
    }
    return { base, peak, ms, bytes, rows };
  }

  const cases = [
    { rows: 10_000, query: '&type=correction' },
    { rows: ROWS, query: '' },
  ];
  // Warm-up (code loaded, pools open), not reported.
  for (const format of FORMATS) await run(format, '&type=correction');

  const results: string[] = [];
  const delta: Record<string, number[]> = {};
  for (const format of FORMATS) {
    for (const c of cases) {
      const r = await run(format, c.query);
      if (r.rows !== c.rows) throw new Error(`${format}: ${r.rows} rows, expected ${c.rows}`);
      const dr = r.peak.rss - r.base.rss;
      const dh = r.peak.heap - r.base.heap;
      const db = r.peak.buffers - r.base.buffers;
      (delta[format] ??= []).push(dr, dh, db);
      results.push(
        `| ${format} | ${c.rows.toLocaleString('en')} | ${(r.ms / 1000).toFixed(2)} | ${Math.round(c.rows / (r.ms / 1000)).toLocaleString('en')} | ${mb(r.bytes)} | ${mb(r.base.rss)} | ${mb(r.peak.rss)} | ${mb(dr)} | ${mb(r.base.heap)} | ${mb(r.peak.heap)} | ${mb(dh)} | ${mb(db)} |`,
      );
    }
  }
  console.log(`\nGET /api/v1/admin/operations/export through the HTTP server (memory of this process, MB; sampled every 50 ms)\n`);
  console.log('| format | rows | s | rows/s | file MB | rss base | rss peak | rss peak−base | heap base | heap peak | heap peak−base | buffers peak−base |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const line of results) console.log(line);
  for (const [format, [r10, h10, b10, r100, h100, b100]] of Object.entries(delta)) {
    console.log(
      `\n${format}: peak−base at 100,000 rows vs 10,000: rss ${mb(r100!)} vs ${mb(r10!)} MB, heap ${mb(h100!)} vs ${mb(h10!)} MB, buffers ${mb(b100!)} vs ${mb(b10!)} MB (10x the rows)`,
    );
  }

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
