import type { FastifyInstance } from 'fastify';
import { translate } from '@drop/shared';
import { sendValidation } from './errors.ts';
import { requestLocale } from './locale.ts';

/**
 * Text PostgreSQL cannot take: a NUL character (refused in text, 22021, and in jsonb, 22P05) and a
 * lone UTF-16 surrogate (no UTF-8 form: refused in jsonb, silently replaced in text).
 */
export const isUnstorableText = (s: string) => s.includes('\u0000') || !s.isWellFormed();

const pathOf = (parent: string | null, key: string) => (parent ? `${parent}.${key}` : key);

/** The paths (`a.b.0`) of the strings and keys in a parsed body or query that PostgreSQL cannot take. */
export function unstorablePaths(value: unknown): string[] {
  const found: string[] = [];
  // A path is only spelled out for what is found: most requests have nothing to report.
  const stack: [unknown, string | null, string][] = [[value, null, '']];
  while (stack.length > 0 && found.length < 20) {
    const [v, parent, key] = stack.pop()!;
    if (typeof v === 'string') {
      if (isUnstorableText(v)) found.push(pathOf(parent, key));
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const path = pathOf(parent, key);
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        if (isUnstorableText(k)) found.push(pathOf(path, k));
        else stack.push([(v as Record<string, unknown>)[k], path, k]);
      }
    }
  }
  return found;
}

/**
 * Refuses such text anywhere in a JSON body, the query or the path before validation: 422 with the
 * fields named, in the request's language (not a 500 from the database, whichever column it meets).
 */
const PARTS = ['body', 'query', 'params'] as const;

export function registerInputGuard(app: FastifyInstance) {
  // A callback hook (it runs on every request and waits for nothing): an answer sent here ends the request.
  app.addHook('preValidation', (req, reply, done) => {
    let errors: Record<string, string[]> | null = null;
    for (const part of PARTS) {
      for (const path of unstorablePaths(req[part])) {
        errors ??= Object.create(null) as Record<string, string[]>;
        (errors[path || part] ??= []).push(translate('invalid_value', requestLocale(req)));
      }
    }
    if (errors) sendValidation(reply, requestLocale(req), errors);
    else done();
  });
}
