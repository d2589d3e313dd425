import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  op = await t.operator();
});
afterAll(() => t.close());

const body = {
  title_uk: 'Нові надходження',
  title_ru: 'Новые поступления',
  message_uk: 'У каталозі 300 нових товарів',
  message_ru: 'В каталоге 300 новых товаров',
};

test('a broadcast reaches every active reseller in their language (not operators, not blocked users), once; it is audited', async () => {
  const uk = await t.user({ lang: 'uk' });
  const ru = await t.user({ lang: 'ru' });
  const blocked = await t.user();
  await t.database.db.execute(sql`UPDATE users SET blocked = true WHERE id = ${blocked.id}`);
  const resellers = (
    (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE role = 'reseller' AND NOT blocked`)) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

  const r = await t.request('POST', '/api/v1/admin/notifications/broadcast', { token: op, body });
  expect(r.status).toBe(200);
  expect(r.body.data.recipients).toBe(resellers);
  const ukList = await t.request('GET', '/api/v1/notifications', { token: uk.token });
  expect(ukList.body.data.filter((n: { kind: string }) => n.kind === 'broadcast').map((n: { data: { title: string } }) => n.data.title)).toEqual([
    'Нові надходження',
  ]);
  const ruList = await t.request('GET', '/api/v1/notifications', { token: ru.token });
  expect(ruList.body.data[0].data).toMatchObject({ title: 'Новые поступления', message: 'В каталоге 300 новых товаров' });
  const opList = await t.request('GET', '/api/v1/notifications', { token: op });
  expect(opList.body.data.some((n: { kind: string }) => n.kind === 'broadcast')).toBe(false);
  const counted = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${blocked.id}`)) as unknown as {
    rows: { n: number }[];
  };
  expect(counted.rows[0]!.n).toBe(0);

  const audit = await t.request('GET', '/api/v1/admin/audit?action=broadcast', { token: op });
  expect(audit.body.data[0].changes).toMatchObject({ title_uk: body.title_uk, recipients: resellers, mail: false });
});

test('to chosen users, with e-mail; validation and refusals', async () => {
  const a = await t.user({ lang: 'ru' });
  const b = await t.user();
  const r = await t.request('POST', '/api/v1/admin/notifications/broadcast', { token: op, body: { ...body, user_ids: [a.id, a.id], mail: true } });
  expect(r.status).toBe(200);
  expect(r.body.data.recipients).toBe(1);
  const mail = await t.waitForMail(a.email, /Новые поступления/);
  expect(mail.text).toContain('В каталоге 300 новых товаров');
  expect((await t.request('GET', '/api/v1/notifications', { token: b.token })).body.data.some((n: { kind: string }) => n.kind === 'broadcast')).toBe(false);

  const bad = await t.request('POST', '/api/v1/admin/notifications/broadcast', {
    token: op,
    body: { title_uk: '', title_ru: 'x', message_uk: 'x'.repeat(2001), message_ru: 'x' },
  });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.body.errors).sort()).toEqual(['message_uk', 'title_uk']);
  const nobody = await t.request('POST', '/api/v1/admin/notifications/broadcast', { token: op, body: { ...body, user_ids: [999999] } });
  expect(nobody.status).toBe(422);
  expect(nobody.body.code).toBe('NoRecipients');
  expect((await t.request('POST', '/api/v1/admin/notifications/broadcast', { token: a.token, body })).status).toBe(403);
  expect((await t.request('POST', '/api/v1/admin/notifications/broadcast', { body })).status).toBe(401);
});
