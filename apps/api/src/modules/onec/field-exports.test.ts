import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_ONEC_PRICE_TYPE_MAPPING } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { uploadOrder } from './import-runner.ts';
import {
  FIXTURES,
  call,
  catalogueSnapshot,
  checkauth,
  exchangeCredentials,
  importUntilDone,
  makeZip,
  multipartBody,
  packageFiles,
  query,
  runExchange,
  sendFile,
} from './test-kit.ts';

/**
 * The 1C catalogue exchange with what 1C really writes (issue 25): УТ 11's split packages
 * (CommerceML 3.1, `<kind>___<guid>.xml` in goods/1 and properties/1, and the plain names of the
 * same shape), empty dictionary variants and the boolean properties' shared value ids, goods
 * without groups, a new file in the same session, price types named as 1C names them.
 */

const ONEC = { login: '', secret: '' };
let t: TestApp;
let dataDir: string;
let op: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-onec-field-'));
  t = await buildTestApp({ dataDir });
  op = await t.operator();
  Object.assign(ONEC, await exchangeCredentials(t));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const SPLIT = path.join(FIXTURES, 'split');
const GUID = '7b3e-4d52-9a61-0c5e8d7f1a01';
/** The split package's files in the order 1C sends and imports them. */
const SPLIT_ORDER = [
  `import___4f0c2a11-${GUID}.xml`,
  `properties/1/propertiesGoods___4f0c2a12-${GUID}.xml`,
  `properties/1/propertiesOffers___4f0c2a13-${GUID}.xml`,
  `goods/1/import___4f0c2a14-${GUID}.xml`,
  `goods/1/offers___4f0c2a15-${GUID}.xml`,
  `goods/1/prices___4f0c2a16-${GUID}.xml`,
  `goods/1/rests___4f0c2a17-${GUID}.xml`,
];
/** The same files under the plain names of УТ 11's shape (import.xml, properties/1/import.xml, goods/1/offers.xml, ...). */
const PLAIN_NAMES = [
  'import.xml',
  'properties/1/import.xml',
  'properties/1/offers.xml',
  'goods/1/import.xml',
  'goods/1/offers.xml',
  'goods/1/prices.xml',
  'goods/1/rests.xml',
];

const ID = (n: string) => `7a3e0${n}-1f2b-4c6d-8e90-5b1a2c3d4e01`;
const G = { light: ID('c45'), lamps: ID('c46') };
const P = { lamp10: ID('d01'), lamp7: ID('d02'), cord: ID('d03'), batteries: ID('d04') };
const PROP = { dimmer: ID('c71'), wet: ID('c72') };

const product = async (ext: string) =>
  (
    await query(
      t,
      `SELECT id, category_id, parent_id, root_id, name_uk, vendor_code, qty, drop_kop::text, retail_kop::text FROM products WHERE external_id = '${ext}'`,
    )
  )[0]!;
const category = async (ext: string) => (await query(t, `SELECT * FROM categories WHERE external_id = '${ext}'`))[0]!;
const unsorted = async () => query(t, 'SELECT * FROM categories WHERE unsorted');
const propsOf = async (productId: unknown) =>
  (
    await query(
      t,
      `SELECT t.name_uk AS type, v.value_uk AS value FROM product_properties pp JOIN property_types t ON t.id = pp.property_type_id
        JOIN property_values v ON v.id = pp.property_value_id WHERE pp.product_id = ${Number(productId)} ORDER BY t.sort, v.value_uk`,
    )
  ).map((r) => `${String(r.type)}: ${String(r.value)}`);
