/**
 * Feed benchmark (issue 8): a full YML feed of the whole catalogue priced by a store with
 * per-category markups, on PostgreSQL, at two catalogue sizes (100k and 1M by default).
 *
 *   npm run bench:feeds [-- --sizes 100000,1000000 --runs 2]
 *
 * For each size: a database `drop_bench` (1M, shared with bench:catalog) or `drop_bench_<size>`
 * is created and seeded once; the API is started on it; a verified reseller creates a store and
 * a feed through the HTTP API, and the job builds it (in its own process, as in production).
 * Then the same build process is run `--runs` more times directly, so its peak resident memory
 * can be read. Prints offers/s, the build time, peak RSS, file and gzip sizes, and, in the same
 * run, how fast the database alone streams the same rows (the ceiling the build is measured
 * against).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiJson, ensureCatalogue, root, startApi } from './lib.ts';
import { openFeedStream, PRODUCT_FIELDS } from '../apps/api/src/modules/exports/feed-source.ts';
import { int4 } from '../apps/api/src/modules/exports/copy-binary.ts';
import { buildInProcess } from '../apps/api/src/modules/exports/feed-build.process.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    runs: { type: 'string', default: '2' },
    port: { type: 'string', default: '3394' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/drop_bench';
const urlFor = (n: number) => {
  if (n === 1_000_000) return base;
  const u = new URL(base);
  u.pathname = `${u.pathname}_${n}`;
  return u.toString();
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const json = (method: string, p: string, token: string | null, body?: unknown) => apiJson(PORT, method, p, token, body);

/** A verified reseller with a 5 % discount, signed in. */
async function reseller(db: pg.Client): Promise<string> {
  const { hashPassword } = await import('../apps/api/src/lib/security.ts');
  const email = 'bench-feeds@drop.local';
  await db.query(
    `INSERT INTO users (email, name, password_hash, is_verified, discount, email_verified_at) VALUES ($1, 'Bench', $2, true, 5, now())
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, is_verified = true, discount = 5`,
    [email, await hashPassword('bench-password-1')],
  );
  const r = await json('POST', '/api/v1/auth/login', null, { email, password: 'bench-password-1', device_token: 'bench' });
  return r.body.data.token as string;
}

/** How fast the database alone streams the feed's rows (products and pictures), read and dropped. */
async function databaseCeiling(dbUrl: string): Promise<{ rows: number; ms: number }> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const started = Date.now();
  const s = await openFeedStream({ pool }, { categoryIds: null });
  let rows = 0;
  for await (const t of s.products) {
    await s.pictures.fillTo(int4(t, (t.count - 1) * PRODUCT_FIELDS));
    s.pictures.take(int4(t, (t.count - 1) * PRODUCT_FIELDS), () => {});
    rows += t.count;
  }
  await s.close();
  const ms = Date.now() - started;
  await pool.end();
  return { rows, ms };
}

interface Row {
  size: number;
  offers: number;
  jobSeconds: number;
  jobRate: number;
  builds: { ms: number; rate: number; rssMb: number; gzipMs: number }[];
  bytes: number;
  gzipBytes: number;
  ceilingRate: number;
}

