import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';

/** The NP JSON API 2.0 envelope. */
interface NpResponse<T> {
  success: boolean;
  data: T[];
  errors?: string[];
  info?: unknown;
}

export class CarrierError extends Error {}

export interface NovaPoshtaOptions {
  /** Read per call: the emulator's address is known only once the server listens. */
  url: () => string;
  apiKey?: string;
  timeoutMs?: number;
  log: FastifyBaseLogger;
}

export interface NpSettlement {
  Present: string;
  Warehouses: number;
  MainDescription: string;
  Area: string;
  Ref: string;
  DeliveryCity: string;
}
export interface NpWarehouse {
  Description: string;
  ShortAddress: string;
  Number: string;
  Ref: string;
  CategoryOfWarehouse: string;
}
export interface NpStreet {
  Description: string;
  Ref: string;
  StreetsType: string;
}

/** Reference data changes rarely: one hour in memory, concurrent asks share one call. */
const CACHE_TTL_MS = 60 * 60 * 1000;

export function novaPoshtaClient(opts: NovaPoshtaOptions) {
  const cache = new LRUCache<string, NonNullable<unknown>, () => Promise<NonNullable<unknown>>>({
    max: 5000,
    ttl: CACHE_TTL_MS,
    fetchMethod: async (_k, _s, { context }) => context(),
  });

  async function call<T>(modelName: string, calledMethod: string, methodProperties: Record<string, unknown>): Promise<T[]> {
    let res: Response;
    try {
      res = await fetch(opts.url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey: opts.apiKey ?? '', modelName, calledMethod, methodProperties }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
    } catch (err) {
      opts.log.warn({ err, calledMethod }, 'nova poshta unreachable');
      throw new CarrierError(`Nova Poshta ${calledMethod}: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as NpResponse<T> | null;
    if (!res.ok || !body || body.success !== true) {
      opts.log.warn({ status: res.status, errors: body?.errors, calledMethod }, 'nova poshta refused');
      throw new CarrierError(`Nova Poshta ${calledMethod}: ${res.status} ${(body?.errors ?? []).join('; ')}`);
    }
    return body.data;
  }

  const cached = <T>(key: string, fn: () => Promise<T[]>) => cache.fetch(key, { context: fn as () => Promise<NonNullable<unknown>> }) as Promise<T[]>;

  return {
    async searchSettlements(cityName: string, limit: number): Promise<NpSettlement[]> {
      const data = await cached(`s:${limit}:${cityName.toLowerCase()}`, () => call<{ Addresses: NpSettlement[] }>('Address', 'searchSettlements', { CityName: cityName, Limit: limit, Page: 1 }));
      return data[0]?.Addresses ?? [];
    },
    getWarehouses: (cityRef: string, search: string, limit: number) =>
      cached<NpWarehouse>(`w:${limit}:${cityRef}:${search.toLowerCase()}`, () => call<NpWarehouse>('AddressGeneral', 'getWarehouses', { CityRef: cityRef, FindByString: search, Limit: limit, Page: 1 })),
    getStreet: (cityRef: string, search: string, limit: number) =>
      cached<NpStreet>(`st:${limit}:${cityRef}:${search.toLowerCase()}`, () => call<NpStreet>('Address', 'getStreet', { CityRef: cityRef, FindByString: search, Limit: limit, Page: 1 })),
  };
}

export type NovaPoshta = ReturnType<typeof novaPoshtaClient>;