const lastRun = async (file: string) => (await query(t, `SELECT * FROM onec_import_runs WHERE requested_file = '${file}' ORDER BY id DESC LIMIT 1`))[0]!;
const runView = async (id: unknown, locale: 'uk' | 'ru') =>
  (await t.request('GET', `/api/v1/admin/onec/imports/${Number(id)}`, { token: op, headers: { 'X-Localization': locale } })).body.data;

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10" ДатаФормирования="2026-11-21T12:00:00">';
/** A one-file catalogue of one group and the given goods: `group` null = no Группы, '' = an empty one. */
function catalogXml(goods: { id: string; name: string; group?: string | null }[], onlyChanges = true): Buffer {
  const items = goods
    .map((g) => {
      const groups = g.group === null ? '' : g.group === '' ? '<Группы/>' : `<Группы><Ид>${g.group ?? 'field-gen-g'}</Ид></Группы>`;
      return `<Товар><Ид>${g.id}</Ид><Наименование>${g.name}</Наименование>${groups}</Товар>`;
    })
    .join('\n');
  return Buffer.from(
    `${HEAD}<Классификатор><Ид>field-gen</Ид><Наименование>Gen</Наименование><Группы><Группа><Ид>field-gen-g</Ид><Наименование>Генерація</Наименование></Группа></Группы></Классификатор>` +
      `<Каталог СодержитТолькоИзменения="${onlyChanges}"><Ид>field-gen</Ид><Наименование>Gen</Наименование><Товары>\n${items}\n</Товары></Каталог></КоммерческаяИнформация>`,
  );
}
/** An offers file: the given price types declared, offers with their prices (type Ид, value). */
function offersXml(types: { id: string; name: string }[], offers: { id: string; prices: [string, string][]; qty?: number }[]): Buffer {
  const declared = types.map((x) => `<ТипЦены><Ид>${x.id}</Ид><Наименование>${x.name}</Наименование><Валюта>UAH</Валюта></ТипЦены>`).join('');
  const list = offers
    .map(
      (o) =>
        `<Предложение><Ид>${o.id}</Ид><Цены>${o.prices.map(([type, v]) => `<Цена><ИдТипаЦены>${type}</ИдТипаЦены><ЦенаЗаЕдиницу>${v}</ЦенаЗаЕдиницу><Валюта>грн</Валюта></Цена>`).join('')}</Цены>` +
        `${o.qty === undefined ? '' : `<Количество>${o.qty}</Количество>`}</Предложение>`,
    )
    .join('\n');
  return Buffer.from(
    `${HEAD}<ПакетПредложений СодержитТолькоИзменения="true"><Ид>field-gen#</Ид><Наименование>Gen</Наименование>${declared ? `<ТипыЦен>${declared}</ТипыЦен>` : ''}` +
      `<Предложения>\n${list}\n</Предложения></ПакетПредложений></КоммерческаяИнформация>`,
  );
}

/** One exchange on a new session: init, the files in chunks, the imports in order. */
async function exchange(files: { name: string; data: Buffer }[], imports: string[], chunk = 700) {
  const cookie = await checkauth(t, ONEC.login, ONEC.secret);
  await call(t, 'type=catalog&mode=init', { cookie });
  for (const f of files) await sendFile(t, cookie, f.name, f.data, chunk);
  const out = [];
  for (const name of imports) out.push((await importUntilDone(t, cookie, name)).res);
  return out;
}

