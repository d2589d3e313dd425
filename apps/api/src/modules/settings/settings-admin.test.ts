import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  op = await t.operator();
});
afterAll(() => t.close());

test('content settings: both languages listed; an edit is checked per key, stored, audited and served publicly', async () => {
  const list = await t.request('GET', '/api/v1/admin/settings', { token: op });
  expect(list.status).toBe(200);
  expect(list.body.data.map((s: { key: string }) => s.key)).toEqual(['changelog', 'faq', 'privacy_policy', 'user_agreement']);
  const faq = list.body.data.find((s: { key: string }) => s.key === 'faq');
  expect(faq.uk).toHaveLength(12);
  expect(faq.ru).toHaveLength(12);

  const next = {
    uk: [{ question: 'Чи є мінімальне замовлення?', answer: 'Ні, від однієї одиниці.' }],
    ru: [{ question: 'Есть ли минимальный заказ?', answer: 'Нет, от одной единицы.' }],
  };
  const put = await t.request('PUT', '/api/v1/admin/settings/faq', { token: op, body: next });
  expect(put.status).toBe(200);
  expect(put.body.data).toMatchObject({ key: 'faq', uk: next.uk, ru: next.ru });
  const publicUk = await t.request('GET', '/api/v1/settings/faq', { headers: { 'accept-language': 'uk' } });
  expect(publicUk.body.data.value).toEqual(next.uk);
  const publicRu = await t.request('GET', '/api/v1/settings/faq', { headers: { 'accept-language': 'ru' } });
  expect(publicRu.body.data.value).toEqual(next.ru);

  const audit = await t.request('GET', '/api/v1/admin/audit?action=setting.', { token: op });
  expect(audit.body.data[0].changes).toMatchObject({ key: 'faq', uk: [expect.any(Array), next.uk] });
});

test('a wrong shape is refused with errors naming the language and the place; nothing is written', async () => {
  const before = await t.request('GET', '/api/v1/settings/changelog');
  const bad = await t.request('PUT', '/api/v1/admin/settings/changelog', {
    token: op,
    body: {
      uk: { version: '1.0.8', entries: { '2025-03-10': [{ title: 'x', subtitle: 'y' }] } },
      ru: { version: '1.0.8', entries: { '10/03/2025': [{ title: '', subtitle: 'y' }] } },
    },
  });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.body.errors).sort()).toEqual(['ru.entries.10/03/2025.0.title', 'uk.entries.2025-03-10']);
  expect((await t.request('GET', '/api/v1/settings/changelog')).body.data).toEqual(before.body.data);
  const policy = await t.request('PUT', '/api/v1/admin/settings/privacy_policy', {
    token: op,
    body: { uk: { title: 'Політика', updated_at: '01.12.2026' }, ru: null },
  });
  expect(policy.status).toBe(422);
  expect(Object.keys(policy.body.errors).sort()).toEqual(['ru', 'uk.html']);
  expect((await t.request('PUT', '/api/v1/admin/settings/nope', { token: op, body: { uk: 1, ru: 1 } })).status).toBe(404);
  expect((await t.request('PUT', '/api/v1/admin/settings/faq', { token: op, body: { uk: [] } })).status).toBe(422);
});

test('supplier switches: read, changed, audited; resellers are refused everywhere', async () => {
  expect((await t.request('GET', '/api/v1/admin/supplier-settings', { token: op })).body.data).toEqual({ enforce_recommended_price: true });
  const put = await t.request('PUT', '/api/v1/admin/supplier-settings', { token: op, body: { enforce_recommended_price: false } });
  expect(put.body.data).toEqual({ enforce_recommended_price: false });
  expect((await t.request('PUT', '/api/v1/admin/supplier-settings', { token: op, body: { enforce_recommended_price: 'no' } })).status).toBe(422);
  const audit = await t.request('GET', '/api/v1/admin/audit?action=setting.update&per_page=1', { token: op });
  expect(audit.body.data[0].changes).toEqual({ key: 'enforce_recommended_price', value: [true, false] });

  const u = await t.user();
  expect((await t.request('GET', '/api/v1/admin/settings', { token: u.token })).status).toBe(403);
  expect((await t.request('PUT', '/api/v1/admin/settings/faq', { token: u.token, body: { uk: [], ru: [] } })).status).toBe(403);
  expect((await t.request('PUT', '/api/v1/admin/supplier-settings', { token: u.token, body: { enforce_recommended_price: true } })).status).toBe(403);
  expect((await t.request('GET', '/api/v1/admin/supplier-settings', { token: op })).body.data).toEqual({ enforce_recommended_price: false });
});
