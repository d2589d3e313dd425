import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

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
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Writes landing.html: index.html plus <link rel="modulepreload"> for the landing page's chunks,
 * so a first visit to / fetches them with the entry instead of after it has run (the API serves
 * it for / when present). The other routes keep index.html.
 */
function landingHtml(): Plugin {
  return {
    name: 'drop-landing-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const landing = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === LANDING_PAGE);
      if (html?.type !== 'asset' || landing?.type !== 'chunk') return;
      const source = String(html.source);
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName) || source.includes(`/${fileName}"`)) return;
        files.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      visit(landing.fileName);
      const links = [...files].map((f) => `\n    <link rel="modulepreload" crossorigin href="/${f}">`).join('');
      this.emitFile({ type: 'asset', fileName: 'landing.html', source: source.replace(/\n\s*<\/head>/, `${links}\n  </head>`) });
    },
  };
}

const MUI = /node_modules[\\/]@mui[\\/](material|icons-material|system|utils)[\\/]/;
const LANDING_PAGE = path.resolve(import.meta.dirname, 'src/features/landing/components/landing-page.tsx');

/** The modules `entry` imports statically, directly or not (once per build). */
function staticClosure() {
  let seen: Set<string> | null = null;
  return (entry: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
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
const landingModules = staticClosure();

export default defineConfig({
  plugins: [react(), landingHtml(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/dev': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/dev': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
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
            // MUI components and icons the lazy routes use, in two files shared by every page (charts stay
            // apart): those of the landing page (all a first visit loads) and the rest (the dashboard's).
            { name: (id, ctx) => (MUI.test(id) && landingModules(LANDING_PAGE, ctx).has(id) ? 'mui-landing' : null), priority: 8 },
            { name: 'mui', test: MUI, priority: 7 },
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
