import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createServer, type Plugin, type Rolldown } from 'vite';
import { PAGE_PRELOADS } from './src/app/routes/page-preloads.ts';
import { PRERENDER_GATE_ATTRIBUTE, PRERENDER_GATE_SCRIPT, PRERENDERED_ATTRIBUTE } from '../../packages/shared/src/prerender.ts';
import { EARLY_DATA_SCRIPT } from '../../packages/shared/src/early-data.ts';
import type { Prerendered } from './src/prerender/render.tsx';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

/**
 * What the dev server (`npm run dev`) and the preview pass to the API: everything the API serves
 * besides the SPA, so a page works there as it does behind the API. The JSON API and the promo
 * grid, the dev mailbox, catalogue pictures, public feeds, 1C's exchange, the Nova Poshta emulator,
 * channel authorisation and the realtime socket (with its WebSocket upgrade).
 */
export const API_PREFIXES = ['/api/', '/dev/', '/storage/', '/feeds/', '/1c/', '/emulators/', '/broadcasting/', '/socket.io/'] as const;
const apiProxy = () => Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true, ws: prefix === '/socket.io/' }]));

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip 9) next to every text file of the
 * build, so the API serves them as they are (@fastify/static `preCompressed`) instead of
 * compressing on each request at a low level.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'drop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** The files `root` imports statically, directly or not, that index.html does not load already. */
