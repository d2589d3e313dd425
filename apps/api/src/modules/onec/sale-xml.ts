import { SaxesParser } from 'saxes';
import { kopToUah } from '@drop/shared';

/**
 * CommerceML 2.10 documents of the `type=sale` exchange: the orders we give 1C (mode=query) and
 * the order documents 1C uploads back (mode=file). Written as UTF-8; uploads are read as UTF-8 or
 * windows-1251 (what 1C writes), by their XML declaration.
 */

export const SCHEMA_VERSION = '2.10';

/** A problem with an uploaded file; the message is the reason 1C is told (`failure\n<reason>`). */
export class SaleFileError extends Error {}

// ---------- writing ----------

/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex -- these very characters are what the pattern keeps.
const NOT_XML = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Kopecks as a CommerceML amount: hryvnia with 2 decimals and a dot. */
export const amount = (kop: number) => kopToUah(kop).toFixed(2);

type Attrs = Record<string, string>;
/** An element; text content is escaped, child elements are passed as already-built strings in an array. */
function el(name: string, content: string | string[] | null | undefined, attrs: Attrs = {}): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (content === null || content === undefined) return '';
  if (Array.isArray(content)) return `<${name}${a}>${content.join('')}</${name}>`;
  return `<${name}${a}>${escapeXml(content)}</${name}>`;
}

function requisites(values: [string, string | null | undefined][]): string {
  const present = values.filter((v): v is [string, string] => v[1] !== null && v[1] !== undefined && v[1] !== '');
  if (!present.length) return '';
  return el(
    'ЗначенияРеквизитов',
    present.map(([name, value]) => el('ЗначениеРеквизита', [el('Наименование', name), el('Значение', value)])),
  );
}

export interface SaleLine {
  /** The product's 1C Ид when the catalogue came from 1C, else our b2b code. */
  id: string;
  vendorCode: string;
  name: string;
  priceKop: number;
  qty: number;
}

export interface SaleCounterparty {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  city: string | null;
}

export interface SaleDocument {
  id: string;
  number: string;
  /** Kyiv date (YYYY-MM-DD) and time (HH:MM:SS) the order was placed. */
  date: string;
  time: string;
  sumKop: number;
  counterparty: SaleCounterparty;
  comment: string;
  lines: SaleLine[];
  requisites: [string, string | null | undefined][];
}

