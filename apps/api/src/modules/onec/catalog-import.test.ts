import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_ONEC_PRICE_TYPE_MAPPING, resolvePriceTypes } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { CmlError } from './cml-reader.ts';
import { safeRelative } from './catalog-import.ts';
import { unzipInto } from './zip.ts';
import { FIXTURES, catalogueSnapshot, makeZip, multipartBody, packageFiles, query } from './test-kit.ts';

/** The back-office import API (upload and progress), and the pieces under the import: zip limits, names, the price rule. */

let t: TestApp;
let dataDir: string;
let op: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-onec-upload-'));
  t = await buildTestApp({ dataDir });
  op = await t.operator();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function upload(token: string, parts: { field: string; filename: string; data: Buffer }[]) {
  const { body, contentType } = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/onec/imports',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

async function waitDone(token: string, id: number) {
  const seen: { status: string; percent: number; phase: string }[] = [];
  for (let i = 0; i < 600; i++) {
    const r = await t.request('GET', `/api/v1/admin/onec/imports/${id}`, { token });
    expect(r.status).toBe(200);
    seen.push({ status: r.body.data.status, percent: r.body.data.progress.percent, phase: r.body.data.progress.phase });
    if (r.body.data.status === 'done' || r.body.data.status === 'failed') return { run: r.body.data, seen };
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('import did not finish');
}

/** A generated package of `n` goods in two groups, with a string and a number property, and their offers. */
function bigPackage(n: number) {
  const goods: string[] = [];
  const offers: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    goods.push(
      `<Товар><Ид>${id}</Ид><Артикул>GEN-${i}</Артикул><Наименование>Товар згенерований №${i}</Наименование><Группы><Ид>gen-g-${i % 2}</Ид></Группы>` +
        `<Описание>Опис ${i}</Описание><ЗначенияСвойств><ЗначенияСвойства><Ид>gen-p-mat</Ид><Значение>Матеріал ${i % 7}</Значение></ЗначенияСвойства>` +
        `<ЗначенияСвойства><Ид>gen-p-w</Ид><Значение>${(i % 13) / 10}</Значение></ЗначенияСвойства></ЗначенияСвойств></Товар>`,
    );
    offers.push(
      `<Предложение><Ид>${id}</Ид><Цены><Цена><ИдТипаЦены>gen-drop</ИдТипаЦены><ЦенаЗаЕдиницу>${100 + i}.50</ЦенаЗаЕдиницу><Валюта>UAH</Валюта></Цена>` +
        `<Цена><ИдТипаЦены>gen-rrc</ИдТипаЦены><ЦенаЗаЕдиницу>${200 + i}</ЦенаЗаЕдиницу><Валюта>грн</Валюта></Цена></Цены><Количество>${i % 5}</Количество></Предложение>`,
    );
  }
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="2026-11-20T10:00:00">';
  const importXml =
    `${head}<Классификатор><Ид>gen</Ид><Наименование>Gen</Наименование><Группы><Группа><Ид>gen-root</Ид><Наименование>Згенеровані</Наименование><Группы>` +
    `<Группа><Ид>gen-g-0</Ид><Наименование>Парні</Наименование></Группа><Группа><Ид>gen-g-1</Ид><Наименование>Непарні</Наименование></Группа></Группы></Группа></Группы>` +
    `<Свойства><Свойство><Ид>gen-p-mat</Ид><Наименование>Матеріал (ген)</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>` +
    `<Свойство><Ид>gen-p-w</Ид><Наименование>Вага (ген)</Наименование><ТипЗначений>Число</ТипЗначений></Свойство></Свойства></Классификатор>` +
    `<Каталог СодержитТолькоИзменения="true"><Ид>gen</Ид><Наименование>Gen</Наименование><Товары>${goods.join('\n')}</Товары></Каталог></КоммерческаяИнформация>`;
  const offersXml =
    `${head}<ПакетПредложений СодержитТолькоИзменения="true"><Ид>gen#</Ид><Наименование>Gen</Наименование><ТипыЦен>` +
    `<ТипЦены><Ид>gen-drop</Ид><Наименование>Оптова</Наименование><Валюта>UAH</Валюта></ТипЦены>` +
    `<ТипЦены><Ид>gen-rrc</Ид><Наименование>Роздрібна</Наименование><Валюта>UAH</Валюта></ТипЦены></ТипыЦен>` +
    `<Предложения>${offers.join('\n')}</Предложения></ПакетПредложений></КоммерческаяИнформация>`;
  return { importXml: Buffer.from(importXml), offersXml: Buffer.from(offersXml) };
}

describe('back-office upload', () => {
  test('a reseller gets 403, a visitor 401', async () => {
    const u = await t.user();
    const xml = fs.readFileSync(path.join(FIXTURES, 'full/import.xml'));
    expect((await upload(u.token, [{ field: 'import', filename: 'import.xml', data: xml }])).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/onec/imports', { token: u.token })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/onec/settings', { token: u.token })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/onec/imports')).status).toBe(401);
  });

  test('an upload without XML is refused with 422; an unknown run is 404', async () => {
    const r = await upload(op, [{ field: 'pictures', filename: 'p.zip', data: makeZip([{ name: 'a.jpg', data: Buffer.from('x') }]) }]);
    expect(r.status).toBe(422);
    expect(r.body.errors.import).toBeDefined();
    const notZip = await upload(op, [{ field: 'pictures', filename: 'p.zip', data: Buffer.from('not a zip') }]);
    expect(notZip.status).toBe(422);
    expect((await t.request('GET', '/api/v1/admin/onec/imports/999999', { token: op })).status).toBe(404);
  });

  test('the operator uploads import.xml, offers.xml and the pictures; the progress is followed to the end', async () => {
    const dir = path.join(FIXTURES, 'full');
    const pictures = packageFiles(dir).filter((f) => f.name.startsWith('import_files/'));
    const r = await upload(op, [
      // Offers first on purpose: the goods are imported before them whatever the order.
      { field: 'offers', filename: 'offers.xml', data: fs.readFileSync(path.join(dir, 'offers.xml')) },
      { field: 'import', filename: 'import.xml', data: fs.readFileSync(path.join(dir, 'import.xml')) },
      { field: 'pictures', filename: 'pictures.zip', data: makeZip(pictures) },
    ]);
    expect(r.status).toBe(202);
    expect(r.body.data).toMatchObject({ source: 'upload', actor: { email: 'admin@test.local' } });
    expect(['queued', 'running', 'done']).toContain(r.body.data.status);
    const { run } = await waitDone(op, r.body.data.id);
    expect(run.status).toBe('done');
    expect(run.files).toEqual(['import.xml', 'offers.xml']);
    expect(run.progress).toMatchObject({
      phase: 'done',
      percent: 100,
      files_done: 2,
      files_total: 2,
      products: { done: 0, total: 0 },
      offers: { done: 8, total: 8 },
    });
    expect(run.stats).toMatchObject({ products_created: 7, categories_created: 12, offers_applied: 6, pictures_stored: 5 });
    expect(run.warnings_count).toBe(1);
    expect(run.warnings[0]).toMatchObject({ key: 'unknown_product', text: expect.stringMatching(/^Пропозиція 0f9e8d70-.* для невідомого товару/) });
    const ru = await t.request('GET', `/api/v1/admin/onec/imports/${run.id}`, { token: op, headers: { 'X-Localization': 'ru' } });
    expect(ru.body.data.warnings[0].text).toMatch(/^Предложение 0f9e8d70-.* для неизвестного товара/);
    expect(await query(t, `SELECT count(*)::int AS n FROM product_images`)).toEqual([{ n: 5 }]);
    // The uploaded files are removed once imported.
    expect(fs.readdirSync(path.join(dataDir, 'onec', 'uploads'))).toEqual([]);
  });

  test('a bigger package: the run is seen running, its counters reach their totals; the list pages', async () => {
    const { importXml, offersXml } = bigPackage(3000);
    const r = await upload(op, [
      { field: 'import', filename: 'import.xml', data: importXml },
      { field: 'offers', filename: 'offers.xml', data: offersXml },
    ]);
    expect(r.status).toBe(202);
    const { run, seen } = await waitDone(op, r.body.data.id);
    expect([r.body.data.status, ...seen.map((s) => s.status)]).toContain('running');
    expect(run.status).toBe('done');
    expect(run.progress.offers).toEqual({ done: 3000, total: 3000 });
    expect(run.stats).toMatchObject({ products_created: 3000, property_values_created: 7 + 13, offers_applied: 3000, only_changes: true });
    const percents = seen.map((s) => s.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const [p] = await query(t, `SELECT drop_kop::int AS d, retail_kop::int AS r, qty FROM products WHERE external_id = '00000000-0000-4000-8000-000000000042'`);
    expect(p).toEqual({ d: 14250, r: 24200, qty: 2 });

    const list = await t.request('GET', '/api/v1/admin/onec/imports?per_page=1&page=1', { token: op });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].id).toBe(run.id);
    expect(list.body.meta).toMatchObject({ per_page: 1, total: 2, last_page: 2 });
  });

  test('a run left running by a process that died is taken over by the next one that asks; a live one is not', async () => {
    const key = 'stale-run';
    const dir = path.join(dataDir, 'onec', 'uploads', key);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(FIXTURES, 'changes/offers.xml'), path.join(dir, 'offers.xml'));
    const insert = async (minutesAgo: number) =>
      (
        await query(
          t,
          `INSERT INTO onec_import_runs (source, status, dir, files, progress, heartbeat_at, started_at)
           VALUES ('upload', 'running', 'onec/uploads/${key}', '["offers.xml"]', '{"phase":"offers","file":"offers.xml","files_done":0,"files_total":1,"percent":60,
             "groups":{"done":0,"total":0},"properties":{"done":0,"total":0},"products":{"done":0,"total":0},"offers":{"done":1,"total":3}}',
             now() - make_interval(mins => ${minutesAgo}), now() - interval '1 hour') RETURNING id`,
        )
      )[0]!.id as number;
    // Alive elsewhere (a heartbeat a moment ago): answered as it is, not run here.
    const alive = await insert(0);
    const a = await t.request('GET', `/api/v1/admin/onec/imports/${alive}`, { token: op });
    expect(a.body.data).toMatchObject({ status: 'running', progress: { percent: 60 } });
    await new Promise((r) => setTimeout(r, 300));
    expect((await query(t, `SELECT status FROM onec_import_runs WHERE id = ${alive}`))[0]!.status).toBe('running');
    // Silent for 10 minutes: taken over and finished.
    const stale = await insert(10);
    const { run } = await waitDone(op, stale);
    expect(run.status).toBe('done');
    expect(run.stats).toMatchObject({ offers_applied: 2, only_changes: true });
    expect(run.warnings.map((w: { key: string }) => w.key)).toEqual(['unknown_product']);
  });

  test('a broken offers.xml after a good import.xml: the run fails with the reason, the offers change nothing', async () => {
    const before = await catalogueSnapshot(t);
    const offers = fs.readFileSync(path.join(FIXTURES, 'changes/offers.xml'));
    const r = await upload(op, [{ field: 'offers', filename: 'offers.xml', data: offers.subarray(0, offers.length - 200) }]);
    const { run } = await waitDone(op, r.body.data.id);
    expect(run.status).toBe('failed');
    expect(run.error).toMatchObject({ key: 'not_xml', text: expect.stringMatching(/^Файл offers.xml не є коректним XML/) });
    expect(await catalogueSnapshot(t)).toEqual(before);
  });
});

