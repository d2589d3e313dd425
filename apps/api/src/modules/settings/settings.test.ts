import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONFIG_LIST_NAMES } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

test('GET /config returns every list with codes, labels in the request language and colours', async () => {
  const uk = await t.request('GET', '/api/v1/config');
  expect(uk.status).toBe(200);
  expect(Object.keys(uk.body.data).sort()).toEqual([...CONFIG_LIST_NAMES, 'enforce_recommended_price'].sort());
  expect(uk.body.data.enforce_recommended_price).toBe(true);
  expect(uk.body.data.order_status_list.map((s: { id: string }) => s.id)).toEqual([
    'New',
    'Confirmed',
    'Complected',
    'Canceled',
    'Delivered',
    'Done',
    'Return',
    'Exchange',
    'PartReturn',
  ]);
  expect(uk.body.data.order_status_list[0]).toEqual({ id: 'New', name: 'Нове', color: '#2196f3' });
  const ru = await t.request('GET', '/api/v1/config/', { headers: { 'x-localization': 'ru' } });
  expect(ru.body.data.pay_method_list.find((m: { id: string }) => m.id === 'COD').name).toBe('Наложенный платёж');
  expect(uk.headers['x-api-version']).toBe('1.0.0');
});

test('settings are seeded in uk and ru', async () => {
  const faq = await t.request('GET', '/api/v1/settings/faq');
  expect(faq.body.data.value).toHaveLength(12);
  const faqRu = await t.request('GET', '/api/v1/settings/faq', { headers: { 'x-localization': 'ru' } });
  expect(faqRu.body.data.value[0].question).toBe('Что такое дропшиппинг?');
  const log = await t.request('GET', '/api/v1/settings/changelog');
  expect(log.body.data.value.version).toBe('1.0.7');
  expect(Object.keys(log.body.data.value.entries).sort()).toEqual(['04/03/2025', '10/03/2025', '14/02/2025', '17/02/2025', '23/01/2025']);
  for (const key of ['privacy_policy', 'user_agreement']) {
    const r = await t.request('GET', `/api/v1/settings/${key}`);
    expect(r.body.data.value.updated_at).toBe('15.12.2024');
    expect(r.body.data.value.html.length).toBeGreaterThan(200);
  }
  expect((await t.request('GET', '/api/v1/settings/secret_key')).status).toBe(404);
});

test('unknown API paths are JSON 404s; OpenAPI is served', async () => {
  const r = await t.request('GET', '/api/v1/nope');
  expect(r.status).toBe(404);
  expect(r.body.code).toBe('NotFound');
  const docs = await t.request('GET', '/api/docs/json');
  expect(docs.status).toBe(200);
  expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/user-devices/{id}', '/api/v1/admin/users']));
});
