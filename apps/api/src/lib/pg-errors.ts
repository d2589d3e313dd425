/** The PostgreSQL error under a driver or Drizzle error (Drizzle wraps it as `cause`). */
function pgErrorOf(err: unknown): { code?: string; constraint?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code))
      return { code: o.code, constraint: typeof o.constraint === 'string' ? o.constraint : undefined };
    e = o.cause;
  }
  return undefined;
}

/** A unique violation (23505), of the named constraint when given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}
