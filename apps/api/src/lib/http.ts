import { z } from 'zod';

export const idParam = z.object({ id: z.coerce.number('invalid_type').int('invalid_type').positive('invalid_value').max(2147483647, 'invalid_value') });

/** The list envelope of DESIGN.md section 3. */
export function pageOf<T>(data: T[], total: number, page: number, perPage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return { data, meta: { current_page: page, per_page: perPage, total, last_page: lastPage }, pagination: { last_page: lastPage } };
}
