import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';

const NP = 'https://api.novaposhta.ua/v2.0/json/';

describe('Nova Poshta configuration (issue 25, point 10)', () => {
  test.each(['development', 'test', 'production'] as const)('NP_API_URL without NP_API_KEY refuses to start with NODE_ENV=%s, naming the key', (env) => {
    expect(() => loadConfig({ NODE_ENV: env, NP_API_URL: NP })).toThrow(/NP_API_KEY: required when NP_API_URL is set/);
    // compose.yaml passes empty variables: an empty key is no key.
    expect(() => loadConfig({ NODE_ENV: env, NP_API_URL: NP, NP_API_KEY: '' })).toThrow(/NP_API_KEY: required when NP_API_URL is set/);
    // Even where the emulator could be mounted instead.
    expect(() => loadConfig({ NODE_ENV: env, NP_API_URL: NP, NP_EMULATOR: '1' })).toThrow(/NP_API_KEY/);
  });

  test('with its key it starts against the carrier; without the URL the emulator stays the default outside production', () => {
    const c = loadConfig({ NODE_ENV: 'development', NP_API_URL: NP, NP_API_KEY: 'key' });
    expect(c).toMatchObject({ npApiUrl: NP, npApiKey: 'key', npEmulator: false });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ npApiUrl: undefined, npEmulator: true });
    expect(loadConfig({ NODE_ENV: 'test', NP_API_KEY: 'key' })).toMatchObject({ npEmulator: true });
  });

  test('production without the carrier refuses to start naming what is missing, unless the emulator is asked for', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NP_API_URL and NP_API_KEY: required with NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', NP_EMULATOR: '1' })).toMatchObject({ env: 'production', npEmulator: true });
    expect(loadConfig({ NODE_ENV: 'production', NP_API_URL: NP, NP_API_KEY: 'key' })).toMatchObject({
      npEmulator: false,
      npPrintUrl: 'https://my.novaposhta.ua',
    });
  });
});

describe("the configuration is the schema's output", () => {
  test("derived settings and the caller's directory", () => {
    const c = loadConfig({ INIT_CWD: '/srv/drop', DATA_DIR: 'data', SESSION_IDLE_DAYS: '1', SMTP_TIMEOUT_SECONDS: '2.5', OPERATOR_EMAIL: 'Ops@Example.com' });
    expect(c).toMatchObject({
      dataDir: '/srv/drop/data',
      session: { idleMs: 86_400_000 },
      smtpTimeoutMs: 2500,
      operatorEmail: 'ops@example.com',
      publicUrl: 'http://localhost:3000',
    });
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('marketplace configuration (issue 33)', () => {
  test('the emulators outside production, none in production unless asked for; SECRETS_KEY checked at boot', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ marketplaceEmulators: true, marketplaceUrls: { prom: undefined } });
    expect(loadConfig({ NODE_ENV: 'production', NP_EMULATOR: '1' })).toMatchObject({ marketplaceEmulators: false });
    expect(loadConfig({ NODE_ENV: 'production', NP_EMULATOR: '1', MARKETPLACE_EMULATORS: '1' })).toMatchObject({ marketplaceEmulators: true });
    expect(() => loadConfig({ NODE_ENV: 'test', SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY: 32 bytes/);
    expect(loadConfig({ NODE_ENV: 'test', SECRETS_KEY: 'ab'.repeat(32) }).secretsKey).toBe('ab'.repeat(32));
    expect(() => loadConfig({ NODE_ENV: 'test', HOROSHOP_API_URL: 'https://example.com/api' })).toThrow(/HOROSHOP_API_URL: an http\(s\) URL with \{domain\}/);
  });
});
