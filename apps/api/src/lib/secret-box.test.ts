import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { dataDirKey, maskSecret, parseSecretsKey, secretBox } from './secret-box.ts';

describe('secrets at rest (marketplace credentials)', () => {
  const box = secretBox(randomBytes(32));

  test('sealed text opens with its key and context only; a changed byte, another context or key fails', () => {
    const sealed = box.seal('{"token":"abc-123"}', 'marketplace:7:prom');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain('abc-123');
    expect(box.open(sealed, 'marketplace:7:prom')).toBe('{"token":"abc-123"}');
    // A fresh nonce each time: the same secret never seals to the same text.
    expect(box.seal('{"token":"abc-123"}', 'marketplace:7:prom')).not.toBe(sealed);
    expect(() => box.open(sealed, 'marketplace:8:prom')).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed, 'marketplace:7:prom')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'marketplace:7:prom')).toThrow();
    expect(() => box.open('plain', 'marketplace:7:prom')).toThrow();
  });

  test('the key: 64 hex digits or base64 of 32 bytes; else a key file made once in DATA_DIR (0600)', () => {
    expect(parseSecretsKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseSecretsKey(randomBytes(32).toString('base64'))).toHaveLength(32);
    expect(() => parseSecretsKey('short')).toThrow(/32 bytes/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-secrets-'));
    const first = dataDirKey(dir);
    expect(dataDirKey(dir).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });

  test('masked: the last four characters of a long secret, nothing of a short one', () => {
    expect(maskSecret('0123456789abcdef')).toBe('••••cdef');
    expect(maskSecret('short')).toBe('••••');
  });
});
