import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ORDER_PRINT_KINDS, dataOf, printIdsQuery, printRegisterQuery, supplierRequisitesDto, supplierRequisitesInput, translate } from '@drop/shared';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import { requestLocale } from '../../plugins/locale.ts';
import { PrintRefused, getRequisites, printOrder, printOrders, printRegister, setRequisites, type PdfFile } from './printing.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
/** An unknown kind in the path is 404, as any path parameter that names nothing. */
const kindParam = z.object({ kind: z.enum(ORDER_PRINT_KINDS, 'invalid_value') });

const sendPdf = (reply: FastifyReply, f: PdfFile) =>
  reply.type('application/pdf').header('content-disposition', `inline; filename="${f.filename}"`).header('cache-control', 'no-store').send(f.body);

/**
 * /api/v1/admin/orders/...print...: the order documents as PDF (area `printing`), in the
 * request's language. Registered beside the orders' admin plugin under the same prefix: the
 * static /print/register wins over /print/{kind}, which has one segment fewer than /{id}/print/{kind}.
 */
export const printingOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'printing');
  app.get('/print/register', { schema: { tags, security, querystring: printRegisterQuery } }, async (req, reply) =>
    sendPdf(reply, await printRegister(authedCtx(req), req.query.date)),
  );
  app.get('/print/:kind', { schema: { tags, security, params: kindParam, querystring: printIdsQuery } }, async (req, reply) => {
    try {
      return sendPdf(reply, await printOrders(authedCtx(req), req.query.ids, req.params.kind));
    } catch (err) {
      // All or nothing: the first order that cannot be printed, named with the single print's code.
      if (err instanceof PrintRefused) {
        const locale = requestLocale(req);
        return (reply as FastifyReply)
          .code(err.status)
          .send({ message: `№ ${err.number}: ${translate(err.messageKey, locale)}`, code: err.code, order_id: err.orderId, number: err.number });
      }
      throw err;
    }
  });
  app.get('/:id/print/:kind', { schema: { tags, security, params: idParam.extend(kindParam.shape) } }, async (req, reply) =>
    sendPdf(reply, await printOrder(authedCtx(req), req.params.id, req.params.kind)),
  );
};

/** /api/v1/admin/printing/requisites: the supplier's requisites for invoices (read: printing; change: printing.requisites). */
export const printingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'printing');
  app.get('/requisites', { schema: { tags, security, response: { 200: dataOf(supplierRequisitesDto.nullable()) } } }, async (req) => ({
    data: await getRequisites(authedCtx(req)),
  }));
  app.put(
    '/requisites',
    { config: { access: 'printing.requisites' }, schema: { tags, security, body: supplierRequisitesInput, response: { 200: dataOf(supplierRequisitesDto) } } },
    async (req) => ({
      data: await setRequisites(authedCtx(req), req.body),
    }),
  );
};
