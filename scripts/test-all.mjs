#!/usr/bin/env node
// Runs every suite (DESIGN.md section 6) and totals them in one closing line: "N passed, N failed".
//  - shared unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set),
//    web component tests, and browser end-to-end tests when a Chromium is found
//    (CHROME_PATH or /usr/bin/chromium; REQUIRE_E2E=1 makes its absence a failure).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-tests-'));
const only = process.argv.slice(2);
const results = [];
// Each failed test's file and name, printed again in the summary: CI shows only the log's tail.
const failures = [];

function run(name, cmd, args, cwd, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return { code: r.status ?? 1, seconds: (Date.now() - started) / 1000 };
}

function vitestSuite(name, dir) {
  if (only.length && !only.includes(name)) return;
  const out = path.join(tmp, `${name}.json`);
  const { code, seconds } = run(name, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], path.join(root, dir));
  let passed = 0;
  let failed = 0;
  try {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = j.numPassedTests;
    failed = j.numFailedTests;
    for (const file of j.testResults ?? []) {
      const where = path.relative(root, file.name);
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'))
        failures.push(`${name}: ${where}: ${(file.message ?? 'failed').split('\n')[0]}`);
      for (const a of file.assertionResults ?? [])
        if (a.status === 'failed') failures.push(`${name}: ${where}: ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
    }
  } catch {
    /* no report: the suite crashed */
  }
  if (code !== 0 && failed === 0) failed = 1; // a crash or a failed file counts as a failure
  results.push({ name, passed, failed, seconds });
}

function chromiumPath() {
  for (const p of [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && fs.existsSync(p)) return p;
  return undefined;
}

function e2eSuite() {
  const name = 'e2e';
  if (only.length && !only.includes(name)) return;
  const chrome = chromiumPath();
  if (!chrome) {
    if (process.env.REQUIRE_E2E === '1') {
      console.error('\n━━ e2e ━━\nNo Chromium found (CHROME_PATH or /usr/bin/chromium) and REQUIRE_E2E=1.');
      results.push({ name, passed: 0, failed: 1, seconds: 0 });
    } else {
      console.log('\n━━ e2e ━━\nskipped: no Chromium found (install Debian chromium or set CHROME_PATH)');
    }
    return;
  }
  const build = run('web build', 'npm', ['run', 'build', '-w', 'apps/web'], root);
  if (build.code !== 0) {
    results.push({ name, passed: 0, failed: 1, seconds: build.seconds });
    return;
  }
  const out = path.join(tmp, 'e2e.json');
  const { code, seconds } = run(name, bin('playwright'), ['test', '--reporter=list,json'], path.join(root, 'apps/web'), {
    CHROME_PATH: chrome,
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const s = report.stats;
    passed = s.expected + (s.flaky ?? 0);
    failed = s.unexpected;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const last = test.results?.at(-1);
          if (test.status === 'unexpected')
            failures.push(
              `e2e: ${spec.file}:${spec.line}: ${[...titles, spec.title].join(' › ')}: ${(last?.error?.message ?? '').split('\n')[0].slice(0, 300)}`,
            );
          else if (test.status === 'flaky') failures.push(`e2e (passed on retry): ${spec.file}:${spec.line}: ${spec.title}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  } catch {
    /* no report */
  }
  if (code !== 0 && failed === 0) failed = 1;
  results.push({ name, passed, failed, seconds });
}

// The demo catalogue's photo pool is drawn once per machine (15-35 s on two cores); servers started
// by the suites copy it from the cache, so draw it before their ready timeouts start counting.
if (!only.length || only.some((n) => n !== 'shared')) {
  const pool = run('demo photo pool', bin('tsx'), ['apps/api/src/cli/demo-photos.ts'], root);
  if (pool.code !== 0) results.push({ name: 'demo photo pool', passed: 0, failed: 1, seconds: pool.seconds });
}

vitestSuite('shared', 'packages/shared');
vitestSuite('api', 'apps/api');
vitestSuite('web', 'apps/web');
e2eSuite();

fs.rmSync(tmp, { recursive: true, force: true });
console.log('\n━━ summary ━━');
if (failures.length) {
  console.log('failed:');
  for (const f of failures) console.log(`  ${stripVTControlCharacters(f)}`);
}
for (const r of results)
  console.log(`${r.name.padEnd(8)} ${String(r.passed).padStart(4)} passed, ${String(r.failed).padStart(3)} failed  (${r.seconds.toFixed(0)} s)`);
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
