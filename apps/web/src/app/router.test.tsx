import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes } from './router.tsx';
import { PAGE_PRELOADS } from './routes/page-preloads.ts';

describe("PAGE_PRELOADS (the build preloads each page's code with its HTML)", () => {
  it.each(PAGE_PRELOADS.map(([pattern, module]) => [pattern, module]))('%s is a dashboard route and %s exists', (pattern, module) => {
    const url = pattern.replace(/:[a-z]+/gi, '12');
    const matches = matchRoutes(routes, url) ?? [];
    const leaf = matches.at(-1)?.route;
    expect(matches[0]?.route.path).toBe('/dashboard');
    expect(leaf?.path === '*' || leaf === undefined).toBe(false);
    expect(fs.existsSync(path.join(import.meta.dirname, '..', module))).toBe(true);
  });

  it('has no pattern twice', () => {
    const patterns = PAGE_PRELOADS.map(([p]) => p);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