describe('split packages as 1C 8.3 (УТ 11, CommerceML 3.1) sends them', () => {
  test('<kind>___<guid>.xml in goods/1 and properties/1, sent as one zip: every part imports, stock over warehouses and characteristics, prices of the default names', async () => {
    const { imports, init } = await runExchange(t, ONEC.login, ONEC.secret, SPLIT, { zip: true, chunk: 4096, imports: SPLIT_ORDER });
    expect(init.lines[0]).toBe('zip=yes');
    for (const i of imports) expect(i.res.lines[0], `${i.name}: ${i.res.text}`).toBe('success');

    // The root classifier: groups; its price types are known by name.
    const light = await category(G.light);
    const lamps = await category(G.lamps);
    expect(lamps).toMatchObject({ parent_id: light.id, depth: 1, name_uk: 'Лампи', hidden: false, unsorted: false });
    const settings = await t.request('GET', '/api/v1/admin/onec/settings', { token: op });
    const targets = Object.fromEntries(settings.body.data.known_price_types.map((k: { name: string; target: string | null }) => [k.name, k.target]));
    // The default maps the sale prices as 1C names them; never the cost price.
    expect(targets).toMatchObject({ Оптовая: 'drop', Розничная: 'retail', Закупочная: null });

    // Properties in their own file: the empty dictionary variant skipped with a warning, two
    // boolean properties with the same value ids `true`/`false`, each with its own values.
    const propsRun = await lastRun(SPLIT_ORDER[1]!);
    expect(propsRun.status).toBe('done');
    expect((propsRun.warnings as { key: string; params: Record<string, unknown> }[]).map((w) => [w.key, w.params.property])).toEqual([
      ['dictionary_value_without_id', ID('c73')],
    ]);
    expect((await runView(propsRun.id, 'uk')).warnings[0].text).toMatch(/^Властивість 7a3e0c73-.*: варіант довідника без ИдЗначения \(рядок \d+\) пропущено$/);
    expect((await runView(propsRun.id, 'ru')).warnings[0].text).toMatch(/^Свойство 7a3e0c73-.*: вариант справочника без ИдЗначения \(строка \d+\) пропущен$/);
    const bools = await query(
      t,
      `SELECT t.external_id AS prop, v.external_id AS id, v.value_uk AS value FROM property_values v JOIN property_types t ON t.id = v.property_type_id
        WHERE t.external_id IN ('${PROP.dimmer}', '${PROP.wet}') ORDER BY t.external_id, v.external_id`,
    );
    expect(bools).toEqual([
      { prop: PROP.dimmer, id: 'false', value: 'Ні' },
      { prop: PROP.dimmer, id: 'true', value: 'Так' },
      { prop: PROP.wet, id: 'false', value: 'Ні' },
      { prop: PROP.wet, id: 'true', value: 'Так' },
    ]);

    // Goods: the value `true` of one property and `false` of the other are told apart.
    const lamp10 = await product(P.lamp10);
    const lamp7 = await product(P.lamp7);
    expect(await propsOf(lamp10.id)).toEqual(['Колір світла: Тепле', 'Диммер: Так', 'Вологозахист: Ні', 'Потужність, Вт: 10']);
    expect(await propsOf(lamp7.id)).toEqual(['Колір світла: Холодне', 'Диммер: Ні', 'Вологозахист: Так', 'Потужність, Вт: 7']);
    expect(lamp10).toMatchObject({ category_id: lamps.id, parent_id: lamps.id, root_id: light.id, vendor_code: 'LB-10-E27' });

    // Goods without Группы (none, or an empty one): in THE unsorted category, hidden.
    const [box] = await unsorted();
    expect(box).toMatchObject({
      parent_id: null,
      depth: 0,
      hidden: true,
      unsorted: true,
      name_uk: 'Нерозсортовані товари з 1С',
      name_ru: 'Неразобранные товары из 1С',
      external_id: null,
    });
    expect(await product(P.cord)).toMatchObject({ category_id: box!.id, parent_id: null, root_id: box!.id, name_uk: 'Подовжувач 3 м, 4 розетки' });
    expect(await product(P.batteries)).toMatchObject({ category_id: box!.id });
    const goodsRun = await lastRun(SPLIT_ORDER[3]!);
    expect(goodsRun.warnings).toEqual([{ key: 'goods_unsorted', params: { file: SPLIT_ORDER[3], count: 2 } }]);
    expect((await runView(goodsRun.id, 'uk')).warnings[0].text).toBe(
      `Файл ${SPLIT_ORDER[3]}: нових товарів без групи — 2; їх додано до категорії «Нерозсортовані товари з 1С» (реселери її не бачать, доки її не опубліковано; перенесіть товари до їхніх категорій)`,
    );
    expect((await runView(goodsRun.id, 'ru')).warnings[0].text).toMatch(
      /^Файл .*: новых товаров без группы — 2; они добавлены в категорию «Неразобранные товары из 1С»/,
    );

    // offers___ (no prices, no stock) changes nothing; prices___ sets the prices of the first
    // characteristic (Оптовая -> drop, Розничная -> retail, Закупочная ignored); rests___ sums
    // the stock over the warehouses and the characteristics.
    expect(await product(P.lamp10)).toMatchObject({ drop_kop: '5550', retail_kop: '8900', qty: 10 });
    expect(await product(P.lamp7)).toMatchObject({ drop_kop: '4500', retail_kop: '7500', qty: 0 });
    expect(await product(P.cord)).toMatchObject({ drop_kop: '12000', retail_kop: '19900', qty: 7 });
    expect(await product(P.batteries)).toMatchObject({ drop_kop: '3000', retail_kop: '0', qty: 100 });
    // No part of a split package zeroes the stock of the others (each is "full" of its part only).
    for (const f of SPLIT_ORDER) expect((await lastRun(f)).stats).toMatchObject({ products_zeroed: 0 });

    // The statistics the import refreshes count the unsorted category's goods too.
    expect((await unsorted())[0]!.products_count).toBe(2);
    expect((await category(G.light)).products_count).toBe(2);
  });

  test("the same package under УТ 11's plain names (import.xml, properties/1/import.xml, properties/1/offers.xml, goods/1/...), in chunks: imports and changes nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-onec-plain-'));
    try {
      SPLIT_ORDER.forEach((name, i) => {
        fs.mkdirSync(path.dirname(path.join(dir, PLAIN_NAMES[i]!)), { recursive: true });
        fs.copyFileSync(path.join(SPLIT, name), path.join(dir, PLAIN_NAMES[i]!));
      });
      const before = await catalogueSnapshot(t);
      const { imports, fileCalls } = await runExchange(t, ONEC.login, ONEC.secret, dir, { chunk: 1500, imports: PLAIN_NAMES });
      expect(fileCalls).toBeGreaterThan(PLAIN_NAMES.length);
      for (const i of imports) expect(i.res.lines[0], `${i.name}: ${i.res.text}`).toBe('success');
      expect(await catalogueSnapshot(t)).toEqual(before);
      expect(await unsorted()).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a later exchange of the prices part alone applies to the goods already known and zeroes nothing', async () => {
    const prices = packageFiles(SPLIT).find((f) => f.name.startsWith('goods/1/prices___'))!;
    const changed = Buffer.from(prices.data.toString('utf8').replace('<ЦенаЗаЕдиницу>55.50</ЦенаЗаЕдиницу>', '<ЦенаЗаЕдиницу>52</ЦенаЗаЕдиницу>'));
    const [res] = await exchange([{ name: prices.name, data: changed }], [prices.name]);
    expect(res!.lines[0], res!.text).toBe('success');
    expect(await product(P.lamp10)).toMatchObject({ drop_kop: '5200', qty: 10 });
    expect(await product(P.batteries)).toMatchObject({ qty: 100 });
  });
});

