import { STORAGE_KEYS } from '@drop/shared';

/** `product-scroll`: the list URL that was left and its scroll position. */
export interface ScrollMemory {
  url: string;
  scroll: number;
}

export function readScrollMemory(): ScrollMemory | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.productScroll);
    if (!raw) return null;
    const v = JSON.parse(raw) as unknown;
    if (!v || typeof v !== 'object') return null;
    const { url, scroll } = v as Record<string, unknown>;
    return typeof url === 'string' && typeof scroll === 'number' && Number.isFinite(scroll) && scroll >= 0 ? { url, scroll } : null;
  } catch {
    return null;
  }
}

export function writeScrollMemory(m: ScrollMemory): void {
  try {
    localStorage.setItem(STORAGE_KEYS.productScroll, JSON.stringify(m));
  } catch {
    // ignore
  }
}
