/**
 * The API's module rules (DESIGN.md section 2; issue 32, point 1), read from the source files:
 * - no import cycle between modules (A imports B and B imports A, directly or through others),
 *   apart from the few edges in KNOWN_CYCLE_EDGES, which may only go;
 * - the audit log is written through lib/audit.ts: nothing outside modules/admin imports
 *   modules/admin/*.repository.ts.
 * Every import counts (`import type` too): a cycle of types is still two modules that cannot be
 * understood one without the other. Test files are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const MODULES = path.join(SRC, 'modules');

/**
 * Module imports that still close a cycle, each with the reason it stays, as
 * `'from -> to': 'why'`. Cycles are looked for without them; an edge listed here that no file
 * makes any more fails the test (remove it). None now: the last three went in issue 32, point 1
 * (the 1C import's lock is the catalogue's, catalog/catalogue-lock.ts; the supplier settings and
 * the catalogue's aggregates share lib/shared-cache.ts; "is this order printable" is an orders
 * rule, orders/printable.ts, that printing imports).
 */
const KNOWN_CYCLE_EDGES: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/**
 * The files a source file imports: `import … from`, `export … from`, `import '…'` and `import('…')`
 * as TypeScript's scanner reads them (comments and strings left out); relative specifiers only,
 * resolved to absolute paths.
 */
export function importsOf(file: string, source = fs.readFileSync(file, 'utf8')): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((f) => f.fileName)
    .flatMap((spec) => (spec.startsWith('.') ? [path.resolve(path.dirname(file), spec)] : []));
}

/** The module (the folder under modules/) a path belongs to, or null. */
const moduleOf = (p: string): string | null => {
  const rel = path.relative(MODULES, p);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0]!;
};

/** `from -> to` for every module that imports another, with the files that do. */
export function moduleGraph(files: string[]): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${path.relative(MODULES, file)} imports ${path.relative(MODULES, target)}`]);
    }
  }
  return edges;
}

/** The strongly connected components with more than one module (Tarjan): each is a cycle or several. */
export function cycles(edgeKeys: Iterable<string>): string[][] {
  const next = new Map<string, string[]>();
  for (const key of edgeKeys) {
    const [from, to] = key.split(' -> ') as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

describe('module boundaries', () => {
  const files = sourceFiles(SRC);
  const graph = moduleGraph(files.filter((f) => moduleOf(f)));

  test('the import parser sees the imports (the test would pass on nothing otherwise)', () => {
    expect(
      importsOf(
        '/x/modules/a/a.service.ts',
        "import {\n  b,\n  type C,\n} from '../b/b.ts';\nimport type { D } from '../d/d.ts';\nexport { e } from './e.ts';\nimport './f.ts';\nconst g = await import('../g/g.ts');\n// import { h } from '../h/h.ts';\n/* import { i } from '../i/i.ts'; */\nimport { z } from 'zod';\nconst s = 'import x from \"../j/j.ts\"';\nconst glob = 'src/**/*.ts';\nimport { k } from '../k/k.ts'; /* end */\n",
      ),
    ).toEqual(['/x/modules/b/b.ts', '/x/modules/d/d.ts', '/x/modules/a/e.ts', '/x/modules/a/f.ts', '/x/modules/g/g.ts', '/x/modules/k/k.ts']);
    expect(graph.get('orders -> finance')?.length).toBeGreaterThan(0);
    expect(cycles(['a -> b', 'b -> c', 'c -> a', 'c -> d'])).toEqual([['a', 'b', 'c']]);
  });

  test('no import cycle between modules', () => {
    const stale = Object.keys(KNOWN_CYCLE_EDGES).filter((e) => !graph.has(e));
    expect(stale, 'KNOWN_CYCLE_EDGES lists imports that no file makes any more: remove them').toEqual([]);
    const found = cycles([...graph.keys()].filter((e) => !(e in KNOWN_CYCLE_EDGES))).map((component) => ({
      modules: component.join(', '),
      imports: [...graph].filter(([e]) => e.split(' -> ').every((m) => component.includes(m)) && !(e in KNOWN_CYCLE_EDGES)).flatMap(([, why]) => why),
    }));
    expect(found).toEqual([]);
  });

  test('only the admin module imports modules/admin/*.repository.ts (the audit log is written through lib/audit.ts)', () => {
    const admin = path.join(MODULES, 'admin');
    const offending = files
      .filter((f) => !f.startsWith(admin + path.sep))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => t.startsWith(admin + path.sep) && t.endsWith('.repository.ts'))
          .map((t) => `${path.relative(SRC, f)} imports ${path.relative(SRC, t)}`),
      );
    expect(offending).toEqual([]);
  });
});
