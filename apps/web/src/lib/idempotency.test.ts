import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createIntent, createSingleFlight } from './idempotency.ts';

describe('one Idempotency-Key per intent', () => {
  it('keeps the key while the outcome is unknown, and starts a new one after an answer or another body', async () => {
    const intent = createIntent();
    const keys: string[] = [];
    const send = (outcome: 'ok' | number) => (key: string) => {
      keys.push(key);
      return outcome === 'ok' ? Promise.resolve(key) : Promise.reject(new ApiError(outcome, 'x', outcome === 0 ? 'NetworkError' : 'E'));
    };
    const body = { amount: 10 };
    for (const unknown of [0, 500, 503, 409]) await intent.run(body, send(unknown)).catch(() => undefined);
    expect(new Set(keys).size).toBe(1);
    await intent.run({ ...body }, send('ok'));
    expect(keys[4]).toBe(keys[0]);
    // A success ends the intent: the same form sent again is a new request.
    await intent.run(body, send(422)).catch(() => undefined);
    expect(keys[5]).not.toBe(keys[0]);
    // A definite refusal ends it too (the user may fix the cause and try again).
    await intent.run(body, send('ok'));
    expect(keys[6]).not.toBe(keys[5]);
    // Another body is another intent.
    await intent.run(body, send(0)).catch(() => undefined);
    await intent.run({ amount: 11 }, send('ok'));
    expect(keys[8]).not.toBe(keys[7]);
  });

  it('a second call while the first is on its way joins it: one request', async () => {
    const intent = createIntent();
    let sent = 0;
    let release!: (v: string) => void;
    const send = () => {
      sent++;
      return new Promise<string>((r) => (release = r));
    };
    const a = intent.run({ id: 1 }, send);
    const b = intent.run({ id: 1 }, send);
    release('done');
    expect(await Promise.all([a, b])).toEqual(['done', 'done']);
    expect(sent).toBe(1);

    const flight = createSingleFlight();
    let runs = 0;
    let finish!: () => void;
    const task = () => {
      runs++;
      return new Promise<void>((r) => (finish = r));
    };
    const x = flight.run(task);
    const y = flight.run(task);
    finish();
    await Promise.all([x, y]);
    expect(runs).toBe(1);
    await flight.run(() => Promise.resolve());
  });
});
