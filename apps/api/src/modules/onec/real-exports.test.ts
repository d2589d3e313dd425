import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_ONEC_PRICE_TYPE_MAPPING, resolvePriceTypes, type OnecPriceTypeMapping } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { call, checkauth, exchangeCredentials, importUntilDone, query, sendFile } from './test-kit.ts';

/**
 * Conformance with real 1C exports (issue 25): every catalogue package of
 * ../shared/fixtures/commerceml-real (beside the repository's root; skipped where it is absent)
 * goes through /1c/exchange exactly as 1C sends it: checkauth with the exchange's own pair, init,
 * each file with `mode=file` in chunks smaller than the file, `mode=import` of each file in 1C's
 * order, polled until success or failure. Then every good and every offer of each file must be in
 * the catalogue:
 *
 * - a good (Товар) is the product of its Ид (a characteristic written as a good, `good#char`, is
 *   a product of its own); one without Группы sits in the unsorted category;
 * - an offer (Предложение) is the product of its Ид, else of its good (`good#char` of a good
 *   without its own product: the good's stock is the sum over its characteristics, its prices
 *   those of its first one);
 * - its stock (Количество, or the sum of Остатки over the warehouses) is the product's qty;
 * - its price is checked where the file (or its `derived/` copy, which only turns the currency
 *   into UAH and is sent instead) is in UAH: the drop price is the price of the type mapped to it.
 *
 * The figures per package are printed (console.log) for the issue's closing note.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const REAL = path.resolve(ROOT, '../shared/fixtures/commerceml-real');
const HAVE = fs.existsSync(path.join(REAL, 'README.md'));

// ---------- reading the files independently of the import ----------

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}
const kid = (n: Node | undefined, name: string) => n?.children.find((c) => c.name === name);
const kids = (n: Node | undefined, name: string) => (n ? n.children.filter((c) => c.name === name) : []);
const txt = (n: Node | undefined, name: string) => kid(n, name)?.text.trim() ?? '';

function parse(file: string): Node {
  const parser = new SaxesParser({ xmlns: false });
  const root: Node = { name: '#', attrs: {}, children: [], text: '' };
  const stack: Node[] = [root];
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const node: Node = { name: tag.name.replace(/^.*:/, ''), attrs: tag.attributes as Record<string, string>, children: [], text: '' };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (s) => (stack[stack.length - 1]!.text += s));
  parser.on('closetag', () => void stack.pop());
  parser.write(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '')).close();
  return root.children[0]!;
}

interface FileFacts {
  groups: string[];
  /** Properties (Ид) with their dictionary variants that have an Ид and a value. */
  properties: { id: string; values: string[] }[];
  goods: { id: string; group: string | null }[];
  offers: { id: string; qty: number | null; prices: { type: string; value: string; currency: string }[] | null }[];
  /** Price types declared (Ид -> name, currency). */
  priceTypes: Map<string, { name: string; currency: string }>;
}

function facts(file: string): FileFacts {
  const doc = parse(file);
  const out: FileFacts = { groups: [], properties: [], goods: [], offers: [], priceTypes: new Map() };
  const sections = doc.name === 'КоммерческаяИнформация' ? doc.children : [doc];
  const walkGroups = (n: Node | undefined) => {
    for (const g of kids(n, 'Группа')) {
      out.groups.push(txt(g, 'Ид'));
      walkGroups(kid(g, 'Группы'));
    }
  };
  for (const s of sections) {
    if (s.name === 'Классификатор') {
      walkGroups(kid(s, 'Группы'));
      for (const p of [...kids(kid(s, 'Свойства'), 'Свойство'), ...kids(kid(s, 'Свойства'), 'СвойствоНоменклатуры')]) {
        const values = kids(kid(p, 'ВариантыЗначений'), 'Справочник')
          .filter((v) => (txt(v, 'ИдЗначения') || txt(v, 'Ид')) && txt(v, 'Значение'))
          .map((v) => txt(v, 'ИдЗначения') || txt(v, 'Ид'));
        out.properties.push({ id: txt(p, 'Ид'), values });
      }
    }
    for (const t of kids(kid(s, 'ТипыЦен'), 'ТипЦены')) out.priceTypes.set(txt(t, 'Ид'), { name: txt(t, 'Наименование'), currency: txt(t, 'Валюта') });
    for (const g of kids(kid(s, 'Товары'), 'Товар')) out.goods.push({ id: txt(g, 'Ид'), group: txt(kid(g, 'Группы'), 'Ид') || null });
    for (const o of kids(kid(s, 'Предложения'), 'Предложение')) {
      let qty: number | null = null;
      const add = (v: string) => (qty = (qty ?? 0) + Math.max(0, Math.floor(Number(v.replace(',', '.')))));
      if (kid(o, 'Количество')) add(txt(o, 'Количество'));
      else {
        for (const r of kids(kid(o, 'Остатки'), 'Остаток')) {
          if (kid(r, 'Количество')) add(txt(r, 'Количество'));
          else for (const w of kids(r, 'Склад')) add(txt(w, 'Количество'));
        }
        for (const w of kids(o, 'Склад')) if (w.attrs['КоличествоНаСкладе'] !== undefined) add(w.attrs['КоличествоНаСкладе']);
      }
      const prices = kid(o, 'Цены')
        ? kids(kid(o, 'Цены'), 'Цена').map((c) => ({ type: txt(c, 'ИдТипаЦены'), value: txt(c, 'ЦенаЗаЕдиницу'), currency: txt(c, 'Валюта') }))
        : null;
      out.offers.push({ id: txt(o, 'Ид'), qty, prices });
    }
  }
  return out;
}

