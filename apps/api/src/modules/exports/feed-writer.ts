/**
 * Renders a feed, offer by offer, from binary COPY tuples (feed-source.ts) into FeedOut. The
 * formats: YML for Prom.ua and Horoshop, Rozetka's XML. Pure rendering: no I/O of its own.
 */
import { FEED_WARNING_SAMPLES, feedOfferPrices, feedProvider, type FeedFileType, type FeedNameFormat, type FeedWarningKind } from '@drop/shared/feeds';
import type { PricingMarket, PricingUser } from '@drop/shared/pricing';
import { kyivParts } from '@drop/shared/format';
import { int4, int4Array, int8, isNull, text, type TupleBatch } from './copy-binary.ts';
import { utf8Bytes, utf8Chars, xmlText, type FeedOut, type Piece } from './feed-out.ts';
import { P, PRODUCT_FIELDS, type PictureCursor } from './feed-source.ts';

export interface FeedCategory {
  id: number;
  parentId: number | null;
  name: string;
}

export interface FeedPropertyValue {
  typeName: string;
  value: string;
}

export interface FeedExtra {
  type: 'param' | 'field';
  param: string;
  value: string;
}

export interface FeedWriterOptions {
  fileType: FeedFileType;
  shop: { shortName: string; company: string; url: string };
  nameFormat: FeedNameFormat;
  user: PricingUser;
  pricing: PricingMarket;
  /** Absolute prefix of picture addresses: `${PUBLIC_URL}/storage/`. */
  pictureBase: string;
  properties: ReadonlyMap<number, FeedPropertyValue>;
  extraFields: readonly FeedExtra[];
  /** The generation time printed in yml_catalog@date. */
  date: Date;
}

/** What a build found that marketplaces would reject: complete counts and the first few offers. */
export interface FeedWarnings {
  total: number;
  counts: Partial<Record<FeedWarningKind, number>>;
  samples: { kind: FeedWarningKind; offer_id: number; product_id: number; name: string }[];
}

/** Kopecks as "123.45" (tests read prices back with it). */
export function kopText(kop: number): string {
  const a = Math.abs(kop);
  const frac = a % 100;
  return `${kop < 0 ? '-' : ''}${(a - frac) / 100}.${frac < 10 ? '0' : ''}${frac}`;
}

