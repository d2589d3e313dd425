import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  adminCategoryDto,
  adminProductDto,
  adminProductSummaryDto,
  adminProductsQuery,
  adminPropertyTypeDto,
  adminPropertyValueDto,
  categoryInput,
  categoryUpdateInput,
  dataOf,
  listOf,
  productCreateInput,
  productUnarchiveInput,
  productUpdateInput,
  productsMoveInput,
} from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { idParam, pageOf } from '../../lib/http.ts';
import { readUpload } from '../../lib/uploads.ts';
import * as catalogAdmin from './catalog-admin.service.ts';
import { PRODUCT_IMAGE_MAX_BYTES } from './product-images.ts';
import { readModelOf } from './read-model.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const cacheStats = z.object({ hits: z.number(), misses: z.number(), size: z.number() });
const readModelStatsDto = z.object({
  listening: z.boolean(),
  aggregates: cacheStats,
  pages: cacheStats,
  rows: cacheStats,
  slices: cacheStats.extend({ bytes: z.number() }),
  userSets: cacheStats,
});

/** /api/v1/admin/catalog: categories, products, pictures and properties (staff of the catalog area). */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'catalog');

  // This process's catalogue read model: each cache's hits, misses and entries since it started
  // (the benchmarks print the hit rate per scenario from it). Caches are off while it does not listen.
  app.get('/read-model', { schema: { tags, security, response: { 200: dataOf(readModelStatsDto) } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { data: readModelOf(app.deps.db).stats() };
  });

  app.get('/categories', { schema: { tags, security, response: { 200: dataOf(z.array(adminCategoryDto)) } } }, async (req) => ({
    data: await catalogAdmin.listCategories(authedCtx(req)),
  }));
  app.post('/categories', { schema: { tags, security, body: categoryInput, response: { 201: dataOf(adminCategoryDto) } } }, async (req, reply) => {
    reply.code(201);
    return { data: await catalogAdmin.createCategory(authedCtx(req), req.body) };
  });
  for (const method of ['put', 'patch'] as const) {
    // PATCH as PUT: any subset (`{ hidden: false }` publishes the category to resellers).
    app[method](
      '/categories/:id',
      { schema: { tags, security, params: idParam, body: categoryUpdateInput, response: { 200: dataOf(adminCategoryDto) } } },
      async (req) => ({
        data: await catalogAdmin.updateCategory(authedCtx(req), req.params.id, req.body),
      }),
    );
  }

  app.delete('/categories/:id', { schema: { tags, security, params: idParam, response: { 204: z.null() } } }, async (req, reply) => {
    await catalogAdmin.deleteCategory(authedCtx(req), req.params.id);
    return reply.code(204).send(null);
  });
  app.delete('/categories/:id/image', { schema: { tags, security, params: idParam, response: { 200: dataOf(adminCategoryDto) } } }, async (req) => ({
    data: await catalogAdmin.deleteCategoryImage(authedCtx(req), req.params.id),
  }));

  app.post('/products', { schema: { tags, security, body: productCreateInput, response: { 201: dataOf(adminProductDto) } } }, async (req, reply) => {
    reply.code(201);
    return { data: await catalogAdmin.createProduct(authedCtx(req), req.body) };
  });
  app.post('/products/:id/archive', { schema: { tags, security, params: idParam, response: { 200: dataOf(adminProductDto) } } }, async (req) => ({
    data: await catalogAdmin.archiveProduct(authedCtx(req), req.params.id),
  }));
  app.post(
    '/products/:id/unarchive',
    { schema: { tags, security, params: idParam, body: productUnarchiveInput.optional(), response: { 200: dataOf(adminProductDto) } } },
    async (req) => ({
      data: await catalogAdmin.unarchiveProduct(authedCtx(req), req.params.id, req.body ?? {}),
    }),
  );
  app.get('/products', { schema: { tags, security, querystring: adminProductsQuery, response: { 200: listOf(adminProductSummaryDto) } } }, async (req) => {
    const { data, total } = await catalogAdmin.listProducts(authedCtx(req), req.query);
    return pageOf(data, total, req.query.page, req.query.per_page);
  });
  app.post(
    '/products/move',
    { schema: { tags, security, body: productsMoveInput, response: { 200: dataOf(z.object({ moved: z.number() })) } } },
    async (req) => ({
      data: await catalogAdmin.moveProducts(authedCtx(req), req.body),
    }),
  );
  app.get('/products/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(adminProductDto) } } }, async (req) => ({
    data: await catalogAdmin.getProduct(authedCtx(req), req.params.id),
  }));
  app.put(
    '/products/:id',
    { schema: { tags, security, params: idParam, body: productUpdateInput, response: { 200: dataOf(adminProductDto) } } },
    async (req) => ({
      data: await catalogAdmin.updateProduct(authedCtx(req), req.params.id, req.body),
    }),
  );
  await app.register(imageUploadRoutes);
  app.delete(
    '/products/:id/images/:imageId',
    { schema: { tags, security, params: idParam.extend({ imageId: idParam.shape.id }), response: { 200: dataOf(adminProductDto) } } },
    async (req) => ({ data: await catalogAdmin.deleteProductImage(authedCtx(req), req.params.id, req.params.imageId) }),
  );

  app.get('/properties', { schema: { tags, security, response: { 200: dataOf(z.array(adminPropertyTypeDto)) } } }, async (req) => ({
    data: await catalogAdmin.listPropertyTypes(authedCtx(req)),
  }));
  app.get(
    '/properties/:id/values',
    {
      schema: {
        tags,
        security,
        params: idParam,
        querystring: z.object({ search: z.string('invalid_type').max(100, 'too_long').optional() }),
        response: { 200: dataOf(z.array(adminPropertyValueDto)) },
      },
    },
    async (req) => ({ data: await catalogAdmin.listPropertyValues(authedCtx(req), req.params.id, req.query.search) }),
  );
};

/** Pictures come as multipart `file`, parsed only in this scope. */
const imageUploadRoutes: FastifyPluginAsyncZod = async (images) => {
  await images.register(multipart, { limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  images.post('/products/:id/images', { schema: { tags, security, params: idParam, response: { 200: dataOf(adminProductDto) } } }, async (req) => {
    const { file } = await readUpload(req);
    return { data: await catalogAdmin.addProductImage(authedCtx(req), req.params.id, file) };
  });
  images.post('/categories/:id/image', { schema: { tags, security, params: idParam, response: { 200: dataOf(adminCategoryDto) } } }, async (req) => {
    const { file } = await readUpload(req);
    return { data: await catalogAdmin.setCategoryImage(authedCtx(req), req.params.id, file) };
  });
};
