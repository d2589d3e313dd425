/**
 * A feed build in a process of its own (PostgreSQL): `node feed-build.worker.ts <settingId> <trigger>`
 * with DATABASE_URL, FEEDS_DIR and PUBLIC_URL in the environment. It loads the build and the
 * drivers only, so a big feed neither grows the API's memory nor holds its event loop; prints
 * the result as one JSON line; exits 1 when the build failed for a reason worth a retry.
 */
import pg from 'pg';
import { FEED_BUILD_TRIGGERS, type FeedBuildTrigger } from '@drop/shared/feeds';
import { runFeedBuild } from './feed-build.ts';

const [id, trigger] = process.argv.slice(2);
const settingId = Number(id);
if (
  !Number.isSafeInteger(settingId) ||
  !(FEED_BUILD_TRIGGERS as readonly string[]).includes(trigger ?? '') ||
  !process.env.DATABASE_URL ||
  !process.env.FEEDS_DIR ||
  !process.env.PUBLIC_URL
) {
  console.error('usage: DATABASE_URL=… FEEDS_DIR=… PUBLIC_URL=… feed-build.worker.ts <settingId> <trigger>');
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
pool.on('error', () => {
  /* reported by the query that meets it */
});
try {
  const result = await runFeedBuild(
    { database: { kind: 'postgres', pool }, feedsDir: process.env.FEEDS_DIR, publicUrl: process.env.PUBLIC_URL, gzip: process.env.FEED_GZIP !== '0' },
    settingId,
    trigger as FeedBuildTrigger,
  );
  process.stdout.write(`${JSON.stringify(result && { ...result, maxRssKb: process.resourceUsage().maxRSS })}\n`);
} catch (err) {
  console.error((err as Error).stack ?? String(err));
  process.exitCode = 1;
} finally {
  await pool.end();
}
