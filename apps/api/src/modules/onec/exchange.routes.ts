import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onecMessageText, translate, type Locale, type OnecImportProgress, type OnecMessage, type OnecMessageKey } from '@drop/shared';
import { AppError } from '../../lib/errors.ts';
import { requestLocale } from '../../plugins/locale.ts';
import { safeRelative } from './catalog-import.ts';
import { FILE_LIMIT, ONEC_COOKIE, appendChunk, checkAuth, resetSessionDir, sessionOf } from './exchange-session.ts';
import { createRun, ensureRunning, exchangeDirOf, liveRun } from './import-runner.ts';
import { onecAdminRoutes } from './onec-admin.routes.ts';
import { onecRepo, type OnecImportRunRow } from './onec.repository.ts';
import { saleImport, saleQuery, saleSuccess, saleUpload } from './sale.service.ts';

/**
 * The standard 1C-to-site exchange over HTTP (CommerceML 2.x), at /1c/exchange, GET or POST as 1C
 * sends them, `type` and `mode` in the query, plain-text answers:
 *
 *   checkauth  basic auth with the exchange's own login and secret (never a staff password)
 *              -> `success\n<cookie name>\n<cookie value>\nsessid=<value>`
 *   init       -> `zip=yes|no\nfile_limit=<bytes>` (catalog: a fresh directory for the package
 *              and a new generation of the session: imports from then on read only the files
 *              uploaded since, never answer a run of an earlier init)
 *   file       filename=... body = a chunk (appended; import_files/... pictures too; a zip is
 *              unpacked at the first import) -> `success`          [type=sale: the orders file, applied
 *              when whole: parts of file_limit wait for the rest; sale.service.ts saleUpload]
 *   import     filename=import.xml|offers.xml (catalog): the first call starts the import in the
 *              background, the next ones answer `progress\n...` until `success` or `failure\n<reason>`
 *              [type=sale (1C 8.3 asks after the file): the orders file's answer]
 *   query      (sale) the orders as a CommerceML document;  success (sale): they were received
 *   complete, deactivate (newer 1C at the end) -> `success`
 *
 * Every mode but checkauth needs the session cookie. Refusals are `failure\n<reason>` in the
 * request's language (Ukrainian unless it asks for Russian): 401 without valid credentials or
 * session (a new or revoked pair ends its sessions), 429 after too many wrong ones, 400 for a malformed request, 200 for a
 * package or orders file the import refuses (1C shows the reason).
 */

/** How long an import call waits for the import to finish before it answers `progress` (tests shorten it). */
export const exchangeTiming = { importWaitMs: 1500 };

const one = (v: unknown): string | undefined => (Array.isArray(v) ? one(v[0]) : typeof v === 'string' ? v : undefined);

function answer(reply: FastifyReply, status: number, lines: string[]) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(`${lines.join('\n')}\n`);
}

function failure(reply: FastifyReply, status: number, locale: Locale, key: OnecMessageKey, params: OnecMessage['params'] = {}) {
  return answer(reply, status, ['failure', onecMessageText({ key, params }, locale)]);
}

const PROGRESS_WORDS = { uk: { goods: 'товари', offers: 'пропозиції' }, ru: { goods: 'товары', offers: 'предложения' } } as const;

/** The second line of `progress`: the file, the percentage and the counters (1C shows it in its log). */
function progressText(p: OnecImportProgress, locale: Locale): string {
  const w = PROGRESS_WORDS[locale];
  const parts = [p.file ?? '', `${p.percent}%`];
  if (p.products.total > 0) parts.push(`${w.goods} ${p.products.done}/${p.products.total}`);
  if (p.offers.total > 0) parts.push(`${w.offers} ${p.offers.done}/${p.offers.total}`);
  return parts.filter(Boolean).join(' ');
}

function runAnswer(reply: FastifyReply, locale: Locale, run: OnecImportRunRow) {
  if (run.status === 'done') {
    const s = run.stats;
    const summary = s
      ? `products +${s.products_created} ~${s.products_updated} =${s.products_unchanged}, offers ${s.offers_applied}, warnings ${run.warningsCount}`
      : '';
    return answer(reply, 200, ['success', summary].filter(Boolean));
  }
  if (run.status === 'failed') return answer(reply, 200, ['failure', run.error ? onecMessageText(run.error, locale) : 'failed']);
  const live = liveRun(reply.server.deps.db, run.id);
  return answer(reply, 200, ['progress', progressText(live?.progress ?? run.progress, locale)]);
}

const waitFor = (promise: Promise<void> | null, ms: number) =>
  promise ? Promise.race([promise.catch(() => undefined), new Promise<void>((r) => setTimeout(r, ms).unref())]) : Promise.resolve();