/** "YYYY-MM-DD hh:mm" in Kyiv time, as yml_catalog@date asks. */
export function feedDate(d: Date): string {
  const p = kyivParts(d);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The constant parts of an offer. */
const TAGS = {
  OFFER_OPEN: '<offer id="',
  AVAILABLE: '" available="true">\n',
  UNAVAILABLE: '" available="false">\n',
  STOCK_OPEN: '<stock_quantity>',
  STOCK_CLOSE: '</stock_quantity>\n',
  PRICE_OPEN: '<price>',
  PRICE_CLOSE: '</price>\n',
  OLD_OPEN: '<oldprice>',
  OLD_CLOSE: '</oldprice>\n',
  ROZETKA_OLD_OPEN: '<price_old>',
  ROZETKA_OLD_CLOSE: '</price_old>\n',
  CATEGORY_OPEN: '<currencyId>UAH</currencyId>\n<categoryId>',
  CATEGORY_CLOSE: '</categoryId>\n',
  PICTURE_OPEN: '<picture>',
  PICTURE_CLOSE: '</picture>\n',
  NAME_OPEN: '<name>',
  NAME_UA: '</name>\n<name_ua>',
  NAME_CLOSE: '</name_ua>\n',
  VENDOR_OPEN: '<vendor>',
  VENDOR_CLOSE: '</vendor>\n',
  CODE_OPEN: '<vendorCode>',
  CODE_CLOSE: '</vendorCode>\n',
  DESC_OPEN: '<description>',
  DESC_UA: '</description>\n<description_ua>',
  DESC_CLOSE: '</description_ua>\n',
  QTY_OPEN: '<quantity_in_stock>',
  QTY_CLOSE: '</quantity_in_stock>\n',
  OFFER_CLOSE: '</offer>\n',
  SUFFIX_OPEN: ' (',
  SUFFIX_CLOSE: ')',
};
type Tags = Record<keyof typeof TAGS, Piece>;

export class FeedWriter {
  /** Rendered `<param>` of each property value, by value id. */
  private readonly params: (Piece | undefined)[] = [];
  private readonly extra: Piece;
  private readonly tags: Tags;
  private readonly rozetka: boolean;
  private readonly nameMax: number;
  private readonly checks: Record<FeedWarningKind, boolean>;
  private readonly pictureBase: Piece;
  private readonly withCode: boolean;
  // Reused per offer: no allocation on the hot path beyond what pricing needs.
  private readonly product = { dropKop: 0, oldDropKop: null as number | null, retailKop: 0, categoryPath: [0, null, 0] as (number | null)[] };
  private readonly valueIds: number[] = [];
  private pictures = 0;
  readonly warnings: FeedWarnings = { total: 0, counts: {}, samples: [] };

  private readonly o: FeedWriterOptions;
  private readonly out: FeedOut;

  /** A writer into `out`: its constant pieces are kept in the output's workspace. */
  constructor(o: FeedWriterOptions, out: FeedOut) {
    this.o = o;
    this.out = out;
    const piece = (s: string) => out.piece(utf8Bytes(s));
    this.tags = Object.fromEntries(Object.entries(TAGS).map(([k, v]) => [k, piece(v)])) as Tags;
    for (const [id, p] of o.properties) this.params[id] = piece(`<param name="${xmlText(p.typeName)}">${xmlText(p.value)}</param>\n`);
    this.extra = piece(
      o.extraFields
        .map((f) => (f.type === 'param' ? `<param name="${xmlText(f.param)}">${xmlText(f.value)}</param>\n` : `<${f.param}>${xmlText(f.value)}</${f.param}>\n`))
        .join(''),
    );
    this.rozetka = o.fileType === 'rozetka';
    const provider = feedProvider(o.fileType);
    this.nameMax = provider.nameMax;
    const checks = new Set(provider.checks);
    this.checks = {
      no_picture: checks.has('no_picture'),
      no_vendor: checks.has('no_vendor'),
      no_description: checks.has('no_description'),
      name_too_long: checks.has('name_too_long'),
      zero_price: checks.has('zero_price'),
    };
    this.pictureBase = piece(xmlText(o.pictureBase));
    this.withCode = o.nameFormat === 'name_vendor_code';
  }

  /** XML declaration, shop details, currencies and categories, up to `<offers>`. */
  head(categories: readonly FeedCategory[]): void {
    const { shop } = this.o;
    let s =
      `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${feedDate(this.o.date)}">\n<shop>\n<name>${xmlText(shop.shortName)}</name>\n` +
      (shop.company ? `<company>${xmlText(shop.company)}</company>\n` : '') +
      (shop.url ? `<url>${xmlText(shop.url)}</url>\n` : '') +
      '<currencies>\n<currency id="UAH" rate="1"/>\n</currencies>\n<categories>\n';
    for (const c of categories) {
      s +=
        c.parentId === null
          ? `<category id="${c.id}">${xmlText(c.name)}</category>\n`
          : `<category id="${c.id}" parentId="${c.parentId}">${xmlText(c.name)}</category>\n`;
    }
    this.out.utf8(`${s}</categories>\n<offers>\n`);
  }

  tail(): void {
    this.out.ascii('</offers>\n</shop>\n</yml_catalog>\n');
  }

  /**
   * Tuple `k` of `t` as one offer. The offer id is the product's 1C code (b2b_code_id), which
   * survives catalogue reloads, so marketplaces keep their listings.
   */
  offer(t: TupleBatch, k: number, pictures: PictureCursor): void {
    const out = this.out;
    const base = k * PRODUCT_FIELDS;
    const src = t.u8;
    const off = t.off;
    const len = t.len;
    const id = int4(t, base + P.id);
    const offerId = int4(t, base + P.b2bCodeId);
    const qty = Math.max(0, int4(t, base + P.qty));
    const product = this.product;
    product.dropKop = int8(t, base + P.dropKop);
    product.oldDropKop = isNull(t, base + P.oldDropKop) ? null : int8(t, base + P.oldDropKop);
    product.retailKop = int8(t, base + P.retailKop);
    const categoryId = int4(t, base + P.categoryId);
    product.categoryPath[0] = categoryId;
    product.categoryPath[1] = isNull(t, base + P.parentId) ? null : int4(t, base + P.parentId);
    product.categoryPath[2] = int4(t, base + P.rootId);
    const { priceKop, oldPriceKop } = feedOfferPrices(product, this.o.user, this.o.pricing);

    out.put(this.tags.OFFER_OPEN);
    out.int(offerId);
    out.put(qty > 0 ? this.tags.AVAILABLE : this.tags.UNAVAILABLE);
    if (this.rozetka) {
      out.put(this.tags.STOCK_OPEN);
      out.int(qty);
      out.put(this.tags.STOCK_CLOSE);
    }
    out.put(this.tags.PRICE_OPEN);
    out.kop(priceKop);
    out.put(this.tags.PRICE_CLOSE);
    if (oldPriceKop !== null) {
      out.put(this.rozetka ? this.tags.ROZETKA_OLD_OPEN : this.tags.OLD_OPEN);
      out.kop(oldPriceKop);
      out.put(this.rozetka ? this.tags.ROZETKA_OLD_CLOSE : this.tags.OLD_CLOSE);
    }
    out.put(this.tags.CATEGORY_OPEN);
    out.int(categoryId);
    out.put(this.tags.CATEGORY_CLOSE);

    this.pictures = 0;
    pictures.take(id, this.picture);

    // Names and descriptions: each language falls back to the other.
    let ru = base + P.nameRu;
    let uk = base + P.nameUk;
    if (len[ru]! <= 0) ru = uk;
    if (len[uk]! <= 0) uk = ru;
    const code = base + P.vendorCode;
    const codeLen = Math.max(0, len[code]!);
    const suffix = this.withCode && codeLen > 0;
    out.put(this.tags.NAME_OPEN);
    this.text(out, src, off[ru]!, len[ru]!);
    if (suffix) this.suffix(out, src, off[code]!, codeLen);
    out.put(this.tags.NAME_UA);
    this.text(out, src, off[uk]!, len[uk]!);
    if (suffix) this.suffix(out, src, off[code]!, codeLen);
    out.put(this.tags.NAME_CLOSE);

    const brand = base + P.brand;
    const hasBrand = len[brand]! > 0;
    if (hasBrand) {
      out.put(this.tags.VENDOR_OPEN);
      out.escaped(src, off[brand]!, off[brand]! + len[brand]!);
      out.put(this.tags.VENDOR_CLOSE);
    }
    if (codeLen > 0) {
      out.put(this.tags.CODE_OPEN);
      out.escaped(src, off[code]!, off[code]! + codeLen);
      out.put(this.tags.CODE_CLOSE);
    }
    let dru = base + P.descriptionRu;
    let duk = base + P.descriptionUk;
    if (len[dru]! <= 0) dru = duk;
    if (len[duk]! <= 0) duk = dru;
    out.put(this.tags.DESC_OPEN);
    this.text(out, src, off[dru]!, len[dru]!);
    out.put(this.tags.DESC_UA);
    this.text(out, src, off[duk]!, len[duk]!);
    out.put(this.tags.DESC_CLOSE);
    if (!this.rozetka) {
      out.put(this.tags.QTY_OPEN);
      out.int(qty);
      out.put(this.tags.QTY_CLOSE);
    }
    const params = this.params;
    for (const v of int4Array(t, base + P.propertyValueIds, this.valueIds)) {
      const param = params[v];
      if (param) out.put(param);
    }
    out.put(this.extra);
    out.put(this.tags.OFFER_CLOSE);

    // What the marketplace would reject.
    const c = this.checks;
    if (c.no_picture && this.pictures === 0) this.warn('no_picture', t, offerId, id, uk, suffix ? code : -1);
    if (c.no_vendor && !hasBrand) this.warn('no_vendor', t, offerId, id, uk, suffix ? code : -1);
    if (c.no_description && len[duk]! <= 0) this.warn('no_description', t, offerId, id, uk, suffix ? code : -1);
    if (c.name_too_long && (this.tooLong(t, uk, suffix ? code : -1) || this.tooLong(t, ru, suffix ? code : -1)))
      this.warn('name_too_long', t, offerId, id, uk, suffix ? code : -1);
    if (c.zero_price && priceKop <= 0) this.warn('zero_price', t, offerId, id, uk, suffix ? code : -1);
  }

  /** Whether a name (with the vendor code suffix) has more characters than the marketplace takes; bytes bound characters from above. */
  private tooLong(t: TupleBatch, field: number, codeField: number): boolean {
    const extra = codeField >= 0 ? t.len[codeField]! + 3 : 0;
    if (Math.max(0, t.len[field]!) + extra <= this.nameMax) return false;
    const chars = (f: number) => utf8Chars(t.u8, t.off[f]!, t.off[f]! + Math.max(0, t.len[f]!));
    return chars(field) + (codeField >= 0 ? chars(codeField) + 3 : 0) > this.nameMax;
  }

  private warn(kind: FeedWarningKind, t: TupleBatch, offerId: number, productId: number, nameField: number, codeField: number): void {
    const w = this.warnings;
    w.total++;
    w.counts[kind] = (w.counts[kind] ?? 0) + 1;
    if (w.samples.length < FEED_WARNING_SAMPLES) {
      w.samples.push({ kind, offer_id: offerId, product_id: productId, name: text(t, nameField) + (codeField >= 0 ? ` (${text(t, codeField)})` : '') });
    }
  }

  private text(out: FeedOut, src: Uint8Array, start: number, n: number): void {
    if (n > 0) out.escaped(src, start, start + n);
  }

  private suffix(out: FeedOut, src: Uint8Array, start: number, n: number): void {
    out.put(this.tags.SUFFIX_OPEN);
    out.escaped(src, start, start + n);
    out.put(this.tags.SUFFIX_CLOSE);
  }

  /** One closure for every offer's pictures. */
  private readonly picture = (t: TupleBatch, f: number): void => {
    const n = t.len[f]!;
    if (n <= 0) return;
    const out = this.out;
    out.put(this.tags.PICTURE_OPEN);
    out.put(this.pictureBase);
    out.url(t.u8, t.off[f]!, t.off[f]! + n);
    out.put(this.tags.PICTURE_CLOSE);
    this.pictures++;
  };
}
