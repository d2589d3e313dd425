import type { QueryClient } from '@tanstack/react-query';
import type { ProductListItemDto, ProductResponse, ProductsResponse } from '@drop/shared';
import { productKeys } from './keys.ts';

/** Writes `patch` into every cached product (lists, details, analogues) that `match` selects. */
export function patchProductCaches(qc: QueryClient, match: (p: ProductListItemDto) => boolean, patch: Partial<ProductListItemDto>): void {
  const apply = <T extends ProductListItemDto>(p: T): T => (match(p) ? { ...p, ...patch } : p);
  qc.setQueriesData<ProductsResponse>({ queryKey: productKeys.lists() }, (old) => (old ? { ...old, data: old.data.map(apply) } : old));
  qc.setQueriesData<ProductResponse>({ queryKey: productKeys.details() }, (old) => (old ? { ...old, data: apply(old.data) } : old));
  qc.setQueriesData<ProductListItemDto[]>({ queryKey: productKeys.analoguesAll() }, (old) => (old ? old.map(apply) : old));
}
