import { buildConfigLists, type ConfigLists, type Locale, type SupplierRequisitesDto } from '@drop/shared';
import type { OrderLineRow, OrderRow } from '../orders/orders.repository.ts';
import { codOf } from '../orders/orders-admin.service.ts';
import { amountInWords } from './amount-words.ts';
import { A4, LABEL_SIZE, MM, code128, kyivDate, money, table, type Doc } from './pdf.ts';
import type { PrintTexts } from './printing.texts.ts';

/** One order as the documents print it: the row, its lines and the reseller who placed it. */
export interface PrintOrder {
  o: OrderRow;
  lines: OrderLineRow[];
  reseller: { name: string; email: string; phone: string | null };
}
/** Who sends the parcel (our own labels): the requisites, else the NP sender of the key. */
export interface LabelSender {
  name: string;
  phone: string;
  address: string;
}

const MARGIN = 36;
const fullName = (o: OrderRow) => [o.lastName, o.firstName, o.middleName].filter(Boolean).join(' ');
const label = (lists: ConfigLists, list: keyof ConfigLists, id: string) => lists[list].find((i) => i.id === id)?.name ?? id;
export const listsOf = (locale: Locale) => buildConfigLists(locale);

/** Where the parcel goes: the branch, or the street address for a courier. */
export function placeOf(o: OrderRow, t: PrintTexts): string {
  if (o.deliveryMethod === 'Courier') {
    const street = [o.streetName, o.house].filter(Boolean).join(', ');
    return `${t.address}: ${street}${o.appt ? `, кв. ${o.appt}` : ''}`;
  }
  return o.branchName ?? '';
}
/** The cash the recipient pays: the waybill's, or what a waybill would ask before there is one. */
const codToCollect = (o: OrderRow) => (o.ttn && o.deliveryStatus !== 'Deleted' ? o.codKop : codOf(o));
const waybillText = (o: OrderRow) => (o.ttn && o.deliveryStatus !== 'Deleted' ? o.ttn : o.selfTtn) ?? '';

function kv(doc: Doc, x: number, width: number, pairs: [string, string][], size = 10) {
  for (const [k, v] of pairs) {
    if (!v) continue;
    doc.font('bold').fontSize(size).text(`${k}: `, x, doc.y, { continued: true, width }).font('regular').text(v, { width });
  }
}

// ---------- 100×100 mm label (ours, where the carrier has no print service) ----------

/** One 100×100 mm page: sender, recipient, destination, waybill with its Code128, order number, COD. */
export async function drawLabel(doc: Doc, p: PrintOrder, sender: LabelSender | null, t: PrintTexts, lists: ConfigLists): Promise<void> {
  const { o } = p;
  const m = 4 * MM;
  // No page margin: pdfkit would start a new page for text near the bottom; positions are explicit.
  doc.addPage({ size: LABEL_SIZE, margin: 0 });
  const w = LABEL_SIZE[0] - 2 * m;
  const carrier = label(lists, 'delivery_service_list', o.deliveryType === 'SelfTTN' && o.selfTtnType ? o.selfTtnType : o.deliveryService);
  doc
    .font('bold')
    .fontSize(11)
    .text(carrier, m, m, { width: w * 0.6 });
  doc
    .font('bold')
    .fontSize(11)
    .text(t.orderNo(o.number), m + w * 0.4, m, { width: w * 0.6, align: 'right' });
  doc
    .moveTo(m, doc.y + 2)
    .lineTo(m + w, doc.y + 2)
    .lineWidth(0.8)
    .stroke();
  doc.y += 5;
  const number = waybillText(o);
  const bottom = LABEL_SIZE[1] - m;
  const barH = 18 * MM;
  // The text above the barcode: a long address is cut with an ellipsis rather than run into it.
  const limit = (number ? bottom - barH - 12 : bottom - 11) - 3;
  const line = (text: string, font: 'regular' | 'bold', size: number, gap = 0) => {
    doc.y += gap;
    const room = limit - doc.y;
    if (!text || room < size) return;
    doc.font(font).fontSize(size).text(text, m, doc.y, { width: w, height: room, ellipsis: true });
  };
  if (sender) line(`${t.sender}: ${[sender.name, sender.phone, sender.address].filter(Boolean).join(', ')}`, 'regular', 7);
  const cod = codToCollect(o);
  // COD first after the recipient's name and phone: it must not be the line an ellipsis cuts.
  line(t.recipient, 'regular', 8, sender ? 2 : 0);
  line(fullName(o), 'bold', 12);
  line(o.phone, 'regular', 10);
  if (cod > 0) line(`${t.codShort}: ${money(cod)} грн`, 'bold', 10, 1);
  line(o.cityName ?? '', 'bold', 10, 1);
  line(placeOf(o, t), 'regular', 9);
  if (number) {
    const png = await code128(number);
    doc.image(png, m, bottom - barH - 12, { fit: [w, barH], align: 'center' });
    doc
      .font('bold')
      .fontSize(10)
      .text(number, m, bottom - 11, { width: w, align: 'center', lineBreak: false });
  } else {
    doc
      .font('regular')
      .fontSize(9)
      .text(t.noWaybillNumber, m, bottom - 11, { width: w, align: 'center', lineBreak: false });
  }
}

