import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (the SPA's `/login?token=`, codes, passwords, sessions). */
const SECRET_PARAMS = /^(token|access_token|auth|code|password|password_confirmation|old_password|sessid|secret|signature|key|api_key|apikey)$/i;

/**
 * A request URL as it may appear in logs: secret query values and the feed token in
 * `/feeds/{token}.xml` (the only secret of a published feed) are replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const path = rawPath.replace(/^\/feeds\/[^/]+$/i, '/feeds/[redacted]');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* keep it as it came */
      }
      return SECRET_PARAMS.test(name.replace(/\[\]$/, '')) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Paths pino replaces with `[Redacted]`: credentials in any headers object a plugin logs (at trace
 * @fastify/multipart logs `busboyOptions.headers`, the bearer token included).
 */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
];

/** Keys of an error (or its cause) that carry a query's values or a row: never logged. */
const SECRET_ERROR_KEYS = new Set([
  'params',
  'parameters',
  'values',
  'detail',
  'queryOptions',
  'payload',
  'body',
  'passwordHash',
  'password_hash',
  'codeHash',
  'tokenHash',
]);

/**
 * An error message or stack as it may appear in logs: Drizzle puts a failed query's parameters in
 * its message (`Failed query: ...\nparams: a,b,c`), which may hold a password hash, a code hash,
 * a token hash or a registration payload; those lines are cut, and any argon2 hash left is replaced.
 */
export function redactErrorText(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]').replace(/\$argon2[a-z]*\$[^\s,"']*/g, '[redacted]');
}

/**
 * An error for the log: type, message, stack, code, constraint and the same for its causes, with
 * query parameters, row details and hashes removed (errors included: nothing secret is logged).
 */
export function redactError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null)) return typeof err === 'string' ? redactErrorText(err) : err;
  if (depth > 4) return '[cause chain cut]';
  const e = err as Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };
  const out: Record<string, unknown> = { type: (err as object).constructor?.name ?? 'Object' };
  if (typeof e.message === 'string') out.message = redactErrorText(e.message);
  if (typeof e.stack === 'string') out.stack = redactErrorText(e.stack);
  for (const [k, v] of Object.entries(e)) {
    if (k === 'message' || k === 'stack' || k === 'cause' || SECRET_ERROR_KEYS.has(k)) continue;
    if (typeof v === 'string') out[k] = redactErrorText(v);
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null) out[k] = v;
    else if (Array.isArray(v) && k === 'issues')
      out[k] = v.map((i: { path?: unknown; code?: unknown; message?: unknown }) => ({ path: i?.path, code: i?.code, message: i?.message }));
  }
  if (e.cause !== undefined) out.cause = redactError(e.cause, depth + 1);
  return out;
}

/**
 * pino serializers of the app's logger: a request is logged as Fastify's default (method, url,
 * host, address) with its URL redacted; headers (Authorization, Cookie) are never logged; an
 * error (`err`) without its query parameters, row details or hashes (redactError).
 */
export const logSerializers = {
  err: (err: Error) => {
    const r = redactError(err) as Record<string, unknown>;
    return { ...r, type: String(r.type ?? 'Error'), message: String(r.message ?? ''), stack: String(r.stack ?? '') };
  },
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
