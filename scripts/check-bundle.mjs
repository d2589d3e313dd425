#!/usr/bin/env node
// Fails when the SPA's initial JavaScript (entry script + modulepreloads of index.html) exceeds the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET = 250 * 1000; // bytes, gzip
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) files.add(m[1]);
if (files.size === 0) {
  console.error('check-bundle: no entry script found in dist/index.html');
  process.exit(1);
}
let total = 0;
for (const f of files) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(dist, f.replace(/^\//, '')))).length;
  total += size;
  console.log(`  ${(size / 1000).toFixed(1).padStart(7)} kB  ${f}`);
}
const ok = total <= BUDGET;
console.log(`initial JS: ${(total / 1000).toFixed(1)} kB gzip (budget ${BUDGET / 1000} kB): ${ok ? 'ok' : 'OVER BUDGET'}`);
process.exit(ok ? 0 : 1);