// ---------- A4 packing list ----------

const contentWidth = A4[0] - 2 * MARGIN;

/** The pick list of several orders: every product once with its quantity summed across them. */
export function drawPickList(doc: Doc, orders: PrintOrder[], t: PrintTexts, now: Date): void {
  doc.addPage({ size: 'A4', margin: MARGIN });
  doc.font('bold').fontSize(16).text(t.pickList, MARGIN, MARGIN);
  doc
    .font('regular')
    .fontSize(10)
    .text(`${t.pickListOf(orders.length)} · ${kyivDate(now)}`);
  doc
    .font('regular')
    .fontSize(9)
    .text(`${t.orders}: ${orders.map((p) => p.o.number).join(', ')}`, { width: contentWidth });
  doc.moveDown(0.5);
  const byKey = new Map<string, { vendor: string; name: string; qty: number; orders: string[] }>();
  for (const p of orders) {
    for (const l of p.lines) {
      const key = `${l.vendorCode}\u0000${l.name}`;
      const row = byKey.get(key) ?? { vendor: l.vendorCode, name: l.name, qty: 0, orders: [] };
      row.qty += l.qty;
      if (!row.orders.includes(p.o.number)) row.orders.push(p.o.number);
      byKey.set(key, row);
    }
  }
  const rows = [...byKey.values()].sort((a, b) => a.vendor.localeCompare(b.vendor) || a.name.localeCompare(b.name));
  table(
    doc,
    MARGIN,
    [
      { title: t.n, width: 28, align: 'right' },
      { title: t.article, width: 90 },
      { title: t.name, width: 220 },
      { title: t.qty, width: 50, align: 'right' },
      { title: t.orders, width: contentWidth - 28 - 90 - 220 - 50 - 30 },
      { title: t.tick, width: 30, align: 'center' },
    ],
    rows.map((r, i) => [
      String(i + 1),
      r.vendor,
      r.name,
      String(r.qty),
      r.orders.length > 12 ? `${r.orders.slice(0, 12).join(', ')} … (+${r.orders.length - 12})` : r.orders.join(', '),
      '☐',
    ]),
  );
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(11)
    .text(`${t.totalQty}: ${rows.reduce((s, r) => s + r.qty, 0)}`, MARGIN, doc.y);
}

