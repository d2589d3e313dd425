import { z } from 'zod';

/** Envelope helpers of DESIGN.md section 3. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const listMeta = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
export type ListMeta = z.infer<typeof listMeta>;

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta, pagination: z.object({ last_page: z.number() }) });

export const pageQuery = z.object({
  page: z.coerce.number('invalid_type').int('invalid_type').min(1, 'too_small').max(100000, 'too_big').default(1),
  per_page: z.coerce.number('invalid_type').int('invalid_type').min(1, 'too_small').max(100, 'too_big').default(10),
});

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Whether `YYYY-MM-DD` names a real day (PostgreSQL refuses month 13 or 30 February with an error). */
export function isCalendarDate(s: string): boolean {
  const [y = 0, m = 0, d = 0] = s.split('-').map(Number);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!);
}
/** A date filter in a query: `YYYY-MM-DD`, a real day. */
export const isoDateInput = z
  .string('invalid_type')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value')
  .refine(isCalendarDate, 'invalid_value');

export const validationError = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });
export const businessError = z.object({ message: z.string(), code: z.string() });

/** Settings: `GET /settings/{key}` returns the content in the requested language. */
export const settingDto = z.object({ key: z.string(), value: z.unknown(), updated_at: z.string() });

/** Changelog setting value. Keys are dd/mm/yyyy. */
export const changelogValue = z.object({
  version: z.string(),
  entries: z.record(z.string(), z.array(z.object({ title: z.string(), subtitle: z.string() }))),
});
export type ChangelogValue = z.infer<typeof changelogValue>;
export const faqValue = z.array(z.object({ question: z.string(), answer: z.string() }));
export type FaqValue = z.infer<typeof faqValue>;
export const legalValue = z.object({ title: z.string(), updated_at: z.string(), html: z.string() });
export type LegalValue = z.infer<typeof legalValue>;
