/**
 * npm run seed -- --products 1000000 [--seed 1] [--force]
 *
 * Fills the catalogue of the configured database (DATABASE_URL for PostgreSQL, else the
 * embedded one in DATA_DIR) with the deterministic demo catalogue. An existing catalogue of
 * the same size is reused; a different one is kept unless --force replaces it.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../app.ts';
import { bootstrapDatabase } from '../db/bootstrap.ts';
import { acquireDataDirLock } from '../lib/data-lock.ts';
import { catalogueSize, clearCatalogue, loadDemoCatalogue } from '../modules/catalog/demo/demo-writer.ts';

const { values } = parseArgs({
  options: { products: { type: 'string' }, seed: { type: 'string', default: '1' }, force: { type: 'boolean', default: false } },
});
const config = loadConfig(process.env);
const count = values.products === undefined ? config.demoProducts : Number(values.products);
if (!Number.isInteger(count) || count < 0 || count > 2_000_000) {
  console.error('--products must be an integer from 0 to 2000000');
  process.exit(2);
}
const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const database = await openDatabase(config);
try {
  await bootstrapDatabase(database, config);
  const existing = await catalogueSize(database);
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  if (existing === count) {
    console.log(`Catalogue already has ${existing} products (${where}); reusing it.`);
  } else if (existing > 0 && !values.force) {
    console.error(`Catalogue has ${existing} products (${where}); pass --force to replace it with ${count}.`);
    process.exitCode = 1;
  } else {
    if (existing > 0) await clearCatalogue(database);
    const t0 = Date.now();
    let last = 0;
    let phaseStart = Date.now();
    await loadDemoCatalogue(database, count, {
      seed: Number(values.seed),
      dataDir: config.dataDir,
      pictures: config.demoPictures,
      onProgress: (done, total) => {
        if (done - last >= 100_000 || done === total) {
          last = done;
          console.log(`  ${done} / ${total} products (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
        }
      },
      onPhase: (phase) => {
        console.log(`  ${phase}: ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
        phaseStart = Date.now();
      },
    });
    console.log(`Seeded ${count} products into ${where} in ${((Date.now() - t0) / 1000).toFixed(1)} s (rows, properties, counts, search dictionary, ANALYZE).`);
  }
} finally {
  await database.close();
  release();
}
