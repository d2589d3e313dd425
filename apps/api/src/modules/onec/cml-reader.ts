import fs from 'node:fs';
import { TextDecoder } from 'node:util';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { OnecMessage } from '@drop/shared';

/**
 * A streaming reader of CommerceML 2.x documents (2.03 to 2.10, as 1C УТ/БАС/КА export them).
 * The file is read in chunks through a SAX parser (saxes); only the records the import needs are
 * built as small trees, one at a time, and handed to the caller, who may await between chunks
 * (the next chunk is read when the handler is done), so a file of hundreds of MB never sits
 * in memory:
 *   groups      Классификатор/Группы (the whole tree: a few thousand groups at most)
 *   properties  Классификатор/Свойства (with their dictionaries)
 *   priceTypes  Классификатор|ПакетПредложений|ИзмененияПакетаПредложений/ТипыЦен
 *   good        Каталог/Товары/Товар, one by one
 *   offer       ПакетПредложений|ИзмененияПакетаПредложений/Предложения/Предложение, one by one
 */

export interface XNode {
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
  text: string;
  line: number;
}

export const child = (n: XNode | undefined, name: string): XNode | undefined => n?.children.find((c) => c.name === name);
export const children = (n: XNode | undefined, name: string): XNode[] => (n ? n.children.filter((c) => c.name === name) : []);
export const textOf = (n: XNode | undefined, name: string): string => child(n, name)?.text.trim() ?? '';

export type CmlRecordKind = 'groups' | 'properties' | 'priceTypes' | 'good' | 'offer';
export interface CmlRecord {
  kind: CmlRecordKind;
  node: XNode;
}

export interface CmlSummary {
  hasClassifier: boolean;
  hasCatalog: boolean;
  hasOffers: boolean;
  /** СодержитТолькоИзменения of the catalogue / the offers package (ИзмененияПакетаПредложений is always changes). */
  catalogOnlyChanges: boolean;
  offersOnlyChanges: boolean;
}

/** A refusal of the file, with the reason for the answer to 1C and the back office. */
export class CmlError extends Error {
  constructor(readonly reason: OnecMessage) {
    super(`${reason.key} ${JSON.stringify(reason.params)}`);
  }
}

const ROOT = 'КоммерческаяИнформация';
const SECTIONS = new Set(['Классификатор', 'Каталог', 'ПакетПредложений', 'ИзмененияПакетаПредложений']);
const OFFER_SECTIONS = new Set(['ПакетПредложений', 'ИзмененияПакетаПредложений']);

function recordKind(stack: string[], name: string): CmlRecordKind | null {
  const parent = stack[stack.length - 1];
  const grand = stack[stack.length - 2];
  if (parent === 'Классификатор' && name === 'Группы') return 'groups';
  if (parent === 'Классификатор' && name === 'Свойства') return 'properties';
  if (name === 'ТипыЦен' && (parent === 'Классификатор' || OFFER_SECTIONS.has(parent ?? ''))) return 'priceTypes';
  if (name === 'Товар' && parent === 'Товары' && grand === 'Каталог') return 'good';
  if (name === 'Предложение' && parent === 'Предложения' && OFFER_SECTIONS.has(grand ?? '')) return 'offer';
  return null;
}

const isTrue = (v: string | undefined) => v !== undefined && /^(true|1|истина|так)$/i.test(v.trim());

/** The encoding an XML declaration names (1C writes UTF-8; old exchanges windows-1251). */
function sniffEncoding(head: Buffer): string {
  const m = /<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_-]+)["']/i.exec(head.subarray(0, 300).toString('latin1'));
  const enc = m?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    new TextDecoder(enc);
    return enc;
  } catch {
    return 'utf-8';
  }
}

/**
 * Reads `file` through, calling `onRecord` for each record (awaited in document order) and
 * `onBytes` with the bytes read so far. Throws CmlError when the file is not well-formed XML
 * (a truncated file included) or not a CommerceML document.
 */
