import { isApiError } from './api-client.ts';

/**
 * One `Idempotency-Key` per user intent (the API's plugins/idempotency.ts): the same request sent
 * again while the outcome is unknown (a second click while the first is on its way, a retry after
 * a network error, a 5xx or a 409 "still running") carries the same key, so the server runs it at
 * most once and answers the first result. A definite answer (success, or a 4xx refusal the user can
 * act on) or another body (the user changed the form) starts a new intent with a new key.
 *
 * Calls for the same body while one is in flight share it: a double click sends one request and
 * both callers get its answer.
 */
export interface Intent {
  run<T>(body: unknown, send: (key: string) => Promise<T>): Promise<T>;
}

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The outcome is unknown: the network failed, the server failed, or the first request still runs. */
const outcomeUnknown = (e: unknown) => !isApiError(e) || e.status === 0 || e.status >= 500 || e.status === 409;

export function createIntent(): Intent {
  let current: { body: string; key: string; pending: Promise<unknown> | null } | null = null;
  return {
    run<T>(body: unknown, send: (key: string) => Promise<T>): Promise<T> {
      const text = JSON.stringify(body ?? null);
      if (!current || current.body !== text) current = { body: text, key: newKey(), pending: null };
      const intent = current;
      if (intent.pending) return intent.pending as Promise<T>;
      const pending = send(intent.key).then(
        (value) => {
          if (current === intent) current = null;
          return value;
        },
        (e: unknown) => {
          intent.pending = null;
          if (!outcomeUnknown(e) && current === intent) current = null;
          throw e;
        },
      );
      intent.pending = pending;
      return pending;
    },
  };
}

export const idempotencyHeader = (key: string) => ({ 'Idempotency-Key': key });

/**
 * One submission at a time: a call while one runs joins it (the same promise) instead of starting
 * another, e.g. a form whose submit uploads a file and then posts (a double click uploads once).
 */
export function createSingleFlight() {
  let running: Promise<void> | null = null;
  return {
    run(task: () => Promise<void>): Promise<void> {
      running ??= task().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
