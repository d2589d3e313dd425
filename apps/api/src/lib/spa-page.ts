import fs from 'node:fs';
import path from 'node:path';

interface PageTable {
  mtimeMs: number;
  pages: { pattern: RegExp; file: string }[];
}
const tables = new Map<string, PageTable>();

/** '/dashboard/catalog/:id/products' -> /^\/dashboard\/catalog\/[^/]+\/products\/?$/ */
const patternOf = (route: string) =>
  new RegExp(
    `^${route
      .split('/')
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

/** The build's pages.json (URL pattern -> HTML file), re-read when the SPA is rebuilt; empty when there is none or it is unreadable. */
function pageTable(webDist: string): PageTable['pages'] {
  const file = path.join(webDist, 'pages.json');
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = tables.get(webDist);
  if (cached?.mtimeMs === mtimeMs) return cached.pages;
  let pages: PageTable['pages'];
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    pages = Object.entries(json)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && /^pages\/[\w.-]+\.html$/.test(e[1]))
      .map(([route, html]) => ({ pattern: patternOf(route), file: html }));
  } catch {
    pages = [];
  }
  tables.set(webDist, { mtimeMs, pages });
  return pages;
}

const exists = (webDist: string, file: string) => fs.existsSync(path.join(webDist, file));

/**
 * The HTML the SPA fallback serves for `url` (a path without the query): the web build writes
 * index.html and, with the same content plus <link rel="modulepreload"> for a page's code,
 * pages/<page>.html (the URL patterns of pages.json), dashboard.html (any other /dashboard page:
 * the shell's code). Files a build lacks fall back to index.html.
 */
export function spaPage(webDist: string, url: string): string {
  if (url !== '/dashboard' && !url.startsWith('/dashboard/')) return 'index.html';
  const page = pageTable(webDist).find((p) => p.pattern.test(url));
  if (page && exists(webDist, page.file)) return page.file;
  return exists(webDist, 'dashboard.html') ? 'dashboard.html' : 'index.html';
}