async function one(size: number): Promise<Row> {
  const dbUrl = urlFor(size);
  console.log(`\n== ${size.toLocaleString('en')} products (${new URL(dbUrl).pathname.slice(1)})`);
  await ensureCatalogue(dbUrl, size);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-bench-feeds-'));
  process.env.DATA_DIR = dataDir;
  process.env.PUBLIC_URL = 'https://drop.example';
  const server = await startApi(dbUrl, PORT);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const token = await reseller(db);
    for (const m of (await json('GET', '/api/v1/markets', token)).body.data) await json('DELETE', `/api/v1/markets/${m.id}`, token);
    for (const f of (await json('GET', '/api/v1/export-settings', token)).body.data) await json('DELETE', `/api/v1/export-settings/${f.id}`, token);
    // Per-category markups: every root and every second-level category its own, the rest the base.
    const cats = (await db.query('SELECT id, depth FROM categories WHERE depth < 2 ORDER BY id')).rows as { id: number; depth: number }[];
    const market = await json('POST', '/api/v1/markets', token, {
      name: 'Bench store',
      base_markup: { type: 1, markup: 15 },
      catalog_markup: cats.map((c, i) => ({ id: c.id, markup: c.depth === 0 ? 20 + (i % 10) : 30 + (i % 7) })),
    });
    if (market.status !== 201) throw new Error(`store: ${JSON.stringify(market.body)}`);

    const posted = Date.now();
    const created = await json('POST', '/api/v1/export-settings', token, {
      name: 'Bench full feed',
      file_type: 'yml',
      shop: { short_name: 'Bench', company: 'ФОП Бенч', url: 'https://bench.example' },
      price_source: 'market',
      market_id: market.body.data.id,
    });
    if (created.status !== 201) throw new Error(`feed: ${JSON.stringify(created.body)}`);
    const id = created.body.data.id as number;
    let build: { status: string; offers: number; bytes: number; started_at: string; finished_at: string | null } | undefined;
    for (;;) {
      build = (await json('GET', `/api/v1/export-settings/${id}/history`, token)).body.data[0];
      if (build && build.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const jobWall = (Date.now() - posted) / 1000;
    if (build.status !== 'done') throw new Error(`build ${build.status}`);
    const jobSeconds = (Date.parse(build.finished_at!) - Date.parse(build.started_at)) / 1000;
    console.log(
      `  through the API: ${build.offers} offers, ${mb(build.bytes)} MB, built in ${jobSeconds.toFixed(2)} s (history), ${jobWall.toFixed(2)} s from POST to published`,
    );

    // The job goes on to make the gzip copy: let it finish before measuring, so runs do not overlap.
    const feedUrl = (await json('GET', `/api/v1/export-settings/${id}`, token)).body.data.url.replace('https://drop.example', `http://127.0.0.1:${PORT}`);
    for (;;) {
      const head = await fetch(feedUrl, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
      if (head.headers.get('content-encoding') === 'gzip') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const builds: Row['builds'] = [];
    for (let i = 0; i < RUNS; i++) {
      // Each run starts with the previous files written out, not with the kernel writing them meanwhile.
      execFileSync('sync');
      const r = await buildInProcess({ databaseUrl: dbUrl, feedsDir: path.join(dataDir, 'feeds'), publicUrl: 'https://drop.example' }, id, 'manual');
      if (!r || r.status !== 'done') throw new Error(`direct build failed: ${JSON.stringify(r)}`);
      builds.push({ ms: r.ms, rate: r.offers / (r.ms / 1000), rssMb: r.maxRssKb / 1024, gzipMs: r.gzipMs });
      console.log(
        `  build process run ${i + 1}: ${(r.ms / 1000).toFixed(2)} s, ${Math.round(r.offers / (r.ms / 1000)).toLocaleString('en')} offers/s, peak RSS ${(r.maxRssKb / 1024).toFixed(0)} MB, then gzip ${(r.gzipMs / 1000).toFixed(2)} s`,
      );
    }
    const gz = await fetch(feedUrl, { headers: { 'accept-encoding': 'gzip' } });
    const gzipBytes = Number(gz.headers.get('content-length'));
    await gz.body?.cancel();
    const ceiling = await databaseCeiling(dbUrl);
    console.log(`  the database alone streams the same rows at ${Math.round(ceiling.rows / (ceiling.ms / 1000)).toLocaleString('en')} rows/s`);
    return {
      size,
      offers: build.offers,
      jobSeconds,
      jobRate: build.offers / jobSeconds,
      builds,
      bytes: build.bytes,
      gzipBytes,
      ceilingRate: ceiling.rows / (ceiling.ms / 1000),
    };
  } finally {
    await db.end();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`Feed build benchmark on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), Node ${process.version}; root ${root}`);
  const rows: Row[] = [];
  for (const size of SIZES) rows.push(await one(size));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  const k = (n: number) => Math.round(n).toLocaleString('en');
  console.log(
    '\n| catalogue | offers | build through the job | offers/s (job) | build process: offers/s, median (min–max) of runs | peak RSS (max of runs) | file | gzip copy (time) | DB stream alone | build / DB |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const rates = r.builds.map((b) => b.rate);
    const rss = Math.max(...r.builds.map((x) => x.rssMb));
    const gzipS = median(r.builds.map((b) => b.gzipMs)) / 1000;
    console.log(
      `| ${k(r.size)} | ${k(r.offers)} | ${r.jobSeconds.toFixed(2)} s | ${k(r.jobRate)} | ${k(median(rates))} (${k(Math.min(...rates))}–${k(Math.max(...rates))}) | ${rss.toFixed(0)} MB | ${mb(r.bytes)} MB | ${mb(r.gzipBytes)} MB (${gzipS.toFixed(1)} s) | ${k(r.ceilingRate)} rows/s | ${(median(rates) / r.ceilingRate).toFixed(2)} |`,
    );
  }
  console.log('\nTargets: >= 100,000 offers/s end to end; peak RSS < 200 MB and flat from 100k to 1M.');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
