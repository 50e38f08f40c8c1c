import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// TOTP secrets at rest: AES-256-GCM under a key from TOTP_ENCRYPTION_KEY (SHA-256 of it, so any
// string of ≥ 32 characters serves), stored as base64url(iv).base64url(tag).base64url(ciphertext).
// Production refuses to start without the key; development uses DEV_KEY (public, fixed, so a
// development database keeps working across restarts).

const DEV_KEY = 'llk-development-totp-key-not-for-production';

export function totpKeyFrom(configured: string | undefined, nodeEnv: string): Buffer {
  if (!configured && nodeEnv === 'production') {
    throw new Error('TOTP_ENCRYPTION_KEY must be set when NODE_ENV=production (at least 32 characters, the same on every instance)');
  }
  return createHash('sha256')
    .update(configured ?? DEV_KEY)
    .digest();
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

/** The secret, or null when it was not encrypted with this key (or is damaged). */
export function decryptSecret(key: Buffer, stored: string): string | null {
  const [iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
