import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

// Keys arrive from the environment in the shapes merchants get them: PEM (with real newlines
// or "\n" escapes, PKCS#1 or PKCS#8, a certificate for a public key), the bare base64 body
// that Alipay's console shows, or file:/path/to/key.pem.

function resolveText(value: string): string {
  const text = value.startsWith('file:') ? readFileSync(value.slice('file:'.length), 'utf8') : value;
  return text.replace(/\\n/g, '\n').trim();
}

export class KeyFormatError extends Error {
  constructor(readonly variable: string) {
    super(`${variable}: not a usable RSA key (PEM, base64 DER or file:/path)`);
    this.name = 'KeyFormatError';
  }
}

export function parsePrivateKey(value: string, variable: string): KeyObject {
  try {
    const text = resolveText(value);
    if (text.includes('-----BEGIN')) return createPrivateKey(text);
    const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  } catch {
    throw new KeyFormatError(variable);
  }
}

export function parsePublicKey(value: string, variable: string): KeyObject {
  try {
    const text = resolveText(value);
    if (text.includes('-----BEGIN CERTIFICATE')) return new X509Certificate(text).publicKey;
    if (text.includes('-----BEGIN')) return createPublicKey(text);
    const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
    try {
      return createPublicKey({ key: der, format: 'der', type: 'spki' });
    } catch {
      return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  } catch {
    throw new KeyFormatError(variable);
  }
}

export const pkcs8Pem = (key: KeyObject): string => key.export({ type: 'pkcs8', format: 'pem' }).toString();
export const spkiPem = (key: KeyObject): string => key.export({ type: 'spki', format: 'pem' }).toString();
