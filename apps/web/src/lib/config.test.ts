import { describe, expect, it } from 'vitest';
import { buildConfigLists } from '@drop/shared';
import { CONFIG_STALE_MS, getConfigQueryOptions, selectRecommendedFloor } from './config.ts';

describe("/config: the supplier's price floor (issue 26 p.1)", () => {
  it('reads enforce_recommended_price; off while /config is unknown', () => {
    const lists = buildConfigLists('uk');
    expect(selectRecommendedFloor({ ...lists, enforce_recommended_price: true })).toBe(true);
    expect(selectRecommendedFloor({ ...lists, enforce_recommended_price: false })).toBe(false);
    expect(selectRecommendedFloor(lists)).toBe(false);
    expect(selectRecommendedFloor(undefined)).toBe(false);
  });

  it("goes stale with the browser cache of /config (60 s), so an operator's switch reaches pages mounted after it", () => {
    expect(CONFIG_STALE_MS).toBe(60_000);
    expect(getConfigQueryOptions('uk').staleTime).toBe(CONFIG_STALE_MS);
  });
});
