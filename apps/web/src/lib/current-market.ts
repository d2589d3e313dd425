import { useEffect, useSyncExternalStore } from 'react';
import { STORAGE_KEYS, type MarketDto } from '@drop/shared';
import { useUser } from './user.ts';
import { useMarkets } from './markets.ts';

/**
 * The store in use (SPEC section 4 "current store"): its id lives in local storage
 * `current_market`; null means the user's markup profile. It travels as `market_id` on product,
 * search and analogue calls (DESIGN.md section 7).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

function read(): number | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.currentMarket);
    if (raw === null) return null;
    const id = Number(raw);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function getStoredMarketId(): number | null {
  return read();
}

export function setStoredMarketId(id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(STORAGE_KEYS.currentMarket);
    else localStorage.setItem(STORAGE_KEYS.currentMarket, String(id));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
  listeners.forEach((l) => l());
}

function subscribe(l: Listener) {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.currentMarket || e.key === null) l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

export interface CurrentMarket {
  /** The selected store's id, null for the markup profile. */
  marketId: number | null;
  /** The user's stores ([] for an unverified user, who never asks for them). */
  markets: MarketDto[];
  verified: boolean;
  setMarketId: (id: number | null) => void;
}

/**
 * The current store. The user comes from the cache (the dashboard loads it before rendering).
 * The stored id is cleared when the user is not verified or the loaded list lacks it.
 */
export function useCurrentMarket(): CurrentMarket {
  const stored = useSyncExternalStore(subscribe, read, () => null);
  const user = useUser(false).data;
  const verified = user?.is_verified === true;
  const list = useMarkets(verified);
  const markets = verified ? (list.data ?? []) : [];
  const loaded = verified && list.isSuccess;
  const missing = stored !== null && loaded && !markets.some((m) => m.id === stored);
  const unverified = stored !== null && user !== undefined && !verified;

  useEffect(() => {
    if (missing || unverified) setStoredMarketId(null);
  }, [missing, unverified]);

  // Before the list arrives the stored id is trusted (no needless refetch without it).
  const marketId = stored !== null && verified && !missing ? stored : null;
  return { marketId, markets, verified, setMarketId: setStoredMarketId };
}

/** The `market_id` for product, search and analogue calls (undefined = the markup profile). */
export function useMarketQueryId(): number | undefined {
  return useCurrentMarket().marketId ?? undefined;
}
