import { vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Marketplace } from '@drop/shared';
import { buildTestApp, type TestApp } from './app.ts';
import type { EmuOrderInput } from '../integrations/marketplaces/emulator-kit.ts';

/**
 * Marketplace tests (issue 33): the portal listening on a port (its clients reach the built-in
 * emulators over HTTP, as the real APIs), an admin's token for the emulators' control endpoints,
 * and waiting for what a job does after the request that queued it.
 */
export async function marketplaceTestApp(over: Parameters<typeof buildTestApp>[0] = {}): Promise<{ t: TestApp; admin: string; origin: string }> {
  const t = await buildTestApp(over);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { t, admin: await t.operator(), origin };
}

/** Nova Poshta refs a marketplace sends (a Kyiv branch); the clients pass them on as they are. */
export const MP_CITY_REF = 'db5c88f0-391c-11dd-90d9-001a92567626';
export const MP_BRANCH_REF = '1ec09d88-e1c2-11e3-8c4a-0050568002cf';

/** A buyer's order of two lines to a Nova Poshta branch, cash on delivery. */
export const buyerOrder = (over: Partial<EmuOrderInput> = {}): EmuOrderInput => ({
  lines: [
    { offer_id: 'B2B-1001', name: 'Чохол для телефону', price: 640, qty: 2, sku: 'ART-1' },
    { offer_id: 'B2B-2002', name: 'Захисне скло', price: 199.5, qty: 1 },
  ],
  client: { last_name: 'Шевченко', first_name: 'Тарас', middle_name: 'Григорович', phone: '+380501234567' },
  delivery: { city_ref: MP_CITY_REF, city_name: 'Київ', warehouse_ref: MP_BRANCH_REF, branch_number: '12' },
  payment: 'cod',
  comment: 'Передзвоніть, будь ласка',
  ...over,
});

/** An emulator's control endpoints (`/emulators/<marketplace>/_control/...`) with an admin's token. */
export function emulatorControl(t: TestApp, admin: () => string, marketplace: Marketplace) {
  const control = (method: string, path: string, body?: unknown) => t.request(method, `/emulators/${marketplace}/_control${path}`, { token: admin(), body });
  return {
    control,
    /** A new seller and its credentials. */
    async seller<C extends Record<string, string>>(account?: string): Promise<{ account: string; credentials: C }> {
      const r = await control('POST', '/accounts', account ? { account } : {});
      if (r.status !== 200) throw new Error(`control/accounts: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
    /** A buyer's order (buyerOrder with `over`); answers its id. */
    async newOrder(account: string, over: Partial<EmuOrderInput> = {}): Promise<number> {
      const r = await control('POST', '/orders', { account, order: buyerOrder(over) });
      if (r.status !== 200) throw new Error(`control/orders: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.id as number;
    },
    /** The order with the calls made on it. */
    async order(account: string, id: number | string): Promise<{ id: number; order: Record<string, any>; log: Record<string, any>[] }> {
      const r = await control('GET', `/orders/${id}?account=${encodeURIComponent(account)}`);
      if (r.status !== 200) throw new Error(`control/orders/${id}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
    /** The next `count` writes of this seller fail so. */
    arm: (account: string, kind: 'refuse' | 'unavailable' | 'rate_limit', count = 1) => control('POST', '/faults', { account, kind, count }),
  };
}

/** Polls `fn` (vitest's `vi.waitFor`) until it answers something truthy (a job's effect), failing after `ms`. */
export function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (!v) throw new Error(`timed out waiting for ${what}`);
      return v;
    },
    { timeout: ms, interval: 150 },
  );
}
