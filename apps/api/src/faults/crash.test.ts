/**
 * The API process killed with SIGKILL in the middle of 200 concurrent order placements and balance
 * operations (issue 10): after a restart no half-written order, every balance equals the sum of its
 * operations, every queued job runs once, and every write answered 2xx before the kill is there.
 *
 * A fresh database, a real API process (production mode) with a demo catalogue, resellers with a
 * starting balance posted by the operator's correction route, and three orders each placed before
 * the storm (a Balance order in New, a Balance order confirmed and so paid, a COD order in New).
 * Then 200 operations in a seeded random order, at most WINDOW at once: placements (cart + order,
 * COD and Balance; half of the resellers auto-confirm, so a Balance placement debits), operator
 * corrections (credits, and debits that may be refused), withdrawals (held at once), confirmations
 * (the Balance one debits) and cancellations (the paid one refunds). The process is killed with
 * SIGKILL after 40-60 % of them were sent, then restarted on the same database; the checks are SQL.
 *
 * FAULT_SEED=<n> replays a run's order of operations and moment of the kill.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { hashPassword } from '../lib/security.ts';
import { branchOrder } from '../test/orders.ts';
import { call, createDatabase, FAULT_OPERATOR, signInStaff, startApi, type ApiProcess } from './harness.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

const USERS = 24;
const OPS = 200;
/** Requests in flight at once (the API's pool has 10 connections: most wait for one, as under load). */
const WINDOW = 40;
const START_BALANCE_UAH = 3000;
const CARD = '4111111111111111';
const APP = 'crash-test';

const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** mulberry32: a small seeded generator, so a failing run can be replayed with FAULT_SEED. */
const rand = (() => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;
let api: ApiProcess | undefined;

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, params)).rows as T[];
}

interface Reseller {
  id: number;
  token: string;
  autoConfirm: boolean;
}
interface Product {
  id: number;
  retailPrice: number;
}

type OpKind = 'place' | 'correction' | 'withdraw' | 'confirm' | 'cancel';
interface Op {
  kind: OpKind;
  user: Reseller;
  /** confirm/cancel: the order; place: the payment method; correction/withdraw: the amount in UAH. */
  orderId?: number;
  paymentMethod?: 'COD' | 'Balance';
  product?: Product;
  qty?: number;
  amount?: number;
  key?: string;
  state: 'unsent' | 'sent' | 'answered' | 'lost';
  status?: number;
  body?: Awaited<ReturnType<typeof call>>['body'];
  /** place: the cart step failed (its status is in `status`). */
  failedAt?: 'cart';
  /** How long it took to answer, in ms. */
  ms?: number;
}

let resellers: Reseller[] = [];
let products: Product[] = [];
let operatorId: number;
let opToken: string;
const initialStock = new Map<number, number>();
/** Before the storm, per reseller: A (Balance, New), B (Balance, confirmed and paid), C (COD, New). */
const preOrders = new Map<number, { a: number; b: number; c: number }>();