describe('a package split into parts (goods/1, goods/2)', () => {
  test('the second part, "full" of its own goods, zeroes neither the first part\'s stock nor anything else', async () => {
    const before = { lamp10: (await product(P.lamp10)).qty, batteries: (await product(P.batteries)).qty };
    expect(before).toEqual({ lamp10: 10, batteries: 100 });
    const goods = Buffer.from(
      `${HEAD}<Каталог СодержитТолькоИзменения="false"><Ид>${ID('c44')}</Ид><Наименование>Основний каталог товарів</Наименование><Товары>` +
        `<Товар><Ид>field-part2-good</Ид><Наименование>Товар другої частини пакета</Наименование><Группы><Ид>${G.lamps}</Ид></Группы></Товар></Товары></Каталог></КоммерческаяИнформация>`,
    );
    const rests = Buffer.from(
      `${HEAD}<ПакетПредложений СодержитТолькоИзменения="false"><Ид>${ID('c44')}#</Ид><Наименование>Пакет</Наименование><Предложения>` +
        `<Предложение><Ид>field-part2-good</Ид><Остатки><Остаток><Склад><Ид>${ID('c60')}</Ид><Количество>6</Количество></Склад></Остаток></Остатки></Предложение>` +
        `</Предложения></ПакетПредложений></КоммерческаяИнформация>`,
    );
    const names = [`goods/2/import___5a0c2a14-${GUID}.xml`, `goods/2/rests___5a0c2a17-${GUID}.xml`];
    const answers = await exchange(
      [
        { name: names[0]!, data: goods },
        { name: names[1]!, data: rests },
      ],
      names,
    );
    for (const a of answers) expect(a.lines[0], a.text).toBe('success');
    expect((await product('field-part2-good')).qty).toBe(6);
    expect({ lamp10: (await product(P.lamp10)).qty, batteries: (await product(P.batteries)).qty }).toEqual(before);
  });
});

