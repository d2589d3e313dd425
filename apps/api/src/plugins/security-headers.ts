import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. Built once: @fastify/helmet builds a new Helmet
 * middleware (parsing the CSP directives again) on every request, which cost 9 % of the API's
 * CPU on a catalogue list (issue 31's profile). Helmet's middleware sets its headers on the raw
 * response in onRequest, as @fastify/helmet did, so a route's own `reply.header(...)` still wins.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
