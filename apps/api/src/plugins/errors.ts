import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isMessageKey, translate, type Locale, type MessageKey } from '@drop/shared';
import { AppError } from '../lib/errors.ts';
import { isUniqueViolation } from '../lib/pg-errors.ts';
import { isDatabaseUnavailable } from '../db/client.ts';
import { requestLocale } from './locale.ts';

interface ZodLikeIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
}

/** Turns a zod issue into (field, message) in the request's language. */
function issueMessage(issue: ZodLikeIssue, locale: Locale): string {
  if (isMessageKey(issue.message)) {
    const params = { min: String(issue.minimum ?? ''), max: String(issue.maximum ?? '') };
    return translate(issue.message as MessageKey, locale, params);
  }
  switch (issue.code) {
    case 'invalid_type':
      return translate('invalid_type', locale);
    case 'too_small':
      return issue.origin === 'string'
        ? translate('too_short', locale, { min: String(issue.minimum) })
        : translate('too_small', locale, { min: String(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? translate('too_long', locale, { max: String(issue.maximum) })
        : translate('too_big', locale, { max: String(issue.maximum) });
    default:
      return translate('invalid_value', locale);
  }
}

export function zodIssuesToErrors(issues: ZodLikeIssue[], locale: Locale, prefix?: string): Record<string, string[]> {
  // No prototype: a field named `constructor` or `__proto__` (an unknown key) is a field like any other.
  const errors: Record<string, string[]> = Object.create(null);
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const k of issue.keys) add(base ? `${base}.${k}` : k, translate('unknown_field', locale));
      continue;
    }
    add(base || prefix || 'body', issueMessage(issue, locale));
  }
  return errors;
}

const firstMessage = (errors: Record<string, string[]>, locale: Locale) => {
  const first = Object.values(errors)[0]?.[0];
  const count = Object.keys(errors).length;
  if (!first) return translate('data_incorrect', locale);
  return count > 1 ? `${first} (+${count - 1})` : first;
};

export function sendValidation(reply: FastifyReply, locale: Locale, errors: Record<string, string[]>, code?: string) {
  return reply.code(422).send({ message: firstMessage(errors, locale), errors, ...(code ? { code } : {}) });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(req);
    if (err instanceof AppError) {
      const message = translate(err.messageKey, locale, err.params);
      if (err.retryAfterSeconds) reply.header('Retry-After', String(err.retryAfterSeconds));
      if (err.status === 422 && err.field) {
        return reply.code(422).send({ message, errors: { [err.field]: [message] }, code: err.code });
      }
      return reply.code(err.status).send({ message, code: err.code });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A malformed id in the path names nothing: the same answer as an id that is not yours.
      if (err.validationContext === 'params') return reply.code(404).send({ message: translate('not_found', locale), code: 'NotFound' });
      const issues = err.validation.map(
        (v) =>
          ({
            ...(v.params as object),
            code: v.keyword,
            message: v.message ?? '',
            path: v.instancePath.split('/').filter(Boolean),
          }) as ZodLikeIssue,
      );
      return sendValidation(reply, locale, zodIssuesToErrors(issues, locale, err.validationContext));
    }
    // Two requests created the same account at once (a race past the service's own check).
    if (isUniqueViolation(err, 'users_email_uq')) {
      const message = translate('email_taken', locale);
      return reply.code(422).send({ message, errors: { email: [message] }, code: 'EmailTaken' });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: translate('server_error', locale), code: 'ServerError' });
    }
    if (isDatabaseUnavailable(err)) {
      // The database is restarting or unreachable: nothing is wrong with the request, try again shortly.
      const cause = (err.cause ?? err) as { message?: string; code?: string };
      req.log.warn({ err: { message: cause.message, code: cause.code } }, 'database unavailable');
      reply.header('Retry-After', '5');
      return reply.code(503).send({ message: translate('service_unavailable', locale), code: 'ServiceUnavailable' });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ message: translate('payload_too_large', locale), code: 'PayloadTooLarge' });
    }
    if (status === 429) {
      return reply.code(429).send({ message: translate('too_many_attempts', locale), code: 'TooManyAttempts' });
    }
    if (status >= 400 && status < 500) {
      const code =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'InvalidJson'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'UnsupportedMediaType'
            : 'BadRequest';
      return reply.code(status).send({ message: translate('bad_request', locale), code });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: translate('server_error', locale), code: 'ServerError' });
  });
}
