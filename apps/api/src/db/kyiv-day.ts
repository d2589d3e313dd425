import { sql } from 'drizzle-orm';

/** The business day is the Kyiv day (statistics, date filters of lists). */
export const TZ = sql.raw(`'Europe/Kyiv'`);
/** The first instant of Kyiv day `d` (YYYY-MM-DD). */
export const dayStart = (d: string) => sql`(${d}::date::timestamp AT TIME ZONE ${TZ})`;
/** The first instant after Kyiv day `d`. */
export const dayEnd = (d: string) => sql`((${d}::date + 1)::timestamp AT TIME ZONE ${TZ})`;