async function exchange(req: FastifyRequest, reply: FastifyReply) {
  const deps = req.server.deps;
  const locale = requestLocale(req);
  const query = req.query as Record<string, unknown>;
  const type = one(query.type) ?? '';
  const mode = one(query.mode) ?? '';
  const filename = one(query.filename);

  if (mode === 'checkauth') {
    const r = await checkAuth(deps, req.headers.authorization, req.ip);
    if (!r.ok) {
      if (r.status === 401) reply.header('WWW-Authenticate', 'Basic realm="1C exchange", charset="UTF-8"');
      if (r.retryAfter) reply.header('Retry-After', String(r.retryAfter));
      return failure(reply, r.status, locale, r.reason);
    }
    return answer(reply, 200, ['success', ONEC_COOKIE, r.token, `sessid=${r.token}`]);
  }
  const found = await sessionOf(deps, req.headers.cookie);
  if (!found) return failure(reply, 401, locale, 'session_invalid');
  const { session } = found;
  if (type !== 'catalog' && type !== 'sale') return failure(reply, 400, locale, 'bad_type', { type: type.slice(0, 50) });

  switch (mode) {
    case 'init':
      if (type === 'catalog') {
        // A new generation: `mode=import` from now on reads only the files uploaded after this init.
        await onecRepo.nextGeneration(deps.db, session.id);
        await resetSessionDir(deps, session.id);
      }
      return answer(reply, 200, [`zip=${type === 'catalog' ? 'yes' : 'no'}`, `file_limit=${FILE_LIMIT}`]);
    case 'file': {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!filename || !safeRelative(filename)) return failure(reply, 400, locale, 'bad_filename', { file: (filename ?? '').slice(0, 200) });
      if (type === 'sale') {
        try {
          // Applied when whole (parts of file_limit wait for the rest): a refused file is `failure` with the reason.
          const r = await saleUpload(deps, session, safeRelative(filename)!, body);
          if (r.result === 'failed') return failure(reply, 200, locale, 'sale_failed', { file: filename.slice(0, 200), detail: r.detail.slice(0, 500) });
        } catch (err) {
          const detail = err instanceof AppError ? translate(err.messageKey, locale, err.params) : err instanceof Error ? err.message : String(err);
          if (!(err instanceof AppError) && !(err instanceof Error)) req.log.error({ err }, '1C sale file');
          return failure(reply, 200, locale, 'sale_failed', { file: filename.slice(0, 200), detail: detail.slice(0, 500) });
        }
        return answer(reply, 200, ['success']);
      }
      const rel = await appendChunk(deps, session.id, filename, body);
      if (!rel) return failure(reply, 400, locale, 'bad_filename', { file: filename.slice(0, 200) });
      return answer(reply, 200, ['success']);
    }
    case 'import': {
      const rel = filename ? safeRelative(filename) : null;
      if (!rel) return failure(reply, 400, locale, 'bad_filename', { file: (filename ?? '').slice(0, 200) });
      if (type === 'sale') {
        // 1C 8.3 asks to import the orders file it sent: applied by now (or its parts, now).
        const r = await saleImport(deps, session, rel);
        if (r.result === 'missing') return failure(reply, 200, locale, 'file_not_found', { file: rel });
        if (r.result === 'failed') return failure(reply, 200, locale, 'sale_failed', { file: rel, detail: r.detail.slice(0, 500) });
        return answer(reply, 200, ['success']);
      }
      let run = await onecRepo.sessionRunFor(deps.db, session.id, session.generation, rel);
      let running: { done: Promise<void> } | null;
      if (!run) {
        ({ run, running } = await createRun(
          deps,
          {
            source: 'exchange',
            sessionId: session.id,
            generation: session.generation,
            actorId: null,
            requestedFile: rel,
            dir: exchangeDirOf(session.id),
            files: [rel],
          },
          req.log,
        ));
      } else running = await ensureRunning(deps, run, req.log);
      await waitFor(running?.done ?? null, exchangeTiming.importWaitMs);
      return runAnswer(reply, locale, (await onecRepo.findRun(deps.db, run.id)) ?? run);
    }
    case 'query': {
      if (type !== 'sale') return failure(reply, 400, locale, 'bad_mode', { mode });
      const xml = await saleQuery(deps.db, deps);
      return reply.code(200).header('Cache-Control', 'no-store').type('application/xml; charset=utf-8').send(xml);
    }
    case 'success':
      if (type === 'sale') await saleSuccess(deps.db, deps);
      return answer(reply, 200, ['success']);
    case 'complete':
    case 'deactivate':
      return answer(reply, 200, ['success']);
    default:
      return failure(reply, 400, locale, 'bad_mode', { mode: mode.slice(0, 50) });
  }
}

const PICTURE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif' };

/**
 * Everything of the 1C sync, registered at the app's root: the exchange, the pictures it stored
 * before issue 30 (GET /storage/onec/..., raw bytes, still served while rows refer to them: the
 * picture conversion job converts them and deletes the files; the import now stores the variants
 * of lib/pictures.ts, served by the catalogue's /storage route, and writes nothing here) and the
 * back-office API.
 */
export const onecRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    // 1C sends chunks as raw bytes, with or without a content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FILE_LIMIT }, (_req, body, done) => done(null, body));
    scope.route({ method: ['GET', 'POST'], url: '/1c/exchange', bodyLimit: FILE_LIMIT, schema: { hide: true }, handler: exchange });
    // Errors in the protocol's words (1C reads the body), never the JSON envelope.
    scope.setErrorHandler((err: { statusCode?: number }, req, reply) => {
      const locale = requestLocale(req);
      if (err.statusCode === 413) return failure(reply, 413, locale, 'chunk_too_large', { max: FILE_LIMIT });
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
        return failure(reply, err.statusCode, locale, 'bad_mode', { mode: one((req.query as Record<string, unknown>).mode) ?? '' });
      req.log.error({ err }, '1C exchange');
      return failure(reply, 500, locale, 'internal');
    });
  });

  app.get('/storage/onec/*', { schema: { hide: true } }, async (req, reply) => {
    const rel = safeRelative((req.params as { '*': string })['*'] ?? '');
    const type = rel ? PICTURE_TYPES[path.extname(rel).toLowerCase()] : undefined;
    if (!rel || !type) throw AppError.notFound();
    const file = path.join(app.deps.config.dataDir, 'storage', 'onec', rel);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw AppError.notFound();
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Length', String(stat.size))
      .type(type)
      .send(fs.createReadStream(file));
  });

  await app.register(onecAdminRoutes, { prefix: '/api/v1/admin/onec' });
};
