/**
 * SMTP, Nova Poshta and 1C unreachable or slow, against a real API process (production mode,
 * PostgreSQL): the user gets a clear answer at once, the work is retried by jobs, and nothing is
 * lost or done twice once the system is back.
 *
 * The external systems are fakes in this process on fixed ports (fakes.ts): switched off
 * (connections refused), slow (they do the work but answer after the API's timeout), failing
 * (errors), then on again. The API runs with short timeouts and retry delays (SMTP 1.5 s, 1C 1.5 s,
 * first job retry 1 s, tracking every 2 s); Nova Poshta keeps its 5 s.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { translate } from '@drop/shared';
import { call, createDatabase, FAULT_OPERATOR, signInStaff, startApi, type ApiProcess } from './harness.ts';
import { fakeNovaPoshta, fakeOnec, fakeSmtp, NP_BRANCH, NP_KYIV } from './fakes.ts';
import { branchOrder } from '../test/orders.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Polls `fn` until it returns something truthy; fails with `what` after `timeoutMs`. */
async function until<T>(
  fn: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  what: string,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const timed = async <T>(fn: () => Promise<T>) => {
  const t = Date.now();
  const r = await fn();
  return { r, ms: Date.now() - t };
};

const codeOf = (subject: string) => /(\d{6})\s*$/.exec(subject)?.[1] ?? '';

describe.runIf(!!adminUrl)('external systems unreachable or slow (a real API process)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let api: ApiProcess;
  let sql: pg.Pool;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let np: Awaited<ReturnType<typeof fakeNovaPoshta>>;
  let onec: Awaited<ReturnType<typeof fakeOnec>>;
  let operator: string;
  let reseller: { email: string; token: string };
  const products: { id: number; price: number }[] = [];
  const figures: Record<string, unknown> = {};
  const stamp = `${process.pid}-${Date.now()}`;

  const mailJobs = async () =>
    (
      await sql.query<{ id: string; to: string; subject: string; state: string; retry_count: number }>(
        `SELECT id, data->>'to' AS to, data->>'subject' AS subject, state, retry_count FROM pgboss.job WHERE name = 'send-mail' ORDER BY created_on`,
      )
    ).rows;

  async function register(email: string) {
    return call(api.url, 'POST', '/api/v1/auth/register', null, {
      name: 'Олена Тест',
      email,
      phone: '+38 (067) 765-43-21',
      password: 'password-123',
      password_confirmation: 'password-123',
      device_token: `dev-${email}`,
    });
  }

  async function placeOrder(token: string, lines: { id: number; price: number; qty?: number }[]) {
    for (const l of lines) {
      const c = await call(api.url, 'POST', '/api/v1/carts', token, { product_id: l.id, qty: l.qty ?? 1, retail_price: l.price });
      if (c.status !== 200) throw new Error(`cart ${c.status} ${JSON.stringify(c.body)}`);
    }
    return call(api.url, 'POST', '/api/v1/orders', token, branchOrder);
  }

  const order = async (id: number, token = reseller.token) => (await call(api.url, 'GET', `/api/v1/orders/${id}`, token)).body.data;

  beforeAll(async () => {
    [smtp, np, onec] = await Promise.all([fakeSmtp(), fakeNovaPoshta(), fakeOnec()]);
    db = await createDatabase(adminUrl!);
    sql = new pg.Pool({ connectionString: db.url, max: 2 });
    api = await startApi(db.url, {
      SMTP_URL: smtp.url,
      SMTP_TIMEOUT_SECONDS: '1.5',
      NP_API_URL: np.url,
      NP_API_KEY: 'fault-test-key',
      RESERVATION_SYSTEM: 'onec-http',
      ONEC_URL: onec.url,
      ONEC_TIMEOUT_SECONDS: '1.5',
      JOB_RETRY_DELAY_SECONDS: '1',
      TRACKING_INTERVAL_SECONDS: '2',
      DEMO_PRODUCTS: '30',
    });
    operator = await signInStaff(api.url, db.url, FAULT_OPERATOR, 'op');
    expect(operator).toBeTruthy();

    // A reseller signed up while everything works.
    const email = `reseller-${stamp}@example.com`;
    const registered = await register(email);
    expect(registered.status).toBe(201);
    const mail = await until(() => smtp.mails.find((m) => m.to === email), 'the sign-up mail');
    const confirmed = await call(api.url, 'POST', '/api/v1/auth/confirm', null, {
      email,
      attempt_id: registered.body.data.attempt_id,
      code: codeOf(mail.subject),
      device_token: `dev-${email}`,
    });
    expect(confirmed.status).toBe(200);
    reseller = { email, token: confirmed.body.data.token };

    // Three products with plenty of stock.
    const list = (await call(api.url, 'GET', '/api/v1/products?per_page=10', reseller.token)).body.data as { id: number }[];
    for (const p of list.slice(0, 3)) {
      expect((await call(api.url, 'PUT', `/api/v1/admin/catalog/products/${p.id}`, operator, { qty: 500 })).status).toBe(200);
      const fresh = (await call(api.url, 'GET', `/api/v1/products/${p.id}`, reseller.token)).body.data;
      products.push({ id: fresh.id, price: Math.max(fresh.retail_price, fresh.markup_price, fresh.drop_price) });
    }
    expect(products).toHaveLength(3);
  });

  afterAll(async () => {
    console.log(`externals figures: ${JSON.stringify(figures, null, 2)}`);
    await api?.kill();
    await sql?.end();
    await Promise.all([smtp?.close(), np?.close(), onec?.close()]);
    await db?.drop();
  });

  test('SMTP down, then stalling: sign-up and password reset answer at once; each mail arrives exactly once when SMTP is back', async () => {
    await smtp.down();
    const newcomer = `newcomer-${stamp}@example.com`;
    const signUp = await timed(() => register(newcomer));
    expect(signUp.r.status).toBe(201);
    expect(signUp.r.body.data).toEqual({ email: newcomer, attempt_id: expect.any(String) });
    const forgot = await timed(() => call(api.url, 'POST', '/api/v1/password/forgot', null, { email: reseller.email }));
    expect(forgot.r.status).toBe(200);
    expect(forgot.r.body.data).toEqual({ sent: true, attempt_id: expect.any(String) });
    // The mail is queued: the answer does not wait for the SMTP server.
    expect(signUp.ms).toBeLessThan(3000);
    expect(forgot.ms).toBeLessThan(3000);
    figures.mailAnswerMsWhileSmtpDown = { signUp: signUp.ms, forgot: forgot.ms };

    const ours = async () => (await mailJobs()).filter((j) => j.to === newcomer || (j.to === reseller.email && !j.subject.includes('реєстрац')));
    // Refused connections: the job fails and is retried.
    await until(
      async () => {
        const j = await ours();
        return j.length === 2 && j.every((x) => x.state === 'retry' && x.retry_count >= 2);
      },
      'two retries of both mails while SMTP refuses connections',
      30_000,
    );

    // A server that accepts and never greets: the 1.5 s timeout ends each attempt, and it is retried.
    const before = new Map((await ours()).map((j) => [j.id, j.retry_count]));
    await smtp.stall();
    await until(
      async () => (await ours()).every((j) => j.retry_count > before.get(j.id)!) && smtp.openStalls() === 0,
      'both mails to try the stalling server and give up',
      45_000,
    );
    expect(smtp.state.stalled).toBeGreaterThanOrEqual(2);
    expect(smtp.mails.filter((m) => m.to === newcomer)).toHaveLength(0);
    figures.stalledAttempts = smtp.state.stalled;

    await smtp.up();
    const back = Date.now();
    const done = await until(
      async () => {
        const j = await ours();
        return j.every((x) => x.state === 'completed') && j;
      },
      'both mails delivered once SMTP is back',
      60_000,
    );
    figures.mailRecoveryMs = Date.now() - back;
    figures.mailRetries = done.map((j) => j.retry_count);
    for (const j of done) expect(j.retry_count).toBeGreaterThanOrEqual(3);

    const toNewcomer = smtp.mails.filter((m) => m.to === newcomer);
    const restoreMails = smtp.mails.filter((m) => m.to === reseller.email && m.subject.startsWith('Код для відновлення'));
    expect(toNewcomer).toHaveLength(1);
    expect(restoreMails).toHaveLength(1);
    // The Message-ID names the job.
    expect(toNewcomer[0]!.messageId).toBe(`<${done.find((j) => j.to === newcomer)!.id}@drop.local>`);

    // The late codes still work.
    const confirmed = await call(api.url, 'POST', '/api/v1/auth/confirm', null, {
      email: newcomer,
      attempt_id: signUp.r.body.data.attempt_id,
      code: codeOf(toNewcomer[0]!.subject),
      device_token: 'dev-n',
    });
    expect(confirmed.status).toBe(200);
    const restored = await call(api.url, 'POST', '/api/v1/password/restore', null, {
      email: reseller.email,
      attempt_id: forgot.r.body.data.attempt_id,
      code: codeOf(restoreMails[0]!.subject),
      password: 'password-456',
      password_confirmation: 'password-456',
      device_token: `dev-${reseller.email}`,
    });
    expect(restored.status).toBe(200);
    reseller.token = restored.body.data.token;

    // Nothing more arrives later (no second delivery of a completed job).
    await new Promise((r) => setTimeout(r, 2500));
    expect(smtp.mails.filter((m) => m.to === newcomer)).toHaveLength(1);
  });

  test('SMTP that takes the message and never acknowledges it: retried, and the copy carries the same Message-ID', async () => {
    const email = `newcomer-${stamp}@example.com`;
    smtp.state.stallAfterData = 1;
    expect((await call(api.url, 'POST', '/api/v1/password/forgot', null, { email })).status).toBe(200);
    const job = await until(
      async () => (await mailJobs()).find((j) => j.to === email && j.subject.startsWith('Код для відновлення') && j.state === 'completed'),
      'the restore mail job',
      30_000,
    );
    const copies = smtp.mails.filter((m) => m.to === email && m.subject.startsWith('Код для відновлення'));
    // SMTP cannot tell the sender that a message it timed out on was delivered: at least once,
    // and the copies are one letter to any mailbox that deduplicates by Message-ID.
    expect(smtp.state.stalledAfterData).toBe(1);
    expect(job.retry_count).toBe(1);
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map((c) => c.messageId))).toEqual(new Set([`<${job.id}@drop.local>`]));
    expect(copies[0]!.subject).toBe(copies[1]!.subject);
  });

  test('Nova Poshta down, slow, refusing: city and branch search answer 503 with the carrier message in bounded time, and work when it is back', async () => {
    const uk = { code: 'CarrierUnavailable', message: translate('carrier_unavailable', 'uk') };
    const ru = { code: 'CarrierUnavailable', message: translate('carrier_unavailable', 'ru') };
    const cities = (s: string, lang = 'uk') =>
      call(api.url, 'GET', `/api/v1/delivery/cities?search=${encodeURIComponent(s)}`, reseller.token, undefined, { 'x-localization': lang });
    const branches = (s: string, lang = 'uk') =>
      call(api.url, 'GET', `/api/v1/delivery/warehouses?city_ref=${NP_KYIV}&search=${encodeURIComponent(s)}`, reseller.token, undefined, {
        'x-localization': lang,
      });

    await np.down();
    const down = await timed(() => cities('Київ'));
    expect(down.r.status).toBe(503);
    expect(down.r.body).toEqual(uk);
    expect(down.ms).toBeLessThan(3000);

    await np.set('slow');
    const [slowCity, slowBranch] = await Promise.all([timed(() => cities('Київ', 'ru')), timed(() => branches('1'))]);
    expect(slowCity.r.status).toBe(503);
    expect(slowCity.r.body).toEqual(ru);
    expect(slowBranch.r.body).toEqual(uk);
    // The client gives up after its 5 s timeout, well before the carrier's 8 s answer.
    for (const t of [slowCity, slowBranch]) {
      expect(t.ms).toBeGreaterThanOrEqual(4500);
      expect(t.ms).toBeLessThan(7500);
    }

    await np.set('error');
    const refused = await cities('Київ');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(uk);
    await np.set('http500');
    expect((await branches('1')).body).toEqual(uk);
    figures.npFailureAnswerMs = { down: down.ms, slow: [slowCity.ms, slowBranch.ms] };

    // Back: the same searches work (a failure is never cached).
    await np.set('up');
    const ok = await cities('Київ');
    expect(ok.status).toBe(200);
    expect(ok.body.data[0]).toMatchObject({ name: 'Київ', ref: NP_KYIV });
    const okBranches = await branches('1');
    expect(okBranches.status).toBe(200);
    expect(okBranches.body.data[0].ref).toBe(NP_BRANCH);
  });

  test('a waybill while Nova Poshta is down or slow: a clear 503 and nothing recorded; once back, one waybill; tracking retries by itself', async () => {
    await onec.set('up');
    const placed = await placeOrder(reseller.token, [products[0]!]);
    expect(placed.status).toBe(201);
    const id = placed.body.data.id as number;
    expect((await call(api.url, 'POST', `/api/v1/orders/${id}/confirm`, reseller.token)).status).toBe(200);
    const ttn = () => call(api.url, 'POST', `/api/v1/admin/orders/${id}/ttn`, operator, { weight: 1, seats: 1 });
    const adminOrder = async () => (await call(api.url, 'GET', `/api/v1/admin/orders/${id}`, operator)).body.data;

    await np.down();
    const down = await ttn();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ code: 'CarrierUnavailable', message: translate('carrier_unavailable', 'uk') });
    expect((await adminOrder()).ttn).toBeNull();

    // Slow: NP makes the waybill but answers after the client gave up. The order gets none.
    await np.set('slow');
    const slow = await timed(() => ttn());
    expect(slow.r.status).toBe(503);
    expect(slow.ms).toBeLessThan(7500);
    expect((await adminOrder()).ttn).toBeNull();
    expect(np.documents).toHaveLength(1);

    await np.set('up');
    const made = await ttn();
    expect(made.status).toBe(200);
    expect(made.body.data.delivery_status).toBe('CreatedTTN');
    const number = made.body.data.ttn as string;
    expect(number).toBe(np.documents[1]!.number);
    // A second click is refused: one waybill per order.
    const again = await ttn();
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TtnExists');
    expect(np.documents).toHaveLength(2);
    // The waybill NP made while the API had stopped waiting belongs to no order (NP's save has no
    // idempotency key); the operator sees one waybill, NP drops unused ones.
    figures.npWaybills = np.documents.map((d) => ({ number: d.number, description: d.description, attached: d.number === number }));

    // The parcel is delivered and paid while NP's API refuses: tracking passes fail and come again.
    np.documents[1]!.statusCode = 10;
    await np.set('error');
    await until(() => (np.tracked.get(number)?.failed ?? 0) >= 2, 'two failed tracking passes', 30_000);
    const manual = await call(api.url, 'POST', '/api/v1/admin/orders/tracking/run', operator);
    expect(manual.status).toBe(503);
    expect(manual.body.code).toBe('CarrierUnavailable');
    expect((await adminOrder()).delivery_status).toBe('CreatedTTN');

    await np.set('up');
    const back = Date.now();
    const done = await until(
      async () => {
        const o = await adminOrder();
        return o.status === 'Done' && o;
      },
      'the order Done by the tracking job once NP is back',
      30_000,
    );
    figures.trackingRecoveryMs = Date.now() - back;
    figures.trackingAsks = np.tracked.get(number);
    expect(done.delivery_status).toBe('Received');
    expect(done.payment_status).toBe('Paid');
    // The cash settled once.
    const ops = await sql.query(`SELECT type, amount_kop FROM operations WHERE operationable_id = $1`, [id]);
    expect(ops.rows).toHaveLength(1);
  });

  test('1C down, then slow, then back: orders are accepted at once, reservation jobs retry with backoff, each order is reserved exactly once', async () => {
    await onec.down();
    const ids: number[] = [];
    const placeMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = await timed(() => placeOrder(reseller.token, [{ ...products[i]!, qty: 1 + i }]));
      expect(t.r.status).toBe(201);
      ids.push(t.r.body.data.id);
      placeMs.push(t.ms);
    }
    for (const ms of placeMs) expect(ms).toBeLessThan(3000);
    figures.orderAnswerMsWhile1cDown = placeMs;
    // One of them confirmed too: its ConfirmReserveJob waits for the create.
    expect((await call(api.url, 'POST', `/api/v1/orders/${ids[0]}/confirm`, reseller.token)).status).toBe(200);
    const errors = async (id: number) =>
      ((await order(id)).history as { kind: string; note: string; repeat_count?: number }[]).filter((h) => h.kind === 'reservation_error');
    // The same error again is one row with a count (repeat_count), not another row.
    const attempts = (e: { repeat_count?: number }[]) => e.reduce((n, h) => n + (h.repeat_count ?? 1), 0);
    await until(async () => (await Promise.all(ids.map(errors))).every((e) => attempts(e) >= 2), 'two failed attempts per order while 1C is down', 30_000);

    // Slow: 1C reserves at once but answers after the API's 1.5 s timeout.
    onec.state.slowMs = 3000;
    await onec.set('slow');
    const numbers = await Promise.all(ids.map(async (id) => (await order(id)).number as string));
    await until(
      () => numbers.every((n) => onec.orders.get(n)?.calls.some((c) => c.mode === 'slow' && c.action === 'create')),
      'a slow create call per order',
      45_000,
    );
    await until(
      async () => (await Promise.all(ids.map(errors))).every((e) => e.some((x) => x.note.includes('no answer in 1500 ms'))),
      'the timeouts in the history',
      30_000,
    );
    for (const n of numbers) expect(onec.orders.get(n)!.reservation).toMatch(/^R-\d+$/);

    await onec.set('up');
    const back = Date.now();
    const reserved = await until(
      async () => {
        const os = await Promise.all(ids.map((id) => order(id)));
        return os.every((o) => o.reservation_number) && os;
      },
      'every order reserved once 1C answers',
      60_000,
    );
    figures.reservationRecoveryMs = Date.now() - back;

    for (const o of reserved) {
      const in1c = onec.orders.get(o.number)!;
      // Reserved exactly once in 1C, and the order keeps that reservation.
      expect(in1c.reservationsMade).toBe(1);
      expect(o.reservation_number).toBe(in1c.reservation);
      const creates = in1c.calls.filter((c) => c.action === 'create');
      // Every call that reached 1C (one or more: how many of the timed-out ones got through
      // depends on timing) carried the same key, and 1C reserved once.
      expect(creates.length).toBeGreaterThanOrEqual(1);
      expect(new Set(creates.map((c) => c.key))).toEqual(new Set([`${o.number}:create`]));
    }
    // The confirmation follows the create.
    await until(() => onec.orders.get(reserved[0].number)!.confirmed, 'the confirm in 1C', 60_000);

    await until(
      async () => {
        const j = (await call(api.url, 'GET', `/api/v1/admin/orders/${ids[0]}/jobs`, operator)).body.data as { state: string }[];
        return j.every((x) => x.state === 'completed');
      },
      'the jobs of the confirmed order completed',
      30_000,
    );
    const jobs = await Promise.all(
      ids.map(
        async (id) =>
          (await call(api.url, 'GET', `/api/v1/admin/orders/${id}/jobs`, operator)).body.data as { action: string; state: string; retry_count: number }[],
      ),
    );
    for (const j of jobs.flat()) expect(j.state).toBe('completed');
    figures.reservation = reserved.map((o, i) => ({
      order: o.number,
      callsTo1c: onec.orders.get(o.number)!.calls.map((c) => `${c.action}/${c.mode}`),
      errorsInHistory: (o.history as { kind: string; repeat_count?: number }[])
        .filter((h) => h.kind === 'reservation_error')
        .reduce((n, h) => n + (h.repeat_count ?? 1), 0),
      jobs: jobs[i]!.map((j) => `${j.action}:${j.state}:${j.retry_count}`),
    }));
  });

  test('two edits of an order reach 1C as two updates (each edit has its own idempotency key)', async () => {
    await onec.set('up');
    const placed = await placeOrder(reseller.token, [products[1]!]);
    expect(placed.status).toBe(201);
    const o = placed.body.data;
    await until(async () => (await order(o.id)).reservation_number, 'the reservation');
    const edit = async (qty: number) => {
      const r = await call(api.url, 'PUT', `/api/v1/orders/${o.id}`, reseller.token, {
        ...branchOrder,
        products: [{ product_id: products[1]!.id, qty, retail_price: products[1]!.price }],
      });
      expect(r.status).toBe(200);
    };
    const updates = () => onec.orders.get(o.number)!.updates;
    await edit(2);
    await until(() => updates().length === 1, 'the first update in 1C', 30_000);
    await edit(5);
    await until(() => updates().length === 2, 'the second update in 1C', 30_000);
    expect(updates()).toEqual([1, 2]);
    expect(onec.orders.get(o.number)!.lines).toEqual([expect.objectContaining({ qty: 5 })]);
    const keys = onec.orders
      .get(o.number)!
      .calls.filter((c) => c.action === 'update')
      .map((c) => c.key);
    expect(keys).toEqual([`${o.number}:update:1`, `${o.number}:update:2`]);
  });
});
