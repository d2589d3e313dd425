import { loadConfig } from './config.ts';
import { buildApp, openDatabase } from './app.ts';
import { bootstrapDatabase } from './db/bootstrap.ts';
import { withStartupLock } from './db/client.ts';
import { catalogueSize, loadDemoCatalogue } from './modules/catalog/demo/demo-writer.ts';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-lock.ts';

/** Reads config, takes the data dir, migrates, listens, closes gracefully. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  let release: () => void = () => {};
  if (!config.databaseUrl) {
    try {
      release = acquireDataDirLock(config.dataDir);
    } catch (e) {
      if (e instanceof DataDirLockedError) {
        console.error(`\n  ✖ ${e.message}\n`);
        process.exit(1);
      }
      throw e;
    }
  }
  process.on('exit', () => release());

  const database = await openDatabase(config);
  // Several API processes may start at once on one PostgreSQL database: one migrates and fills, the others wait.
  const { operator } = await withStartupLock(database, async () => {
    const result = await bootstrapDatabase(database, config);
    if (config.demoProducts > 0 && (await catalogueSize(database)) === 0) {
      const t = Date.now();
      console.log(`  Filling the empty catalogue with ${config.demoProducts} demo products…`);
      await loadDemoCatalogue(database, config.demoProducts, {
        dataDir: config.dataDir,
        pictures: config.demoPictures,
        onPhase: (phase) => phase.startsWith('pictures') && console.log(`  ${phase} in ${((Date.now() - t) / 1000).toFixed(1)} s`),
      });
      console.log(`  Demo catalogue ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    return result;
  });
  const app = await buildApp(config, { database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  console.log(`\n  Drop portal is ready at ${config.publicUrl} (${where}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`  API docs: ${config.publicUrl}/api/docs`);
  if (operator) {
    console.log('\n  First admin account (shown once, keep it safe):');
    console.log(`    e-mail:   ${operator.email}`);
    console.log(`    password: ${operator.password}`);
    const mailbox = config.smtpUrl
      ? 'find it in its mailbox'
      : config.env !== 'production'
        ? `find it at ${config.publicUrl}/dev/mailbox?to=${encodeURIComponent(operator.email)}`
        : 'set SMTP_URL so that it can be sent';
    console.log(`  Staff sign in with a code mailed to them: ${mailbox}.\n`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
