import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_ONEC_PRICE_TYPE_MAPPING } from '@drop/shared';
import { auditLog, productNotifications, products, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { TEST_OPERATOR } from '../../test/config.ts';
import { hashPassword } from '../../lib/security.ts';
import { FILE_LIMIT } from './exchange-session.ts';
import { exchangeTiming } from './exchange.routes.ts';
import {
  FIXTURES,
  basic,
  call,
  catalogueSnapshot,
  checkauth,
  exchangeCredentials,
  importUntilDone,
  makeZip,
  packageFiles,
  query,
  restockSeq,
  runExchange,
  sendFile,
} from './test-kit.ts';

/** The /1c/exchange protocol (type=catalog) end to end, as 1C runs it, on the fixture packages. */

/** The exchange's own login and secret (made in beforeAll). */
const ONEC = { login: '', secret: '' };
const G = {
  home: '5e2a1b10-5d42-11ee-8c99-0242ac120002',
  kitchen: '5e2a1b11-5d42-11ee-8c99-0242ac120002',
  cookware: '5e2a1b12-5d42-11ee-8c99-0242ac120002',
  pans: '5e2a1b13-5d42-11ee-8c99-0242ac120002',
  pots: '5e2a1b17-5d42-11ee-8c99-0242ac120002',
  toys: '9a6b3f30-5d42-11ee-8c99-0242ac120002',
};
const P = {
  tefal: 'd2a7c9e0-5d44-11ee-8c99-0242ac120002',
  grill: 'd2a7c9e1-5d44-11ee-8c99-0242ac120002',
  knife: 'd2a7c9e2-5d44-11ee-8c99-0242ac120002',
  hose: 'd2a7c9e3-5d44-11ee-8c99-0242ac120002',
  case: 'd2a7c9e4-5d44-11ee-8c99-0242ac120002',
  charger: 'd2a7c9e5-5d44-11ee-8c99-0242ac120002',
  toy: 'd2a7c9e6-5d44-11ee-8c99-0242ac120002',
  pot: 'd2a7c9e7-5d44-11ee-8c99-0242ac120002',
};

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-onec-'));
  t = await buildTestApp({ dataDir });
  Object.assign(ONEC, await exchangeCredentials(t));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const product = async (ext: string) => (await t.database.db.select().from(products).where(eq(products.externalId, ext)))[0]!;
const category = async (ext: string) => (await query(t, `SELECT * FROM categories WHERE external_id = '${ext}'`))[0]!;
const propsOf = async (productId: number) =>
  (
    await query(
      t,
      `SELECT t.name_uk AS type, v.value_uk AS value FROM product_properties pp JOIN property_types t ON t.id = pp.property_type_id
        JOIN property_values v ON v.id = pp.property_value_id WHERE pp.product_id = ${productId} ORDER BY t.sort, v.value_uk`,
    )
  ).map((r) => `${String(r.type)}: ${String(r.value)}`);

describe('checkauth and the session', () => {
  test("no credentials, a wrong secret and any staff or reseller password get failure; the exchange's own pair gets the cookie", async () => {
    const none = await call(t, 'type=catalog&mode=checkauth');
    expect(none.status).toBe(401);
    expect(none.lines[0]).toBe('failure');
    expect(none.lines[1]).toMatch(/автентифікац/);

    const wrong = await call(t, 'type=catalog&mode=checkauth', { auth: basic(ONEC.login, 'nope-nope') });
    expect(wrong.status).toBe(401);
    expect(wrong.lines).toEqual(['failure', 'Невірний логін або секрет обміну з 1С', '']);

    // Staff passwords never open the exchange: the admin's, an operator's, a reseller's.
    const reseller = await t.user();
    await t.database.db.insert(users).values({
      email: 'op-1c@test.local',
      name: 'Оператор',
      passwordHash: await hashPassword('operator-pass-1'),
      role: 'manager',
      emailVerifiedAt: new Date(),
    });
    for (const [email, password] of [
      [TEST_OPERATOR.email, TEST_OPERATOR.password],
      ['op-1c@test.local', 'operator-pass-1'],
      [reseller.email, reseller.password],
    ]) {
      const r = await call(t, 'type=catalog&mode=checkauth', { auth: basic(email!, password!) });
      expect(r.status, email).toBe(401);
      expect(r.lines[0]).toBe('failure');
    }

    const ok = await call(t, 'type=catalog&mode=checkauth', { auth: basic(ONEC.login, ONEC.secret) });
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain/);
    expect(ok.lines[0]).toBe('success');
    expect(ok.lines[1]).toBe('drop_1c_session');
    expect(ok.lines[2]).toMatch(/^[\w-]{40,}$/);
    expect(ok.lines[3]).toBe(`sessid=${ok.lines[2]}`);

    // Every later mode needs the cookie of a live session.
    const noCookie = await call(t, 'type=catalog&mode=init');
    expect(noCookie.status).toBe(401);
    expect(noCookie.lines[0]).toBe('failure');
    const badCookie = await call(t, 'type=catalog&mode=init', { cookie: 'drop_1c_session=forged' });
    expect(badCookie.status).toBe(401);
    const init = await call(t, 'type=catalog&mode=init', { cookie: `${ok.lines[1]}=${ok.lines[2]}` });
    expect(init.lines).toEqual(['zip=yes', `file_limit=${FILE_LIMIT}`, '']);
    const badType = await call(t, 'type=orders&mode=init', { cookie: `${ok.lines[1]}=${ok.lines[2]}` });
    expect(badType.status).toBe(400);
    expect(badType.lines[0]).toBe('failure');
  });

  test('file names that leave the session directory are refused', async () => {
    const cookie = await checkauth(t, ONEC.login, ONEC.secret);
    await call(t, 'type=catalog&mode=init', { cookie });
    for (const name of ['../../etc/passwd', '/etc/passwd', 'import_files/../../x.jpg', '..\\..\\boot.ini', 'C:/x.xml', '']) {
      const r = await call(t, `type=catalog&mode=file&filename=${encodeURIComponent(name)}`, { cookie, body: Buffer.from('x') });
      expect(r.status, name).toBe(400);
      expect(r.lines[0]).toBe('failure');
      const imp = await call(t, `type=catalog&mode=import&filename=${encodeURIComponent(name)}`, { cookie });
      expect(imp.status, name).toBe(400);
    }
    expect(fs.existsSync(path.join(dataDir, 'onec', 'x.jpg'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'x.jpg'))).toBe(false);
  });
});

