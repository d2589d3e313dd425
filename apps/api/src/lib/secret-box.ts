import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (a marketplace's API token, a Horoshop password): AES-256-GCM with a random
 * 96-bit nonce per seal, bound to what it belongs to by the additional data (`context`), so a
 * sealed value copied onto another row does not open there. The text form is
 * `v1:<base64(nonce | tag | ciphertext)>`.
 *
 * The key is SECRETS_KEY (32 bytes, hex or base64) when set, else a key made once in DATA_DIR
 * (`secrets.key`, mode 0600) and read from there afterwards. Every API process of a deployment
 * must use the same key: with several of them, set SECRETS_KEY.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws when the value was not sealed with this key and context (tampered, another row, another key). */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1:';

export function parseSecretsKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY: 32 bytes expected, as 64 hex digits or base64');
  return key;
}

/** The key file in DATA_DIR, made at first use (exclusive create: two processes starting at once agree on one key). */
export function dataDirKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secrets.key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseSecretsKey(fs.readFileSync(file, 'utf8'));
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secretBox: a 32-byte key is required');
  return {
    seal(plain, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed, context) {
      if (!sealed.startsWith(VERSION)) throw new Error('secretBox: unknown format');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
      if (raw.length < 28) throw new Error('secretBox: too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** Shows the end of a secret only: `••••a1b2` (nothing of one shorter than 12 characters). */
export function maskSecret(secret: string): string {
  const s = secret.trim();
  return s.length >= 12 ? `••••${s.slice(-4)}` : '••••';
}