/** One order's packing page: the order, the reseller, the recipient, delivery and payment, its lines with a tick column, totals. */
export function drawPacking(doc: Doc, p: PrintOrder, t: PrintTexts, lists: ConfigLists): void {
  const { o } = p;
  doc.addPage({ size: 'A4', margin: MARGIN });
  doc
    .font('bold')
    .fontSize(16)
    .text(`${t.packingList} · ${t.orderNo(o.number)}`, MARGIN, MARGIN, { width: contentWidth });
  doc
    .font('regular')
    .fontSize(10)
    .text(`${t.date}: ${kyivDate(o.createdAt)}`);
  doc.moveDown(0.5);
  const top = doc.y;
  const half = contentWidth / 2 - 6;
  kv(doc, MARGIN, half, [
    [t.recipient, fullName(o)],
    [t.phone, o.phone],
    [t.city, o.cityName ?? ''],
    [o.deliveryMethod === 'Courier' ? t.courier : t.branch, placeOf(o, t)],
    [t.waybill, waybillText(o)],
  ]);
  const leftEnd = doc.y;
  doc.y = top;
  const x2 = MARGIN + half + 12;
  kv(doc, x2, half, [
    [t.reseller, [p.reseller.name, p.reseller.phone].filter(Boolean).join(', ')],
    [t.delivery, `${label(lists, 'delivery_service_list', o.deliveryService)}, ${label(lists, 'delivery_method_list', o.deliveryMethod)}`],
    [t.payment, label(lists, 'pay_method_list', o.paymentMethod)],
    [t.codShort, codToCollect(o) > 0 ? `${money(codToCollect(o))} грн` : '—'],
    [t.comment, o.comment ?? ''],
  ]);
  doc.y = Math.max(leftEnd, doc.y) + 10;
  const qty = p.lines.reduce((s, l) => s + l.qty, 0);
  table(
    doc,
    MARGIN,
    [
      { title: t.n, width: 24, align: 'right' },
      { title: t.article, width: 85 },
      { title: t.name, width: 200 },
      { title: t.qty, width: 40, align: 'right' },
      { title: t.price, width: 65, align: 'right' },
      { title: t.sum, width: contentWidth - 24 - 85 - 200 - 40 - 65 - 30, align: 'right' },
      { title: t.tick, width: 30, align: 'center' },
    ],
    p.lines.map((l, i) => [String(i + 1), l.vendorCode, l.name, String(l.qty), money(l.retailKop), money(l.retailKop * l.qty), '☐']),
  );
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(11)
    .text(`${t.total}: ${qty} · ${money(o.retailKop)} грн`, MARGIN, doc.y, { width: contentWidth, align: 'right' });
  doc.moveDown(2);
  doc.font('regular').fontSize(10).text(t.packedBy, MARGIN, doc.y, { width: contentWidth });
}

// ---------- A4 invoice (рахунок на оплату) ----------

/**
 * The invoice of a Card order: the reseller pays the supplier the order's wholesale sum (the
 * drop prices fixed at placement; the sum a paid invoice refunds on cancel), to the kopeck.
 */
