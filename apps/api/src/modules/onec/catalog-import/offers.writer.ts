import { sql } from 'drizzle-orm';
import { resolvePriceTypes, type OnecPriceTarget, type OnecPriceType } from '@drop/shared';
import { CmlError } from '../cml-reader.ts';
import { onecRepo } from '../onec.repository.ts';
import { parsePrice } from './cml-values.ts';
import { p, rows, type ImportScope } from './import-scope.ts';
import type { Offer } from './offers.reader.ts';

const UAH = new Set(['', 'uah', 'грн', 'грн.', '980', 'гривня', 'гривна']);

/** Price types (ТипыЦен) -> onec_external_ids; offers -> the prices and stock of their products. */
export class OfferWriter {
  private readonly priceTypes = new Map<string, OnecPriceType>();
  /** The currency of each price type this file declares (a price without its own Валюта is in it). */
  readonly priceTypeCurrency = new Map<string, string>();
  /** The price types declared in this file. */
  private readonly filePriceTypes = new Map<string, OnecPriceType>();
  private targets: Record<OnecPriceTarget, string | null> | null = null;
  /** The price types (Ид) the offers of this file carry prices of, and whether one is the drop price's. */
  private readonly pricedTypes = new Set<string>();
  private sawDropPrice = false;
  /** Whether an offer of this file carried a quantity. */
  sawQty = false;

  constructor(private readonly s: ImportScope) {}

  async load(): Promise<void> {
    for (const t of await onecRepo.knownPriceTypes(this.s.tx)) this.priceTypes.set(t.id, { id: t.id, name: t.name });
  }

  /** The price types a file declares (each Ид once: the last of a repeated one), remembered for the mapping. */
  async declare(types: { id: string; name: string; currency: string }[]): Promise<void> {
    const list = [...new Map(types.map((t) => [t.id, t])).values()];
    for (const t of list) {
      this.priceTypeCurrency.set(t.id, t.currency);
      this.priceTypes.set(t.id, { id: t.id, name: t.name || t.id });
      this.filePriceTypes.set(t.id, { id: t.id, name: t.name || t.id });
    }
    await onecRepo.rememberPriceTypes(this.s.tx, list);
    this.targets = null;
  }

  /**
   * Which price type fills which price: among the price types this file declares first (a
   * package's own ТипыЦен win over older ones with the same name), then among all known ones.
   */
  private priceTargets(): Record<OnecPriceTarget, string | null> {
    if (!this.targets) {
      const own = resolvePriceTypes(this.s.env.mapping, [...this.filePriceTypes.values()]);
      const all = resolvePriceTypes(this.s.env.mapping, [...this.priceTypes.values()]);
      this.targets = { drop: own.drop ?? all.drop, retail: own.retail ?? all.retail, old_drop: own.old_drop ?? all.old_drop };
    }
    return this.targets;
  }

