import { PDFDocument as PdfLib } from 'pdf-lib';
import type { OrderPrintKind, SupplierRequisitesDto, SupplierRequisitesInput } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import { assertPrintable } from '../orders/printable.ts';
import { carrierAppError, npSenderAddress } from '../settings/np-sender.ts';
import { setSupplierRequisites, supplierRequisites } from '../settings/supplier-requisites.ts';
import { finish, newDoc } from './pdf.ts';
import { printingRepo, type PrintOrderRows } from './printing.repository.ts';
import { printTexts } from './printing.texts.ts';
import { drawInvoice, drawLabel, drawPacking, drawPickList, drawRegister, listsOf, type LabelSender, type RegisterRow } from './render.ts';

/** The order's waybill was made through the NP API (we have its ref): NP's print service makes the marking. */
export function isNpApiWaybill(o: OrderRow): boolean {
  return !!o.ttn && !!o.ttnRef && o.deliveryStatus !== 'Deleted' && o.deliveryService === 'NovaPoshta';
}

/** One of several orders cannot be printed: the single print's refusal, naming the order. */
export class PrintRefused extends AppError {
  constructor(
    refusal: AppError,
    readonly orderId: number,
    readonly number: string,
  ) {
    super(refusal.status, refusal.code, refusal.messageKey);
  }
}

export interface PdfFile {
  body: Buffer;
  filename: string;
}

/** The sender our own labels print: the requisites, else the NP sender of the key (when NP answers), else none. */
async function labelSender(ctx: AuthedCtx): Promise<LabelSender | null> {
  const req = await supplierRequisites(ctx.db);
  if (req) return { name: req.name, phone: req.phone, address: req.address };
  try {
    const p = await ctx.deps.novaPoshta.senderProfile();
    const chosen = await npSenderAddress(ctx.db);
    const address = p.addresses.find((a) => a.ref === chosen) ?? p.addresses[0];
    return {
      name: p.contact.description || p.counterparty.description,
      phone: p.contact.phone,
      address: address ? `${address.cityDescription}, ${address.description}` : '',
    };
  } catch (err) {
    ctx.log.warn({ err }, 'no NP sender for the label');
    return null;
  }
}

/**
 * Markings, one 100×100 mm page per order in the order given: NP's own (from its print service,
 * every NP waybill in ONE call) for waybills made through the NP API; ours for the rest (another
 * carrier, a waybill entered by hand, the reseller's own).
 */
async function markings(ctx: AuthedCtx, items: PrintOrderRows[]): Promise<Buffer> {
  const t = printTexts(ctx.locale);
  const lists = listsOf(ctx.locale);
  const np = items.filter((p) => isNpApiWaybill(p.o));
  const own = items.filter((p) => !isNpApiWaybill(p.o));
  let ownPdf: Buffer | null = null;
  if (own.length) {
    const sender = await labelSender(ctx);
    const doc = newDoc('Markings');
    for (const p of own) await drawLabel(doc, p, sender, t, lists);
    ownPdf = await finish(doc);
  }
  if (!np.length) return ownPdf!;
  let npPdf: Uint8Array;
  try {
    npPdf = await ctx.deps.novaPoshta.printMarkings(np.map((p) => p.o.ttn!));
  } catch (err) {
    throw carrierAppError(err, 'np_refused');
  }
  if (!ownPdf) return Buffer.from(npPdf);
  // Both: NP's pages and ours merged in the order asked (NP answers one page per document, in order).
  const out = await PdfLib.create();
  const [npDoc, ownDoc] = await Promise.all([PdfLib.load(npPdf), PdfLib.load(ownPdf)]);
  const npPages = await out.copyPages(npDoc, npDoc.getPageIndices());
  const ownPages = await out.copyPages(ownDoc, ownDoc.getPageIndices());
  const perDoc = npPages.length === np.length;
  if (!perDoc) ctx.log.warn({ pages: npPages.length, documents: np.length }, 'NP markings: not one page per document; its pages go together');
  let n = 0;
  let k = 0;
  let npPlaced = false;
  for (const p of items) {
    if (isNpApiWaybill(p.o)) {
      if (perDoc) out.addPage(npPages[n++]!);
      else if (!npPlaced) {
        for (const pg of npPages) out.addPage(pg);
        npPlaced = true;
      }
    } else out.addPage(ownPages[k++]!);
  }
  return Buffer.from(await out.save());
}

