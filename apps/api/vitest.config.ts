import { defineConfig } from 'vitest/config';

/** Fault tests (src/faults) start API processes, kill them and restart databases: PostgreSQL only. */
const faults = 'src/faults/**/*.test.ts';

const projects = [
  {
    test: {
      name: 'api-pglite',
      include: ['src/**/*.test.ts'],
      exclude: [faults],
      globalSetup: ['src/test/global-setup.ts'],
      env: { TEST_DB_KIND: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      include: ['src/**/*.test.ts'],
      exclude: [faults],
      globalSetup: ['src/test/global-setup.ts'],
      env: { TEST_DB_KIND: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
  projects.push({
    test: {
      name: 'api-faults',
      include: [faults],
      exclude: [],
      globalSetup: [],
      env: { TEST_DB_KIND: 'postgres' },
      testTimeout: 180_000,
      hookTimeout: 120_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
    pool: 'forks',
    maxWorkers: 2,
  },
});
