import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../config.ts';

export const TEST_OPERATOR = { email: 'admin@test.local', password: 'admin-password-1' };

export function testConfig(over: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', OPERATOR_EMAIL: TEST_OPERATOR.email, OPERATOR_PASSWORD: TEST_OPERATOR.password });
  // Every inject comes from 127.0.0.1: per-IP limits are high here; the rate-limit tests lower them.
  return {
    ...base,
    jobPollSeconds: 0.5,
    jobRetryDelaySeconds: 1,
    limits: { ...base.limits, loginPerIp: 10_000, codePerIp: 10_000 },
    secretsKey: randomBytes(32).toString('hex'),
    ...over,
  };
}
