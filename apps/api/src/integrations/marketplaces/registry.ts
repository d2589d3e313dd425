import type { FastifyInstance } from 'fastify';
import type { Marketplace } from '@drop/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MarketplaceClient } from './types.ts';
import { promClient } from './prom/client.ts';
import { promEmulator } from './prom/emulator.ts';
import { rozetkaClient } from './rozetka/client.ts';
import { rozetkaEmulator } from './rozetka/emulator.ts';
import { horoshopClient } from './horoshop/client.ts';
import { horoshopEmulator } from './horoshop/emulator.ts';

export type MarketplaceClients = Record<Marketplace, MarketplaceClient>;

export const EMULATOR_PATHS: Record<Marketplace, string> = {
  prom: '/emulators/prom',
  rozetka: '/emulators/rozetka',
  horoshop: '/emulators/horoshop',
};

/**
 * The client of each marketplace: its real API where a URL is configured (the defaults in
 * production), else the built-in emulator on this server (`local()` is its origin, known once
 * the server listens).
 */
export function marketplaceClients(config: Config, local: () => string): MarketplaceClients {
  const urls = config.marketplaceUrls;
  const useEmulator = (url: string | undefined) => !url && config.marketplaceEmulators;
  return {
    prom: promClient({ baseUrl: () => urls.prom ?? (useEmulator(urls.prom) ? `${local()}${EMULATOR_PATHS.prom}/api/v1` : 'https://my.prom.ua/api/v1') }),
    rozetka: rozetkaClient({
      baseUrl: () => urls.rozetka ?? (useEmulator(urls.rozetka) ? `${local()}${EMULATOR_PATHS.rozetka}` : 'https://api-seller.rozetka.com.ua'),
    }),
    horoshop: horoshopClient({
      baseUrl: (domain: string) =>
        (urls.horoshop ?? (useEmulator(urls.horoshop) ? `${local()}${EMULATOR_PATHS.horoshop}/{domain}/api` : 'https://{domain}/api')).replace(
          '{domain}',
          domain,
        ),
    }),
  };
}

/** Mounts the three emulators (outside production, or with MARKETPLACE_EMULATORS=1). */
export async function registerMarketplaceEmulators(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(promEmulator, { prefix: EMULATOR_PATHS.prom, db });
  await app.register(rozetkaEmulator, { prefix: EMULATOR_PATHS.rozetka, db });
  await app.register(horoshopEmulator, { prefix: EMULATOR_PATHS.horoshop, db });
}
