import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const; // OWASP argon2id minimum

export const hashPassword = (password: string) => hash(password, ARGON);
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Opaque 256-bit token, returned once; only its SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** 6-digit code from a CSPRNG. */
export const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are hashed with a keyed HMAC so a leaked table does not reveal live codes at a glance. */
export const hashCode = (email: string, code: string) => crypto.createHmac('sha256', email).update(code).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

/** Random readable password for the first operator account. */
export const newPassword = () => crypto.randomBytes(12).toString('base64url');
