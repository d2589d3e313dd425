import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryDto,
  dataOf,
  filterGroupDto,
  filtersQuery,
  productListItemDto,
  productQuery,
  productResponse,
  productsQuery,
  productsResponse,
  promoProductDto,
} from '@drop/shared';
import { translate } from '@drop/shared';
import { authedCtx, ctxOf, requireUser } from '../../plugins/auth.ts';
import { requestLocale } from '../../plugins/locale.ts';
import { idParam } from '../../lib/http.ts';
import { getCategory, getProduct, listAnalogues, listCategories, listFilters, listProductsPage, listPromo } from './catalog.service.ts';
import { writeProductList } from './list-writer.ts';
import { renderDemoSvg } from './demo/demo-svg.ts';
import { openStored } from './product-images.ts';

const security = [{ bearer: [] }];

/** /api/v1/categories, /api/v1/products, /api/v1/filters */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get('/categories', { schema: { tags: ['catalog'], security, response: { 200: dataOf(z.array(categoryDto)) } } }, async (req) => ({
    data: await listCategories(ctxOf(req)),
  }));

  app.get('/categories/:id', { schema: { tags: ['catalog'], security, params: idParam, response: { 200: dataOf(categoryDto) } } }, async (req) => ({
    data: await getCategory(ctxOf(req), req.params.id),
  }));

  // Written by list-writer.ts as the route's serializer would write it (it checks so in development and tests).
  app.get('/products', { schema: { tags: ['catalog'], security, querystring: productsQuery, response: { 200: productsResponse } } }, async (req, reply) => {
    const ctx = authedCtx(req);
    const body = writeProductList(await listProductsPage(ctx, req.query), ctx.deps.config.env !== 'production');
    return (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(body);
  });

  app.get(
    '/products/analogues/:id',
    { schema: { tags: ['catalog'], security, params: idParam, querystring: productQuery, response: { 200: dataOf(z.array(productListItemDto)) } } },
    async (req) => ({ data: await listAnalogues(authedCtx(req), req.params.id, req.query.market_id) }),
  );

  app.get(
    '/products/:id',
    { schema: { tags: ['catalog'], security, params: idParam, querystring: productQuery, response: { 200: productResponse } } },
    async (req) => getProduct(authedCtx(req), req.params.id, req.query.market_id),
  );

  app.get(
    '/filters',
    { schema: { tags: ['catalog'], security, querystring: filtersQuery, response: { 200: dataOf(z.array(filterGroupDto)) } } },
    async (req) => ({
      data: await listFilters(authedCtx(req), req.query),
    }),
  );
};

/** GET /api/products/promo: public, the landing's promo grid. */
export const promoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/promo', { schema: { tags: ['catalog'], response: { 200: dataOf(z.array(promoProductDto)) } } }, async (req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { data: await listPromo(ctxOf(req)) };
  });
};

/**
 * GET and HEAD /storage/*: public catalogue pictures. Stored ones from DATA_DIR/storage: the
 * variants of lib/pictures.ts (`pictures/ab/<hash>.jpg|-m.webp|-t.webp`, the directory must match
 * the hash) and legacy uploads (`products/...`); both never change their content, so they are
 * cached for a year as immutable. The demo catalogue's are drawn on request. Anything else 404.
 */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = (req.params as { '*': string })['*'];
    const stored = await openStored(app.deps.config.dataDir, path);
    if (stored) {
      const etag = `"${stored.size.toString(16)}-${Math.floor(stored.mtime.getTime() / 1000).toString(16)}"`;
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('X-Content-Type-Options', 'nosniff')
        .header('ETag', etag)
        .header('Last-Modified', stored.mtime.toUTCString())
        .type(stored.type);
      const match = req.headers['if-none-match'];
      if (match !== undefined && match.split(',').some((x) => x.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      reply.header('Content-Length', String(stored.size));
      return req.method === 'HEAD' ? reply.send() : reply.send(stored.open());
    }
    const svg = renderDemoSvg(path);
    if (svg === null) return reply.code(404).send({ message: translate('not_found', requestLocale(req)), code: 'NotFound' });
    return reply
      .header('Cache-Control', 'public, max-age=86400')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml; charset=utf-8')
      .send(svg);
  };
  // HEAD answers the same headers without opening the file (Fastify's automatic HEAD would read it through).
  app.head('/*', { schema: { hide: true } }, handler);
  app.get('/*', { schema: { hide: true }, exposeHeadRoute: false }, handler);
};