/** The answer to mode=query: one Документ per order (none when nothing is due). */
export function writeSaleDocuments(docs: SaleDocument[], generatedAt: string): string {
  const body = docs.map((d) =>
    el('Документ', [
      el('Ид', d.id),
      el('Номер', d.number),
      el('Дата', d.date),
      el('Время', d.time),
      el('ХозОперация', 'Заказ товара'),
      el('Роль', 'Продавец'),
      el('Валюта', 'UAH'),
      el('Курс', '1'),
      el('Сумма', amount(d.sumKop)),
      el('Контрагенты', [
        el('Контрагент', [
          el('Ид', d.counterparty.id),
          el('Наименование', d.counterparty.name),
          el('ПолноеНаименование', d.counterparty.name),
          el('Роль', 'Покупатель'),
          d.counterparty.city ? el('АдресРегистрации', [el('Представление', d.counterparty.city)]) : '',
          el('Контакты', [
            el('Контакт', [el('Тип', 'Почта'), el('Значение', d.counterparty.email)]),
            d.counterparty.phone ? el('Контакт', [el('Тип', 'Телефон рабочий'), el('Значение', d.counterparty.phone)]) : '',
          ]),
        ]),
      ]),
      el('Комментарий', d.comment),
      el(
        'Товары',
        d.lines.map((l) =>
          el('Товар', [
            el('Ид', l.id),
            el('Артикул', l.vendorCode),
            el('Наименование', l.name),
            el('БазоваяЕдиница', 'шт', { Код: '796', НаименованиеПолное: 'Штука', МеждународноеСокращение: 'PCE' }),
            el('ЦенаЗаЕдиницу', amount(l.priceKop)),
            el('Количество', String(l.qty)),
            el('Сумма', amount(l.priceKop * l.qty)),
            requisites([
              ['ВидНоменклатуры', 'Товар'],
              ['ТипНоменклатуры', 'Товар'],
            ]),
          ]),
        ),
      ),
      requisites(d.requisites),
    ]),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el('КоммерческаяИнформация', body, { ВерсияСхемы: SCHEMA_VERSION, ДатаФормирования: generatedAt })}\n`;
}

// ---------- reading ----------

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

export const child = (n: XmlNode, name: string) => n.children.find((c) => c.name === name);
export const children = (n: XmlNode, name: string) => n.children.filter((c) => c.name === name);
export const textOf = (n: XmlNode | undefined) => n?.text.trim() ?? '';

/** A strict parse (saxes: anything not well-formed is an error) into a tree. */
export function parseXmlTree(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  let failure: Error | null = null;
  parser.on('error', (e) => {
    failure ??= e;
  });
  parser.on('opentag', (t) => {
    const node: XmlNode = { name: t.name, attrs: t.attributes as Record<string, string>, text: '', children: [] };
    stack[stack.length - 1]?.children.push(node);
    stack.push(node);
    root ??= node;
  });
  const onText = (t: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    failure ??= e as Error;
  }
  if (failure) throw new SaleFileError(`Некоректний XML: ${(failure as Error).message}`);
  if (!root) throw new SaleFileError('Некоректний XML: немає кореневого елемента');
  return root;
}

/** The bytes 1C uploaded as text, by the BOM or the XML declaration's encoding (UTF-8 when none). */
export function decodeUpload(body: Buffer): string {
  if (body.length === 0) throw new SaleFileError('Порожній файл');
  if (body[0] === 0x50 && body[1] === 0x4b) throw new SaleFileError('Архів ZIP не приймається: обмін налаштовано без стиснення (zip=no)');
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return decode(body.subarray(3), 'utf-8');
  if (body[0] === 0xff && body[1] === 0xfe) return decode(body.subarray(2), 'utf-16le');
  if (body[0] === 0xfe && body[1] === 0xff) return decode(body.subarray(2), 'utf-16be');
  const head = body.subarray(0, 200).toString('latin1');
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  return decode(body, declared ?? 'utf-8');
}

function decode(bytes: Buffer, encoding: string): string {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(encoding.toLowerCase(), { fatal: true });
  } catch {
    throw new SaleFileError(`Невідоме кодування файлу: ${encoding}`);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new SaleFileError(`Файл не відповідає заявленому кодуванню ${encoding}`);
  }
}

/** One order document of an upload: how 1C names it and its requisites (names lower-cased, trimmed). */
export interface UploadedOrder {
  /** Its place in the file (1-based), to name a document that has neither Ид nor Номер. */
  index: number;
  id: string;
  number: string;
  /** 1C's own number of the order (УТ 11 writes `<Номер1С>` beside the site's `<Номер>`), trimmed; '' when absent. */
  number1c: string;
  /** `<Дата>` and `<Время>` of the document (the order's date as 1C has it), '' when absent. */
  date: string;
  time: string;
  /** `<ПометкаУдаления>` as an element of the document (УТ 11); the requisite of that name is in `requisites`. */
  deletionMark: boolean;
  operation: string;
  requisites: Map<string, string>;
}

const TRUE = /^(true|истина|да|так|yes|1)$/i;
const EMPTY: XmlNode = { name: '', attrs: {}, text: '', children: [] };

/**
 * The order documents of a CommerceML file 1C uploaded: every Документ under the root or in its
 * Контейнер elements (CommerceML 2.08+, 3.x), with its Ид, Номер, Номер1С, Дата, Время,
 * ПометкаУдаления, ХозОперация and ЗначенияРеквизитов. A document with neither Ид nor Номер is
 * answered with both empty (the caller skips it with a warning).
 */
export function parseSaleUpload(body: Buffer): UploadedOrder[] {
  const root = parseXmlTree(decodeUpload(body));
  if (root.name !== 'КоммерческаяИнформация')
    throw new SaleFileError(`Це не документ CommerceML: кореневий елемент <${root.name}> замість <КоммерческаяИнформация>`);
  const docs = [...children(root, 'Документ'), ...children(root, 'Контейнер').flatMap((c) => children(c, 'Документ'))];
  return docs.map((d, i) => {
    const requisites = new Map<string, string>();
    for (const r of children(child(d, 'ЗначенияРеквизитов') ?? EMPTY, 'ЗначениеРеквизита')) {
      const name = textOf(child(r, 'Наименование')).toLowerCase().replace(/\s+/g, ' ');
      if (name && !requisites.has(name)) requisites.set(name, textOf(child(r, 'Значение')));
    }
    return {
      index: i + 1,
      id: textOf(child(d, 'Ид')),
      number: textOf(child(d, 'Номер')),
      number1c: textOf(child(d, 'Номер1С')),
      date: textOf(child(d, 'Дата')),
      time: textOf(child(d, 'Время')),
      deletionMark: TRUE.test(textOf(child(d, 'ПометкаУдаления'))),
      operation: textOf(child(d, 'ХозОперация')),
      requisites,
    };
  });
}

/**
 * Whether the bytes uploaded so far are a whole document: they end with the root's closing tag
 * (or the root closes itself), read in the file's encoding. 1C splits a file over file_limit into
 * parts; a part that leaves the document open waits for the next one (or for mode=import).
 */
export function documentComplete(body: Buffer): boolean {
  if (body.length === 0) return false;
  // Not XML at all (a zip, garbage): nothing more will make it a document, read it now.
  let encoding: string;
  let start = 0;
  if (body[0] === 0xff && body[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (body[0] === 0xfe && body[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  else {
    const head = body.subarray(0, 200).toString('latin1');
    if (!/^(\xef\xbb\xbf)?\s*</.test(head)) return true;
    encoding = /^(?:\xef\xbb\xbf)?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1] ?? 'utf-8';
  }
  let tailStart = Math.max(start, body.length - 400);
  if ((tailStart - start) % 2 === 1 && encoding.startsWith('utf-16')) tailStart += 1;
  let tail: string;
  try {
    tail = new TextDecoder(encoding.toLowerCase()).decode(body.subarray(tailStart));
  } catch {
    return true;
  }
  // eslint-disable-next-line no-control-regex -- a NUL padding some writers leave at the end.
  const end = tail.replace(/[\s\u0000]+$/, '');
  return /<\/(?:[\w.-]+:)?КоммерческаяИнформация\s*>$/.test(end) || /<(?:[\w.-]+:)?КоммерческаяИнформация(?=[\s/>])[^<>]*\/>$/.test(end);
}
