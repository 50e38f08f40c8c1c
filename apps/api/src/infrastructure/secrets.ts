import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A bearer secret: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token or access key: hex SHA-256 (the input already has 256 bits). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Keyed hash for low-entropy secrets (6-digit codes): useless without the server key. */
export function hmacHex(key: string | Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function equalHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Tokens we issue look like this; anything else is rejected before a database look-up. */
export const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
