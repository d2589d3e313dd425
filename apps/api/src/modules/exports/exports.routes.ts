import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, exportBuildDto, exportSettingDto, exportSettingInput, feedProviderDto, listOf, pageQuery, translate } from '@drop/shared';
import { authedCtx, ctxOf, requireUser } from '../../plugins/auth.ts';
import { requestLocale } from '../../plugins/locale.ts';
import { idParam, pageOf } from '../../lib/http.ts';
import { presentBuild, presentProviders, presentSetting } from './exports.presenter.ts';
import {
  createExportSetting,
  deleteExportSetting,
  exportHistory,
  generateExportSetting,
  getExportSetting,
  listExportSettings,
  openPublishedFeed,
  updateExportSetting,
} from './exports.service.ts';

const tags = ['exports'];
const security = [{ bearer: [] }];

/** /api/v1/export-settings: the signed-in reseller's product feeds, their history and rebuilds. */
export const exportSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const present = (req: Parameters<typeof authedCtx>[0]) => {
    const ctx = authedCtx(req);
    return (s: Parameters<typeof presentSetting>[0]) => presentSetting(s, ctx.locale, ctx.deps.config.publicUrl);
  };
  app.get('/', { schema: { tags, security, response: { 200: dataOf(z.array(exportSettingDto)) } } }, async (req) => ({
    data: (await listExportSettings(authedCtx(req))).map(present(req)),
  }));
  app.post('/', { schema: { tags, security, body: exportSettingInput, response: { 201: dataOf(exportSettingDto) } } }, async (req, reply) =>
    reply.code(201).send({ data: present(req)(await createExportSetting(authedCtx(req), req.body)) }),
  );
  app.get('/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(exportSettingDto) } } }, async (req) => ({
    data: present(req)(await getExportSetting(authedCtx(req), req.params.id)),
  }));
  app.put('/:id', { schema: { tags, security, params: idParam, body: exportSettingInput, response: { 200: dataOf(exportSettingDto) } } }, async (req) => ({
    data: present(req)(await updateExportSetting(authedCtx(req), req.params.id, req.body)),
  }));
  app.delete('/:id', { schema: { tags, security, params: idParam, response: { 204: z.null() } } }, async (req, reply) => {
    await deleteExportSetting(authedCtx(req), req.params.id);
    return reply.code(204).send(null);
  });
  app.get('/:id/history', { schema: { tags, security, params: idParam, querystring: pageQuery, response: { 200: listOf(exportBuildDto) } } }, async (req) => {
    const ctx = authedCtx(req);
    const { rows, total } = await exportHistory(ctx, req.params.id, req.query.page, req.query.per_page);
    return pageOf(
      rows.map((b) => presentBuild(b, ctx.locale)),
      total,
      req.query.page,
      req.query.per_page,
    );
  });
  app.post('/:id/generate', { schema: { tags, security, params: idParam, response: { 202: dataOf(exportSettingDto) } } }, async (req, reply) =>
    reply.code(202).send({ data: present(req)(await generateExportSetting(authedCtx(req), req.params.id)) }),
  );
};

/** /api/v1/providers: the feed formats on offer, in the request's language. */
export const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.get('/', { schema: { tags, security, response: { 200: dataOf(z.array(feedProviderDto)) } } }, async (req) => ({
    data: presentProviders(authedCtx(req).locale),
  }));
};

const feedParams = z.object({ file: z.string() });
const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.xml$/;

/** An HTTP date to the second (what If-Modified-Since can carry). */
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * GET (and HEAD) /feeds/{token}.xml: the published file, no sign-in; the token is the secret.
 * ETag and Last-Modified come from the opened file itself; a client that takes gzip gets the
 * gzip copy made after the build. Never compressed on the fly.
 */
export const publicFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET and HEAD in one route: an automatic HEAD would read the whole file to throw it away.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/:file',
    schema: { hide: true, params: feedParams },
    config: { compress: false } as never,
    handler: async (req, reply) => {
      const locale = requestLocale(req);
      const token = TOKEN_FILE.exec(req.params.file)?.[1];
      const notFound = () => reply.code(404).send({ message: translate('not_found', locale), code: 'NotFound' });
      if (!token) return notFound();
      const acceptsGzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
      const feed = await openPublishedFeed(ctxOf(req).deps, token, acceptsGzip);
      if (feed === null) return notFound();
      if (feed === 'pending') {
        return reply
          .code(503)
          .header('Retry-After', '60')
          .send({ message: translate('feed_pending', locale), code: 'FeedPending' });
      }
      const etag = `"${feed.size.toString(36)}-${Math.floor(feed.mtime.getTime()).toString(36)}${feed.gzip ? '-gz' : ''}"`;
      reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('ETag', etag)
        .header('Last-Modified', feed.mtime.toUTCString())
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .header('Content-Disposition', `inline; filename="feed-${feed.settingId}.xml"`);
      const inm = req.headers['if-none-match'];
      const ims = req.headers['if-modified-since'];
      const notModified =
        inm !== undefined
          ? inm
              .split(',')
              .map((t) => t.trim().replace(/^W\//, ''))
              .some((t) => t === etag || t === '*')
          : ims !== undefined && !Number.isNaN(Date.parse(ims)) && seconds(feed.mtime) <= seconds(new Date(ims));
      if (notModified) {
        await feed.file.close();
        return reply.code(304).send();
      }
      if (feed.gzip) reply.header('Content-Encoding', 'gzip');
      reply.header('Content-Length', feed.size);
      if (req.method === 'HEAD') {
        await feed.file.close();
        return reply.send();
      }
      return reply.send(feed.file.createReadStream({ autoClose: true }));
    },
  });
};