function chunkFiles(bundle: Rolldown.OutputBundle, root: string, html: string, into = new Set<string>()): Set<string> {
  const visit = (fileName: string) => {
    if (into.has(fileName) || html.includes(`/${fileName}"`)) return;
    into.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(root);
  return into;
}

const chunkOfModule = (bundle: Rolldown.OutputBundle, module: string) =>
  Object.values(bundle).find((c): c is Rolldown.OutputChunk => c.type === 'chunk' && (c.facadeModuleId === module || c.moduleIds.includes(module)));

/** The dashboard's HTML: its early reads (EARLY_DATA_SCRIPT, allowed by the API's CSP by its hash) first thing in <head>. */
function withEarlyData(html: string): string {
  const out = html.replace(/(<meta charset="UTF-8" \/>)/, `$1\n    <script>${EARLY_DATA_SCRIPT}</script>`);
  if (!out.includes(EARLY_DATA_SCRIPT)) throw new Error('preload-html: index.html has no <meta charset="UTF-8" />');
  return out;
}

const withPreloads = (html: string, files: Iterable<string>) =>
  html.replace(/\n\s*<\/head>/, `${[...files].map((f) => `\n    <link rel="modulepreload" crossorigin href="/${f}">`).join('')}\n  </head>`);

/** Hides a prerendered page while the gate has marked <html data-prerender="off">. */
const GATE_CSS = `<style>html[${PRERENDER_GATE_ATTRIBUTE}=off] [${PRERENDERED_ATTRIBUTE}]{display:none}</style>`;

/**
 * The prerendered pages (src/prerender/*.tsx), rendered in Node through a throw-away Vite server in
 * production mode, so emotion names its rules as the browser build does: the landing page and the
 * dashboard's phone shell.
 */
async function prerenderPages(): Promise<{ landing: Prerendered; shell: Prerendered }> {
  const server = await createServer({
    configFile: false,
    root: import.meta.dirname,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { renderLanding } = (await server.ssrLoadModule('/src/prerender/landing.tsx')) as { renderLanding: () => Prerendered };
    const { renderDashboardShell } = (await server.ssrLoadModule('/src/prerender/dashboard-shell.tsx')) as { renderDashboardShell: () => Prerendered };
    return { landing: renderLanding(), shell: renderDashboardShell() };
  } finally {
    await server.close();
  }
}

/**
 * `page` put into `html`: the page in #root; `headExtra`, its CSS and the images React hoists in <head>.
 *
 * The app's scripts (the entry and its module preloads) are fetched at low priority, as Chrome
 * fetches a classic `defer` script: the page paints without them, so the first paint does not wait
 * for them, and the page's own requests (its first reads, its first pictures) go first. They are
 * still requested as soon as the HTML is parsed.
 */
function withPrerendered(html: string, page: Prerendered, headExtra: string): string {
  const out = html
    .replace(/\n\s*<\/head>/, `\n    ${headExtra}${page.head}${page.styles}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`)
    .replace(/<(script type="module"|link rel="modulepreload") crossorigin /g, '<$1 crossorigin fetchpriority="low" ');
  if (!out.includes(PRERENDERED_ATTRIBUTE) || !out.includes(page.styles)) throw new Error('prerender: index.html has no </head> or empty #root');
  if (!/<script type="module" crossorigin fetchpriority="low" src=/.test(out))
    throw new Error('prerender: index.html has no <script type="module" crossorigin src=…>');
  return out;
}

/**
 * index.html plus <link rel="modulepreload"> for the code a page needs, so a first visit fetches it
 * with the entry instead of after the entry has run (the API picks the file by URL):
 * landing.html (/), dashboard.html (the dashboard's shell: /dashboard/*) and, for each page of
 * PAGE_PRELOADS, pages/<module>.html (the shell and the page) with pages.json mapping URL patterns to them.
 */
function preloadHtml(): Plugin {
  return {
    name: 'drop-preload-html',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const landing = chunkOfModule(bundle, LANDING_PAGE);
      const shell = chunkOfModule(bundle, DASHBOARD_LAYOUT);
      if (index?.type !== 'asset' || !landing || !shell)
        throw new Error('preload-html: index.html, the landing page or the dashboard shell is missing from the build');
      const html = String(index.source);
      const landingHtml = withPreloads(html, chunkFiles(bundle, landing.fileName, html));
      const prerendered = await prerenderPages();
      // The landing page's gate (PRERENDER_GATE_SCRIPT) and the dashboard's (in EARLY_DATA_SCRIPT) are allowed by the API's CSP by their hashes.
      this.emitFile({
        type: 'asset',
        fileName: 'landing.html',
        source: withPrerendered(landingHtml, prerendered.landing, `<script>${PRERENDER_GATE_SCRIPT}</script>${GATE_CSS}`),
      });
      const dashboardHtml = (files: Iterable<string>) => withEarlyData(withPrerendered(withPreloads(html, files), prerendered.shell, GATE_CSS));
      const shellFiles = chunkFiles(bundle, shell.fileName, html);
      const heavy = [...shellFiles].filter((f) => /^assets\/(schemas|zod)-/.test(f));
      if (heavy.length > 0) throw new Error(`preload-html: the dashboard shell loads ${heavy.join(', ')} (a contract or zod came along)`);
      this.emitFile({ type: 'asset', fileName: 'dashboard.html', source: dashboardHtml(shellFiles) });
      const pages: Record<string, string> = {};
      for (const [pattern, module] of PAGE_PRELOADS) {
        const chunk = chunkOfModule(bundle, src(module));
        if (!chunk) throw new Error(`preload-html: ${module} (${pattern}) is not in the build`);
        const fileName = `pages/${path.basename(module, '.tsx')}.html`;
        if (!Object.values(pages).includes(fileName)) {
          this.emitFile({ type: 'asset', fileName, source: dashboardHtml(chunkFiles(bundle, chunk.fileName, html, new Set(shellFiles))) });
        }
        pages[pattern] = fileName;
      }
      this.emitFile({ type: 'asset', fileName: 'pages.json', source: JSON.stringify(pages, null, 2) });
    },
  };
}

const MUI = /node_modules[\\/]@mui[\\/](material|icons-material|system|utils)[\\/]/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The modules `entry` imports statically, directly or not (computed once per build). */
function staticClosure(entry: string) {
  let seen: Set<string> | null = null;
  return (ctx: ModuleGraph) => {
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [entry];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
}
const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);
const LANDING_PAGE = src('features/landing/components/landing-page.tsx');
const landingModules = staticClosure(LANDING_PAGE);
const DASHBOARD_LAYOUT = src('app/layouts/dashboard-layout.tsx');
const dashboardModules = staticClosure(DASHBOARD_LAYOUT);
/** The product list, where a reseller spends the day (a phone's largest paint waits for its code): its MUI goes with the shell. */
const PRODUCT_LIST_ROUTE = src('app/routes/product-list-route.tsx');
const productListModules = staticClosure(PRODUCT_LIST_ROUTE);

const SHARED = /packages[\\/]shared[\\/]src[\\/]/;
const ZOD = /node_modules[\\/]zod[\\/]/;
/** zod, and the shared modules that build zod schemas (the contracts). */
const isSchema = (id: string, ctx: ModuleGraph) => ZOD.test(id) || (SHARED.test(id) && (ctx.getModuleInfo(id)?.importedIds ?? []).some((d) => ZOD.test(d)));

/**
 * Small modules (0.3-1 kB each) that several reseller pages import and that bring only MUI and the
 * shared package's plain modules along. Left alone, each became a file of its own that a page waited
 * a round trip for; they go with the dashboard shell instead (the build checks the shell still loads
 * no contract or zod).
 */
const SHELL_EXTRAS = new Set(
  [
    'components/ui/page-header.tsx',
    'components/ui/totals-list.tsx',
    'lib/price-input.ts',
    'features/cart/components/cart-dialog-lazy.tsx',
    'features/cart/components/cart-image.tsx',
    'features/cart/lib/cart-form.ts',
    'lib/categories-query.ts',
    'features/catalog/i18n.ts',
  ].map((file) => {
    // A moved or renamed file would silently leave the shell: the build stops instead.
    if (!fs.existsSync(src(file))) throw new Error(`vite.config.ts SHELL_EXTRAS: ${file} does not exist`);
    return src(file);
  }),
);

/**
 * The chunk of a module the entry does not load: the MUI the landing page uses (a first visit
 * loads nothing else); the rest the landing page shares with the dashboard shell; the dashboard
 * shell with everything it imports (every signed-in page needs it: one file instead of ~25 of 1 kB,
 * each a round trip on one of six HTTP/1.1 connections) and the MUI of the product list (the page a
 * reseller spends the day on no longer loads the 25 kB of autocomplete, tabs, switches… the other
 * pages use: its phone LCP was 130 ms later with them); the MUI of the other pages. The closures
 * follow `importedIds`, so they see through the shared package's index to all of it: its modules
 * are placed by the `mui-landing` (its plain modules) and `schemas` groups, which come first.
 */
function chunkOf(id: string, ctx: ModuleGraph): string | null {
  const landing = landingModules(ctx).has(id);
  const dashboard = dashboardModules(ctx).has(id);
  if (MUI.test(id)) return landing ? 'mui-landing' : dashboard || productListModules(ctx).has(id) ? 'dashboard' : 'mui';
  if (landing && dashboard) return 'common';
  if (dashboard || SHELL_EXTRAS.has(id)) return 'dashboard';
  return null;
}

export default defineConfig({
  plugins: [react(), preloadHtml(), precompress()],
  server: { port: 5173, proxy: apiProxy() },
  preview: { proxy: apiProxy() },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // packages/shared is pure (no top-level side effects): let unused contract modules (zod) drop out of the entry chunk.
      treeshake: { moduleSideEffects: (id: string) => !/packages[\\/]shared[\\/]/.test(id) },
      output: {
        codeSplitting: {
          // Few requests: a page over HTTP/1.1 (6 connections) waits a round trip per handful of files, and
          // the default split made 16 initial files and 40-100 per page (one per MUI component or icon).
          groups: [
            // Everything index.html loads from node_modules (react, router, emotion, MUI core, query, i18n): one file.
            { name: 'vendor', tags: ['$initial'], test: /node_modules[\\/]/, priority: 40 },
            // The app's own first-load modules stay with the entry: claimed first, so that a later group, which
            // takes its modules' imports along, cannot move one of them out (the entry would then load that group).
            { name: 'app', tags: ['$initial'], test: (id) => id !== src('main.tsx'), priority: 39 },
            // The rest, by descending priority (a group takes its modules' imports unless an earlier one has them):
            // the landing page's MUI with the shared package's plain modules (every page that loads one loads the
            // other: one request less for each); zod with the contracts (the first screens do not parse responses:
            // api-client.ts); what the landing page and the dashboard shell share; the shell with all it imports;
            // the other pages' MUI. Page code, charts, forms and the back office stay apart.
            {
              name: (id, ctx) =>
                chunkOf(id, ctx) === 'mui-landing' || (SHARED.test(id) && !id.endsWith('index.ts') && !isSchema(id, ctx)) ? 'mui-landing' : null,
              priority: 13,
            },
            { name: (id, ctx) => (isSchema(id, ctx) ? 'schemas' : null), priority: 11 },
            { name: (id, ctx) => (chunkOf(id, ctx) === 'common' ? 'common' : null), priority: 10 },
            { name: (id, ctx) => (chunkOf(id, ctx) === 'dashboard' ? 'dashboard' : null), priority: 8 },
            { name: (id, ctx) => (chunkOf(id, ctx) === 'mui' ? 'mui' : null), priority: 7 },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
