import { createHash } from 'node:crypto';
import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECEIPT_MAX_BYTES,
  adminOperationDto,
  adminOperationsQuery,
  adminPaymentsBulkInput,
  adminPaymentsQuery,
  adminWithdrawsQuery,
  adminWithdrawsBulkInput,
  bulkResultDto,
  correctionInput,
  dataOf,
  listOf,
  operationDto,
  operationsDayDto,
  operationsQuery,
  pageQuery,
  paymentDecisionInput,
  paymentDocumentDto,
  paymentDto,
  paymentInput,
  translate,
  withdrawCreateResponse,
  withdrawDecisionInput,
  withdrawDto,
  withdrawInput,
} from '@drop/shared';
import { authedCtx, guardStaff, requireUser } from '../../plugins/auth.ts';
import { idParam, pageOf } from '../../lib/http.ts';
import * as finance from './finance.service.ts';
import { bulkApprovePayments, bulkPayWithdraws } from './finance-bulk.service.ts';
import { readUpload } from '../../lib/uploads.ts';

const tags = ['finance'];
const security = [{ bearer: [] }];

/** /api/v1: operations, receipts, top-ups and withdrawals of the signed-in user. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get('/operations', { schema: { tags, security, querystring: operationsQuery, response: { 200: listOf(operationDto) } } }, async (req) => {
    const { data, total } = await finance.listOperations(authedCtx(req), req.query);
    return pageOf(data, total, req.query.page, req.query.per_page);
  });

  app.get('/operations/grouped', { schema: { tags, security, querystring: operationsQuery, response: { 200: listOf(operationsDayDto) } } }, async (req) => {
    const { data, total } = await finance.groupedOperations(authedCtx(req), req.query);
    return pageOf(data, total, req.query.page, req.query.per_page);
  });

  // Receipts: multipart `file`, only in this scope.
  await app.register(async (docs) => {
    await docs.register(multipart, { limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    docs.post('/payment-documents', { schema: { tags, security, response: { 201: dataOf(paymentDocumentDto) } } }, async (req, reply) => {
      const { file } = await readUpload(req);
      const doc = await finance.uploadDocument(authedCtx(req), file);
      return reply.code(201).send({ data: doc });
    });
  });

  app.get('/payment-documents/:id/file', { schema: { tags, security, params: idParam } }, async (req, reply) => {
    const { doc, abs } = await finance.documentFile(authedCtx(req), req.params.id);
    reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(doc.name)}`);
    reply.header('cache-control', 'private, max-age=3600');
    return reply.type(doc.mime).send(fs.createReadStream(abs));
  });

  app.get('/payments', { schema: { tags, security, querystring: pageQuery, response: { 200: listOf(paymentDto) } } }, async (req) => {
    const { data, total } = await finance.listPayments(authedCtx(req), req.query.page, req.query.per_page);
    return pageOf(data, total, req.query.page, req.query.per_page);
  });

  app.post(
    '/payments',
    { config: { idempotent: true }, schema: { tags, security, body: paymentInput, response: { 201: z.object({ data: paymentDto, message: z.string() }) } } },
    async (req, reply) => {
      const ctx = authedCtx(req);
      const data = await finance.createPayment(ctx, req.body);
      return reply.code(201).send({ data, message: translate('payment_sent', ctx.locale) });
    },
  );

  app.get('/withdraws', { schema: { tags, security, querystring: pageQuery, response: { 200: listOf(withdrawDto) } } }, async (req) => {
    const { data, total } = await finance.listWithdraws(authedCtx(req), req.query.page, req.query.per_page);
    return pageOf(data, total, req.query.page, req.query.per_page);
  });

  app.post(
    '/withdraws',
    { config: { idempotent: true }, schema: { tags, security, body: withdrawInput, response: { 200: withdrawCreateResponse, 201: withdrawCreateResponse } } },
    async (req, reply) => {
      const result = await finance.createWithdraw(authedCtx(req), req.body);
      return reply.code('requires_code' in result ? 200 : 201).send({ data: result });
    },
  );
};

const adminPayment = paymentDto.extend({ user_id: z.number() });
const adminWithdraw = withdrawDto.extend({ user_id: z.number(), card_number: z.string() });

/** /api/v1/admin: the money queues and balance corrections (operators). */
export const financeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'money');

  // The ledger of every reseller, newest first; the count is bounded (ADMIN_COUNT_CAP).
  app.get(
    '/operations',
    { schema: { tags: ['admin'], security, querystring: adminOperationsQuery, response: { 200: listOf(adminOperationDto) } } },
    async (req) => {
      const { data, total } = await finance.adminOperations(authedCtx(req), req.query);
      return pageOf(data, total, req.query.page, req.query.per_page);
    },
  );

  app.get('/payments', { schema: { tags: ['admin'], security, querystring: adminPaymentsQuery, response: { 200: listOf(adminPayment) } } }, async (req) => {
    const { data, total } = await finance.adminPayments(authedCtx(req), req.query);
    return pageOf(data, total, req.query.page, req.query.per_page);
  });
  // Many pending top-ups approved at once, each as PUT /payments/{id} would (issue 28).
  app.post(
    '/payments/bulk',
    { config: { idempotent: true }, schema: { tags: ['admin'], security, body: adminPaymentsBulkInput, response: { 200: bulkResultDto } } },
    async (req) => bulkApprovePayments(authedCtx(req), req.body),
  );
  app.put(
    '/payments/:id',
    {
      config: { idempotent: true },
      schema: { tags: ['admin'], security, params: idParam, body: paymentDecisionInput, response: { 200: dataOf(adminPayment) } },
    },
    async (req) => ({
      data: await finance.decidePayment(authedCtx(req), req.params.id, req.body),
    }),
  );

  app.get('/withdraws', { schema: { tags: ['admin'], security, querystring: adminWithdrawsQuery, response: { 200: listOf(adminWithdraw) } } }, async (req) => {
    const { data, total } = await finance.adminWithdraws(authedCtx(req), req.query);
    return pageOf(data, total, req.query.page, req.query.per_page);
  });
  // Many new withdrawals marked paid at once, each as PUT /withdraws/{id} would (issue 28).
  app.post(
    '/withdraws/bulk',
    { config: { idempotent: true }, schema: { tags: ['admin'], security, body: adminWithdrawsBulkInput, response: { 200: bulkResultDto } } },
    async (req) => bulkPayWithdraws(authedCtx(req), req.body),
  );
  app.put(
    '/withdraws/:id',
    {
      config: { idempotent: true },
      schema: { tags: ['admin'], security, params: idParam, body: withdrawDecisionInput, response: { 200: dataOf(adminWithdraw) } },
    },
    async (req) => ({
      data: await finance.decideWithdraw(authedCtx(req), req.params.id, req.body.status, req.body.reason),
    }),
  );

  /**
   * A correction; an `Idempotency-Key` header makes a retried request post once (the key also names
   * the posting, so even a retry after a lost answer cannot post twice).
   */
  app.post(
    '/users/:id/corrections',
    {
      config: { idempotent: true, access: 'money.corrections' },
      schema: {
        tags: ['admin'],
        security,
        params: idParam,
        body: correctionInput,
        response: { 201: dataOf(operationDto) },
      },
    },
    async (req, reply) => {
      const ctx = authedCtx(req);
      // The posting's key names the header key, its author and the body: a retry after a lost answer
      // posts once, and the same header key with another correction (once the plugin has forgotten
      // it, after 24 h) is another posting, never the old one answered in its place.
      const header = req.headers['idempotency-key'];
      const body = createHash('sha256').update(`${req.body.amount}\n${req.body.comment}`).digest('hex').slice(0, 16);
      const key = header ? `correction:${req.params.id}:${ctx.user.id}:${header}:${body}` : `correction:${req.params.id}:${crypto.randomUUID()}`;
      const data = await finance.postCorrection(ctx, req.params.id, req.body.amount, req.body.comment, key);
      return reply.code(201).send({ data });
    },
  );
};
