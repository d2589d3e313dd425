import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ledger } from './ledger.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  op = await t.operator();
});
afterAll(() => t.close());

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const VISA = '4111 1111 1111 1111';

function multipart(name: string, filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = `----drop${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, filename: string, content: Buffer, type?: string) {
  const { payload, contentType } = multipart('file', filename, content, type);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment-documents',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** From the database: the API's session cache may lag a change made behind its back by up to a NOTIFY. */
const storedBalance = async (userId: number) =>
  Number(
    ((await t.database.db.execute(sql`SELECT balance_kop FROM users WHERE id = ${userId}`)) as unknown as { rows: { balance_kop: string }[] }).rows[0]!
      .balance_kop,
  ) / 100;
const balanceOf = async (token: string) => (await t.request('GET', '/api/v1/auth/balance', { token })).body.data.balance as number;

/** Every balance equals the sum of its operations; none is negative; no key twice. */
async function ledgerHolds() {
  const r = (await t.database.db.execute(sql`
    SELECT u.id, u.balance_kop::bigint AS balance, coalesce(sum(o.amount_kop), 0)::bigint AS total
    FROM users u LEFT JOIN operations o ON o.user_id = u.id GROUP BY u.id`)) as unknown as { rows: { id: number; balance: string; total: string }[] };
  for (const row of r.rows) {
    expect(Number(row.balance), `user ${row.id}`).toBe(Number(row.total));
    expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
  }
  const dup = (await t.database.db.execute(sql`SELECT idempotency_key FROM operations GROUP BY 1 HAVING count(*) > 1`)) as unknown as { rows: unknown[] };
  expect(dup.rows).toEqual([]);
}

async function topUp(u: { token: string }, amount: number) {
  const doc = await upload(u.token, 'receipt.png', PNG);
  const pay = await t.request('POST', '/api/v1/payments', { token: u.token, body: { amount, payment_document_id: doc.body.data.id } });
  const ok = await t.request('PUT', `/api/v1/admin/payments/${pay.body.data.id}`, { token: op, body: { status: 'Approved' } });
  expect(ok.status).toBe(200);
  return pay.body.data.id as number;
}

describe('top-ups', () => {
  test('receipt, request, operator approval: credited once, with a notification', async () => {
    const u = await t.user();
    const doc = await upload(u.token, 'чек.png', PNG, 'image/png');
    expect(doc.status).toBe(201);
    expect(doc.body.data).toMatchObject({ name: 'чек.png', mime: 'image/png', size: PNG.length });
    const file = await t.app.inject({ method: 'GET', url: doc.body.data.url, headers: { authorization: `Bearer ${u.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const pay = await t.request('POST', '/api/v1/payments', {
      token: u.token,
      body: { amount: 1500.5, payment_document_id: doc.body.data.id, comment: 'ПриватБанк' },
    });
    expect(pay.status).toBe(201);
    expect(pay.body.message).toBe('Запит на поповнення надіслано. Зазвичай кошти зараховуються протягом 24 годин');
    expect(pay.body.data).toMatchObject({ amount: 1500.5, status: 'Pending', comment: 'ПриватБанк', document: { id: doc.body.data.id } });
    const mine = await t.request('GET', '/api/v1/payments', { token: u.token });
    expect(mine.body.data.map((p: any) => p.status)).toEqual(['Pending']);
    expect(await balanceOf(u.token)).toBe(0);

    const queue = await t.request('GET', '/api/v1/admin/payments?status=Pending&per_page=100', { token: op });
    expect(queue.body.data.find((p: any) => p.id === pay.body.data.id)).toMatchObject({ user_id: u.id });
    // The operator sees the receipt too.
    expect((await t.app.inject({ method: 'GET', url: doc.body.data.url, headers: { authorization: `Bearer ${op}` } })).statusCode).toBe(200);

    const approve = await t.request('PUT', `/api/v1/admin/payments/${pay.body.data.id}`, { token: op, body: { status: 'Approved' } });
    expect(approve.status).toBe(200);
    expect(approve.body.data.status).toBe('Approved');
    expect(await balanceOf(u.token)).toBe(1500.5);
    const again = await t.request('PUT', `/api/v1/admin/payments/${pay.body.data.id}`, { token: op, body: { status: 'Approved' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TransitionNotAllowed');
    expect(await balanceOf(u.token)).toBe(1500.5);

    const ops = await t.request('GET', '/api/v1/operations', { token: u.token });
    expect(ops.body.data).toHaveLength(1);
    expect(ops.body.data[0]).toMatchObject({
      type: 'payment',
      amount: 1500.5,
      sum: 1500.5,
      balance: 1500.5,
      description: 'Поповнення балансу',
      operationable_type: 'payment',
      operationable_id: pay.body.data.id,
    });
    const notes = await t.request('GET', '/api/v1/notifications', { token: u.token });
    expect(notes.body.data[0].data).toMatchObject({ title: 'Баланс поповнено' });
    expect(notes.body.data[0].data.message).toContain('1500.50');
    await ledgerHolds();
  });

  test('declined with a reason: nothing credited, the reseller is told why', async () => {
    const u = await t.user({ lang: 'ru' });
    const doc = await upload(u.token, 'receipt.pdf', PDF);
    expect(doc.body.data.mime).toBe('application/pdf');
    const pay = await t.request('POST', '/api/v1/payments', { token: u.token, body: { amount: 100, payment_document_id: doc.body.data.id } });
    const noReason = await t.request('PUT', `/api/v1/admin/payments/${pay.body.data.id}`, { token: op, body: { status: 'Declined' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBeDefined();
    const r = await t.request('PUT', `/api/v1/admin/payments/${pay.body.data.id}`, { token: op, body: { status: 'Declined', reason: 'Сума не збігається' } });
    expect(r.body.data).toMatchObject({ status: 'Declined', decline_reason: 'Сума не збігається' });
    expect(await balanceOf(u.token)).toBe(0);
    expect((await t.request('GET', '/api/v1/operations', { token: u.token })).body.data).toEqual([]);
    const notes = await t.request('GET', '/api/v1/notifications', { token: u.token });
    expect(notes.body.data[0].data.title).toBe('Пополнение отклонено');
    expect(notes.body.data[0].data.message).toContain('Сума не збігається');
    expect((await t.request('PUT', `/api/v1/admin/payments/${pay.body.data.id}`, { token: op, body: { status: 'Approved' } })).status).toBe(400);
  });

  test('files are checked by content and size; receipts are private and used once', async () => {
    const u = await t.user();
    const other = await t.user();
    const fake = await upload(u.token, 'receipt.png', Buffer.from('this is not a picture'), 'image/png');
    expect(fake.status).toBe(422);
    expect(fake.body.errors.file[0]).toBe('Завантажте зображення (JPG, PNG, WebP, HEIC) або PDF');
    const big = await upload(u.token, 'big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.status).toBe(422);
    expect(big.body.errors.file[0]).toBe('Файл завеликий: не більше 10 МБ');
    const none = await t.request('POST', '/api/v1/payment-documents', { token: u.token, body: {} });
    expect(none.status).toBe(422);
    expect(none.body.errors.file).toBeDefined();
    expect((await upload('nope', 'r.png', PNG)).status).toBe(401);

    const doc = await upload(u.token, 'r.png', PNG);
    // Another reseller can neither see the receipt nor pay with it.
    expect((await t.app.inject({ method: 'GET', url: doc.body.data.url, headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(404);
    const stolen = await t.request('POST', '/api/v1/payments', { token: other.token, body: { amount: 10, payment_document_id: doc.body.data.id } });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors.payment_document_id).toBeDefined();
    expect((await t.request('POST', '/api/v1/payments', { token: u.token, body: { amount: 10, payment_document_id: doc.body.data.id } })).status).toBe(201);
    const twice = await t.request('POST', '/api/v1/payments', { token: u.token, body: { amount: 10, payment_document_id: doc.body.data.id } });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.payment_document_id[0]).toBe('Ця квитанція вже використана');
    for (const amount of [0, -5, 10.001, 'x', 2_000_000]) {
      const r = await t.request('POST', '/api/v1/payments', { token: u.token, body: { amount, payment_document_id: doc.body.data.id } });
      expect(r.status, String(amount)).toBe(422);
      expect(r.body.errors.amount).toBeDefined();
    }
    expect((await t.request('GET', '/api/v1/payments', { token: other.token })).body.data).toEqual([]);
    // Resellers have no operator queue.
    expect((await t.request('GET', '/api/v1/admin/payments', { token: u.token })).status).toBe(403);
    expect((await t.request('PUT', '/api/v1/admin/payments/1', { token: u.token, body: { status: 'Approved' } })).status).toBe(403);
    expect((await t.request('PUT', '/api/v1/admin/payments/99999999', { token: op, body: { status: 'Approved' } })).status).toBe(404);
  });
});

describe('top-up credited for another amount than claimed (issue 27 p.1)', () => {
  async function claim(u: { token: string }, amount: number) {
    const doc = await upload(u.token, 'receipt.png', PNG);
    const pay = await t.request('POST', '/api/v1/payments', { token: u.token, body: { amount, payment_document_id: doc.body.data.id, comment: 'Моно' } });
    expect(pay.status).toBe(201);
    return pay.body.data.id as number;
  }
  const decide = (id: number, body: unknown, headers?: Record<string, string>) =>
    t.request('PUT', `/api/v1/admin/payments/${id}`, { token: op, body, ...(headers ? { headers } : {}) });
  const auditOf = async (id: number) =>
    (
      (await t.database.db.execute(
        sql`SELECT action, actor_id, changes FROM audit_log WHERE entity = 'payment' AND entity_id = ${id} ORDER BY id`,
      )) as unknown as { rows: { action: string; actor_id: number; changes: Record<string, unknown> }[] }
    ).rows;
  const paymentOps = async (userId: number) =>
    (
      (await t.database.db.execute(sql`SELECT amount_kop FROM operations WHERE user_id = ${userId} AND type = 'payment'`)) as unknown as {
        rows: { amount_kop: string }[];
      }
    ).rows.map((r) => Number(r.amount_kop));

  test('approving another amount with a reason credits it; the payment keeps its claim; audit, notification and both views say so', async () => {
    const u = await t.user();
    const id = await claim(u, 1500.5);
    const r = await decide(id, { status: 'Approved', amount: 1200.1, reason: 'На рахунок надійшло 1200.10' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      id,
      amount: 1500.5,
      status: 'Approved',
      credited_amount: 1200.1,
      credit_reason: 'На рахунок надійшло 1200.10',
      decline_reason: null,
      user_id: u.id,
    });
    expect(await balanceOf(u.token)).toBe(1200.1);
    expect(await storedBalance(u.id)).toBe(1200.1);
    // One ledger row, of the credited amount (integer kopecks).
    expect(await paymentOps(u.id)).toEqual([120010]);
    const ops = await t.request('GET', '/api/v1/operations', { token: u.token });
    expect(ops.body.data).toHaveLength(1);
    expect(ops.body.data[0]).toMatchObject({ type: 'payment', amount: 1200.1, balance: 1200.1, operationable_id: id });
    // The reseller's list and the operator's queue show the claim, what was credited and why.
    const mine = await t.request('GET', '/api/v1/payments', { token: u.token });
    expect(mine.body.data[0]).toMatchObject({ id, amount: 1500.5, credited_amount: 1200.1, credit_reason: 'На рахунок надійшло 1200.10' });
    const queue = await t.request('GET', '/api/v1/admin/payments?status=Approved&per_page=100', { token: op });
    expect(queue.body.data.find((p: any) => p.id === id)).toMatchObject({
      amount: 1500.5,
      credited_amount: 1200.1,
      credit_reason: 'На рахунок надійшло 1200.10',
    });
    // The stored row.
    const row = (
      (await t.database.db.execute(sql`SELECT amount_kop, credited_kop, credit_reason FROM payments WHERE id = ${id}`)) as unknown as {
        rows: { amount_kop: string; credited_kop: string; credit_reason: string }[];
      }
    ).rows[0]!;
    expect([Number(row.amount_kop), Number(row.credited_kop), row.credit_reason]).toEqual([150050, 120010, 'На рахунок надійшло 1200.10']);
    // The decision's audit row names both amounts (claim -> credited) and the reason.
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'payment.approved',
      changes: { status: ['Pending', 'Approved'], amount_kop: [150050, 120010], reason: 'На рахунок надійшло 1200.10' },
    });
    // The notification (and its mail) says what was credited, the claim and why.
    const notes = await t.request('GET', '/api/v1/notifications', { token: u.token });
    expect(notes.body.data[0].data.title).toBe('Баланс поповнено');
    expect(notes.body.data[0].data.message).toBe('На ваш баланс зараховано 1200.10 грн. замість заявлених 1500.50 грн. Причина: На рахунок надійшло 1200.10');
    const mail = await t.waitForMail(u.email, /Баланс поповнено/);
    expect(mail.text).toContain('На ваш баланс зараховано 1200.10 грн. замість заявлених 1500.50 грн.');
    await ledgerHolds();
  });

  test('more than claimed works too; the same amount as claimed is a plain approval', async () => {
    const u = await t.user({ lang: 'ru' });
    const more = await claim(u, 100);
    const r = await decide(more, { status: 'Approved', amount: 150, reason: 'Доплата в тому ж платежі' });
    expect(r.body.data).toMatchObject({ amount: 100, credited_amount: 150, credit_reason: 'Доплата в тому ж платежі' });
    const notes = await t.request('GET', '/api/v1/notifications', { token: u.token });
    expect(notes.body.data[0].data.message).toBe('На ваш баланс зачислено 150.00 грн. вместо заявленных 100.00 грн. Причина: Доплата в тому ж платежі');

    const same = await claim(u, 99.99);
    const s = await decide(same, { status: 'Approved', amount: 99.99 });
    expect(s.status).toBe(200);
    expect(s.body.data).toMatchObject({ amount: 99.99, credited_amount: null, credit_reason: null });
    expect(await balanceOf(u.token)).toBe(249.99);
    expect((await auditOf(same))[0]!.changes).toEqual({ status: ['Pending', 'Approved'] });
    const plain = await claim(u, 10);
    expect((await decide(plain, { status: 'Approved' })).body.data).toMatchObject({ amount: 10, credited_amount: null, credit_reason: null });
    expect(await balanceOf(u.token)).toBe(259.99);
    await ledgerHolds();
  });

  test('another amount needs a reason; bad amounts and an amount with a decline are 422; nothing changes', async () => {
    const u = await t.user();
    const id = await claim(u, 500);
    for (const body of [
      { status: 'Approved', amount: 400 },
      { status: 'Approved', amount: 400, reason: '   ' },
    ]) {
      const r = await decide(id, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors.reason).toEqual(['Вкажіть причину']);
    }
    for (const amount of [0, -5, 10.001, 0.001, 1e-300, 'x', '400', null, 2_000_000, Number.MAX_SAFE_INTEGER]) {
      const r = await decide(id, { status: 'Approved', amount, reason: 'Інша сума' });
      expect(r.status, String(amount)).toBe(422);
      expect(r.body.errors.amount, String(amount)).toBeDefined();
    }
    const declined = await decide(id, { status: 'Declined', amount: 400, reason: 'Не та сума' });
    expect(declined.status).toBe(422);
    expect(declined.body.errors.amount).toBeDefined();
    expect((await t.request('GET', '/api/v1/payments', { token: u.token })).body.data[0]).toMatchObject({
      status: 'Pending',
      credited_amount: null,
      credit_reason: null,
    });
    expect(await balanceOf(u.token)).toBe(0);
    expect(await auditOf(id)).toEqual([]);
    // A decline without an amount still works and credits nothing.
    expect((await decide(id, { status: 'Declined', reason: 'Не та сума' })).body.data).toMatchObject({
      status: 'Declined',
      credited_amount: null,
      credit_reason: null,
    });
    expect(await paymentOps(u.id)).toEqual([]);
    await ledgerHolds();
  });

  test('credited once: a replayed request, a second approval and a race of two approvals', async () => {
    const u = await t.user();
    const id = await claim(u, 300);
    const body = { status: 'Approved', amount: 250, reason: 'Комісія банку' };
    const headers = { 'idempotency-key': `approve-${id}-other` };
    const first = await decide(id, body, headers);
    const replay = await decide(id, body, headers);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const again = await decide(id, { status: 'Approved', amount: 260, reason: 'Ще раз' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TransitionNotAllowed');
    expect(await paymentOps(u.id)).toEqual([25000]);

    // Two operators approve the same top-up at once, with different amounts: one wins, once.
    const raced = await claim(u, 1000);
    const results = await Promise.all([
      decide(raced, { status: 'Approved', amount: 900, reason: 'Перший' }),
      decide(raced, { status: 'Approved', amount: 800, reason: 'Другий' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const won = results.find((r) => r.status === 200)!.body.data.credited_amount as number;
    expect(await paymentOps(u.id)).toEqual([25000, won * 100]);
    expect(await balanceOf(u.token)).toBe(250 + won);
    expect(await auditOf(raced)).toHaveLength(1);
    await ledgerHolds();
  });
});

describe('withdrawals', () => {
  test('card and amount are checked first; above the balance is refused; the amount is held', async () => {
    const u = await t.user();
    await topUp(u, 1000);
    const badCard = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: '4111 1111 1111 1112', amount: 0 } });
    expect(badCard.status).toBe(422);
    expect(badCard.body.errors.requisites[0]).toBe('Невірний номер картки');
    expect(badCard.body.errors.amount[0]).toBe('Сума має бути більше 0');
    const tooMuch = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount: 1000.01 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'InsufficientBalance', message: 'Недостатньо коштів на балансі' });
    expect(await balanceOf(u.token)).toBe(1000);

    const w = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount: 400 } });
    expect(w.status).toBe(201);
    expect(w.body.data).toMatchObject({ requisites: '4111 **** **** 1111', amount: 400, status: 'New', paid_at: null });
    expect(await balanceOf(u.token)).toBe(600);
    const list = await t.request('GET', '/api/v1/withdraws', { token: u.token });
    expect(list.body.data.map((x: any) => x.id)).toEqual([w.body.data.id]);

    // Declined: the hold comes back. A second decision is refused.
    const d = await t.request('PUT', `/api/v1/admin/withdraws/${w.body.data.id}`, { token: op, body: { status: 'Declined', reason: 'Картка заблокована' } });
    expect(d.body.data).toMatchObject({ status: 'Declined', decline_reason: 'Картка заблокована', card_number: '4111111111111111' });
    expect(await balanceOf(u.token)).toBe(1000);
    expect((await t.request('PUT', `/api/v1/admin/withdraws/${w.body.data.id}`, { token: op, body: { status: 'Paid' } })).body.code).toBe(
      'TransitionNotAllowed',
    );
    expect(await balanceOf(u.token)).toBe(1000);

    // Paid: the hold stays spent; the paid date is set.
    const w2 = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: '5168-7422-0000-0010', amount: 250.25 } });
    const paid = await t.request('PUT', `/api/v1/admin/withdraws/${w2.body.data.id}`, { token: op, body: { status: 'Paid' } });
    expect(paid.body.data.status).toBe('Paid');
    expect(paid.body.data.paid_at).not.toBeNull();
    expect(await balanceOf(u.token)).toBe(749.75);
    const ops = await t.request('GET', '/api/v1/operations?type=withdrawal', { token: u.token });
    expect(ops.body.data.map((o: any) => o.amount)).toEqual([-250.25, 400, -400]);
    await ledgerHolds();
  });

  test('with withdraw_2fa the first call mails a code; a wrong code creates nothing', async () => {
    const u = await t.user({ withdraw2fa: true });
    await topUp(u, 300);
    const first = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount: 100 } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { requires_code: true } });
    const mail = await t.waitForMail(u.email, /виведення/i);
    const code = t.codeFrom(mail);
    const wrong = await t.request('POST', '/api/v1/withdraws', {
      token: u.token,
      body: { requisites: VISA, amount: 100, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toBeDefined();
    expect(await balanceOf(u.token)).toBe(300);
    expect((await t.request('GET', '/api/v1/withdraws', { token: u.token })).body.data).toEqual([]);
    const ok = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount: 100, code } });
    expect(ok.status).toBe(201);
    expect(await balanceOf(u.token)).toBe(200);
    // The code is single use.
    expect((await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount: 100, code } })).status).toBe(422);
  });

  test("another reseller's withdrawals are not visible; operator routes are closed to resellers", async () => {
    const u = await t.user();
    const other = await t.user();
    await topUp(u, 50);
    const w = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount: 50 } });
    expect((await t.request('GET', '/api/v1/withdraws', { token: other.token })).body.data).toEqual([]);
    expect((await t.request('PUT', `/api/v1/admin/withdraws/${w.body.data.id}`, { token: other.token, body: { status: 'Paid' } })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/operations', { token: other.token })).body.data).toEqual([]);
    expect((await t.request('GET', '/api/v1/withdraws')).status).toBe(401);
  });
});