describe('pieces', () => {
  test('zip limits: too many bytes (even when the header lies), unsafe names', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-zip-'));
    try {
      const big = path.join(dir, 'big.zip');
      fs.writeFileSync(big, makeZip([{ name: 'import.xml', data: Buffer.alloc(200_000, 0x20) }]));
      await expect(unzipInto(big, path.join(dir, 'out1'), 'big.zip', { maxBytes: 100_000, maxEntries: 10 })).rejects.toMatchObject({
        reason: { key: 'zip_too_big' },
      });
      // The header claims 10 bytes; the real data is 200 KB: refused by the bytes counted.
      const liar = path.join(dir, 'liar.zip');
      fs.writeFileSync(liar, makeZip([{ name: 'import.xml', data: Buffer.alloc(200_000, 0x20), declaredSize: 10 }]));
      await expect(unzipInto(liar, path.join(dir, 'out2'), 'liar.zip', { maxBytes: 100_000, maxEntries: 10 })).rejects.toBeInstanceOf(CmlError);
      const many = path.join(dir, 'many.zip');
      fs.writeFileSync(many, makeZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') }))));
      await expect(unzipInto(many, path.join(dir, 'out3'), 'many.zip', { maxBytes: 100_000, maxEntries: 10 })).rejects.toMatchObject({
        reason: { key: 'zip_too_big' },
      });
      const evil = path.join(dir, 'evil.zip');
      fs.writeFileSync(evil, makeZip([{ name: '../evil.txt', data: Buffer.from('x') }]));
      await expect(unzipInto(evil, path.join(dir, 'out4'), 'evil.zip')).rejects.toMatchObject({ reason: { key: 'bad_zip' } });
      expect(fs.existsSync(path.join(dir, 'evil.txt'))).toBe(false);
      const ok = path.join(dir, 'ok.zip');
      fs.writeFileSync(ok, makeZip([{ name: 'import_files/ab/c.jpg', data: Buffer.from('pic') }]));
      expect(await unzipInto(ok, path.join(dir, 'out5'), 'ok.zip')).toEqual(['import_files/ab/c.jpg']);
      expect(fs.readFileSync(path.join(dir, 'out5/import_files/ab/c.jpg'), 'utf8')).toBe('pic');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('safe relative names', () => {
    expect(safeRelative('import_files/ab/x.jpg')).toBe('import_files/ab/x.jpg');
    expect(safeRelative('import_files\\ab\\x.jpg')).toBe('import_files/ab/x.jpg');
    for (const bad of ['', '../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a//b', './a', 'a\0b']) expect(safeRelative(bad), bad).toBeNull();
  });

  test('the default price-type rule', () => {
    const types = [
      { id: 'a', name: 'Закупівельна' },
      { id: 'b', name: 'Оптова' },
      { id: 'c', name: 'Роздрібна' },
      { id: 'd', name: 'Стара оптова ціна' },
      { id: 'e', name: ' дроп ' },
    ];
    // 'Дроп' is tried before 'Оптова'; names ignore case and spaces; 'Стара*' is a prefix.
    expect(resolvePriceTypes(DEFAULT_ONEC_PRICE_TYPE_MAPPING, types)).toEqual({ drop: 'e', retail: 'c', old_drop: 'd' });
    expect(resolvePriceTypes(DEFAULT_ONEC_PRICE_TYPE_MAPPING, types.slice(0, 2))).toEqual({ drop: 'b', retail: null, old_drop: null });
    expect(resolvePriceTypes({ drop: ['a'], retail: [], old_drop: [] }, types)).toEqual({ drop: 'a', retail: null, old_drop: null });
  });

  test('the default maps the sale prices 1C names in Russian too (case and spaces ignored), never a cost price', () => {
    const ru = [
      { id: 'cost', name: 'Закупочная' },
      { id: 'plan', name: 'Плановая себестоимость' },
      { id: 'acc', name: 'Учетная (покупная) цена' },
      { id: 'opt', name: 'ОПТОВАЯ' },
      { id: 'rozn', name: 'Розничная  цена' },
      { id: 'old', name: 'Старая цена' },
    ];
    expect(resolvePriceTypes(DEFAULT_ONEC_PRICE_TYPE_MAPPING, ru)).toEqual({ drop: 'opt', retail: 'rozn', old_drop: 'old' });
    const costOnly = [
      { id: 'a', name: 'Закупочная' },
      { id: 'b', name: 'Закупівельна' },
      { id: 'c', name: 'Плановая себестоимость' },
      { id: 'd', name: 'Учетная' },
      { id: 'e', name: 'Собівартість' },
      { id: 'f', name: 'Отпускная цена' },
      { id: 'g', name: 'BASE' },
    ];
    expect(resolvePriceTypes(DEFAULT_ONEC_PRICE_TYPE_MAPPING, costOnly)).toEqual({ drop: null, retail: null, old_drop: null });
    expect(
      resolvePriceTypes(DEFAULT_ONEC_PRICE_TYPE_MAPPING, [
        { id: 'x', name: 'Роздрібна' },
        { id: 'y', name: 'Оптова' },
      ]),
    ).toEqual({ drop: 'y', retail: 'x', old_drop: null });
  });
});
