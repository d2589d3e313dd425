import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const mail = (to: string) => ({ to, subject: `Тест ${to}`, text: 'текст', html: '<p>текст</p>' });

test('mail enqueued in a transaction that rolls back is never sent; a committed one is', async () => {
  await expect(
    t.database.db.transaction(async (tx) => {
      await t.app.deps.queue.enqueue(tx, 'send-mail', mail('rolled-back@example.com'));
      await tx.update(users).set({ name: 'x' }).where(eq(users.id, -1));
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  await t.database.db.transaction((tx) => t.app.deps.queue.enqueue(tx, 'send-mail', mail('committed@example.com')));
  const m = await t.waitForMail('committed@example.com');
  expect(m.subject).toBe('Тест committed@example.com');
  expect(t.mails.some((x) => x.to === 'rolled-back@example.com')).toBe(false);
});

test('a failed delivery is retried until the SMTP server accepts it', async () => {
  const before = t.smtp.control.attempts;
  t.smtp.control.failNext = 2;
  await t.database.db.transaction((tx) => t.app.deps.queue.enqueue(tx, 'send-mail', mail('retry@example.com')));
  const m = await t.waitForMail('retry@example.com');
  expect(m.to).toBe('retry@example.com');
  expect(t.smtp.control.attempts - before).toBe(3);
  expect(t.mails.filter((x) => x.to === 'retry@example.com')).toHaveLength(1);
});
