import type { QueryClient } from '@tanstack/react-query';
import type { ProductDto, ProductResponse, ProductsResponse } from '@drop/shared';
import { productKeys } from './keys.ts';

/** Writes `patch` into every cached product (lists, details, analogues) that `match` selects. */
export function patchProductCaches(qc: QueryClient, match: (p: ProductDto) => boolean, patch: Partial<ProductDto>): void {
  const apply = <T extends ProductDto>(p: T): T => (match(p) ? { ...p, ...patch } : p);
  qc.setQueriesData<ProductsResponse>({ queryKey: productKeys.lists() }, (old) => (old ? { ...old, data: old.data.map(apply) } : old));
  qc.setQueriesData<ProductResponse>({ queryKey: productKeys.details() }, (old) => (old ? { ...old, data: apply(old.data) } : old));
  qc.setQueriesData<ProductDto[]>({ queryKey: productKeys.analoguesAll() }, (old) => (old ? old.map(apply) : old));
}
