import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One real API process serving the built SPA on a fresh embedded database (dev mailbox for codes).
const port = Number(process.env.E2E_PORT ?? 3210);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'drop-e2e-'));
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '../..');
const SUPPLIER_SWITCH_SPECS = /price-floor\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  // A whole test: the same load (products.spec took 25 s alone and ran out of 60 s beside three other specs).
  timeout: 90_000,
  // CI runs two workers, the API on the embedded database and Chromium on two CPUs. There a page's
  // first render has been measured stalling ~5 s behind its Suspense spinner with its code and data
  // already loaded (admin-exports.spec, 2026-11-29): an assertion gets 20 s, a passing one is no slower.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  // No retry, in CI either: a test that passes only on a second try is a flake to fix, not to hide.
  retries: 0,
  reporter: 'list',
  outputDir: path.join(os.tmpdir(), 'drop-e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'uk-UA',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chrome,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } }, testIgnore: SUPPLIER_SWITCH_SPECS },
    // Specs that flip a supplier-wide switch (the recommended-price floor) run alone, after the rest,
    // so no other spec meets the switch in its other position.
    {
      name: 'supplier-switches',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testMatch: SUPPLIER_SWITCH_SPECS,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: `${path.join(root, 'node_modules/.bin/tsx')} ${path.join(root, 'apps/api/src/server.ts')}`,
    url: `http://127.0.0.1:${port}/api/v1/config`,
    // A machine without the demo photo cache draws it at the first start (npm test draws it before).
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      OPERATOR_EMAIL: 'operator@e2e.local',
      OPERATOR_PASSWORD: 'operator-pass-1',
      SMTP_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Every browser of the suite signs up and in from 127.0.0.1: the per-IP limits of one office
      // behind NAT, not of one person (per-e-mail limits stay as in production).
      RATE_LIMIT_PER_IP: '2000',
    },
  },
});
