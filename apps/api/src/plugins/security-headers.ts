import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet sets for `options`, worked out once. Our options are all static (no CSP
 * directive computed per request, no nonces), so every answer gets the same headers.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * Helmet's security headers on every answer, as reply headers a route may still override
 * (`reply.header('Content-Security-Policy', …)`). @fastify/helmet built a new Helmet middleware
 * (parsing the CSP directives again) on every request, 9 % of the API's CPU on a catalogue list
 * (issue 31's profile), and set the headers on the raw response one by one, which also took Node
 * off its fast path for writing Fastify's own headers. `also`: other static headers of every answer.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>, also: Readonly<Record<string, string>> = {}): void {
  const headers = { ...helmetHeaders(options), ...also };
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
