import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { runReservation, reservationSystemOf } from './reservation.service.ts';

const order = {
  last_name: 'Шевчук',
  first_name: 'Андрій',
  phone: '0671234567',
  delivery_service: 'NovaPoshta',
  delivery_method: 'Branch',
  delivery_type: 'NovaPoshta',
  payment_delivery: 'Recipient',
  payment_method: 'COD',
  city_ref: '8d5a980d-391c-11dd-90d9-001a92567626',
  city_name: 'Київ',
  branch_ref: '1ec09d88-e1c2-11e3-8c4a-0050568002cf',
  branch_name: 'Відділення №1',
};

async function until<T>(fn: () => Promise<T | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function place(t: TestApp) {
  const u = await t.user({ isVerified: true });
  await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 4, qty: 1, retail_price: 80 } });
  const r = await t.request('POST', '/api/v1/orders', { token: u.token, body: order });
  expect(r.status).toBe(201);
  return { token: u.token, id: r.body.data.id as number, number: r.body.data.number as string };
}

describe('embedded reservations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await loadCatalogFixture(t.database);
  });
  afterAll(() => t.close());

  test('placing queues the reservation and confirming queues its confirmation; both land in the history', async () => {
    const o = await place(t);
    const reserved = await until(async () => {
      const d = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: o.token })).body.data;
      return d.reservation_number ? d : false;
    }, 'the reservation');
    expect(reserved.reservation_number).toBe(`E-${o.number}`);
    expect(reserved.history).toContainEqual(expect.objectContaining({ kind: 'reservation', to: 'create', note: `Номер резерву: E-${o.number}` }));
    await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: o.token });
    await until(
      async () =>
        (await t.request('GET', `/api/v1/orders/${o.id}`, { token: o.token })).body.data.history.some(
          (h: any) => h.kind === 'reservation' && h.to === 'confirm',
        ),
      'the confirmation',
    );
  });
});

describe('1C over HTTP (a local server plays 1C)', () => {
  let t: TestApp;
  let onec: http.Server;
  const reservations = new Map<string, string>();
  let calls = 0;
  let failures: ('500' | 'hang')[] = [];
  const auths: string[] = [];

  beforeAll(async () => {
    onec = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls++;
        auths.push(String(req.headers.authorization));
        const fail = failures.shift();
        if (fail === 'hang') return; // the adapter's timeout ends it (1C may still have done the work)
        res.setHeader('content-type', 'application/json');
        if (fail === '500') {
          res.statusCode = 500;
          return res.end(JSON.stringify({ error: 'Помилка 1С: база заблокована' }));
        }
        const { order_number } = JSON.parse(body) as { order_number: string };
        // 1C keys reservations by our order number: a repeated create returns the same one.
        if (!reservations.has(order_number)) reservations.set(order_number, `R-${reservations.size + 1}`);
        res.end(JSON.stringify({ reservation: reservations.get(order_number) }));
      });
    });
    await new Promise<void>((r) => onec.listen(0, '127.0.0.1', () => r()));
    const port = (onec.address() as AddressInfo).port;
    // 5 s: on a loaded machine (CI, two cores; PGlite shares this event loop) answering the 500 may take more than a few hundred ms, which must not read as no answer.
    t = await buildTestApp({ reservationSystem: 'onec-http', onecUrl: `http://drop:s%40cret@127.0.0.1:${port}/hs/drop`, onecTimeoutMs: 5000 });
    await loadCatalogFixture(t.database);
  });
  afterAll(async () => {
    await t.close();
    onec.closeAllConnections();
    await new Promise((r) => onec.close(r));
  });

  test('1C failing twice (500, then no answer) is retried with backoff, shown in the history, and reserved once', async () => {
    failures = ['500', 'hang'];
    calls = 0;
    const o = await place(t);
    const done = await until(async () => {
      const d = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: o.token })).body.data;
      return d.reservation_number ? d : false;
    }, 'the reservation after retries');
    expect(done.reservation_number).toMatch(/^R-\d+$/);
    const kinds = done.history.filter((h: any) => h.kind.startsWith('reservation')).map((h: any) => h.kind);
    expect(kinds, JSON.stringify(done.history)).toEqual(['reservation_error', 'reservation_error', 'reservation']);
    expect(done.history.find((h: any) => h.kind === 'reservation_error').note).toContain('HTTP 500 Помилка 1С');
    expect(done.history.filter((h: any) => h.kind === 'reservation_error')[1].note).toContain('no answer in 5000 ms');
    // Two different errors: two rows, each once.
    expect(done.history.filter((h: any) => h.kind.startsWith('reservation')).map((h: any) => h.repeat_count)).toEqual([1, 1, 1]);
    expect(calls).toBe(3);
    expect([...reservations.keys()].filter((n) => n === o.number)).toHaveLength(1);
    expect(auths.every((a) => a === `Basic ${Buffer.from('drop:s@cret').toString('base64')}`)).toBe(true);

    // A duplicate run of the same job (a redelivered job) finds the same reservation in 1C.
    await runReservation(t.app.deps, reservationSystemOf(t.app.deps.config), { orderId: o.id, action: 'create' });
    const after = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: o.token })).body.data;
    expect(after.reservation_number).toBe(done.reservation_number);
    expect(reservations.size).toBe(1);
  }, 60_000);
});