export async function readCml(
  file: string,
  fileLabel: string,
  onRecord: (r: CmlRecord) => void | Promise<void>,
  onBytes?: (bytes: number) => void | Promise<void>,
): Promise<CmlSummary> {
  const summary: CmlSummary = { hasClassifier: false, hasCatalog: false, hasOffers: false, catalogOnlyChanges: false, offersOnlyChanges: false };
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const stack: string[] = [];
  /** The record being built: its nodes from the record's root down to the current element. */
  let building: XNode[] = [];
  let buildingKind: CmlRecordKind | null = null;
  let flagText: string | null = null;
  const ready: CmlRecord[] = [];
  let sawRoot = false;
  let failure: CmlError | null = null;

  parser.on('error', (err) => {
    failure ??= new CmlError({ key: 'not_xml', params: { file: fileLabel, detail: err.message.slice(0, 300) } });
    throw failure;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    if (!sawRoot) {
      sawRoot = true;
      if (name !== ROOT) {
        failure = new CmlError({ key: 'wrong_root', params: { file: fileLabel, root: name.slice(0, 100) } });
        throw failure;
      }
    }
    if (building.length > 0) {
      const node: XNode = { name, attrs: tag.attributes as Record<string, string>, children: [], text: '', line: parser.line };
      building[building.length - 1]!.children.push(node);
      building.push(node);
    } else {
      const kind = recordKind(stack, name);
      if (kind) {
        buildingKind = kind;
        building = [{ name, attrs: tag.attributes as Record<string, string>, children: [], text: '', line: parser.line }];
      } else if (SECTIONS.has(name) && stack.length === 1) {
        if (name === 'Классификатор') summary.hasClassifier = true;
        if (name === 'Каталог') summary.hasCatalog = true;
        if (OFFER_SECTIONS.has(name)) summary.hasOffers = true;
        const attr = (tag.attributes as Record<string, string>)['СодержитТолькоИзменения'];
        if (name === 'Каталог' && isTrue(attr)) summary.catalogOnlyChanges = true;
        if (name === 'ПакетПредложений' && isTrue(attr)) summary.offersOnlyChanges = true;
        if (name === 'ИзмененияПакетаПредложений') summary.offersOnlyChanges = true;
      } else if (name === 'СодержитТолькоИзменения' && SECTIONS.has(stack[stack.length - 1] ?? '')) {
        flagText = '';
      }
    }
    stack.push(name);
  });
  parser.on('text', (text) => {
    if (building.length > 0) building[building.length - 1]!.text += text;
    else if (flagText !== null) flagText += text;
  });
  parser.on('cdata', (text) => {
    if (building.length > 0) building[building.length - 1]!.text += text;
  });
  parser.on('closetag', (tag) => {
    stack.pop();
    if (building.length > 0) {
      const node = building.pop()!;
      if (building.length === 0) ready.push({ kind: buildingKind!, node });
    } else if (tag.name === 'СодержитТолькоИзменения' && flagText !== null) {
      const section = stack[stack.length - 1];
      if (isTrue(flagText)) {
        if (section === 'Каталог') summary.catalogOnlyChanges = true;
        if (section === 'ПакетПредложений') summary.offersOnlyChanges = true;
      }
      flagText = null;
    }
  });

  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  let decoder: TextDecoder | null = null;
  let bytes = 0;
  const drain = async () => {
    for (let r = ready.shift(); r; r = ready.shift()) await onRecord(r);
  };
  const feed = (s: string) => {
    try {
      parser.write(s);
    } catch (err) {
      if (failure) throw failure;
      throw new CmlError({ key: 'not_xml', params: { file: fileLabel, detail: (err as Error).message.slice(0, 300) } });
    }
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      decoder ??= new TextDecoder(sniffEncoding(chunk), { fatal: false, ignoreBOM: false });
      feed(decoder.decode(chunk, { stream: true }));
      bytes += chunk.length;
      await drain();
      await onBytes?.(bytes);
    }
    if (decoder) feed(decoder.decode());
    try {
      parser.close();
    } catch (err) {
      if (failure) throw failure;
      throw new CmlError({ key: 'not_xml', params: { file: fileLabel, detail: (err as Error).message.slice(0, 300) } });
    }
    await drain();
  } finally {
    stream.destroy();
  }
  if (!sawRoot) throw new CmlError({ key: 'not_xml', params: { file: fileLabel, detail: 'empty document' } });
  if (!summary.hasClassifier && !summary.hasCatalog && !summary.hasOffers) throw new CmlError({ key: 'nothing_to_import', params: { file: fileLabel } });
  return summary;
}
