import type { MessageKey } from '@drop/shared';

/**
 * A business or client error thrown by services. The error plugin turns it into the
 * response of DESIGN.md section 3 in the request's language.
 *  - kind 'field': 422 {message, errors: {[field]: [message]}}
 *  - kind 'business': 400 (or `status`) {message, code}
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly field?: string,
    readonly params: Record<string, string | number> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }

  static field(field: string, key: MessageKey, code = 'ValidationError', params: Record<string, string | number> = {}) {
    return new AppError(422, code, key, field, params);
  }
  static notFound() {
    return new AppError(404, 'NotFound', 'not_found');
  }
  static forbidden() {
    return new AppError(403, 'Forbidden', 'forbidden');
  }
  static unauthenticated() {
    return new AppError(401, 'Unauthenticated', 'unauthenticated');
  }
  static tooMany(retryAfterSeconds: number, key: MessageKey = 'too_many_attempts') {
    return new AppError(429, 'TooManyAttempts', key, undefined, {}, Math.max(1, Math.ceil(retryAfterSeconds)));
  }
  static business(code: string, key: MessageKey, status = 400) {
    return new AppError(status, code, key);
  }
}
