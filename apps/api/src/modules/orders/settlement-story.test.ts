import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools } from '../../test/orders.ts';

/**
 * The scripted story of issue 7: 100 cash-on-delivery orders of several resellers go through
 * the NP emulator's status paths (chosen at random, seeded), the tracking job runs twice after
 * every move, and each reseller's balance ends equal to the postings the rules of
 * docs/decisions/0006-order-lifecycle.md expect, computed here independently from each parcel's outcome.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0, trackingIntervalSeconds: 3600 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
});
afterAll(() => t.close());

/** mulberry32: a small seeded generator, so a failing story can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const PRODUCTS = [
  { id: 1, recommended: 150 },
  { id: 3, recommended: 130 },
  { id: 4, recommended: 80 },
  { id: 5, recommended: 90 },
];
const SCENARIOS = [
  ['delivered', 0.6],
  ['refused', 0.25],
  ['storage_expired', 0.1],
  ['deleted', 0.05],
] as const;
const PAYERS = ['Recipient', 'Balance', 'Etalon'] as const;

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('settlement story on PostgreSQL', () => {
  test('100 COD orders through random status paths: every balance equals the expected postings, each posted once', { timeout: 240_000 }, async () => {
    const seed = Number(process.env.STORY_SEED ?? 20261122);
    const random = rng(seed);
    const tools = orderTools(t);
    const op = await t.operator();
    for (const p of PRODUCTS) await tools.setStock(p.id, 10_000);
    const resellers = await Promise.all(Array.from({ length: 5 }, () => t.user({ isVerified: true })));
    const expected = new Map<number, number>(resellers.map((r) => [r.id, 0]));
    const parcels: {
      orderId: number;
      userId: number;
      ttn: string;
      scenario: string;
      payer: string;
      retailKop: number;
      wholesaleKop: number;
      costKop: number;
    }[] = [];

    for (let i = 0; i < 100; i++) {
      const who = resellers[Math.floor(random() * resellers.length)]!;
      const payer = PAYERS[Math.floor(random() * PAYERS.length)]!;
      const lines: [number, number, number][] = [];
      for (const p of PRODUCTS)
        if (lines.length === 0 || random() < 0.3) lines.push([p.id, 1 + Math.floor(random() * 3), p.recommended + Math.floor(random() * 5000) / 100]);
      const o = await tools.placeConfirmed(who.token, lines, { payment_delivery: payer });
      const made = await t.request('POST', `/api/v1/admin/orders/${o.id}/ttn`, { token: op, body: { weight: 0.5 + random() * 5 } });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      let roll = random();
      const scenario = SCENARIOS.find(([, w]) => (roll -= w) < 0)?.[0] ?? 'delivered';
      const set = await t.request('POST', '/emulators/novaposhta/control/scenario', { token: op, body: { number: made.body.data.ttn, scenario } });
      expect(set.status).toBe(200);
      parcels.push({
        orderId: o.id,
        userId: who.id,
        ttn: made.body.data.ttn,
        scenario,
        payer,
        retailKop: Math.round(o.calculations.retail_sum * 100),
        wholesaleKop: Math.round(o.calculations.wholesale_sum * 100),
        costKop: Math.round(made.body.data.delivery_cost * 100),
      });
    }

    // Move every parcel one code at a time; the tracking job runs twice after each round.
    const open = new Set(parcels.map((p) => p.ttn));
    for (let round = 0; open.size > 0; round++) {
      expect(round, 'every path ends').toBeLessThan(30);
      for (const ttn of [...open]) {
        const r = await t.request('POST', '/emulators/novaposhta/control/advance', { token: op, body: { number: ttn } });
        if (r.body.final) open.delete(ttn);
      }
      for (let pass = 0; pass < 2; pass++) expect((await t.request('POST', '/api/v1/admin/orders/tracking/run', { token: op })).status).toBe(200);
    }
    for (let pass = 0; pass < 2; pass++) await t.request('POST', '/api/v1/admin/orders/tracking/run', { token: op });

    // The rules, applied by hand.
    for (const p of parcels) {
      let delta = 0;
      if (p.scenario === 'delivered') delta = p.retailKop - p.wholesaleKop - (p.payer === 'Balance' ? p.costKop : 0);
      else if (p.scenario === 'refused' || p.scenario === 'storage_expired') delta = -2 * p.costKop; // forward (whoever paid it first) and return
      expected.set(p.userId, expected.get(p.userId)! + delta);
    }
    const finals = (await t.database.db.execute(sql`SELECT id, status, payment_status, delivery_status FROM orders`)) as unknown as {
      rows: { id: number; status: string; payment_status: string; delivery_status: string }[];
    };
    const byId = new Map(finals.rows.map((r) => [r.id, `${r.status}/${r.payment_status}/${r.delivery_status}`]));
    const want: Record<string, string> = {
      delivered: 'Done/Paid/Received',
      refused: 'Return/NotPaid/ReturnReceived',
      storage_expired: 'Return/NotPaid/ReturnReceived',
      deleted: 'Confirmed/NotPaid/Deleted',
    };
    for (const p of parcels) expect(byId.get(p.orderId), `order ${p.orderId} (${p.scenario}, seed ${seed})`).toBe(want[p.scenario]);
    for (const r of resellers) {
      const b = await tools.balance(r.id);
      expect(b.balanceKop, `reseller ${r.id}, seed ${seed}`).toBe(expected.get(r.id));
      expect(b.ledgerKop).toBe(b.balanceKop);
    }
    const counts = new Map<string, number>();
    for (const p of parcels) counts.set(p.scenario, (counts.get(p.scenario) ?? 0) + 1);
    // Every kind of path was walked.
    expect([...counts.keys()].sort()).toEqual(['deleted', 'delivered', 'refused', 'storage_expired']);
  });
});
