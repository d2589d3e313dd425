import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { answer } from '../../integrations/novaposhta/emulator.ts';

describe('delivery addresses through the built-in Nova Poshta emulator', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await t.user()).token;
  });
  afterAll(() => t.close());

  test('cities, branches and streets with the spec limits', async () => {
    const cities = await t.request('GET', `/api/v1/delivery/cities?search=${encodeURIComponent('Київ')}`, { token });
    expect(cities.status).toBe(200);
    expect(cities.body.data[0]).toMatchObject({ name: 'Київ', present: 'м. Київ, Київська обл.', area: 'Київська' });
    expect(cities.body.data[0].ref).toMatch(/^[0-9a-f-]{36}$/);
    const many = await t.request('GET', `/api/v1/delivery/cities?search=${encodeURIComponent('к')}`, { token });
    expect(many.body.data).toHaveLength(10);
    // Apostrophes of any kind find the same city.
    const kp = await t.request('GET', `/api/v1/delivery/cities?search=${encodeURIComponent("Кам'янець")}`, { token });
    expect(kp.body.data[0].name).toBe('Кам’янець-Подільський');

    const kyiv = cities.body.data[0].ref;
    const branches = await t.request('GET', `/api/v1/delivery/warehouses?city_ref=${kyiv}`, { token });
    expect(branches.body.data).toHaveLength(30);
    expect(branches.body.data[0]).toMatchObject({ number: '1' });
    expect(branches.body.data[0].name).toMatch(/^Відділення №1 \(до \d+ кг\): /);
    const byNumber = await t.request('GET', `/api/v1/delivery/warehouses?city_ref=${kyiv}&search=11`, { token });
    expect(byNumber.body.data.map((w: any) => w.number)).toEqual(expect.arrayContaining(['11', '110', '118']));
    expect(byNumber.body.data.every((w: any) => w.number.startsWith('11'))).toBe(true);

    const streets = await t.request('GET', `/api/v1/delivery/streets?city_ref=${kyiv}&search=${encodeURIComponent('шевч')}`, { token });
    expect(streets.body.data).toEqual([expect.objectContaining({ name: 'Шевченка', type: 'вул.' })]);
    expect((await t.request('GET', `/api/v1/delivery/streets?city_ref=${kyiv}`, { token })).body.data).toHaveLength(10);
    // A ref that is no city has no branches.
    expect((await t.request('GET', '/api/v1/delivery/warehouses?city_ref=00000000-0000-0000-0000-000000000000', { token })).body.data).toEqual([]);
  });

  test('bad input is a 422; without a token 401', async () => {
    expect((await t.request('GET', '/api/v1/delivery/cities', { token })).body.errors.search).toBeDefined();
    expect((await t.request('GET', '/api/v1/delivery/cities?search=%20', { token })).status).toBe(422);
    expect((await t.request('GET', '/api/v1/delivery/warehouses?city_ref=kyiv', { token })).body.errors.city_ref).toBeDefined();
    expect((await t.request('GET', '/api/v1/delivery/streets', { token })).status).toBe(422);
    expect((await t.request('GET', '/api/v1/delivery/cities?search=x')).status).toBe(401);
  });

  test('the emulator speaks the NP envelope and refuses unknown methods as NP does', () => {
    const ok = answer({ modelName: 'Address', calledMethod: 'searchSettlements', methodProperties: { CityName: 'Льв', Limit: 5, Page: 1 } });
    expect(ok).toMatchObject({
      success: true,
      errors: [],
      data: [{ TotalCount: expect.any(Number), Addresses: [expect.objectContaining({ MainDescription: 'Львів' })] }],
    });
    expect(answer({ modelName: 'Address', calledMethod: 'nope' })).toMatchObject({ success: false, data: [] });
    expect(answer({ modelName: 'AddressGeneral', calledMethod: 'getWarehouses', methodProperties: {} })).toMatchObject({
      success: false,
      errors: ['CityRef is empty'],
    });
  });
});

describe('a real NP endpoint: caching and failures', () => {
  let np: http.Server;
  let calls = 0;
  let mode: 'ok' | 'refuse' | 'hang' = 'ok';
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    np = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls++;
        if (mode === 'hang') return; // never answers: the client's timeout must end it
        res.setHeader('content-type', 'application/json');
        if (mode === 'refuse') return res.end(JSON.stringify({ success: false, data: [], errors: ['API key expired'] }));
        res.end(JSON.stringify(answer(JSON.parse(body))));
      });
    });
    await new Promise<void>((r) => np.listen(0, '127.0.0.1', () => r()));
    t = await buildTestApp({ npApiUrl: `http://127.0.0.1:${(np.address() as AddressInfo).port}/v2.0/json/`, npApiKey: 'test-key' });
    token = (await t.user()).token;
  });
  afterAll(async () => {
    await t.close();
    np.closeAllConnections();
    await new Promise((r) => np.close(r));
  });

  test('reference data is cached: the same search asks NP once', async () => {
    calls = 0;
    const a = await t.request('GET', `/api/v1/delivery/cities?search=${encodeURIComponent('Одеса')}`, { token });
    const b = await t.request('GET', `/api/v1/delivery/cities?search=${encodeURIComponent('одеса')}`, { token });
    expect(a.body.data[0].name).toBe('Одеса');
    expect(b.body).toEqual(a.body);
    expect(calls).toBe(1);
  });

  test('NP refusing or not answering is a 503 with a clear message, not a 500', async () => {
    mode = 'refuse';
    const refused = await t.request('GET', `/api/v1/delivery/cities?search=${encodeURIComponent('Суми')}`, { token });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 'CarrierUnavailable', message: 'Служба доставки тимчасово недоступна. Спробуйте ще раз за хвилину' });
    mode = 'hang';
    const started = Date.now();
    const hung = await t.request('GET', `/api/v1/delivery/cities?search=${encodeURIComponent('Рівне')}`, { token, headers: { 'x-localization': 'ru' } });
    expect(hung.status).toBe(503);
    expect(hung.body.message).toBe('Служба доставки временно недоступна. Попробуйте ещё раз через минуту');
    expect(Date.now() - started).toBeLessThan(15_000);
    // A failure is not cached: once NP is back, the same search works.
    mode = 'ok';
    const back = await t.request('GET', `/api/v1/delivery/cities?search=${encodeURIComponent('Суми')}`, { token });
    expect(back.status).toBe(200);
    expect(back.body.data[0].name).toBe('Суми');
  });
});
