/**
 * Draws the demo catalogue's photo pool into this machine's cache (issue 30), so that the first
 * server start of a test suite does not spend 15-35 s drawing it under its ready timeout.
 * `npm test` runs it first; harmless when the cache is there (it only reads the manifest).
 *
 *   tsx apps/api/src/cli/demo-photos.ts
 */
import { demoPhotoPool } from '../modules/catalog/demo/demo-photos.ts';

const started = Date.now();
const pool = await demoPhotoPool();
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
const sizes = pool.photos.map((p) => p.sourceBytes);
console.log(
  `demo photo pool: ${pool.photos.length} photos (${mb(Math.min(...sizes))}-${mb(Math.max(...sizes))} MB) ${pool.drawn ? 'drawn' : 'cached'} in ${((Date.now() - started) / 1000).toFixed(1)} s at ${pool.dir}`,
);