  /** One batch of offers, the characteristics of one good together. */
  async write(offers: Offer[]): Promise<void> {
    const tx = this.s.tx;
    const keys = [...new Set(offers.flatMap((o) => [o.ext, o.base]))];
    const byExt = new Map(
      (await rows<{ id: number; external_id: string }>(tx, sql`SELECT id, external_id FROM products WHERE external_id = ANY(${p(keys)}::text[])`)).map((r) => [
        r.external_id,
        r.id,
      ]),
    );
    const targets = this.priceTargets();
    for (const o of offers) {
      if (!o.prices) continue;
      // One price per type: a second one of the same type is a warning (the first is kept).
      const types = new Set<string>();
      o.prices = o.prices.filter((pr) => {
        if (types.has(pr.type)) {
          this.s.env.warn({ key: 'duplicate_price_type', params: { offer: o.ext, price_type: this.priceTypes.get(pr.type)?.name ?? (pr.type || '?') } });
          return false;
        }
        types.add(pr.type);
        if (pr.type) this.pricedTypes.add(pr.type);
        if (targets.drop !== null && pr.type === targets.drop) this.sawDropPrice = true;
        return true;
      });
    }
    const mapped = new Set([targets.drop, targets.retail, targets.old_drop].filter(Boolean) as string[]);
    const agg = new Map<number, { drop: number | null; retail: number | null; setOld: boolean; old: number | null; qty: number | null; priced: boolean }>();
    for (const o of offers) {
      const id = byExt.get(o.ext) ?? byExt.get(o.base);
      if (id === undefined) {
        this.s.env.warn({ key: 'unknown_product', params: { offer: o.ext } });
        continue;
      }
      let a = agg.get(id);
      if (!a) agg.set(id, (a = { drop: null, retail: null, setOld: false, old: null, qty: null, priced: false }));
      if (o.qty !== null) {
        a.qty = (a.qty ?? 0) + o.qty;
        this.sawQty = true;
      }
      if (o.prices && !a.priced) {
        a.priced = true;
        a.setOld = targets.old_drop !== null;
        for (const pr of o.prices) {
          if (!this.priceTypes.has(pr.type)) {
            this.s.env.warn({ key: 'unknown_price_type', params: { offer: o.ext, price_type: pr.type || '?' } });
            continue;
          }
          if (!mapped.has(pr.type)) continue;
          if (!UAH.has(pr.currency.trim().toLowerCase())) {
            this.s.env.warn({ key: 'foreign_currency', params: { offer: o.ext, currency: pr.currency } });
            continue;
          }
          const kop = parsePrice(pr.value);
          // 1C writes 0 for a price type with no price set for the good: never a price to sell at (the previous one stays);
          // an old drop price of 0 only says there is none (the special ends).
          if (kop === null || (kop === 0 && pr.type !== targets.old_drop)) {
            this.s.env.warn({ key: 'bad_price', params: { offer: o.ext, value: pr.value.slice(0, 50) } });
            continue;
          }
          if (pr.type === targets.drop) a.drop = kop;
          if (pr.type === targets.retail) a.retail = kop;
          if (pr.type === targets.old_drop) a.old = kop;
        }
      }
      this.s.seen.add(id);
    }
    if (agg.size > 0) {
      const list = [...agg.entries()];
      const updated = await rows<{ id: number }>(
        tx,
        sql`
        WITH u AS (
          SELECT * FROM unnest(${p(list.map(([id]) => id))}::int[], ${p(list.map(([, a]) => a.drop))}::bigint[], ${p(list.map(([, a]) => a.retail))}::bigint[],
                               ${p(list.map(([, a]) => a.setOld))}::bool[], ${p(list.map(([, a]) => a.old))}::bigint[], ${p(list.map(([, a]) => a.qty))}::int[])
            AS u(id, d, r, so, o, q)),
        n AS (
          SELECT pr.id, coalesce(u.d, pr.drop_kop) AS d, coalesce(u.r, pr.retail_kop) AS r,
                 CASE WHEN NOT u.so THEN pr.old_drop_kop WHEN u.o > coalesce(u.d, pr.drop_kop) THEN u.o ELSE NULL END AS o,
                 coalesce(u.q, pr.qty) AS q
            FROM products pr JOIN u ON u.id = pr.id)
        UPDATE products pr SET drop_kop = n.d, retail_kop = n.r, old_drop_kop = n.o, qty = n.q, updated_at = now()
          FROM n
         WHERE pr.id = n.id AND (pr.drop_kop, pr.retail_kop, pr.old_drop_kop, pr.qty) IS DISTINCT FROM (n.d, n.r, n.o, n.q)
        RETURNING pr.id`,
      );
      if (updated.length > 0) this.s.changed = true;
    }
    this.s.env.stats.offers_applied += agg.size;
  }

  /** Prices, none of them the drop price's type: the file is refused (rolled back) with the types to map. */
  refuseWithoutDropPrice(file: string): void {
    if (this.pricedTypes.size > 0 && !this.sawDropPrice) {
      const names = [...this.pricedTypes].map((id) => this.priceTypes.get(id)?.name ?? id);
      const list = names.slice(0, 20).join(', ') + (names.length > 20 ? ', …' : '');
      throw new CmlError({ key: 'no_drop_price', params: { file, types: list.slice(0, 1000) } });
    }
  }
}