const UAH = new Set(['uah', 'грн', 'грн.', '980', 'гривня', 'гривна']);

// ---------- the packages ----------

interface PackageFile {
  /** The name 1C sends it under (relative to the package). */
  name: string;
  /** Where it is read from (the derived UAH copy where there is one). */
  source: string;
  /** Expected refusal (a file that is not a CommerceML document, e.g. a fragment a library's tests use). */
  refused?: RegExp;
}
interface Pkg {
  name: string;
  files: PackageFile[];
  /** The mapping set through the admin API before the exchange (null: the default). */
  mapping: OnecPriceTypeMapping | null;
  /** Under the default mapping, this file is refused naming its price types first (then the mapping is set and the exchange repeated). */
  failsUnmapped?: { file: string; types: string };
}

function pkgFiles(pkg: string, names: string[], refused: Record<string, RegExp> = {}): PackageFile[] {
  return names.map((name) => {
    const derived = path.join(REAL, 'derived', pkg, name);
    return { name, source: fs.existsSync(derived) ? derived : path.join(REAL, pkg, name), refused: refused[name] };
  });
}

const withDrop = (...names: string[]): OnecPriceTypeMapping => ({ ...DEFAULT_ONEC_PRICE_TYPE_MAPPING, drop: names });

const PACKAGES: Pkg[] = HAVE
  ? [
      {
        // УТ 11, CommerceML 3.1, split: the root classifier, the properties, then the goods' parts.
        name: 'irpsv/bitrix-module-6',
        files: pkgFiles('irpsv/bitrix-module-6', [
          'import.xml',
          'properties/1/import.xml',
          'properties/1/offers.xml',
          'goods/1/import.xml',
          'goods/1/offers.xml',
          'goods/1/prices.xml',
          'goods/1/rests.xml',
        ]),
        mapping: withDrop('Отпускная цена'),
        failsUnmapped: { file: 'goods/1/prices.xml', types: 'Отпускная цена' },
      },
      {
        // 1C's documentation example: characteristics as goods of their own (good#char); prices in USD/руб.
        name: 'irpsv/off-doc-1c',
        files: pkgFiles('irpsv/off-doc-1c', ['import.xml', 'offers.xml']),
        mapping: null,
      },
      {
        // A Ukrainian shop's export: 271 goods, 93 of them in 1C's root (no Группы).
        name: 'oslrz',
        files: pkgFiles('oslrz', ['import0_1.xml']),
        mapping: null,
      },
      {
        // classifier.xml is a bare <Классификатор> fragment (the library's tests feed it alone): not a document 1C sends.
        name: 'carono',
        files: pkgFiles('carono', ['classifier.xml', 'import.xml', 'import_wo_classifier.xml', 'offers.xml'], {
          'classifier.xml': /не є документом CommerceML/,
        }),
        mapping: withDrop('Розничная'),
      },
    ]
  : [];

// ---------- the exchange ----------

const ONEC = { login: '', secret: '' };
let t: TestApp;
let dataDir: string;
let admin: string;
const table: Record<string, string | number>[] = [];