async function render(ctx: AuthedCtx, items: PrintOrderRows[], kind: OrderPrintKind, now = new Date()): Promise<Buffer> {
  const t = printTexts(ctx.locale);
  const lists = listsOf(ctx.locale);
  if (kind === 'marking') return markings(ctx, items);
  if (kind === 'packing') {
    const doc = newDoc(items.length === 1 ? t.orderNo(items[0]!.o.number) : t.pickList);
    if (items.length > 1) drawPickList(doc, items, t, now);
    for (const p of items) drawPacking(doc, p, t, lists);
    return finish(doc);
  }
  const req = (await supplierRequisites(ctx.db)) as SupplierRequisitesDto;
  const doc = newDoc(items.length === 1 ? t.invoice(items[0]!.o.number, '') : 'Invoices');
  for (const p of items) drawInvoice(doc, p, req, t, ctx.locale);
  return finish(doc);
}

/** `GET /admin/orders/{id}/print/{kind}`: one order's document (404 unknown, 400 the assertPrintable refusals). */
export async function printOrder(ctx: AuthedCtx, id: number, kind: OrderPrintKind): Promise<PdfFile> {
  const [item] = await printingRepo.orders(ctx.db, [id]);
  if (!item) throw AppError.notFound();
  await assertPrintable(ctx, item.o, kind);
  return { body: await render(ctx, [item], kind), filename: `order-${item.o.number}-${kind}.pdf` };
}

/**
 * `GET /admin/orders/print/{kind}?ids=`: every order in one PDF, in the order of `ids`. All or
 * nothing: an unknown id is 404; the first order that cannot be printed refuses the whole
 * document with its code, naming that order (PrintRefused). The bulk action checks each order
 * with assertPrintable first and links here only the printable ones.
 */
export async function printOrders(ctx: AuthedCtx, ids: number[], kind: OrderPrintKind): Promise<PdfFile> {
  const items = await printingRepo.orders(ctx.db, ids);
  if (items.length !== ids.length || items.length === 0) throw AppError.notFound();
  for (const p of items) {
    try {
      await assertPrintable(ctx, p.o, kind);
    } catch (err) {
      if (err instanceof AppError) throw new PrintRefused(err, p.o.id, p.o.number);
      throw err;
    }
  }
  return {
    body: await render(ctx, items, kind),
    filename: items.length === 1 ? `order-${items[0]!.o.number}-${kind}.pdf` : `orders-${kind}-${items.length}.pdf`,
  };
}

/**
 * `GET /admin/orders/print/register?date=`: the parcels whose waybill was recorded that Kyiv day
 * (order_history 'ttn') and is still the order's (not replaced, not deleted); an empty day is a
 * page saying so.
 */
export async function printRegister(ctx: AuthedCtx, day: string): Promise<PdfFile> {
  const t = printTexts(ctx.locale);
  const made = await printingRepo.waybillsOfDay(ctx.db, day);
  const latest = new Map<number, string>();
  for (const h of made) if (h.ttn) latest.set(h.orderId, h.ttn);
  const items = await printingRepo.orders(ctx.db, [...latest.keys()]);
  const rows: RegisterRow[] = items.filter((p) => p.o.ttn === latest.get(p.o.id) && p.o.deliveryStatus !== 'Deleted').map((p) => ({ o: p.o, ttn: p.o.ttn! }));
  const req = await supplierRequisites(ctx.db);
  const doc = newDoc(t.register(day));
  drawRegister(doc, day, rows, req?.name ?? null, t);
  return { body: await finish(doc), filename: `register-${day}.pdf` };
}

// ---------- the supplier's requisites ----------

export const getRequisites = (ctx: AuthedCtx) => supplierRequisites(ctx.db);

/** Saves the requisites (audited as setting.update with the value before and after). */
export async function setRequisites(
  ctx: AuthedCtx,
  input: SupplierRequisitesInput & { phone: string; tax_note: string; iban: string },
): Promise<SupplierRequisitesDto> {
  const next: SupplierRequisitesDto = {
    name: input.name,
    code: input.code,
    iban: input.iban,
    bank: input.bank,
    address: input.address,
    phone: input.phone,
    tax_note: input.tax_note,
  };
  await ctx.db.transaction(async (tx) => {
    const before = await supplierRequisites(tx);
    await setSupplierRequisites(tx, next, ctx.user.id);
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'setting.update',
      entity: 'setting',
      entityId: null,
      changes: { key: 'requisites', value: [before, next] },
    });
  });
  return next;
}
