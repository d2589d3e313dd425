import { uahToKop } from '@drop/shared';
import { CmlError, textOf, type XNode } from '../cml-reader.ts';

/** The Ид of an element; an element without one fails the file. */
export function idOf(node: XNode, element: string): string {
  const id = textOf(node, 'Ид');
  if (!id) throw new CmlError({ key: 'missing_id', params: { element, line: node.line } });
  return id;
}

export const isTrue = (v: string) => /^(true|1|истина|так)$/i.test(v.trim());

/** '12,50' -> '12.5'; other strings as they are (trimmed). */
export function normaliseNumber(v: string): string {
  const s = v.replace(/\s| /g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return v.trim();
  return String(Number(s));
}

export function parsePrice(v: string): number | null {
  const s = v.replace(/\s| /g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const kop = uahToKop(s);
  return Number.isSafeInteger(kop) ? kop : null;
}

export function parseQty(v: string): number | null {
  const s = v.replace(/\s| /g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Math.floor(Number(s));
  return Math.min(Math.max(n, 0), 2_000_000_000);
}