describe('ledger, operations and statistics', () => {
  test('a key posts once; a debit below zero is refused unless the rule allows it', async () => {
    const u = await t.user();
    const p = { userId: u.id, type: 'user_operation' as const, amountKop: 12345, key: `test:${u.id}:once`, descriptionUk: 'Тест', descriptionRu: 'Тест' };
    const a = await t.database.db.transaction((tx) => ledger.credit(tx, t.app.deps, p));
    const b = await t.database.db.transaction((tx) => ledger.credit(tx, t.app.deps, p));
    expect(a.duplicate).toBe(false);
    expect(b.duplicate).toBe(true);
    expect(b.operation.id).toBe(a.operation.id);
    expect(await storedBalance(u.id)).toBe(123.45);
    await expect(t.database.db.transaction((tx) => ledger.debit(tx, t.app.deps, { ...p, key: `test:${u.id}:big`, amountKop: 20000 }))).rejects.toMatchObject({
      code: 'InsufficientBalance',
    });
    expect(await storedBalance(u.id)).toBe(123.45);
    await t.database.db.transaction((tx) => ledger.debit(tx, t.app.deps, { ...p, key: `test:${u.id}:allowed`, amountKop: 20000, allowNegative: true }));
    expect(await storedBalance(u.id)).toBe(-76.55);
    await t.database.db.transaction((tx) => ledger.credit(tx, t.app.deps, { ...p, key: `test:${u.id}:back`, amountKop: 7655 }));
    await ledgerHolds();
  });

  test('corrections by an operator: signed, commented, once per Idempotency-Key, never below zero', async () => {
    const u = await t.user();
    const headers = { 'idempotency-key': `corr-${u.id}-0001` };
    const plus = await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 200, comment: 'Бонус' }, headers });
    expect(plus.status).toBe(201);
    expect(plus.body.data).toMatchObject({ type: 'correction', amount: 200, balance: 200, comment: 'Бонус' });
    const retry = await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 200, comment: 'Бонус' }, headers });
    expect(retry.body.data.id).toBe(plus.body.data.id);
    expect(await balanceOf(u.token)).toBe(200);
    const minus = await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: -50.5, comment: 'Помилка' } });
    expect(minus.body.data).toMatchObject({ amount: -50.5, balance: 149.5 });
    const below = await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: -150, comment: 'Забагато' } });
    expect(below.status).toBe(400);
    expect(below.body.code).toBe('InsufficientBalance');
    expect((await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 10 } })).body.errors.comment).toBeDefined();
    expect((await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 0, comment: 'x' } })).status).toBe(422);
    expect((await t.request('POST', `/api/v1/admin/users/99999999/corrections`, { token: op, body: { amount: 10, comment: 'x' } })).status).toBe(404);
    expect((await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: u.token, body: { amount: 10, comment: 'x' } })).status).toBe(403);
    const audit = await t.request('GET', `/api/v1/admin/users/${u.id}`, { token: op });
    // One audit row per correction: the ledger's money.correction (with the operator and the comment).
    const rows = audit.body.data.audit.filter((a: any) => a.action.endsWith('correction'));
    expect(rows.map((a: any) => a.action)).toEqual(['money.correction', 'money.correction']);
    expect(rows.map((a: any) => a.changes.comment)).toEqual(['Помилка', expect.any(String)]);
    expect(await balanceOf(u.token)).toBe(149.5);
  });

  test('filters, days and the 7-day balance series', async () => {
    const u = await t.user({ lang: 'ru' });
    // A top-up dated three days ago (Kyiv), posted directly: ledger rows are never edited, so it is written with its date.
    await t.database.db.execute(sql`
      INSERT INTO operations (user_id, type, amount_kop, balance_kop, description_uk, description_ru, idempotency_key, created_at)
      VALUES (${u.id}, 'payment', 10000, 10000, 'Поповнення балансу', 'Пополнение баланса', ${`seed:${u.id}:payment`}, now() - interval '3 days')`);
    await t.database.db.execute(sql`UPDATE users SET balance_kop = balance_kop + 10000 WHERE id = ${u.id}`);
    await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 20, comment: 'Бонус' } });

    const all = await t.request('GET', '/api/v1/operations', { token: u.token, headers: { 'x-localization': 'ru' } });
    expect(all.body.data.map((o: any) => o.type)).toEqual(['correction', 'payment']);
    expect(all.body.data[1].description).toBe('Пополнение баланса');
    expect((await t.request('GET', '/api/v1/operations?type=payment', { token: u.token })).body.data).toHaveLength(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());
    const onlyToday = await t.request('GET', `/api/v1/operations?date_from=${today}&date_to=${today}`, { token: u.token });
    expect(onlyToday.body.data.map((o: any) => o.type)).toEqual(['correction']);
    const backwards = await t.request('GET', `/api/v1/operations?date_from=${today}&date_to=2020-01-01`, { token: u.token });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.date_to).toBeDefined();
    expect((await t.request('GET', '/api/v1/operations?type=bogus', { token: u.token })).status).toBe(422);

    const grouped = await t.request('GET', '/api/v1/operations/grouped', { token: u.token });
    expect(grouped.body.data).toHaveLength(2);
    expect(grouped.body.data[0]).toMatchObject({ date: today, total: 20 });
    expect(grouped.body.data[1].total).toBe(100);
    expect(grouped.body.meta.total).toBe(2);

    const stats = await t.request('GET', '/api/v1/statistics', { token: u.token });
    const s = stats.body.data.operation_statistics;
    expect(s.labels).toHaveLength(7);
    expect(s.labels[6]).toBe(`${today.slice(8, 10)}.${today.slice(5, 7)}`);
    expect(s.values[6]).toBe(120);
    expect(s.values[0]).toBe(0);
    expect(s.values[3]).toBe(100);
    expect(s).toMatchObject({ max: 120, at: s.labels[6] });
  });

  test('200 concurrent mixed operations keep every balance equal to its operations', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => t.user()));
    for (const u of people) await topUp(u, 500);
    const pending = await Promise.all(
      people.flatMap((u) =>
        [1, 2].map(async () => {
          const doc = await upload(u.token, 'r.png', PNG);
          return (await t.request('POST', '/api/v1/payments', { token: u.token, body: { amount: 25, payment_document_id: doc.body.data.id } })).body.data
            .id as number;
        }),
      ),
    );
    const calls: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 200; i++) {
      const u = people[i % people.length]!;
      const kind = i % 5;
      if (kind === 0) calls.push(t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount: 60 } }));
      else if (kind === 1)
        calls.push(t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: i % 2 ? 15 : -40, comment: `c${i}` } }));
      else if (kind === 2)
        calls.push(
          t.request('PUT', `/api/v1/admin/payments/${pending[i % pending.length]}`, {
            token: op,
            body: { status: i % 3 ? 'Approved' : 'Declined', reason: 'x' },
          }),
        );
      else if (kind === 3)
        calls.push(
          t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, {
            token: op,
            body: { amount: 5, comment: 'same' },
            headers: { 'idempotency-key': `burst-${u.id}-${i % 10}` },
          }),
        );
      else calls.push(t.request('GET', '/api/v1/operations', { token: u.token }));
    }
    const results = await Promise.all(calls);
    // Refusals are business answers (not enough money, already decided; a key still in use), never errors.
    for (const r of results) expect([200, 201, 400, 409]).toContain(r.status);
    await ledgerHolds();
    // Each withdrawal that was created holds its amount exactly once.
    const holds = (await t.database.db.execute(sql`
      SELECT w.id, count(o.id)::int AS n FROM withdraws w LEFT JOIN operations o ON o.operationable_type = 'withdraw' AND o.operationable_id = w.id AND o.amount_kop < 0
      WHERE w.user_id IN (${sql.join(
        people.map((p) => sql`${p.id}`),
        sql`, `,
      )}) GROUP BY w.id`)) as unknown as { rows: { n: number }[] };
    for (const h of holds.rows) expect(h.n).toBe(1);
  }, 120_000);
});
