import { z } from 'zod';
import { missingForProduction } from '../production-requirements';
import { contentConfig, ZContentEnv, type ContentConfig } from './content';
import { deliveryConfig, ZDeliveryEnv, type DeliveryConfig } from './delivery';
import {
  backOfficeConfig,
  checkJobsClock,
  jobsConfig,
  ZJobsAndBackOfficeEnv,
  type BackOfficeConfig,
  type JobsConfig,
} from './jobs-and-back-office';
import {
  checkInvoiceSeller,
  invoicesConfig,
  ordersConfig,
  ZInvoicesEnv,
  ZOrdersEnv,
  type InvoicesConfig,
  type OrdersConfig,
} from './orders';
import { cardEnabled, checkGateways, paymentsConfig, ZCardsEnv, ZGatewaysEnv, ZPaymentsEnv, type PaymentsConfig } from './payments';
import {
  checkCodeResend,
  checkPasskeys,
  securityConfig,
  webauthnConfig,
  ZPasskeysEnv,
  ZSecurityEnv,
  type SecurityConfig,
  type WebauthnConfig,
} from './security';
import { publicOriginOf, serverConfig, ZServerEnv, type ServerConfig } from './server';

export type { AlipayConfig, PaymentsConfig, StripeConfig, WechatPayConfig } from './payments';
export type { InvoiceSeller, InvoicesConfig } from './orders';
export type { TLogLevel, TTrustProxy } from './server';

// Environment of the API, validated once at start. Every variable has a default that needs
// nothing installed (SQLite under data/, in-process stores), so `npm start` just works. Each
// file of this folder reads one concern's variables and describes them with their defaults:
// server.ts (listening, database, store, logs, caches), security.ts (sessions, codes, secrets,
// passkeys), delivery.ts (email and SMS), content.ts (downloads, sharing), payments.ts,
// orders.ts (orders and invoices), jobs-and-back-office.ts.
//
// NODE_ENV=production also requires CODE_SECRET, DATABASE_URL, PUBLIC_ORIGIN (or WEB_ORIGIN),
// SMTP_URL and the four ALIYUN_SMS_* (production-requirements.ts): a production process that
// would fall back to a development default refuses to start instead.

export interface AppConfig extends ServerConfig, SecurityConfig, DeliveryConfig, ContentConfig {
  payments: PaymentsConfig;
  orders: OrdersConfig;
  /** passkeys: relying party id and name, and the origins whose assertions are accepted (web origin first) */
  webauthn: WebauthnConfig;
  /** DEV_JOBS_CLOCK: jobs may be run by hand as of a moved clock (POST /dev/jobs/run), development only */
  jobs: JobsConfig;
  /** the back office's calls out: page revalidation on the web, release files it hashes */
  backOffice: BackOfficeConfig;
  /** international invoices: the seller (undefined: production without INVOICE_SELLER_*, none issued), numbering */
  invoices: InvoicesConfig;
}

/** Variables whose values may hold credentials: never echoed in error messages. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'WX_APP_SECRET',
  'CODE_SECRET',
  'TOTP_ENCRYPTION_KEY',
  'REDEEM_CODE_PEPPER',
  'REVALIDATE_SECRET',
  'SMTP_URL',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_INTL_ACCESS_KEY_SECRET',
  'ALIPAY_PRIVATE_KEY',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_API_V3_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

// The concerns' variables in one object. Its order is the order in which several bad
// variables are listed, so the pieces keep the order the variables have always had.
const ZEnv = z
  .object({
    ...ZServerEnv.shape,
    ...ZSecurityEnv.shape,
    ...ZDeliveryEnv.shape,
    ...ZContentEnv.shape,
    ...ZPaymentsEnv.shape,
    ...ZOrdersEnv.shape,
    ...ZPasskeysEnv.shape,
    ...ZJobsAndBackOfficeEnv.shape,
    ...ZGatewaysEnv.shape,
    ...ZInvoicesEnv.shape,
    ...ZCardsEnv.shape,
  })
  .superRefine((env, ctx) => {
    checkCodeResend(env, ctx);
    checkJobsClock(env, ctx);
    checkPasskeys(env, publicOriginOf(env), ctx);
    checkInvoiceSeller(env, ctx);
    checkGateways(env, ctx);
  });

export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    heading = 'Invalid environment variables:',
  ) {
    super(`${heading}\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; throws a ConfigError naming every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = ZEnv.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '(environment)');
      const value = env[name];
      const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const e = result.data;
  if (e.NODE_ENV === 'production') {
    const missing = missingForProduction(env, { sandbox: e.PAYMENT_SANDBOX === true, card: cardEnabled(e) });
    if (missing.length > 0) throw new ConfigError(missing, 'NODE_ENV=production is missing:');
  }
  const webOrigin = publicOriginOf(e);
  return {
    ...serverConfig(e, webOrigin),
    ...securityConfig(e),
    ...deliveryConfig(e),
    ...contentConfig(e),
    payments: paymentsConfig(e, webOrigin),
    orders: ordersConfig(e),
    webauthn: webauthnConfig(e, webOrigin),
    jobs: jobsConfig(e),
    invoices: invoicesConfig(e),
    backOffice: backOfficeConfig(e, webOrigin),
  };
}