describe('a full package, as 1C sends it', () => {
  test('checkauth, init, files in chunks, import until success: the catalogue is there', async () => {
    const { init, fileCalls, imports } = await runExchange(t, ONEC.login, ONEC.secret, path.join(FIXTURES, 'full'), { chunk: 4096 });
    expect(init.lines[0]).toBe('zip=yes');
    // import.xml alone is over 4 KB: it went in several chunks.
    expect(fileCalls).toBeGreaterThan(packageFiles(path.join(FIXTURES, 'full')).length + 3);
    for (const i of imports) expect(i.res.lines[0], `${i.name}: ${i.res.text}`).toBe('success');

    // Groups -> categories, four levels, parents and depths.
    const home = await category(G.home);
    const kitchen = await category(G.kitchen);
    const cookware = await category(G.cookware);
    const pans = await category(G.pans);
    expect([home.depth, kitchen.depth, cookware.depth, pans.depth]).toEqual([0, 1, 2, 3]);
    expect([home.parent_id, kitchen.parent_id, cookware.parent_id, pans.parent_id]).toEqual([null, home.id, kitchen.id, cookware.id]);
    expect(pans).toMatchObject({ name_uk: 'Сковорідки', name_ru: 'Сковорідки' });
    expect(await query(t, 'SELECT count(*)::int AS n FROM categories WHERE external_id IS NOT NULL')).toEqual([{ n: 12 }]);

    // Goods -> products with codes, category path, names, brand, search words.
    const tefal = await product(P.tefal);
    expect(tefal).toMatchObject({
      b2bCodeId: 12345, // 1C's numeric Код kept
      codeId: 12345,
      vendorCode: 'B5670453',
      nameUk: 'Сковорідка Tefal Simply Clean 24 см',
      nameRu: 'Сковорідка Tefal Simply Clean 24 см',
      brand: 'Tefal',
      categoryId: pans.id,
      parentId: kitchen.id,
      rootId: home.id,
      dropKop: 68900,
      retailKop: 99900,
      oldDropKop: 74900,
      qty: 15,
      hasImages: true,
    });
    expect(tefal.descriptionUk).toContain('<b>Titanium</b>');
    expect(tefal.searchText.split(' ')).toEqual(expect.arrayContaining(['tefal', 'simpli', 'klean']));
    const grill = await product(P.grill);
    expect(grill.b2bCodeId).not.toBe(457); // '00-00000457' is not a number: a code of the sequence
    expect(new Set((await t.database.db.select({ c: products.b2bCodeId }).from(products)).map((r) => r.c)).size).toBe(7);
    expect(grill).toMatchObject({ dropKop: 125050, retailKop: 179900, oldDropKop: null, qty: 0 });
    expect((await product(P.hose)).b2bCodeId).toBe(18034);
    // Old drop price equal to the drop price is no discount.
    expect(await product(P.knife)).toMatchObject({ dropKop: 32000, retailKop: 45000, oldDropKop: null, qty: 7, hasImages: false });
    // Two characteristics of one good: stock summed.
    expect(await product(P.case)).toMatchObject({ dropKop: 18990, retailKop: 29900, qty: 12 });
    expect(await product(P.charger)).toMatchObject({ dropKop: 36500, oldDropKop: 39900, qty: 120 });
    // A good in a root category; no offer in the full package: no stock, no price yet.
    const toy = await product(P.toy);
    expect(toy).toMatchObject({ categoryId: (await category(G.toys)).id, parentId: null, rootId: (await category(G.toys)).id, qty: 0, dropKop: 0 });

    // Properties of the three types, on the products, and the denormalised ids.
    expect(await propsOf(tefal.id)).toEqual(['Колір: Чорний', 'Бренд: Tefal', 'Матеріал: Алюміній', 'Вага, кг: 0.9']);
    expect(await propsOf(grill.id)).toEqual(['Колір: Червоний', 'Бренд: Ardesto', 'Матеріал: Алюміній', 'Вага, кг: 1.35']);
    const ids = (await query(t, `SELECT property_value_id AS v FROM product_properties WHERE product_id = ${tefal.id} ORDER BY 1`)).map((r) => r.v);
    expect(tefal.propertyValueIds).toEqual(ids);
    // 'Алюміній' is one value shared by both pans.
    expect(await query(t, `SELECT count(*)::int AS n FROM property_values WHERE value_uk = 'Алюміній'`)).toEqual([{ n: 1 }]);
    expect((await query(t, 'SELECT name_uk FROM property_types WHERE external_id IS NOT NULL ORDER BY sort')).map((r) => r.name_uk)).toEqual([
      'Колір',
      'Бренд',
      'Матеріал',
      'Вага, кг',
    ]);

    // Pictures: stored by content, rows in order, served under /storage.
    const images = await query(t, `SELECT * FROM product_images WHERE product_id = ${tefal.id} ORDER BY sort`);
    expect(images).toHaveLength(2);
    // Named by the SHA-256 of the bytes 1C sent; the variants made from them (issue 30), not the bytes themselves.
    const sent = fs.readFileSync(path.join(FIXTURES, 'full/import_files/d2/d2a7c9e05d4411ee8c990242ac120002_1.jpg'));
    const hash = crypto.createHash('sha256').update(sent).digest('hex');
    expect(images[0]).toMatchObject({
      original: `pictures/${hash.slice(0, 2)}/${hash}.jpg`,
      medium_centered: `pictures/${hash.slice(0, 2)}/${hash}-m.webp`,
      thumb: `pictures/${hash.slice(0, 2)}/${hash}-t.webp`,
    });
    const pic = await t.app.inject({ method: 'GET', url: `/storage/${String(images[0]!.original)}` });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    expect(pic.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(pic.rawPayload.includes(Buffer.from('1C picture: Tefal'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/storage/onec/..%2F..%2Fetc%2Fpasswd.jpg' })).statusCode).toBe(404);

    // The run, its warnings and the audit trail.
    const runs = await query(t, `SELECT * FROM onec_import_runs WHERE source = 'exchange' ORDER BY id`);
    const offersRun = runs.find((r) => r.requested_file === 'offers.xml')!;
    expect(offersRun.status).toBe('done');
    expect((offersRun.warnings as { key: string; params: Record<string, string> }[]).map((w) => w.key)).toEqual(['unknown_product']);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'onec.import'));
    expect(audits.length).toBe(runs.length);
    expect(audits.find((a) => a.entityId === offersRun.id)!.changes).toMatchObject({ status: 'done', offers_applied: 6 });

    // The catalogue statistics were refreshed: the root counts the products below it.
    expect((await category(G.home)).products_count).toBe(4);

    // The reseller's catalogue shows the product with its properties.
    const reseller = await t.user({ isVerified: true });
    const shown = await t.request('GET', `/api/v1/products?category_id=${pans.id}`, { token: reseller.token });
    expect(shown.status).toBe(200);
    expect(shown.body.data.map((p: { name: string }) => p.name).sort()).toEqual([
      'Сковорідка Tefal Simply Clean 24 см',
      'Сковорідка-гриль Ardesto Gemini 28 см',
    ]);
  });

  test('the same package again (this time as one zip) changes nothing', async () => {
    const before = await catalogueSnapshot(t);
    const { imports, fileCalls } = await runExchange(t, ONEC.login, ONEC.secret, path.join(FIXTURES, 'full'), { zip: true, chunk: 2048 });
    expect(fileCalls).toBeGreaterThan(1);
    for (const i of imports) expect(i.res.lines[0], i.res.text).toBe('success');
    expect(imports[0]!.res.lines[1]).toMatch(/products \+0 ~0 =7/);
    expect(await catalogueSnapshot(t)).toEqual(before);
  });

  test('a changes-only package changes only what it lists; Russian names an operator set are kept', async () => {
    const tefal = await product(P.tefal);
    const grill = await product(P.grill);
    const hoseBefore = await product(P.hose);
    await t.database.db.update(products).set({ nameRu: 'Сковорода Tefal Simply Clean 24 см' }).where(eq(products.id, tefal.id));
    // Somebody waits for the grill pan (out of stock): its return is recorded for them.
    const waiting = await t.user();
    await t.database.db.insert(productNotifications).values({ userId: waiting.id, codeId: grill.codeId });
    const restocksBefore = await restockSeq(t);

    const { imports } = await runExchange(t, ONEC.login, ONEC.secret, path.join(FIXTURES, 'changes'), { chunk: 8192 });
    for (const i of imports) expect(i.res.lines[0], i.res.text).toBe('success');

    // A new group at the fourth level, and a new good in it with a code of its own (its Код 12345 is taken).
    const pots = await category(G.pots);
    expect(pots).toMatchObject({ depth: 3, parent_id: (await category(G.cookware)).id, name_uk: 'Каструлі' });
    const pot = await product(P.pot);
    expect(pot.b2bCodeId).not.toBe(12345);
    expect(pot).toMatchObject({ categoryId: pots.id, parentId: (await category(G.kitchen)).id, dropKop: 89900, retailKop: 129900, qty: 10, hasImages: true });
    expect(await propsOf(pot.id)).toEqual(['Бренд: Ardesto', 'Матеріал: Нержавіюча сталь', 'Вага, кг: 1.6']);

    // The knife: renamed (the untranslated Russian name follows), recoloured; its picture was not sent: a warning.
    const knife = await product(P.knife);
    expect(knife).toMatchObject({
      nameUk: 'Ніж кухарський Ardesto Black Mars 20 см (новий дизайн)',
      nameRu: 'Ніж кухарський Ardesto Black Mars 20 см (новий дизайн)',
      hasImages: false,
    });
    expect(await propsOf(knife.id)).toEqual(['Колір: Червоний', 'Бренд: Ardesto', 'Матеріал: Нержавіюча сталь']);
    const importRun = (await query(t, `SELECT * FROM onec_import_runs WHERE requested_file = 'import.xml' ORDER BY id DESC LIMIT 1`))[0]!;
    expect((importRun.warnings as { key: string }[]).map((w) => w.key)).toEqual(['picture_missing']);

    // The Tefal pan: the operator's Russian name stays, the new drop price is in, its pictures (not resent) kept.
    expect(await product(P.tefal)).toMatchObject({ nameRu: 'Сковорода Tefal Simply Clean 24 см', dropKop: 65900, oldDropKop: 74900, qty: 15, hasImages: true });
    expect(await query(t, `SELECT count(*)::int AS n FROM product_images WHERE product_id = ${tefal.id}`)).toEqual([{ n: 2 }]);
    // Back in stock: the trigger recorded it.
    expect(await product(P.grill)).toMatchObject({ qty: 6 });
    expect(await restockSeq(t)).toBe(restocksBefore + 1);
    // Not in the package: untouched (a changes package zeroes nothing).
    const hose = await product(P.hose);
    expect(hose).toEqual(hoseBefore);
    expect((await product(P.case)).qty).toBe(12);
  });

  test('a full package zeroes the stock of 1C products it no longer lists', async () => {
    const before = await product(P.pot);
    expect(before.qty).toBe(10);
    const { imports } = await runExchange(t, ONEC.login, ONEC.secret, path.join(FIXTURES, 'full'), { imports: ['import.xml'] });
    expect(imports[0]!.res.lines[0]).toBe('success');
    const after = await product(P.pot);
    expect(after).toMatchObject({ qty: 0, nameUk: before.nameUk, categoryId: before.categoryId });
    const run = (await query(t, `SELECT stats FROM onec_import_runs ORDER BY id DESC LIMIT 1`))[0]!;
    expect(run.stats).toMatchObject({ products_zeroed: 1, only_changes: false });
  });
});

describe('a long import', () => {
  test('answers progress (file, percentage, counters) until success', async () => {
    exchangeTiming.importWaitMs = 0;
    try {
      const { imports } = await runExchange(t, ONEC.login, ONEC.secret, path.join(FIXTURES, 'full'), { imports: ['import.xml'] });
      const i = imports[0]!;
      expect(i.res.lines[0]).toBe('success');
      expect(i.calls).toBeGreaterThan(1);
      expect(i.progress.length).toBe(i.calls - 1);
      for (const line of i.progress) expect(line).toMatch(/^(import\.xml )?\d+(\.\d)?%( товари \d+\/7)?$/);
    } finally {
      exchangeTiming.importWaitMs = 1500;
    }
  });
});

describe('refused packages leave the catalogue as it was', () => {
  const refuse = async (files: { name: string; data: Buffer }[], filename: string) => {
    const before = await catalogueSnapshot(t);
    const cookie = await checkauth(t, ONEC.login, ONEC.secret);
    await call(t, 'type=catalog&mode=init', { cookie });
    for (const f of files) await sendFile(t, cookie, f.name, f.data, 1000);
    const { res } = await importUntilDone(t, cookie, filename);
    expect(await catalogueSnapshot(t)).toEqual(before);
    return res;
  };

  test('a truncated import.xml: failure with the reason', async () => {
    const full = fs.readFileSync(path.join(FIXTURES, 'changes/import.xml'));
    const res = await refuse([{ name: 'import.xml', data: full.subarray(0, Math.floor(full.length * 0.8)) }], 'import.xml');
    expect(res.status).toBe(200);
    expect(res.lines[0]).toBe('failure');
    expect(res.lines[1]).toMatch(/^Файл import.xml не є коректним XML: /);
    // 1C asking again gets the same answer, not a new import.
    const runs = await query(t, `SELECT count(*)::int AS n FROM onec_import_runs WHERE status = 'failed'`);
    expect(runs).toEqual([{ n: 1 }]);
  });

  test('a good naming an unknown group fails the file after its groups were written: all rolled back', async () => {
    const xml = fs
      .readFileSync(path.join(FIXTURES, 'changes/import.xml'), 'utf8')
      .replace('<Наименование>Каструлі</Наименование>', '<Наименование>Каструлі і ковшики</Наименование>')
      .replace(`<Ид>${G.pots}</Ид>\n\t\t\t\t</Группы>`, '<Ид>00000000-dead-beef-0000-000000000000</Ид>\n\t\t\t\t</Группы>');
    const res = await refuse([{ name: 'import.xml', data: Buffer.from(xml) }], 'import.xml');
    expect(res.lines[0]).toBe('failure');
    expect(res.lines[1]).toBe(`Товар ${P.pot} посилається на невідому групу 00000000-dead-beef-0000-000000000000`);
    expect((await category(G.pots)).name_uk).toBe('Каструлі');
  });

  test('not CommerceML, and a broken zip', async () => {
    const res = await refuse([{ name: 'import.xml', data: Buffer.from('<?xml version="1.0"?><yml_catalog><shop/></yml_catalog>') }], 'import.xml');
    expect(res.lines[1]).toMatch(/не є документом CommerceML/);
    const zip = await refuse([{ name: 'package.zip', data: makeZip([{ name: 'import.xml', data: Buffer.from('<a/>') }]).subarray(0, 40) }], 'import.xml');
    expect(zip.lines[0]).toBe('failure');
    expect(zip.lines[1]).toMatch(/^Архів package.zip пошкоджений/);
  });
});

describe('price types', () => {
  test('a configured mapping (by name and by Ид) decides which 1C price is the drop price', async () => {
    const op = await t.operator();
    const mapping = { drop: ['Закупівельна'], retail: ['f5e4d3c2-5d45-11ee-8c99-0242ac120002'], old_drop: [] };
    // Operators see the mapping; only admins change it.
    await t.database.db.insert(users).values({
      email: 'op-prices@test.local',
      name: 'Оператор',
      passwordHash: await hashPassword('operator-pass-2'),
      role: 'manager',
      emailVerifiedAt: new Date(),
    });
    const operator = await t.login('op-prices@test.local', 'operator-pass-2');
    expect((await t.request('PUT', '/api/v1/admin/onec/settings', { token: operator, body: { price_types: mapping } })).status).toBe(403);
    const before = await t.request('GET', '/api/v1/admin/onec/settings', { token: operator });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ is_default: true, price_types: DEFAULT_ONEC_PRICE_TYPE_MAPPING });
    const known = Object.fromEntries(before.body.data.known_price_types.map((k: { name: string; target: string | null }) => [k.name, k.target]));
    expect(known).toEqual({ Дроп: 'drop', РРЦ: 'retail', 'Стара дроп ціна': 'old_drop', Закупівельна: null });

    const bad = await t.request('PUT', '/api/v1/admin/onec/settings', { token: op, body: { price_types: { drop: [''], retail: [], old_drop: [] } } });
    expect(bad.status).toBe(422);
    const saved = await t.request('PUT', '/api/v1/admin/onec/settings', { token: op, body: { price_types: mapping } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ is_default: false, price_types: mapping });
    expect(Object.fromEntries(saved.body.data.known_price_types.map((k: { name: string; target: string | null }) => [k.name, k.target]))).toEqual({
      Дроп: null,
      РРЦ: 'retail',
      'Стара дроп ціна': null,
      Закупівельна: 'drop',
    });

    const tefalBefore = await product(P.tefal);
    const { imports } = await runExchange(t, ONEC.login, ONEC.secret, path.join(FIXTURES, 'full'), { imports: ['offers.xml'] });
    expect(imports[0]!.res.lines[0]).toBe('success');
    // Drop from 'Закупівельна', retail by Ид, the old drop price not mapped: kept.
    expect(await product(P.tefal)).toMatchObject({ dropKop: 50000, retailKop: 99900, oldDropKop: tefalBefore.oldDropKop });
    // Goods without a 'Закупівельна' price keep their drop price.
    expect((await product(P.hose)).dropKop).toBe(112000);
  });
});

describe('type=sale on the same session', () => {
  test('query answers a CommerceML document; success is accepted', async () => {
    const cookie = await checkauth(t, ONEC.login, ONEC.secret, 'sale');
    const init = await call(t, 'type=sale&mode=init', { cookie });
    expect(init.lines[0]).toBe('zip=no');
    const q = await call(t, 'type=sale&mode=query', { cookie });
    expect(q.status).toBe(200);
    expect(q.type).toMatch(/^application\/xml/);
    expect(q.text).toContain('КоммерческаяИнформация');
    expect((await call(t, 'type=sale&mode=success', { cookie })).lines[0]).toBe('success');
    const broken = await call(t, 'type=sale&mode=file&filename=orders.xml', { cookie, body: Buffer.from('<КоммерческаяИнформация><Документ>') });
    expect(broken.lines[0]).toBe('failure');
  });
});
