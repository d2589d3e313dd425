import { SaxesParser } from 'saxes';

/** A feed read back with a strict XML parser (saxes: well-formedness and XML 1.0 characters are errors). */
export interface ParsedFeed {
  date: string;
  shop: Record<string, string>;
  categories: { id: number; parentId: number | null; name: string }[];
  offers: ParsedOffer[];
}

export interface ParsedOffer {
  id: number;
  available: string;
  /** Child elements by name (all occurrences, in order), params aside. */
  fields: Record<string, string[]>;
  params: { name: string; value: string }[];
  /** Child element names in order. */
  order: string[];
}

interface Node {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: Node[];
}

export function parseFeed(xml: string): ParsedFeed {
  const parser = new SaxesParser({ xmlns: false });
  const stack: Node[] = [];
  let root: Node | null = null;
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (t) => {
    const node: Node = { name: t.name, attrs: t.attributes as Record<string, string>, text: '', children: [] };
    stack[stack.length - 1]?.children.push(node);
    stack.push(node);
    root ??= node;
  });
  parser.on('text', (t) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  });
  parser.on('cdata', (t) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  const r = root as Node | null;
  if (!r || r.name !== 'yml_catalog') throw new Error('not a yml_catalog');
  const shop = r.children.find((c) => c.name === 'shop')!;
  const child = (n: Node, name: string) => n.children.find((c) => c.name === name);
  const shopFields: Record<string, string> = {};
  for (const c of shop.children) if (c.children.length === 0) shopFields[c.name] = c.text;
  return {
    date: r.attrs.date ?? '',
    shop: shopFields,
    categories: (child(shop, 'categories')?.children ?? []).map((c) => ({
      id: Number(c.attrs.id),
      parentId: c.attrs.parentId === undefined ? null : Number(c.attrs.parentId),
      name: c.text,
    })),
    offers: (child(shop, 'offers')?.children ?? []).map((o) => {
      const fields: Record<string, string[]> = {};
      const params: { name: string; value: string }[] = [];
      for (const f of o.children) {
        if (f.name === 'param') params.push({ name: f.attrs.name ?? '', value: f.text });
        else (fields[f.name] ??= []).push(f.text);
      }
      return { id: Number(o.attrs.id), available: o.attrs.available ?? '', fields, params, order: o.children.map((c) => c.name) };
    }),
  };
}
