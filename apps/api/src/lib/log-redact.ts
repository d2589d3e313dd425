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

/**
 * pino serializers of the app's logger: a request is logged as Fastify's default (method, url,
 * host, address) with its URL redacted; headers (Authorization, Cookie) are never logged.
 */
export const logSerializers = {
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
