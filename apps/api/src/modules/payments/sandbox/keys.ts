import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The key material of a fake / sandbox gateway pair: both sides of each protocol. Generated
// with node:crypto, never committed: the sandbox keeps it in <PAYMENT_SANDBOX_DIR>/keys.json
// (mode 0600), tests in memory.

export interface SandboxKeys {
  alipay: {
    appId: string;
    sellerId: string;
    appPrivateKey: string;
    appPublicKey: string;
    alipayPrivateKey: string;
    alipayPublicKey: string;
  };
  wechat: {
    mchid: string;
    appId: string;
    merchantPrivateKey: string;
    merchantPublicKey: string;
    merchantSerial: string;
    platformPrivateKey: string;
    platformPublicKey: string;
    platformSerial: string;
    apiV3Key: string;
  };
  /** HMAC key for the confirm-page links, so payment numbers alone cannot be confirmed. */
  pageSecret: string;
}

function rsaPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');

export function generateSandboxKeys(): SandboxKeys {
  const app = rsaPair();
  const alipay = rsaPair();
  const merchant = rsaPair();
  const platform = rsaPair();
  return {
    alipay: {
      appId: `2021${digits(12)}`,
      sellerId: `2088${digits(12)}`,
      appPrivateKey: app.privateKey,
      appPublicKey: app.publicKey,
      alipayPrivateKey: alipay.privateKey,
      alipayPublicKey: alipay.publicKey,
    },
    wechat: {
      mchid: `19${digits(8)}`,
      appId: `wx${randomBytes(8).toString('hex')}`,
      merchantPrivateKey: merchant.privateKey,
      merchantPublicKey: merchant.publicKey,
      merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
      platformPrivateKey: platform.privateKey,
      platformPublicKey: platform.publicKey,
      platformSerial: `PUB_KEY_ID_${digits(20)}`,
      apiV3Key: randomBytes(24).toString('base64url').slice(0, 32),
    },
    pageSecret: randomBytes(32).toString('base64url'),
  };
}

/**
 * Keys from <dir>/keys.json, generated and written there (0600) on first use. Instances starting
 * together on one volume race for it: each writes a file of its own and links it into place, so
 * keys.json appears whole or not at all (a reader never sees it half written), and the one whose
 * link lost reads the winner's.
 */
export function loadOrCreateSandboxKeys(dir: string): SandboxKeys {
  const file = path.join(dir, 'keys.json');
  const read = () => JSON.parse(readFileSync(file, 'utf8')) as SandboxKeys;
  if (existsSync(file)) return read();
  const keys = generateSandboxKeys();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const own = path.join(dir, `keys.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(own, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(own, 0o600);
    linkSync(own, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  } finally {
    rmSync(own, { force: true });
  }
  return keys;
}

let memoryKeys: SandboxKeys | undefined;
/** One set per process (tests build many apps; RSA generation is slow). */
export function processSandboxKeys(): SandboxKeys {
  memoryKeys ??= generateSandboxKeys();
  return memoryKeys;
}

/**
 * The sandbox's Stripe webhook signing secret (whsec_…): derived from the page secret, so a
 * keys.json written before cards existed serves them too.
 */
export function sandboxStripeSecret(keys: SandboxKeys): string {
  return `whsec_${createHmac('sha256', keys.pageSecret).update('stripe-webhook').digest('base64url').slice(0, 32)}`;
}
