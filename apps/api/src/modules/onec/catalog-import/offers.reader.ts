import { child, children, textOf, type XNode } from '../cml-reader.ts';
import { idOf, parseQty } from './cml-values.ts';

/** One offer (Предложение) of an offers, prices or rests file: each sets what it carries. */
export interface Offer {
  ext: string;
  base: string;
  prices: { type: string; value: string; currency: string }[] | null;
  qty: number | null;
}

export function parseOffer(node: XNode, priceTypeCurrency: Map<string, string>): Offer {
  const ext = idOf(node, 'Предложение');
  const pricesNode = child(node, 'Цены');
  const prices = pricesNode
    ? children(pricesNode, 'Цена').map((c) => {
        const type = textOf(c, 'ИдТипаЦены');
        return { type, value: textOf(c, 'ЦенаЗаЕдиницу'), currency: textOf(c, 'Валюта') || priceTypeCurrency.get(type) || '' };
      })
    : null;
  let qty: number | null = null;
  const add = (v: string) => {
    const n = parseQty(v);
    if (n !== null) qty = (qty ?? 0) + n;
  };
  if (child(node, 'Количество')) add(textOf(node, 'Количество'));
  else {
    for (const r of children(child(node, 'Остатки'), 'Остаток')) {
      if (child(r, 'Количество')) add(textOf(r, 'Количество'));
      else for (const s of children(r, 'Склад')) add(textOf(s, 'Количество'));
    }
    for (const s of children(node, 'Склад')) if (s.attrs['КоличествоНаСкладе'] !== undefined) add(s.attrs['КоличествоНаСкладе']!);
  }
  return { ext, base: ext.split('#')[0]!, prices, qty };
}

/** The price types (ТипыЦен) a file declares. */
export function declaredPriceTypes(node: XNode): { id: string; name: string; currency: string }[] {
  return children(node, 'ТипЦены').map((t) => ({ id: idOf(t, 'ТипЦены'), name: textOf(t, 'Наименование'), currency: textOf(t, 'Валюта') }));
}
