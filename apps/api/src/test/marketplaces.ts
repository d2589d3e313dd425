import type { AddressInfo } from 'node:net';
import type { Marketplace } from '@drop/shared';
import { buildTestApp, type TestApp } from './app.ts';

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

/** Polls `fn` until it answers something truthy (a job's effect), failing after `ms`. */
export async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
