import { defineConfig } from 'vitest/config';

const projects = [
  {
    test: {
      name: 'api-pglite',
      include: ['src/**/*.test.ts'],
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
      globalSetup: ['src/test/global-setup.ts'],
      env: { TEST_DB_KIND: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
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
