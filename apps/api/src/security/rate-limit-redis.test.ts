import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { basic } from '../modules/onec/test-kit.ts';

/**
 * The lock-out rules with REDIS_URL set (@fastify/rate-limit's Redis store, as several API
 * processes run): every rule writes its key with the window as its expiry, refused attempts keep
 * it, so no rule can lock anyone out for ever. The app's keys have a prefix of their own (the
 * Redis is shared with other suites). CI sets TEST_REDIS_URL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const WINDOW = 60;
const limits = { ...loadConfig({}).limits, loginPerEmail: 3, loginPerIp: 5, codePerEmail: 3, codePerIp: 5, windowSeconds: WINDOW };
const reg = (email: string) => ({
  name: 'Олена Коваль',
  email,
  phone: '+38 (067) 123-45-67',
  password: 'secret-pass-1',
  password_confirmation: 'secret-pass-1',
});

describe.runIf(!!redisUrl)('rate limits in Redis: every key has an expiry, the lock-outs hold', () => {
  const prefix = `test:${process.pid}:${Date.now()}:app:`;
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await buildTestApp({ redisUrl, limits }, { rateLimitPrefix: prefix });
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await t?.close();
  });

  const post = (url: string, body: unknown, ip: string, opts: { token?: string; method?: 'POST' | 'PUT'; lang?: 'uk' | 'ru' } = {}) =>
    t.app
      .inject({
        method: opts.method ?? 'POST',
        url,
        payload: body as object,
        remoteAddress: ip,
        headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.lang ? { 'x-localization': opts.lang } : {}) },
      })
      .then((r) => ({ status: r.statusCode, headers: r.headers, body: r.body ? JSON.parse(r.body) : null, text: r.body }));
  const checkauth = (auth: string, ip: string) =>
    t.app.inject({ method: 'GET', url: '/1c/exchange?type=catalog&mode=checkauth', headers: { authorization: auth }, remoteAddress: ip });
  const ttlOf = (key: string) => redis.pttl(prefix + key);
  const expectWindow = async (key: string) => {
    const ttl = await ttlOf(key);
    expect(ttl, key).toBeGreaterThan(0);
    expect(ttl, key).toBeLessThanOrEqual(WINDOW * 1000);
  };

  test('each rule writes its key with the window as expiry (registration, codes, login per IP, per e-mail and per device, forgot, old password, 1C)', async () => {
    const ip = '10.61.0.1';
    const email = `rl-redis-${Date.now()}@example.com`;
    const r = await post('/api/v1/auth/register', reg(email), ip);
    expect(r.status).toBe(201);
    expect((await post('/api/v1/auth/confirm', { email, code: '000000', attempt_id: r.body.data.attempt_id }, ip)).status).toBe(422);

    const u = await t.user();
    expect((await post('/api/v1/auth/login', { email: u.email, password: 'wrong-one', device_token: 'rl-unknown' }, ip)).status).toBe(422);
    await t.login(u.email, u.password, 'rl-known'); // from 127.0.0.1; the device is known from now on
    expect((await post('/api/v1/auth/login', { email: u.email, password: 'wrong-one', device_token: 'rl-known' }, ip)).status).toBe(422);
    expect((await post('/api/v1/password/forgot', { email: u.email }, ip)).status).toBe(200);
    const wrongOld = await post(
      '/api/v1/auth/profile',
      { old_password: 'not-it-at-all', password: 'new-password-1', password_confirmation: 'new-password-1' },
      ip,
      { token: u.token, method: 'PUT' },
    );
    expect(wrongOld.status).toBe(422);

    const pair = (await t.request('POST', '/api/v1/admin/onec/credentials', { token: await t.operator() })).body.data as { login: string; secret: string };
    expect((await checkauth(basic(pair.login, 'nope-nope'), ip)).statusCode).toBe(401);
    await expectWindow(`onec:${pair.login}`);
    // A 1C sign-in clears its login's count (the plugin has no reset: the limiter deletes the key).
    expect((await checkauth(basic(pair.login, pair.secret), ip)).statusCode).toBe(200);
    expect(await ttlOf(`onec:${pair.login}`)).toBe(-2);
    expect((await checkauth(basic(pair.login, 'nope-nope'), ip)).statusCode).toBe(401);

    for (const key of [
      `register-ip:${ip}`,
      `code-ip:${ip}`,
      `login-ip:${ip}`,
      `login:${u.email}`,
      `login:${u.email}:dev:rl-known`,
      `forgot-ip:${ip}`,
      `password:${u.id}`,
      `onec-ip:${ip}`,
      `onec:${pair.login}`,
    ])
      await expectWindow(key);
    // And nothing else the app wrote is without one (the test users' own sign-ins included).
    const all = await redis.keys(`${prefix}*`);
    expect(all.length).toBeGreaterThanOrEqual(9);
    for (const key of all) expect(await redis.pttl(key), key).toBeGreaterThan(0);
  });

  test('wrong passwords lock an e-mail out with 429, Retry-After and the message in the user language; the key keeps its window', async () => {
    const u = await t.user();
    // Two sign-ins from devices new then (t.user's and the owner's) are two of the e-mail's shared 3.
    await t.login(u.email, u.password, 'rl-owner');
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 5; i++) {
      const r = await post('/api/v1/auth/login', { email: u.email, password: 'wrong-one', device_token: 'rl-attacker' }, `10.61.1.${i + 1}`, { lang: 'ru' });
      statuses.push(r.status);
      if (r.status === 429) refused ??= r;
    }
    expect(statuses).toEqual([422, 429, 429, 429, 429]);
    expect(refused!.body).toEqual({ code: 'TooManyAttempts', message: 'Слишком много попыток. Попробуйте позже' });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused!.headers['retry-after'])).toBeLessThanOrEqual(WINDOW);
    expect(await redis.get(`${prefix}login:${u.email}`)).toBe('7');
    await expectWindow(`login:${u.email}`);
    // Even the right password waits for the window; the owner's known device has its own allowance.
    expect((await post('/api/v1/auth/login', { email: u.email, password: u.password, device_token: 'rl-attacker' }, '10.61.1.9')).status).toBe(429);
    expect((await post('/api/v1/auth/login', { email: u.email, password: u.password, device_token: 'rl-owner' }, '10.61.1.10')).status).toBe(200);
    await expectWindow(`login:${u.email}:dev:rl-owner`);
    expect((await post('/api/v1/auth/login', { email: u.email, password: 'wrong-one', device_token: 'rl-owner' }, '10.61.1.11')).status).toBe(422);
  });

  test('one address is braked across e-mails and across 1C logins, with Retry-After', async () => {
    const ip = '10.61.2.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/api/v1/auth/login', { email: `nobody${i}@example.com`, password: 'wrong-one' }, ip)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    await expectWindow(`login-ip:${ip}`);

    const onec: number[] = [];
    let last: Awaited<ReturnType<typeof checkauth>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await checkauth(basic(`1c-guess${i}`, 'nope'), '10.61.2.2');
      onec.push(last.statusCode);
    }
    expect(onec).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    await expectWindow('onec-ip:10.61.2.2');
  });
});
