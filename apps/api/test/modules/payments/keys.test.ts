import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyFormatError, parsePrivateKey, parsePublicKey } from '../../../src/modules/payments/keys';

// Merchants paste keys in whatever shape their console gave them.

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = publicKey.export({ type: 'spki', format: 'der' });
const dir = mkdtempSync(path.join(tmpdir(), 'llk-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('payment key parsing', () => {
  const privateShapes: Record<string, string> = {
    'PKCS#8 PEM': privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    'PKCS#1 PEM': privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    'PEM with \\n escapes (one env line)': privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replaceAll('\n', '\\n'),
    'bare base64 PKCS#8 (Java tools)': privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    'bare base64 PKCS#1 (Alipay key tool)': privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
  };
  it.each(Object.entries(privateShapes))('reads a private key as %s', (_shape, text) => {
    expect(
      parsePrivateKey(text, 'X')
        .export({ type: 'pkcs8', format: 'der' })
        .equals(privateKey.export({ type: 'pkcs8', format: 'der' })),
    ).toBe(true);
  });

  it('reads keys from file:', () => {
    const file = path.join(dir, 'apiclient_key.pem');
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(parsePrivateKey(`file:${file}`, 'X').asymmetricKeyType).toBe('rsa');
  });

  it.each([
    ['SPKI PEM', publicKey.export({ type: 'spki', format: 'pem' }).toString()],
    ['PKCS#1 PEM', publicKey.export({ type: 'pkcs1', format: 'pem' }).toString()],
    ['bare base64 SPKI (Alipay console)', spki.toString('base64')],
  ])('reads a public key as %s', (_shape, text) => {
    expect(parsePublicKey(text, 'X').export({ type: 'spki', format: 'der' }).equals(spki)).toBe(true);
  });

  it('names the variable of a key it cannot read, without its value', () => {
    for (const bad of [
      'not a key',
      '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      `file:${path.join(dir, 'missing.pem')}`,
    ]) {
      const error = (() => {
        try {
          parsePrivateKey(bad, 'ALIPAY_PRIVATE_KEY');
          return null;
        } catch (caught) {
          return caught as Error;
        }
      })();
      expect(error).toBeInstanceOf(KeyFormatError);
      expect(error?.message).toContain('ALIPAY_PRIVATE_KEY');
      expect(error?.message).not.toContain(bad);
    }
    expect(() => parsePublicKey('AAAA', 'WECHATPAY_PLATFORM_PUBLIC_KEY')).toThrow(/WECHATPAY_PLATFORM_PUBLIC_KEY/);
  });
});