describe('the back office uploads a split package', () => {
  test("one zip of the whole УТ 11 package: its files are imported in 1C's order; only the price changed since comes back", async () => {
    const before = await catalogueSnapshot(t);
    // A package as an operator zips 1C's exchange folder (with its order documents, left out).
    const files = [...packageFiles(SPLIT), { name: 'documents/1/documents.xml', data: Buffer.from('<КоммерческаяИнформация/>') }].reverse();
    const { body, contentType } = multipartBody([{ field: 'import', filename: 'package.zip', data: makeZip(files) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/onec/imports',
      headers: { authorization: `Bearer ${op}`, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode).toBe(202);
    const id = JSON.parse(res.body).data.id as number;
    let run;
    for (let i = 0; i < 400; i++) {
      run = (await t.request('GET', `/api/v1/admin/onec/imports/${id}`, { token: op })).body.data;
      if (run.status === 'done' || run.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(run.status, JSON.stringify(run.error)).toBe('done');
    expect(run.files).toEqual(SPLIT_ORDER);
    expect(run.stats).toMatchObject({ products_created: 0, categories_created: 0, properties_created: 0, property_values_created: 0, products_zeroed: 0 });
    const after = await catalogueSnapshot(t);
    expect(after.categories).toEqual(before.categories);
    expect(after.values).toEqual(before.values);
    // The previous test lowered one drop price with a prices part alone: the package's price is back.
    const changed = after.products.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before.products[i]));
    expect(changed.map((p) => [p.external_id, p.drop_kop])).toEqual([[P.lamp10, '5550']]);
  });
  test("the order of a package's files", () => {
    expect(
      uploadOrder([
        'goods/2/rests.xml',
        'goods/10/import.xml',
        'offers.xml',
        'goods/2/import.xml',
        'properties/1/offers.xml',
        'import.xml',
        'properties/1/import.xml',
        'goods/2/prices.xml',
      ]),
    ).toEqual([
      'import.xml',
      'offers.xml',
      'properties/1/import.xml',
      'properties/1/offers.xml',
      'goods/2/import.xml',
      'goods/2/prices.xml',
      'goods/2/rests.xml',
      'goods/10/import.xml',
    ]);
  });
});

describe('goods without groups', () => {
  test('a good an operator re-homed stays where it is on the next import; new ones join THE one unsorted category', async () => {
    const lamps = await category(G.lamps);
    const cord = await product(P.cord);
    await query(
      t,
      `UPDATE products SET category_id = ${Number(lamps.id)}, parent_id = ${Number(lamps.id)}, root_id = ${Number(lamps.parent_id)} WHERE id = ${Number(cord.id)}`,
    );
    const goods = packageFiles(SPLIT).filter((f) => f.name.startsWith('goods/1/import___'));
    const [res] = await exchange(goods, [goods[0]!.name]);
    expect(res!.lines[0], res!.text).toBe('success');
    expect(await product(P.cord)).toMatchObject({ category_id: lamps.id });
    expect((await lastRun(goods[0]!.name)).warnings).toEqual([]);

    // Another file, another groupless good (and one with an empty Группы): the same category.
    const xml = catalogXml([
      { id: 'field-loose-1', name: 'Товар із кореня 1С', group: null },
      { id: 'field-loose-2', name: 'Ще один товар із кореня', group: '' },
    ]);
    const [again] = await exchange([{ name: 'import.xml', data: xml }], ['import.xml']);
    expect(again!.lines[0], again!.text).toBe('success');
    const boxes = await unsorted();
    expect(boxes).toHaveLength(1);
    expect((await product('field-loose-1')).category_id).toBe(boxes[0]!.id);
    expect((await product('field-loose-2')).category_id).toBe(boxes[0]!.id);
    expect(boxes[0]!.products_count).toBe(3);
  });
});

describe('a new file in the same session', () => {
  test('every init starts a new generation: the import reads the file uploaded since (a different one changes the catalogue, a truncated one fails)', async () => {
    const cookie = await checkauth(t, ONEC.login, ONEC.secret);
    const round = async (data: Buffer) => {
      expect((await call(t, 'type=catalog&mode=init', { cookie })).lines[0]).toBe('zip=yes');
      await sendFile(t, cookie, 'import.xml', data, 500);
      return (await importUntilDone(t, cookie, 'import.xml')).res;
    };
    const a = await round(catalogXml([{ id: 'field-gen-1', name: 'Перша назва товару' }]));
    expect(a.lines[0], a.text).toBe('success');
    expect((await product('field-gen-1')).name_uk).toBe('Перша назва товару');

    const bXml = catalogXml([
      { id: 'field-gen-1', name: 'Друга назва товару' },
      { id: 'field-gen-2', name: 'Новий товар другого файлу' },
    ]);
    const b = await round(bXml);
    expect(b.lines[0], b.text).toBe('success');
    expect((await product('field-gen-1')).name_uk).toBe('Друга назва товару');
    expect(await product('field-gen-2')).toBeDefined();

    const before = await catalogueSnapshot(t);
    const broken = await round(bXml.subarray(0, Math.floor(bXml.length * 0.7)));
    expect(broken.lines[0]).toBe('failure');
    expect(broken.lines[1]).toMatch(/^Файл import.xml не є коректним XML: /);
    expect(await catalogueSnapshot(t)).toEqual(before);

    // Asked again without a new init: the same run answers (1C polling), not a new import.
    const runs = await query(t, `SELECT generation, status FROM onec_import_runs WHERE requested_file = 'import.xml' ORDER BY id DESC LIMIT 3`);
    expect(runs.map((r) => r.status)).toEqual(['failed', 'done', 'done']);
    expect(new Set(runs.map((r) => r.generation)).size).toBe(3);
    const repeat = await importUntilDone(t, cookie, 'import.xml');
    expect(repeat.res.lines[0]).toBe('failure');
    expect(await query(t, `SELECT count(*)::int AS n FROM onec_import_runs WHERE requested_file = 'import.xml' AND status = 'failed'`)).toEqual([{ n: 1 }]);
  });
});

describe('price types as 1C names them', () => {
  const FOREIGN = [
    { id: 'field-pt-sale', name: 'Отпускная цена' },
    { id: 'field-pt-cost', name: 'Плановая себестоимость' },
  ];

  test("a file with prices but none of the drop price's type fails naming its types (uk, ru), changes nothing; the mapping page offers them; once mapped it imports", async () => {
    const before = await catalogueSnapshot(t);
    const data = offersXml(FOREIGN, [
      {
        id: P.lamp7,
        prices: [
          ['field-pt-sale', '61.20'],
          ['field-pt-cost', '33'],
        ],
        qty: 4,
      },
    ]);
    const [res] = await exchange([{ name: 'offers.xml', data }], ['offers.xml']);
    expect(res!.lines[0]).toBe('failure');
    expect(res!.lines[1]).toBe(
      'Файл offers.xml містить ціни, але жодної ціни типу, що відповідає дроп-ціні. Типи цін у файлі: Отпускная цена, Плановая себестоимость. ' +
        'Вкажіть, який із них є дроп-ціною, у відповідності типів цін (розділ «1С» бек-офісу) і повторіть обмін',
    );
    const run = await lastRun('offers.xml');
    expect(run.status).toBe('failed');
    expect((await runView(run.id, 'ru')).error.text).toMatch(
      /^Файл offers.xml содержит цены, но ни одной цены типа, соответствующего дроп-цене\. Типы цен в файле: Отпускная цена, Плановая себестоимость\./,
    );
    // Nothing changed, not even the stock the file carries.
    expect(await catalogueSnapshot(t)).toEqual(before);

    // The back office's mapping lists the file's types although the run failed.
    const settings = await t.request('GET', '/api/v1/admin/onec/settings', { token: op });
    const known = Object.fromEntries(settings.body.data.known_price_types.map((k: { name: string; target: string | null }) => [k.name, k.target]));
    expect(known).toMatchObject({ 'Отпускная цена': null, 'Плановая себестоимость': null });

    const mapping = { ...DEFAULT_ONEC_PRICE_TYPE_MAPPING, drop: [...DEFAULT_ONEC_PRICE_TYPE_MAPPING.drop, 'Отпускная цена'] };
    expect((await t.request('PUT', '/api/v1/admin/onec/settings', { token: op, body: { price_types: mapping } })).status).toBe(200);
    try {
      const [ok] = await exchange([{ name: 'offers.xml', data }], ['offers.xml']);
      expect(ok!.lines[0], ok!.text).toBe('success');
      expect(await product(P.lamp7)).toMatchObject({ drop_kop: '6120', qty: 4 });
    } finally {
      await t.request('PUT', '/api/v1/admin/onec/settings', { token: op, body: { price_types: DEFAULT_ONEC_PRICE_TYPE_MAPPING } });
    }
  });

  test('a file without prices (stock only) needs no drop price type', async () => {
    const data = Buffer.from(
      `${HEAD}<ПакетПредложений СодержитТолькоИзменения="true"><Ид>field-gen#</Ид><Наименование>Gen</Наименование><Предложения>` +
        `<Предложение><Ид>${P.lamp7}</Ид><Количество>9</Количество></Предложение></Предложения></ПакетПредложений></КоммерческаяИнформация>`,
    );
    const [res] = await exchange([{ name: 'rests.xml', data }], ['rests.xml']);
    expect(res!.lines[0], res!.text).toBe('success');
    expect((await product(P.lamp7)).qty).toBe(9);
  });

  test('an offer naming one price type twice: a warning, the first price counts', async () => {
    const data = offersXml(
      [
        { id: 'field-pt-opt', name: 'Оптовая' },
        { id: 'field-pt-rozn', name: 'Розничная' },
      ],
      [
        {
          id: P.lamp7,
          prices: [
            ['field-pt-opt', '47'],
            ['field-pt-rozn', '80'],
            ['field-pt-opt', '12'],
          ],
        },
      ],
    );
    const [res] = await exchange([{ name: 'offers.xml', data }], ['offers.xml']);
    expect(res!.lines[0], res!.text).toBe('success');
    expect(await product(P.lamp7)).toMatchObject({ drop_kop: '4700', retail_kop: '8000' });
    const run = await lastRun('offers.xml');
    expect(run.warnings).toEqual([{ key: 'duplicate_price_type', params: { offer: P.lamp7, price_type: 'Оптовая' } }]);
    expect((await runView(run.id, 'uk')).warnings[0].text).toBe(`Пропозиція ${P.lamp7}: тип ціни Оптовая вказано двічі; взято першу ціну`);
    expect((await runView(run.id, 'ru')).warnings[0].text).toBe(`Предложение ${P.lamp7}: тип цены Оптовая указан дважды; взята первая цена`);
  });

  test('a price of 0 (1C writes 0 for a type with no price set) never becomes the drop or recommended price: the previous one stays, a warning per price', async () => {
    // Known prices first.
    const types = [
      { id: 'field-zero-opt', name: 'Оптовая' },
      { id: 'field-zero-rozn', name: 'Розничная' },
    ];
    const set = offersXml(types, [
      {
        id: P.lamp7,
        prices: [
          ['field-zero-opt', '47'],
          ['field-zero-rozn', '80'],
        ],
        qty: 0,
      },
      {
        id: P.cord,
        prices: [
          ['field-zero-opt', '50'],
          ['field-zero-rozn', '90'],
        ],
        qty: 0,
      },
    ]);
    expect((await exchange([{ name: 'offers.xml', data: set }], ['offers.xml']))[0]!.lines[0]).toBe('success');
    // 2.08 as 1C writes it (commerceml_210, Склад with КоличествоНаСкладе): all prices 0 for one good, the recommended one 0.00 for another.
    const data = fs.readFileSync(path.join(FIXTURES, 'field/zero-prices.xml'));
    const [res] = await exchange([{ name: 'offers.xml', data }], ['offers.xml']);
    expect(res!.lines[0], res!.text).toBe('success');
    expect(await product(P.lamp7)).toMatchObject({ drop_kop: '4700', retail_kop: '8000', qty: 12 });
    expect(await product(P.cord)).toMatchObject({ drop_kop: '6600', retail_kop: '9000', qty: 3 });
    const run = await lastRun('offers.xml');
    expect(run.warnings).toEqual([
      { key: 'bad_price', params: { offer: P.lamp7, value: '0' } },
      { key: 'bad_price', params: { offer: P.lamp7, value: '0' } },
      { key: 'bad_price', params: { offer: P.cord, value: '0.00' } },
    ]);
    expect((await runView(run.id, 'uk')).warnings[2].text).toBe(`Пропозиція ${P.cord}: некоректна ціна «0.00»`);
  });

  test('an empty <Предложение/> (1C ERP writes them among the offers) or <Товар/> is skipped with a warning; the rest of the file imports', async () => {
    // 2.07 as a Ukrainian 1C ERP writes it: ТипыЦен in UAH, Склады, Склад КоличествоНаСкладе per offer, two empty offers.
    const data = fs.readFileSync(path.join(FIXTURES, 'field/empty-offer.xml'));
    const [res] = await exchange([{ name: 'offers.xml', data }], ['offers.xml']);
    expect(res!.lines[0], res!.text).toBe('success');
    expect(await product(P.lamp7)).toMatchObject({ drop_kop: '4150', retail_kop: '7000', qty: 5 });
    expect(await product(P.cord)).toMatchObject({ drop_kop: '5200', qty: 2 });
    const run = await lastRun('offers.xml');
    expect(run.warnings).toEqual([
      { key: 'record_without_id', params: { element: 'Предложение', line: 63 } },
      { key: 'record_without_id', params: { element: 'Предложение', line: 83 } },
    ]);
    expect((await runView(run.id, 'uk')).warnings[0].text).toBe('Елемент Предложение без Ид (рядок 63) пропущено');
    expect((await runView(run.id, 'ru')).warnings[0].text).toBe('Элемент Предложение без Ид (строка 63) пропущен');

    const goods = Buffer.from(
      catalogXml([{ id: 'field-empty-good', name: 'Товар поруч із порожнім' }])
        .toString()
        .replace('<Товары>\n', '<Товары>\n<Товар/>\n'),
    );
    const [g] = await exchange([{ name: 'import.xml', data: goods }], ['import.xml']);
    expect(g!.lines[0], g!.text).toBe('success');
    expect(await product('field-empty-good')).toMatchObject({ name_uk: 'Товар поруч із порожнім' });
    expect((await lastRun('import.xml')).warnings).toEqual([{ key: 'record_without_id', params: { element: 'Товар', line: 3 } }]);
  });
});
