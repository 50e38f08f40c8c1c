import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECURITY_FACTS } from '@/features/security/facts';

// The security and privacy page says only what the product does. Its numbers
// are the API's defaults, read here from the API's own sources (as text: the web never imports
// the API), so a change there fails this test until the page says the same.

const api = path.resolve(import.meta.dirname, '../../api/src');
const source = (file: string) => readFileSync(path.join(api, file), 'utf8');

// the validated configuration: one file per concern in composition/config/
const configSource = () =>
  readdirSync(path.join(api, 'composition/config'))
    .map((file) => source(`composition/config/${file}`))
    .join('\n');

function configDefault(name: string): number {
  const match = new RegExp(`\\b${name}: integer\\(\\s*[^,]+,\\s*[^,]+,\\s*(\\d+)\\s*\\)`).exec(configSource());
  if (!match) throw new Error(`${name} not found in composition/config/`);
  return Number(match[1]);
}

describe('the security page’s facts are the API’s', () => {
  it('passwords: argon2id with 19 MiB and 2 passes; the 5th failure on an account locks password log-in', () => {
    const passwords = source('modules/auth/passwords.ts');
    expect(passwords).toMatch(/algorithm: 2 as Algorithm\.Argon2id/);
    expect(Number(/memoryCost: ([\d_]+)/.exec(passwords)![1]!.replace(/_/g, '')) / 1024).toBe(SECURITY_FACTS.argon2MemoryMiB);
    expect(Number(/timeCost: (\d+)/.exec(passwords)![1])).toBe(SECURITY_FACTS.argon2Passes);
    expect(source('modules/auth/login-throttle.ts')).toContain(`From the ${SECURITY_FACTS.loginLockAfter}th failure on an account`);
  });

  it('sessions, codes and unpaid orders last as long as the page says', () => {
    expect(configDefault('SESSION_IDLE_DAYS')).toBe(SECURITY_FACTS.sessionIdleDays);
    expect(configDefault('SESSION_ABSOLUTE_DAYS')).toBe(SECURITY_FACTS.sessionAbsoluteDays);
    expect(configDefault('ORDER_TTL_MINUTES')).toBe(SECURITY_FACTS.orderMinutes);
    expect(source('infrastructure/delivery/constants.ts')).toContain(`CODE_TTL_MINUTES = ${SECURITY_FACTS.codeMinutes};`);
  });

  it('a cancelled account is erased after 15 days by the hourly job, its secrets and passkeys with it', () => {
    expect(SECURITY_FACTS.coolingOffDays).toBe(15);
    const erasure = source('flows/account-erasure.ts');
    expect(erasure).toContain('await deleteSecurityData(trx, userId);');
    expect(erasure).toContain('await deletePasskeysOfUser(trx, userId);');
    expect(source('composition/jobs/registry.ts')).toMatch(/name: 'accounts-erase',\s*everyMs: HOUR_MS/);
  });

  it('the TOTP secrets are encrypted at rest with AES-256-GCM, and card data stays on Stripe’s page', () => {
    expect(source('modules/auth/totp-crypto.ts')).toContain("createCipheriv('aes-256-gcm'");
    expect(source('modules/payments/stripe.provider.ts')).toContain('card data never reaches us');
  });
});
