import type { FastifyInstance } from 'fastify';
import { inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { npEmulatorDocuments } from '../../db/schema/index.ts';
import { LABEL_SIZE, MM, code128, finish, money, newDoc } from '../../modules/printing/pdf.ts';
import { NP_EMULATOR_SENDER } from './emulator-data.ts';

/**
 * The emulator's print service (my.novaposhta.ua's part the portal uses): the 100×100 mm marking
 * of documents the emulator made, one page each in the order asked, for the sender's key. As the
 * real service it answers an HTML page, not a PDF, when the key is missing or wrong, or when it
 * does not know a document (or it was deleted). Forms accepted:
 *   /orders/printMarking100x100/orders[]/{n1,n2}/type/pdf/apiKey/{key}
 *   /orders/printMarking100x100/orders/{n1,n2}/type/pdf/apiKey/{key}
 *   /orders/printMarking/100x100/orders/{n1,n2}/type/pdf/apiKey/{key}
 * (numbers or refs).
 */
const FORM = /^\/orders\/printMarking(?:100x100|\/100x100)\/orders(?:\[\]|%5B%5D)?\/([^/]+)\/type\/(pdf|pdf8)\/apiKey\/([^/]+)\/?$/i;

const page = (title: string, text: string) =>
  `<!DOCTYPE html><html lang="uk"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

export function registerEmulatorPrint(app: FastifyInstance, emu: { db: Db; apiKey?: string }): void {
  app.get('/orders/*', async (req, reply) => {
    const path = req.url.slice(req.url.indexOf('/orders/'));
    const m = FORM.exec(path.split('?')[0]!);
    if (!m) return reply.code(404).type('text/html; charset=utf-8').send(page('404', 'Сторінку не знайдено'));
    const docs = decodeURIComponent(m[1]!)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const key = decodeURIComponent(m[3]!);
    if (emu.apiKey !== undefined && key !== emu.apiKey) {
      return reply.type('text/html; charset=utf-8').send(page('Нова пошта', 'Помилка авторизації: невірний API ключ. Увійдіть до особистого кабінету.'));
    }
    const rows = docs.length
      ? await emu.db
          .select()
          .from(npEmulatorDocuments)
          .where(or(inArray(npEmulatorDocuments.number, docs), inArray(npEmulatorDocuments.ref, docs)))
      : [];
    const found = docs.map((d) => rows.find((r) => (r.number === d || r.ref === d) && !r.deleted));
    if (found.length === 0 || found.some((r) => !r)) {
      return reply.type('text/html; charset=utf-8').send(page('Нова пошта', 'Документи не знайдено'));
    }
    const doc = newDoc(`Marking ${docs.join(',')}`);
    const margin = 4 * MM;
    const w = LABEL_SIZE[0] - 2 * margin;
    const sender = NP_EMULATOR_SENDER;
    for (const r of found as NonNullable<(typeof found)[number]>[]) {
      doc.addPage({ size: LABEL_SIZE, margin: 0 });
      doc.font('bold').fontSize(14).text('НОВА ПОШТА', margin, margin, { width: w });
      doc.font('regular').fontSize(7).text(`Відправник: ${sender.contact.lastName} ${sender.contact.firstName}, ${sender.phone}`, { width: w });
      doc.font('regular').fontSize(7).text(`Ref: ${r.ref}`, { width: w });
      doc.moveDown(0.5);
      doc
        .font('bold')
        .fontSize(10)
        .text(r.codKop > 0 ? `Контроль оплати: ${money(r.codKop)} грн` : 'Без накладеного платежу', { width: w });
      const png = await code128(r.number);
      const h = 22 * MM;
      doc.image(png, margin, LABEL_SIZE[1] - margin - h - 16, { fit: [w, h], align: 'center' });
      doc
        .font('bold')
        .fontSize(14)
        .text(r.number, margin, LABEL_SIZE[1] - margin - 14, { width: w, align: 'center', lineBreak: false });
    }
    return reply.type('application/pdf').send(await finish(doc));
  });
}
