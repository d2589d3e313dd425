import type { ListMeta } from '@drop/shared';

/** The list envelope of SPEC/DESIGN: `{data, meta, pagination}`. */
export interface ListEnvelope<T> {
  data: T[];
  meta?: ListMeta;
  pagination?: { last_page: number };
}

export const lastPageOf = (list: ListEnvelope<unknown> | undefined): number => list?.pagination?.last_page ?? list?.meta?.last_page ?? 1;
