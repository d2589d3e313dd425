import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './api-client.ts';
import { getToken, setToken } from './auth-token.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the headers and unwraps {data}', async () => {
    setToken('tok');
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => json(200, { data: { balance: 12.5 } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/auth/balance')).resolves.toEqual({ balance: 12.5 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/balance');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['X-Api-Version']).toBe('1.0.0');
    expect(headers['X-Localization']).toBe('uk');
    expect(headers.Accept).toBe('application/json');
  });

  it('throws ApiError with field errors on 422', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(422, { message: 'bad', errors: { email: ['taken'] } })),
    );
    const err = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).errors).toEqual({ email: ['taken'] });
  });

  it('clears the token and calls the 401 handler', async () => {
    setToken('tok');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { message: 'no' })),
    );
    await expect(api.get('/auth/user')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not navigate on 401 when redirectOn401 is false', async () => {
    setToken('tok');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { message: 'no' })),
    );
    await expect(api.post('/auth/login', {}, undefined, { redirectOn401: false })).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });
});