beforeAll(async () => {
  if (!HAVE) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-onec-real-'));
  t = await buildTestApp({ dataDir });
  admin = await t.operator();
  Object.assign(ONEC, await exchangeCredentials(t));
});
afterAll(async () => {
  if (!HAVE) return;
  console.log(`\nReal 1C exports through /1c/exchange (${REAL}):`);
  console.table(table);
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function setMapping(mapping: OnecPriceTypeMapping | null) {
  const r = await t.request('PUT', '/api/v1/admin/onec/settings', { token: admin, body: { price_types: mapping ?? DEFAULT_ONEC_PRICE_TYPE_MAPPING } });
  expect(r.status).toBe(200);
}

/** One exchange as 1C runs it: answers each file's final answer. */
async function exchange(pkg: Pkg): Promise<Map<string, string[]>> {
  const cookie = await checkauth(t, ONEC.login, ONEC.secret);
  expect((await call(t, 'type=catalog&mode=init', { cookie })).lines[0]).toBe('zip=yes');
  for (const f of pkg.files) {
    const data = fs.readFileSync(f.source);
    const chunk = Math.max(256, Math.ceil(data.length / 3));
    expect(chunk).toBeLessThan(data.length);
    await sendFile(t, cookie, f.name, data, chunk);
  }
  const answers = new Map<string, string[]>();
  for (const f of pkg.files) answers.set(f.name, (await importUntilDone(t, cookie, f.name)).res.lines);
  return answers;
}

interface ProductRow {
  external_id: string;
  category_id: number;
  qty: number;
  drop_kop: string;
}

describe.skipIf(!HAVE)('real 1C exports through /1c/exchange', () => {
  for (const pkg of PACKAGES) {
    test(`${pkg.name}: every good and offer is in the catalogue with its stock (and its price where in UAH)`, async () => {
      if (pkg.failsUnmapped) {
        // As it happens in the field: the default mapping knows none of the package's sale prices.
        await setMapping(null);
        const answers = await exchange(pkg);
        const refused = answers.get(pkg.failsUnmapped.file)!;
        expect(refused[0]).toBe('failure');
        expect(refused[1]).toContain(`Типи цін у файлі: ${pkg.failsUnmapped.types}.`);
        table.push({ package: pkg.name, file: `${pkg.failsUnmapped.file} (default mapping)`, answer: `failure: types ${pkg.failsUnmapped.types}` });
        // The mapping page offers the file's types.
        const known = (await t.request('GET', '/api/v1/admin/onec/settings', { token: admin })).body.data.known_price_types.map(
          (k: { name: string }) => k.name,
        );
        expect(known).toEqual(expect.arrayContaining(pkg.failsUnmapped.types.split(', ')));
      }
      await setMapping(pkg.mapping);
      const answers = await exchange(pkg);

      // Price types known so far (a prices file of УТ 11 names the classifier's), for currencies.
      const declared = new Map<string, { name: string; currency: string }>();
      const settings = (await t.request('GET', '/api/v1/admin/onec/settings', { token: admin })).body.data;
      const knownDrop = (settings.known_price_types as { id: string; target: string | null }[]).find((k) => k.target === 'drop')?.id ?? null;

      const [unsortedRow] = await query(t, 'SELECT id FROM categories WHERE unsorted');
      const unsortedId = unsortedRow ? Number(unsortedRow.id) : null;
      for (const f of pkg.files) {
        const lines = answers.get(f.name)!;
        if (f.refused) {
          expect(lines[0], f.name).toBe('failure');
          expect(lines[1]).toMatch(f.refused);
          table.push({
            package: pkg.name,
            file: f.name,
            answer: 'failure (not a document)',
            goods: '-',
            'goods in catalogue': '-',
            unsorted: '-',
            offers: '-',
            'offers in catalogue': '-',
            'stock ok': '-',
            'price ok': '-',
          });
          continue;
        }
        expect(lines[0], `${f.name}: ${lines.join(' | ')}`).toBe('success');
        const fx = facts(f.source);
        for (const [id, v] of fx.priceTypes) declared.set(id, v);
        // The drop price's type: among the file's own price types first, else among all known (the mapping's rule).
        const own = resolvePriceTypes(
          settings.price_types,
          [...fx.priceTypes].map(([id, v]) => ({ id, name: v.name })),
        ).drop;
        const dropType = own ?? knownDrop;

        // The classifier: every group a category, every property a property type with its dictionary's values.
        const inList = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;
        if (fx.groups.length > 0) {
          const [c] = await query(t, `SELECT count(*)::int AS n FROM categories WHERE external_id = ANY(${inList(fx.groups)})`);
          expect(c!.n, `${f.name}: groups`).toBe(new Set(fx.groups).size);
        }
        let valuesIn = 0;
        for (const p of fx.properties) {
          const [type] = await query(t, `SELECT id FROM property_types WHERE external_id = '${p.id}'`);
          expect(type, `${f.name}: property ${p.id}`).toBeDefined();
          if (p.values.length === 0) continue;
          const [v] = await query(
            t,
            `SELECT count(*)::int AS n FROM property_values WHERE property_type_id = ${Number(type!.id)} AND external_id = ANY(${inList(p.values)})`,
          );
          expect(v!.n, `${f.name}: values of ${p.id}`).toBe(new Set(p.values).size);
          valuesIn += Number(v!.n);
        }

        // Goods.
        const ids = fx.goods.map((g) => g.id);
        const rows = ids.length
          ? ((await query(
              t,
              `SELECT external_id, category_id, qty, drop_kop::text FROM products WHERE external_id = ANY(ARRAY[${ids.map((i) => `'${i}'`).join(',')}])`,
            )) as unknown as ProductRow[])
          : [];
        const byExt = new Map(rows.map((r) => [r.external_id, r]));
        expect(rows.length, `${f.name}: goods in the catalogue`).toBe(new Set(ids).size);
        const groupless = fx.goods.filter((g) => g.group === null);
        for (const g of groupless) expect(byExt.get(g.id)!.category_id, `${g.id} in the unsorted category`).toBe(unsortedId);
        for (const g of fx.goods.filter((x) => x.group !== null)) {
          const [c] = await query(t, `SELECT external_id FROM categories WHERE id = ${byExt.get(g.id)!.category_id}`);
          expect(c!.external_id, `${g.id}'s category`).toBe(g.group);
        }

        // Offers: the product of each, its stock summed over the product's offers, its price the first's.
        const keys = [...new Set(fx.offers.flatMap((o) => [o.id, o.id.split('#')[0]!]))];
        const offerRows = keys.length
          ? ((await query(
              t,
              `SELECT external_id, category_id, qty, drop_kop::text FROM products WHERE external_id = ANY(ARRAY[${keys.map((i) => `'${i}'`).join(',')}])`,
            )) as unknown as ProductRow[])
          : [];
        const offerProducts = new Map(offerRows.map((r) => [r.external_id, r]));
        const productOf = (id: string) => offerProducts.get(id) ?? offerProducts.get(id.split('#')[0]!);
        const expectedQty = new Map<string, number>();
        const expectedDrop = new Map<string, number>();
        const priced = new Set<string>();
        let inCatalogue = 0;
        let uahPrices = 0;
        for (const o of fx.offers) {
          const p = productOf(o.id);
          expect(p, `offer ${o.id} of ${f.name} is in the catalogue`).toBeDefined();
          inCatalogue += 1;
          if (o.qty !== null) expectedQty.set(p!.external_id, (expectedQty.get(p!.external_id) ?? 0) + o.qty);
          if (o.prices && !priced.has(p!.external_id)) {
            priced.add(p!.external_id);
            const drop = o.prices.find((x) => x.type === dropType);
            const currency = (drop?.currency || declared.get(drop?.type ?? '')?.currency || '').toLowerCase();
            if (drop && UAH.has(currency)) expectedDrop.set(p!.external_id, Math.round(Number(drop.value.replace(/\s/g, '').replace(',', '.')) * 100));
          }
        }
        let stockOk = 0;
        for (const o of fx.offers) {
          const p = productOf(o.id)!;
          if (o.qty === null) continue;
          expect(p.qty, `stock of ${p.external_id} (${f.name})`).toBe(expectedQty.get(p.external_id));
          stockOk += 1;
        }
        for (const o of fx.offers) {
          const p = productOf(o.id)!;
          const drop = expectedDrop.get(p.external_id);
          if (drop === undefined) continue;
          expect(Number(p.drop_kop), `drop price of ${p.external_id} (${f.name})`).toBe(drop);
          uahPrices += 1;
        }
        const withPrices = fx.offers.filter((o) => o.prices && o.prices.length > 0).length;
        table.push({
          package: pkg.name,
          file: f.name,
          answer: lines.join(' ').slice(0, 60),
          groups: fx.groups.length,
          properties: fx.properties.length,
          'dictionary values': valuesIn,
          goods: fx.goods.length,
          'goods in catalogue': rows.length,
          unsorted: groupless.length,
          offers: fx.offers.length,
          'offers in catalogue': inCatalogue,
          'stock ok': `${stockOk}/${fx.offers.filter((o) => o.qty !== null).length}`,
          'price ok': withPrices === 0 ? '-' : `${uahPrices}/${withPrices}${uahPrices === 0 ? ' (not UAH)' : ''}`,
        });
      }
    }, 60_000);
  }

  test('oslrz: all 271 goods, the 93 without a group in the unsorted category (hidden), counted', async () => {
    const [box] = await query(t, 'SELECT id, hidden, products_count FROM categories WHERE unsorted');
    expect(box).toMatchObject({ hidden: true });
    const fx = facts(path.join(REAL, 'oslrz/import0_1.xml'));
    expect(fx.goods).toHaveLength(271);
    const ids = fx.goods.filter((g) => g.group === null).map((g) => `'${g.id}'`);
    expect(ids).toHaveLength(93);
    expect(await query(t, `SELECT count(*)::int AS n FROM products WHERE category_id = ${Number(box!.id)} AND external_id IN (${ids.join(',')})`)).toEqual([
      { n: 93 },
    ]);
    expect(Number(box!.products_count)).toBeGreaterThanOrEqual(93);
  });
});
