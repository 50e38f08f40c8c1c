// What NODE_ENV=production needs besides valid values: everything whose development default
// would be unsafe or wrong on a server. A production process missing any of them stops at
// start with the whole list (config/index.ts), rather than running on a random code secret, a
// SQLite file it made up, codes that no one receives, or links to localhost.

/** The value PAYMENT_SANDBOX_I_UNDERSTAND must have before production runs the sandbox. */
const SANDBOX_ACKNOWLEDGEMENT = 'anyone-can-pay-for-free';

const ALIYUN_SMS = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;
const ALIYUN_SMS_INTL = ['ALIYUN_SMS_INTL_SIGN_NAME', 'ALIYUN_SMS_INTL_TEMPLATE_CODE'] as const;
const ALIYUN_SMS_NOTICES = ['ALIYUN_SMS_NOTICE_TEMPLATE_CODE', 'ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE'] as const;

const isSet = (env: NodeJS.ProcessEnv, name: string) => (env[name] ?? '').trim() !== '';

/** One line per missing requirement, naming the variable; empty when production may start. */
export function missingForProduction(env: NodeJS.ProcessEnv, parsed: { sandbox: boolean; card?: boolean }): string[] {
  const missing: string[] = [];
  if (!isSet(env, 'CODE_SECRET')) missing.push('CODE_SECRET: required (at least 32 characters, the same on every instance)');
  if (!isSet(env, 'TOTP_ENCRYPTION_KEY'))
    missing.push(
      'TOTP_ENCRYPTION_KEY: required (at least 32 characters, the same on every instance; encrypts two-step secrets, never change it)',
    );
  if (!isSet(env, 'REDEEM_CODE_PEPPER'))
    missing.push('REDEEM_CODE_PEPPER: required (at least 32 characters, the same on every instance and for codes:create)');
  if (!isSet(env, 'DATABASE_URL')) missing.push('DATABASE_URL: required (postgres://…; the SQLite default is for development)');
  if (!isSet(env, 'PUBLIC_ORIGIN') && !isSet(env, 'WEB_ORIGIN')) {
    missing.push('PUBLIC_ORIGIN: required (the https origin visitors use; links and same-origin checks use it)');
  }
  if (!isSet(env, 'REVALIDATE_SECRET')) {
    missing.push(
      'REVALIDATE_SECRET: required (at least 32 characters, the same in the web; the back office refreshes published pages with it)',
    );
  }
  if (!isSet(env, 'SMTP_URL')) missing.push('SMTP_URL: required (emailed codes; there is no dev outbox in production)');
  for (const name of ALIYUN_SMS) {
    if (!isSet(env, name)) missing.push(`${name}: required (codes by SMS; there is no dev outbox in production)`);
  }
  // numbers outside mainland China: Aliyun's international route (ADR 0027), the key pair shared unless its own
  for (const name of ALIYUN_SMS_INTL) {
    if (!isSet(env, name)) missing.push(`${name}: required (codes by SMS to numbers outside mainland China; Aliyun's international SMS)`);
  }
  // a phone-only account hears of a new device or a password change only by SMS (ADR 0028)
  for (const name of ALIYUN_SMS_NOTICES) {
    if (!isSet(env, name)) missing.push(`${name}: required (security alerts by SMS; the approved notice template, see the API README)`);
  }
  // Cards (ADR 0029) only when switched on: PAYMENT_CARD=true, or the Stripe keys set.
  if (parsed.card && !parsed.sandbox) {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      if (!isSet(env, name))
        missing.push(
          `${name}: required while cards are offered (PAYMENT_CARD=true; set PAYMENT_CARD=false to offer Alipay and WeChat Pay only)`,
        );
    }
  }
  if (parsed.sandbox && env.PAYMENT_SANDBOX_I_UNDERSTAND?.trim() !== SANDBOX_ACKNOWLEDGEMENT) {
    missing.push(
      `PAYMENT_SANDBOX_I_UNDERSTAND: must be "${SANDBOX_ACKNOWLEDGEMENT}" for PAYMENT_SANDBOX=true in production (anyone with a confirm link gets the order without paying; staging only)`,
    );
  }
  return missing;
}