export function drawInvoice(doc: Doc, p: PrintOrder, req: SupplierRequisitesDto, t: PrintTexts, locale: Locale): void {
  const { o } = p;
  doc.addPage({ size: 'A4', margin: MARGIN });
  doc
    .font('bold')
    .fontSize(15)
    .text(t.invoice(o.number, kyivDate(o.createdAt)), MARGIN, MARGIN, { width: contentWidth });
  doc.moveDown(0.6);
  kv(doc, MARGIN, contentWidth, [
    [t.supplier, req.name],
    [t.code, req.code],
    [t.iban, req.iban],
    [t.bank, req.bank],
    [t.address, req.address],
    [t.phone, req.phone],
  ]);
  doc
    .font('regular')
    .fontSize(10)
    .text(req.tax_note || t.noVat, MARGIN, doc.y, { width: contentWidth });
  doc.moveDown(0.6);
  kv(doc, MARGIN, contentWidth, [
    [t.buyer, p.reseller.name],
    [t.email, p.reseller.email],
    [t.phone, p.reseller.phone ?? ''],
  ]);
  doc.font('regular').fontSize(10).text(t.forOrder(o.number), MARGIN, doc.y, { width: contentWidth });
  doc.moveDown(0.6);
  table(
    doc,
    MARGIN,
    [
      { title: t.n, width: 24, align: 'right' },
      { title: t.article, width: 85 },
      { title: t.name, width: 220 },
      { title: t.qty, width: 45, align: 'right' },
      { title: t.price, width: 70, align: 'right' },
      { title: t.sum, width: contentWidth - 24 - 85 - 220 - 45 - 70, align: 'right' },
    ],
    p.lines.map((l, i) => [String(i + 1), l.vendorCode, l.name, String(l.qty), money(l.dropKop), money(l.dropKop * l.qty)]),
  );
  doc.moveDown(0.5);
  const total = o.wholesaleKop;
  doc
    .font('bold')
    .fontSize(11)
    .text(`${t.toPay}: ${money(total)} грн`, MARGIN, doc.y, { width: contentWidth, align: 'right' });
  // The tax note is printed with the supplier's requisites; under the total only "Без ПДВ".
  doc.font('regular').fontSize(10).text(t.noVat, { width: contentWidth, align: 'right' });
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(10)
    .text(`${t.inWords}: `, MARGIN, doc.y, { continued: true, width: contentWidth })
    .font('regular')
    .text(amountInWords(total, locale));
  doc.moveDown(2);
  doc.font('regular').fontSize(10).text(t.signature, MARGIN, doc.y, { width: contentWidth });
}

// ---------- A4 landscape: the day's shipment register ----------

export interface RegisterRow {
  o: OrderRow;
  ttn: string;
}

export function drawRegister(doc: Doc, day: string, rows: RegisterRow[], supplierName: string | null, t: PrintTexts): void {
  const [d, mo, y] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
  const size: [number, number] = [A4[1], A4[0]];
  const width = size[0] - 2 * MARGIN;
  const head = () => {
    doc
      .font('bold')
      .fontSize(14)
      .text(t.register(`${d}.${mo}.${y}`), MARGIN, MARGIN, { width });
    if (supplierName) doc.font('regular').fontSize(10).text(`${t.sender}: ${supplierName}`, { width });
    doc.moveDown(0.5);
  };
  doc.addPage({ size, margin: MARGIN });
  head();
  if (rows.length === 0) {
    doc.moveDown(1);
    doc.font('regular').fontSize(12).text(t.noShipments, MARGIN, doc.y, { width });
    return;
  }
  const fixed = 28 + 72 + 105 + 140 + 95 + 80 + 80;
  table(
    doc,
    MARGIN,
    [
      { title: t.n, width: 28, align: 'right' },
      { title: t.order, width: 72 },
      { title: t.waybill, width: 105 },
      { title: t.recipient, width: 140 },
      { title: t.cityBranch, width: width - fixed },
      { title: t.declared, width: 95, align: 'right' },
      { title: t.deliveryCost, width: 80, align: 'right' },
      { title: t.codSum, width: 80, align: 'right' },
    ],
    rows.map(({ o, ttn }, i) => [
      String(i + 1),
      o.number,
      ttn,
      `${fullName(o)}\n${o.phone}`,
      [o.cityName, placeOf(o, t)].filter(Boolean).join(', '),
      money(o.retailKop),
      o.deliveryCostKop === null ? '—' : money(o.deliveryCostKop),
      o.codKop > 0 ? money(o.codKop) : '—',
    ]),
    { fontSize: 8, onPage: head },
  );
  doc.moveDown(0.5);
  const sum = (f: (o: OrderRow) => number) => rows.reduce((s, r) => s + f(r.o), 0);
  doc
    .font('bold')
    .fontSize(10)
    .text(
      `${t.shipments(rows.length)} · ${t.declared}: ${money(sum((o) => o.retailKop))} · ${t.deliveryCost}: ${money(sum((o) => o.deliveryCostKop ?? 0))} · ${t.codSum}: ${money(sum((o) => o.codKop))}`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.moveDown(2);
  doc.font('regular').fontSize(10).text(t.handedOver, MARGIN, doc.y, { width });
}
