import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js/node';

/**
 * PDF building blocks for the printing module: DejaVu Sans (Cyrillic) from the dejavu-fonts-ttf
 * package, resolved through Node's module resolution so it is found in a clean clone and in the
 * Docker image (a runtime dependency of apps/api, installed by `npm ci --omit=dev`).
 */
const require = createRequire(import.meta.url);
export const FONT_PATHS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** Read once per process: every document embeds (a subset of) the same two files. */
const fontData = () => (fonts ??= { regular: readFileSync(FONT_PATHS.regular), bold: readFileSync(FONT_PATHS.bold) });

export const MM = 72 / 25.4;
/** 100×100 mm: Nova Poshta's label size (283.46 pt). */
export const LABEL_SIZE: [number, number] = [100 * MM, 100 * MM];
export const A4: [number, number] = [595.28, 841.89];

export type Doc = PDFKit.PDFDocument;

/** A document with the Cyrillic fonts registered as `regular` and `bold`, no page yet. */
export function newDoc(title: string): Doc {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: title, Producer: 'Drop portal', Creator: 'Drop portal' } });
  const f = fontData();
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
  doc.font('regular');
  return doc;
}

/** The finished document's bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A Code128 barcode as a PNG (the waybill number under it is printed by the caller). */
export function code128(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: false });
}

/** 123456 kop -> "1 234,56" (a thin space between thousands, as Ukrainian documents write it). */
export function money(kop: number): string {
  const neg = kop < 0;
  const abs = Math.abs(kop);
  const uah = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${neg ? '-' : ''}${uah},${String(abs % 100).padStart(2, '0')}`;
}

/** A date as DD.MM.YYYY in Kyiv. */
export function kyivDate(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year}`;
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/**
 * A table from `doc.y` at x = `left`: a bold header row (repeated on each new page), rows of
 * wrapped text with a thin line under each; a new page (of the same size and layout) when the
 * next row does not fit. `onPage` draws a continued page's top matter.
 */
export function table(doc: Doc, left: number, cols: Column[], rows: string[][], opts: { fontSize?: number; bottom?: number; onPage?: () => void } = {}): void {
  const size = opts.fontSize ?? 9;
  const pad = 3;
  const totalWidth = cols.reduce((s, c) => s + c.width, 0);
  const bottom = opts.bottom ?? doc.page.height - doc.page.margins.bottom;
  // A cell is cut (with an ellipsis) at a third of the page: a row always fits on a fresh page.
  const maxCell = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) / 3;
  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(size);
    return Math.min(maxCell, Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: cols[i]!.width - 2 * pad })))) + 2 * pad;
  };
  const drawRow = (cells: string[], font: string, header: boolean) => {
    const h = rowHeight(cells, font);
    const y = doc.y;
    if (header) doc.rect(left, y, totalWidth, h).fill('#eeeeee').fillColor('black');
    let x = left;
    doc.font(font).fontSize(size);
    cells.forEach((c, i) => {
      const col = cols[i]!;
      doc.text(c, x + pad, y + pad, { width: col.width - 2 * pad, height: maxCell, ellipsis: true, align: col.align ?? 'left' });
      x += col.width;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + totalWidth, y + h)
      .lineWidth(0.5)
      .strokeColor('#888888')
      .stroke()
      .strokeColor('black');
    doc.x = left;
    doc.y = y + h;
  };
  const header = cols.map((c) => c.title);
  drawRow(header, 'bold', true);
  for (const r of rows) {
    if (doc.y + rowHeight(r, 'regular') > bottom) {
      doc.addPage({ size: [doc.page.width, doc.page.height], margin: doc.page.margins.left });
      opts.onPage?.();
      drawRow(header, 'bold', true);
    }
    drawRow(r, 'regular', false);
  }
  doc.font('regular');
}