beforeAll(async () => {
  if (!adminUrl) return;
  database = await createDatabase(adminUrl, 'drop_fault_crash');
  pool = new pg.Pool({ connectionString: database.url, max: 4, application_name: APP });
  pool.on('error', () => {
    /* an idle client told of the database's drop at the end */
  });
  api = await startApi(database.url, { DEMO_PRODUCTS: '60' });

  // Cheap products with plenty of stock: the storm measures consistency, not running out.
  const rows = await q<{ id: number; drop_kop: string; retail_kop: string }>(
    `SELECT id, drop_kop, retail_kop FROM products WHERE drop_kop > 0 ORDER BY drop_kop, id LIMIT 12`,
  );
  expect(rows.length).toBe(12);
  await q(`UPDATE products SET qty = 100000, reserved = 0 WHERE id = ANY($1::int[])`, [rows.map((r) => r.id)]);
  products = rows.map((r) => ({ id: r.id, retailPrice: Math.ceil(Number(r.retail_kop) * 1.3) / 100 }));
  for (const p of products) initialStock.set(p.id, 100000);

  const hash = await hashPassword('crash-password-1');
  const ids = await q<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, is_verified, email_verified_at)
     SELECT 'crash-' || g || '@fault.local', 'Reseller ' || g, $1, true, now() FROM generate_series(1, ${USERS}) g RETURNING id`,
    [hash],
  );
  [{ id: operatorId }] = (await q<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [FAULT_OPERATOR.email])) as [{ id: number }];
  opToken = await signInStaff(api.url, database.url, FAULT_OPERATOR, 'crash-operator');

  resellers = [];
  for (let i = 0; i < ids.length; i += 6) {
    const batch = await Promise.all(
      ids.slice(i, i + 6).map(async ({ id }, k) => {
        const r = await call(api!.url, 'POST', '/api/v1/auth/login', null, {
          email: `crash-${i + k + 1}@fault.local`,
          password: 'crash-password-1',
          device_token: `crash-${id}`,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return { id, token: r.body.data.token as string, autoConfirm: (i + k) % 2 === 1 };
      }),
    );
    resellers.push(...batch);
  }

  // Starting balances are ledger rows, posted the way an operator does it.
  await Promise.all(
    resellers.map(async (u) => {
      const r = await call(
        api!.url,
        'POST',
        `/api/v1/admin/users/${u.id}/corrections`,
        opToken,
        { amount: START_BALANCE_UAH, comment: 'Стартовий баланс' },
        { 'idempotency-key': `crash-start-${u.id}` },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }),
  );

  const place = async (u: Reseller, paymentMethod: 'COD' | 'Balance', product: Product) => {
    const c = await call(api!.url, 'POST', '/api/v1/carts', u.token, { product_id: product.id, qty: 1, retail_price: product.retailPrice });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const o = await call(api!.url, 'POST', '/api/v1/orders', u.token, { ...branchOrder, payment_method: paymentMethod });
    expect(o.status, JSON.stringify(o.body)).toBe(201);
    return o.body.data.id as number;
  };
  await Promise.all(
    resellers.map(async (u, i) => {
      const a = await place(u, 'Balance', products[i % products.length]!);
      const b = await place(u, 'Balance', products[(i + 1) % products.length]!);
      const confirmed = await call(api!.url, 'POST', `/api/v1/orders/${b}/confirm`, u.token);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.data.payment_status).toBe('PaidFromBalance');
      const c = await place(u, 'COD', products[(i + 2) % products.length]!);
      preOrders.set(u.id, { a, b, c });
    }),
  );
  // Half of the resellers confirm their orders at placement from now on (a Balance placement then debits).
  await q(`UPDATE users SET auto_confirm_orders = true WHERE id = ANY($1::int[])`, [resellers.filter((u) => u.autoConfirm).map((u) => u.id)]);
}, 180_000);

afterAll(async () => {
  if (!adminUrl) return;
  await api?.kill('SIGKILL');
  if (pool) {
    // end() resolves before its clients have closed their sockets: wait for them, or the drop below terminates them mid-close.
    let open = pool.totalCount;
    const closed = new Promise<void>((resolve) => {
      if (open === 0) resolve();
      pool.on('remove', () => --open <= 0 && resolve());
    });
    await pool.end();
    await Promise.race([closed, sleep(2000)]);
  }
  await database?.drop();
});

function buildOps(): Op[] {
  const ops: Op[] = [];
  const pick = () => resellers[between(0, resellers.length - 1)]!;
  resellers.forEach((u, i) => {
    const pre = preOrders.get(u.id)!;
    ops.push({ kind: 'confirm', user: u, orderId: pre.a, state: 'unsent' });
    ops.push({ kind: 'cancel', user: u, orderId: pre.b, state: 'unsent' });
    ops.push({ kind: i % 2 === 0 ? 'cancel' : 'confirm', user: u, orderId: pre.c, state: 'unsent' });
    for (let k = 0; k < 2; k++) {
      ops.push({
        kind: 'place',
        user: u,
        paymentMethod: (i + k) % 2 === 0 ? 'COD' : 'Balance',
        product: products[between(0, products.length - 1)]!,
        qty: between(1, 2),
        state: 'unsent',
      });
    }
  });
  const rest = OPS - ops.length;
  const corrections = Math.round(rest * 0.55);
  for (let i = 0; i < corrections; i++) {
    const amount = rand() < 0.7 ? between(50, 500) : -between(20, 150);
    ops.push({ kind: 'correction', user: pick(), amount, key: `crash-storm-${seed}-${i}`, state: 'unsent' });
  }
  while (ops.length < OPS) ops.push({ kind: 'withdraw', user: pick(), amount: between(10, 60), state: 'unsent' });
  for (let i = ops.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [ops[i], ops[j]] = [ops[j]!, ops[i]!];
  }
  return ops;
}

/** Placements of one reseller run one after the other (one cart per reseller). */
const cartTurns = new Map<number, Promise<void>>();

async function run(base: string, o: Op): Promise<void> {
  const t0 = Date.now();
  const answer = (r: { status: number; body: unknown }) => {
    o.ms = Date.now() - t0;
    o.state = 'answered';
    o.status = r.status;
    o.body = r.body;
  };
  try {
    switch (o.kind) {
      case 'place': {
        const before = cartTurns.get(o.user.id) ?? Promise.resolve();
        let done!: () => void;
        const mine = new Promise<void>((r) => (done = r));
        cartTurns.set(
          o.user.id,
          before.then(() => mine),
        );
        await before;
        try {
          const c = await call(base, 'POST', '/api/v1/carts', o.user.token, { product_id: o.product!.id, qty: o.qty, retail_price: o.product!.retailPrice });
          if (c.status !== 200) {
            o.failedAt = 'cart';
            return answer(c);
          }
          return answer(await call(base, 'POST', '/api/v1/orders', o.user.token, { ...branchOrder, payment_method: o.paymentMethod }));
        } finally {
          done();
        }
      }
      case 'correction':
        return answer(
          await call(
            base,
            'POST',
            `/api/v1/admin/users/${o.user.id}/corrections`,
            opToken,
            { amount: o.amount, comment: 'Коригування під навантаженням' },
            { 'idempotency-key': o.key! },
          ),
        );
      case 'withdraw':
        return answer(await call(base, 'POST', '/api/v1/withdraws', o.user.token, { requisites: CARD, amount: o.amount }));
      case 'confirm':
        return answer(await call(base, 'POST', `/api/v1/orders/${o.orderId}/confirm`, o.user.token));
      case 'cancel':
        return answer(await call(base, 'DELETE', `/api/v1/orders/${o.orderId}`, o.user.token));
    }
  } catch {
    // The connection died with the process: the request may or may not have been applied.
    o.state = 'lost';
  }
}

/** Fails with every offending row listed. */
async function none(what: string, text: string, params: unknown[] = []) {
  const rows = await q(text, params);
  expect(rows, `${what}: ${JSON.stringify(rows.slice(0, 10))}`).toEqual([]);
}

/** The invariants that must hold in any state the crash can leave (and after the worker has run). */
async function checkConsistency(label: string) {
  await none(`${label}: orders without lines`, `SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`);
  await none(`${label}: lines without an order`, `SELECT l.id FROM order_lines l LEFT JOIN orders o ON o.id = l.order_id WHERE o.id IS NULL`);
  await none(
    `${label}: order sums that are not the sums of their lines`,
    `SELECT o.id, o.retail_kop, o.wholesale_kop, o.profit_kop, s.retail, s.wholesale FROM orders o
     JOIN (SELECT order_id, sum(retail_kop * qty) AS retail, sum(drop_kop * qty) AS wholesale FROM order_lines GROUP BY order_id) s ON s.order_id = o.id
     WHERE o.retail_kop <> s.retail OR o.wholesale_kop <> s.wholesale OR o.profit_kop <> s.retail - s.wholesale`,
  );
  await none(
    `${label}: orders without exactly one placement entry in their history`,
    `SELECT o.id, count(h.id) FROM orders o LEFT JOIN order_history h ON h.order_id = o.id AND h.kind = 'status' AND h.from_value IS NULL AND h.to_value = 'New'
     GROUP BY o.id HAVING count(h.id) <> 1`,
  );
  await none(
    `${label}: a status without the history entry that moved it there`,
    `SELECT o.id, o.status FROM orders o WHERE o.status <> 'New'
     AND NOT EXISTS (SELECT 1 FROM order_history h WHERE h.order_id = o.id AND h.kind = 'status' AND h.to_value = o.status)`,
  );
  // Stock: what left each product is what the orders that are not cancelled hold, and it is held in reserve.
  await none(
    `${label}: stock that does not match the orders`,
    `SELECT p.id, p.qty, p.reserved, coalesce(s.n, 0) AS ordered FROM products p
     LEFT JOIN (SELECT l.product_id, sum(l.qty) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id AND o.status <> 'Canceled' GROUP BY l.product_id) s ON s.product_id = p.id
     WHERE p.id = ANY($1::int[]) AND (p.qty <> $2 - coalesce(s.n, 0) OR p.reserved <> coalesce(s.n, 0))`,
    [[...initialStock.keys()], 100000],
  );
  // The ledger: each balance is the sum of its operations, and each operation's resulting balance is the running sum.
  await none(
    `${label}: balances that are not the sum of their operations`,
    `SELECT u.id, u.balance_kop, coalesce(sum(op.amount_kop), 0) AS ledger FROM users u LEFT JOIN operations op ON op.user_id = u.id
     GROUP BY u.id HAVING u.balance_kop <> coalesce(sum(op.amount_kop), 0)`,
  );
  await none(
    `${label}: operations whose resulting balance is not the running sum`,
    `SELECT id, user_id, balance_kop, running FROM (
       SELECT id, user_id, balance_kop, sum(amount_kop) OVER (PARTITION BY user_id ORDER BY id) AS running FROM operations) x
     WHERE balance_kop <> running`,
  );
  await none(`${label}: negative balances`, `SELECT id, balance_kop FROM users WHERE balance_kop < 0`);
  // Every operation has its cause, written in the same transaction.
  await none(
    `${label}: order operations without their order`,
    `SELECT op.id, op.idempotency_key FROM operations op LEFT JOIN orders o ON o.id = op.operationable_id AND o.user_id = op.user_id
     WHERE op.type = 'order' AND (op.operationable_type IS DISTINCT FROM 'order' OR o.id IS NULL)`,
  );
  await none(
    `${label}: withdrawal operations without their withdrawal`,
    `SELECT op.id FROM operations op LEFT JOIN withdraws w ON w.id = op.operationable_id AND w.user_id = op.user_id
     WHERE op.type = 'withdrawal' AND (op.operationable_type IS DISTINCT FROM 'withdraw' OR w.id IS NULL OR op.amount_kop <> -w.amount_kop)`,
  );
  await none(
    `${label}: withdrawals without exactly one hold`,
    `SELECT w.id, count(op.id) FROM withdraws w LEFT JOIN operations op ON op.idempotency_key = 'withdraw:' || w.id || ':hold' GROUP BY w.id HAVING count(op.id) <> 1`,
  );
  await none(
    `${label}: corrections without the operator and the audit entry of their transaction`,
    `SELECT op.id FROM operations op WHERE op.type = 'correction'
     AND (op.actor_id IS DISTINCT FROM $1 OR NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.action = 'money.correction' AND a.actor_id = $1 AND (a.changes->>'operation_id')::int = op.id))`,
    [operatorId],
  );
  const [corr] = await q<{ ops: number; audits: number }>(
    `SELECT (SELECT count(*)::int FROM operations WHERE type = 'correction') AS ops, (SELECT count(*)::int FROM audit_log WHERE action = 'money.correction') AS audits`,
  );
  expect(corr!.audits, `${label}: one audit entry per correction`).toBe(corr!.ops);
  await none(
    `${label}: operations without their audit row`,
    `SELECT op.id FROM operations op WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.action = 'money.' || op.type AND (a.changes->>'operation_id')::int = op.id)`,
  );
  // An order's money: a paid Balance order took its wholesale sum, anything else (new, COD, refunded on cancel) nets to zero.
  await none(
    `${label}: order money that does not match the payment status`,
    `SELECT o.id, o.status, o.payment_method, o.payment_status, coalesce(sum(op.amount_kop), 0) AS net FROM orders o
     LEFT JOIN operations op ON op.operationable_type = 'order' AND op.operationable_id = o.id
     GROUP BY o.id HAVING coalesce(sum(op.amount_kop), 0) <> CASE WHEN o.payment_status = 'PaidFromBalance' THEN -o.wholesale_kop ELSE 0 END`,
  );
  await none(
    `${label}: paid, confirmed or cancelled Balance orders inconsistent with their status`,
    `SELECT id, status, payment_status FROM orders WHERE payment_method = 'Balance'
     AND NOT ((status = 'New' AND payment_status = 'NotPaid') OR (status = 'Confirmed' AND payment_status = 'PaidFromBalance') OR (status = 'Canceled' AND payment_status = 'NotPaid'))`,
  );
  // Jobs are queued in the transaction that causes them: one create per order, one confirm per
  // confirmation, one cancel per cancellation, none for an order that does not exist.
  await none(
    `${label}: reservation jobs per order that do not match what happened to it`,
    `SELECT o.id, o.status, j.creates, j.confirms, j.cancels FROM orders o
     LEFT JOIN (SELECT (data->>'orderId')::int AS order_id,
                       count(*) FILTER (WHERE data->>'action' = 'create') AS creates,
                       count(*) FILTER (WHERE data->>'action' = 'confirm') AS confirms,
                       count(*) FILTER (WHERE data->>'action' = 'cancel') AS cancels
                FROM pgboss.job WHERE name = 'reservation' GROUP BY 1) j ON j.order_id = o.id
     WHERE coalesce(j.creates, 0) <> 1
        OR coalesce(j.confirms, 0) <> (SELECT count(*) FROM order_history h WHERE h.order_id = o.id AND h.kind = 'status' AND h.to_value = 'Confirmed')
        OR coalesce(j.cancels, 0) <> (SELECT count(*) FROM order_history h WHERE h.order_id = o.id AND h.kind = 'status' AND h.to_value = 'Canceled')`,
  );
  await none(
    `${label}: reservation jobs of orders that do not exist`,
    `SELECT j.id, j.data FROM pgboss.job j LEFT JOIN orders o ON o.id = (j.data->>'orderId')::int WHERE j.name = 'reservation' AND o.id IS NULL`,
  );
}

/** Every write the API answered with 2xx before it died is in the database, as answered. */
async function checkAcknowledged(ops: Op[]) {
  const missing: string[] = [];
  for (const o of ops.filter((x) => x.state === 'answered' && x.status! >= 200 && x.status! < 300)) {
    switch (o.kind) {
      case 'place': {
        if (o.failedAt) break;
        const [row] = await q<{ user_id: number; retail_kop: string; lines: number }>(
          `SELECT o.user_id, o.retail_kop, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines FROM orders o WHERE o.id = $1`,
          [o.body.data.id],
        );
        if (
          !row ||
          row.user_id !== o.user.id ||
          row.lines !== o.body.data.products.length ||
          Number(row.retail_kop) !== Math.round(o.body.data.calculations.retail_sum * 100)
        ) {
          missing.push(`order ${o.body.data.id}: ${JSON.stringify(row)}`);
        }
        break;
      }
      case 'correction': {
        const [row] = await q<{ amount_kop: string }>(`SELECT amount_kop FROM operations WHERE id = $1 AND user_id = $2 AND idempotency_key LIKE $3`, [
          o.body.data.id,
          o.user.id,
          `correction:${o.user.id}:%:${o.key}:%`,
        ]);
        if (!row || Number(row.amount_kop) !== Math.round(o.amount! * 100)) missing.push(`correction ${o.key}: ${JSON.stringify(row)}`);
        break;
      }
      case 'withdraw': {
        const [row] = await q<{ amount_kop: string }>(`SELECT amount_kop FROM withdraws WHERE id = $1 AND user_id = $2`, [o.body.data.id, o.user.id]);
        if (!row || Number(row.amount_kop) !== Math.round(o.amount! * 100)) missing.push(`withdraw ${o.body.data.id}: ${JSON.stringify(row)}`);
        break;
      }
      case 'confirm':
      case 'cancel': {
        const [row] = await q<{ status: string; payment_status: string }>(`SELECT status, payment_status FROM orders WHERE id = $1`, [o.orderId]);
        const want = o.kind === 'confirm' ? 'Confirmed' : 'Canceled';
        if (!row || row.status !== want || row.payment_status !== o.body.data.payment_status)
          missing.push(`${o.kind} of order ${o.orderId}: ${JSON.stringify(row)}`);
        break;
      }
    }
  }
  expect(missing, 'writes answered 2xx before the kill').toEqual([]);
}

describe.skipIf(!adminUrl)('SIGKILL in the middle of 200 concurrent orders and balance operations', () => {
  test('after a restart: no half-written order, balances equal their ledgers, every job runs once, acknowledged writes kept', async () => {
    const ops = buildOps();
    // Killed once 40-60 % of the operations have been answered (and a random few ms more), with WINDOW more in flight.
    const killAfterAnswered = Math.round(OPS * (0.4 + rand() * 0.2));
    const killDelayMs = Math.floor(rand() * 40);
    const base = api!.url;

    // ---- the storm, and the kill in the middle of it ----
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    let killed = false;
    let answeredAtKill = 0;
    let inFlightAtKill = 0;
    let sentAtKill = 0;
    let transactionsAtKill = 0;
    let kill: Promise<void> | null = null;
    let killTriggered!: () => void;
    const triggered = new Promise<void>((r) => (killTriggered = r));
    const maybeKill = () => {
      if (kill || ops.filter((x) => x.state === 'answered').length < killAfterAnswered) return;
      kill = (async () => {
        await sleep(killDelayMs);
        // Evidence the kill lands mid-write: the API's sessions inside a transaction a moment before it.
        const [open] = await q<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name <> $1 AND xact_start IS NOT NULL AND pid <> pg_backend_pid()`,
          [APP],
        );
        transactionsAtKill = open!.n;
        killed = true;
        answeredAtKill = ops.filter((x) => x.state === 'answered').length;
        inFlightAtKill = inFlight.size;
        sentAtKill = sent;
        await api!.kill('SIGKILL');
      })();
      killTriggered();
    };
    const started = Date.now();
    for (const o of ops) {
      while (inFlight.size >= WINDOW && !killed) await Promise.race(inFlight);
      if (killed) break;
      o.state = 'sent';
      const p: Promise<void> = run(base, o).finally(() => {
        inFlight.delete(p);
        maybeKill();
      });
      inFlight.add(p);
      sent++;
    }
    await triggered;
    await kill;
    await Promise.allSettled([...inFlight]);
    const stormMs = Date.now() - started;
    for (const o of ops) if (o.state === 'sent') o.state = 'lost';

    const count = (f: (o: Op) => boolean) => ops.filter(f).length;
    const byKind = (['place', 'correction', 'withdraw', 'confirm', 'cancel'] as const)
      .map((k) => {
        const times = ops.filter((o) => o.kind === k && o.ms !== undefined).map((o) => o.ms!);
        const median = times.length ? times.sort((a, b) => a - b)[Math.floor(times.length / 2)] : '-';
        return `${k} ${count((o) => o.kind === k && o.state === 'answered' && o.status! < 300)}/${count((o) => o.kind === k && o.state === 'answered')}/${count((o) => o.kind === k && o.state === 'lost')} (median ${median} ms)`;
      })
      .join(', ');
    console.log(
      `[crash seed ${seed}] ${OPS} operations, ${sent} sent in ${stormMs} ms; SIGKILL once ${killAfterAnswered} were answered (+${killDelayMs} ms): ${answeredAtKill} answered before it, ${sentAtKill} sent, ${inFlightAtKill} in flight, ${transactionsAtKill} database transactions open; ` +
        `answered ${count((o) => o.state === 'answered')}, lost ${count((o) => o.state === 'lost')}, never sent ${count((o) => o.state === 'unsent')}; per kind ok/answered/lost: ${byKind}`,
    );
    expect(answeredAtKill, 'some operations completed before the kill').toBeGreaterThan(0);
    expect(
      count((o) => o.state === 'lost'),
      'some operations were cut off by the kill',
    ).toBeGreaterThan(0);
    // Nothing answered before the kill was a server error: refusals are business ones (e.g. InsufficientBalance).
    const serverErrors = ops.filter((o) => o.state === 'answered' && o.status! >= 500).map((o) => `${o.kind} ${o.status} ${JSON.stringify(o.body)}`);
    expect(serverErrors).toEqual([]);

    // ---- the database as the crash left it (once the dead process's sessions are gone) ----
    const gone = Date.now();
    for (;;) {
      const [{ n }] = (await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> $1`,
        [APP],
      )) as [{ n: number }];
      if (n === 0) break;
      if (Date.now() - gone > 30_000) throw new Error(`sessions of the killed API still open after 30 s: ${n}`);
      await sleep(200);
    }
    await checkConsistency('after the kill');
    await checkAcknowledged(ops);
    const [left] = await q<{ created: number; active: number; completed: number }>(
      `SELECT count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS created, count(*) FILTER (WHERE state = 'active')::int AS active, count(*) FILTER (WHERE state = 'completed')::int AS completed FROM pgboss.job`,
    );

    // ---- restart on the same database; the worker runs what was queued, including jobs the kill interrupted ----
    const restartedAt = Date.now();
    api = await startApi(database.url, { DEMO_PRODUCTS: '60' });
    const restartMs = Date.now() - restartedAt;
    const drainedAt = Date.now();
    let pending: { name: string; state: string; n: number }[];
    for (;;) {
      pending = await q<{ name: string; state: string; n: number }>(
        `SELECT name, state::text, count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY 1, 2`,
      );
      if (pending.length === 0) break;
      if (Date.now() - drainedAt > 110_000) break;
      await sleep(500);
    }
    expect(pending, `jobs still waiting ${Math.round((Date.now() - drainedAt) / 1000)} s after the restart\n${api.output().slice(-2000)}`).toEqual([]);
    const drainMs = Date.now() - drainedAt;
    await none('failed jobs', `SELECT name, id, retry_count, output FROM pgboss.job WHERE state <> 'completed'`);

    // Each reservation job's effect is there exactly once (the embedded system records it in the order's history with the reservation number).
    await none(
      'reservation jobs whose effect is not recorded exactly once',
      `SELECT j.id, j.data, j.retry_count, (SELECT count(*) FROM order_history h WHERE h.order_id = (j.data->>'orderId')::int AND h.kind = 'reservation' AND h.to_value = j.data->>'action') AS effects
       FROM pgboss.job j WHERE j.name = 'reservation'
       AND (SELECT count(*) FROM order_history h WHERE h.order_id = (j.data->>'orderId')::int AND h.kind = 'reservation' AND h.to_value = j.data->>'action') <> 1`,
    );
    await none(
      `orders without their reservation number`,
      `SELECT id, number, reservation_number FROM orders WHERE reservation_number IS DISTINCT FROM 'E-' || number`,
    );
    await checkConsistency('after the restart');

    // The restarted API serves the same balances the ledger holds.
    const wrongBalances: string[] = [];
    for (const u of resellers) {
      const r = await call(api.url, 'GET', '/api/v1/auth/balance', u.token);
      const [row] = await q<{ balance_kop: string }>(`SELECT balance_kop FROM users WHERE id = $1`, [u.id]);
      if (r.status !== 200 || Math.round(r.body.data.balance * 100) !== Number(row!.balance_kop))
        wrongBalances.push(`${u.id}: ${r.status} ${JSON.stringify(r.body)} vs ${row!.balance_kop}`);
    }
    expect(wrongBalances).toEqual([]);

    const [fig] = await q<{ orders: number; storm_orders: number; operations: number; withdraws: number; reservation_jobs: number; rerun: number }>(
      `SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM orders WHERE id > $1) AS storm_orders,
              (SELECT count(*)::int FROM operations) AS operations, (SELECT count(*)::int FROM withdraws) AS withdraws,
              (SELECT count(*)::int FROM pgboss.job WHERE name = 'reservation') AS reservation_jobs,
              (SELECT count(*)::int FROM pgboss.job WHERE retry_count > 0) AS rerun`,
      [Math.max(...[...preOrders.values()].flatMap((p) => [p.a, p.b, p.c]))],
    );
    console.log(
      `[crash seed ${seed}] after the kill: jobs waiting ${left!.created}, interrupted (active) ${left!.active}, completed ${left!.completed}; restart ${restartMs} ms, queue drained in ${drainMs} ms; ` +
        `orders ${fig!.orders} (${fig!.storm_orders} placed in the storm, ${fig!.storm_orders - count((o) => o.kind === 'place' && o.state === 'answered' && o.status === 201)} of them committed without an answer), operations ${fig!.operations}, withdrawals ${fig!.withdraws}, reservation jobs ${fig!.reservation_jobs} (each effect once), jobs run again after the kill ${fig!.rerun}`,
    );
  });
});
