import { afterEach, describe, expect, it, vi } from 'vitest';
import { callOf, reply, serve, status, stubFetch } from './fetch-stub.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the tests’ fetch stub', () => {
  it('routes each call to the handler, parsed, and records it', async () => {
    const calls = serve((c) => (c.path === '/api/v1/things' ? { data: [1, 2] } : undefined));
    const ok = await fetch('/api/v1/things?page=2', { method: 'POST', body: JSON.stringify({ a: 1 }), headers: { 'Idempotency-Key': 'k1' } });
    expect(ok.status).toBe(200);
    expect(JSON.parse(await ok.text())).toEqual({ data: [1, 2] });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/api/v1/things', method: 'POST', body: { a: 1 }, idempotencyKey: 'k1' });
    expect(calls[0]!.query.get('page')).toBe('2');
  });

  it('answers undefined with a 404, a status reply with its status, a Response as it is', async () => {
    serve((c) => (c.path === '/gone' ? undefined : c.path === '/bad' ? status(422, { message: 'no' }) : new Response('raw', { status: 201 })));
    const gone = await fetch('/gone');
    expect([gone.ok, gone.status]).toEqual([false, 404]);
    const bad = await fetch('/bad');
    expect([bad.ok, bad.status, JSON.parse(await bad.text())]).toEqual([false, 422, { message: 'no' }]);
    const raw = await fetch('/raw');
    expect([raw.status, await raw.text()]).toEqual([201, 'raw']);
  });

  it('keeps a FormData body and a GET without one', () => {
    const form = new FormData();
    form.append('file', 'x');
    expect(callOf('/u', { method: 'POST', body: form }).body).toBe(form);
    expect(callOf('/u').body).toBeUndefined();
    expect(callOf('/u').method).toBe('GET');
  });

  it('stubFetch hands back the mock; reply gives an empty text for no body', async () => {
    const mock = stubFetch(() => reply(undefined, 204));
    const r = await fetch('/x');
    expect(mock).toHaveBeenCalledTimes(1);
    expect([r.ok, r.status, await r.text()]).toEqual([true, 204, '']);
  });
});
