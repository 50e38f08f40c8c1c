import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../../paths';
import { blankToUndefined, integer, ZBaseUrl, ZOptionalBaseUrl } from './env';

// Money (apps/api/README.md "Payments" and docs/adr/0008): the sandbox, the addresses gateways
// and browsers reach, reconciliation, and the credentials of Alipay, WeChat Pay and Stripe.
//
//   PAYMENT_SANDBOX     true/false: methods without real credentials use the built-in sandbox
//                       gateway; production never does unless this is set to true
//                                                         (true, false in production)
//   PAYMENT_SANDBOX_I_UNDERSTAND  with NODE_ENV=production, PAYMENT_SANDBOX=true also needs
//                       this set to "anyone-can-pay-for-free" (staging only)   (unset)
//   PAYMENT_PUBLIC_BASE how browsers reach this API (sandbox pages)        (${WEB_ORIGIN}/api)
//   PAYMENT_NOTIFY_BASE gateways post to <base>/pay/notify/alipay|wechat  (PAYMENT_PUBLIC_BASE)
//   PAYMENT_TIMEOUT_MS  a gateway call that takes longer fails with 50400  (10000)
//   PAYMENT_SANDBOX_DIR where the sandbox keeps its generated keys   (data/payment-sandbox)
//   PAYMENT_RECONCILE_AFTER_MINUTES  a payment still unpaid this long is queried at its
//                       gateway (a lost notification is applied then)      (2)
//   PAYMENT_RECONCILE_SECONDS  how often that runs, 0 = never              (60)
//   BILL_RECONCILE_HOUR  Beijing hour from which yesterday's gateway bills are
//                       downloaded and reconciled with the ledger; -1 = never  (10)
//   ALIPAY_GATEWAY      (https://openapi.alipay.com/gateway.do), ALIPAY_APP_ID,
//   ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY, ALIPAY_SELLER_ID: all four set = real Alipay
//   WECHATPAY_BASE_URL  (https://api.mch.weixin.qq.com/), WECHATPAY_MCHID, WECHATPAY_APP_ID,
//   WECHATPAY_PRIVATE_KEY, WECHATPAY_SERIAL, WECHATPAY_API_V3_KEY, WECHATPAY_PLATFORM_PUBLIC_KEY,
//   WECHATPAY_PLATFORM_SERIAL: all seven set = real WeChat Pay. Keys are PEM (\n escapes
//                       allowed), bare base64, or file:/path/to/key.pem
//   PAYMENT_CARD        true/false: offer cards through Stripe Checkout (ADR 0029); in production
//                       true needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or the sandbox)
//                                     (true when the Stripe keys are set, else true outside production)
//   STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: both set = real Stripe (sk_…, whsec_… of the
//                       endpoint <PAYMENT_NOTIFY_BASE>/pay/notify/stripe)
//   STRIPE_API_BASE     where the SDK sends its requests (tests: a local fake) (https://api.stripe.com)

export interface AlipayConfig {
  gateway: string;
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  sellerId: string;
}

export interface WechatPayConfig {
  baseUrl: string;
  mchid: string;
  appId: string;
  privateKey: string;
  serial: string;
  apiV3Key: string;
  platformPublicKey: string;
  platformSerial: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE: the SDK's host, port and protocol come from it */
  apiBase: string;
}

export interface PaymentsConfig {
  /** Use the built-in sandbox for methods without credentials. */
  sandbox: boolean;
  publicBase: string;
  notifyBase: string;
  timeoutMs: number;
  sandboxDir: string;
  /** open payments older than this are queried at their gateway */
  reconcileAfterMs: number;
  /** 0 = no reconciliation job */
  reconcileIntervalMs: number;
  /** Beijing hour from which yesterday's bills are reconciled (the gateways publish them in the morning); -1 = never */
  billReconcileHour: number;
  /** undefined = not configured (sandbox or "payment not configured") */
  alipay: AlipayConfig | undefined;
  wechat: WechatPayConfig | undefined;
  /** PAYMENT_CARD: cards are offered (real Stripe when `stripe` is set, else the sandbox or "not configured") */
  card: boolean;
  stripe: StripeConfig | undefined;
}

const ALIPAY_VARIABLES = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_SELLER_ID'] as const;
const WECHATPAY_VARIABLES = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APP_ID',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_SERIAL',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_PLATFORM_SERIAL',
] as const;
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** The sandbox and the addresses and time limit of gateway calls. */
export const ZPaymentsEnv = z.object({
  PAYMENT_SANDBOX: z.preprocess(blankToUndefined, z.stringbool({ error: 'must be true or false' }).optional()),
  PAYMENT_SANDBOX_I_UNDERSTAND: z.preprocess(blankToUndefined, z.string().optional()),
  PAYMENT_PUBLIC_BASE: ZOptionalBaseUrl,
  PAYMENT_NOTIFY_BASE: ZOptionalBaseUrl,
  PAYMENT_TIMEOUT_MS: integer(100, 120_000, 10_000),
});

/** The sandbox's keys, reconciliation, and the Alipay and WeChat Pay credentials. */
export const ZGatewaysEnv = z.object({
  PAYMENT_SANDBOX_DIR: z.preprocess(blankToUndefined, z.string().default('data/payment-sandbox')),
  PAYMENT_RECONCILE_AFTER_MINUTES: integer(1, 1440, 2),
  PAYMENT_RECONCILE_SECONDS: integer(0, 86_400, 60),
  BILL_RECONCILE_HOUR: integer(-1, 23, 10),
  ALIPAY_GATEWAY: ZBaseUrl('https://openapi.alipay.com/gateway.do'),
  ALIPAY_APP_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIPAY_PRIVATE_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIPAY_PUBLIC_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIPAY_SELLER_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WECHATPAY_BASE_URL: ZBaseUrl('https://api.mch.weixin.qq.com'),
  WECHATPAY_MCHID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WECHATPAY_APP_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WECHATPAY_PRIVATE_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WECHATPAY_SERIAL: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WECHATPAY_API_V3_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => Buffer.byteLength(value) === 32, { error: 'must be exactly 32 bytes' })
      .optional(),
  ),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WECHATPAY_PLATFORM_SERIAL: z.preprocess(blankToUndefined, z.string().trim().optional()),
});

/** Cards through Stripe Checkout. */
export const ZCardsEnv = z.object({
  PAYMENT_CARD: z.preprocess(blankToUndefined, z.stringbool({ error: 'must be true or false' }).optional()),
  STRIPE_SECRET_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(blankToUndefined, z.string().trim().optional()),
  STRIPE_API_BASE: ZBaseUrl('https://api.stripe.com'),
});

type TPaymentsEnv = z.infer<typeof ZPaymentsEnv> & z.infer<typeof ZGatewaysEnv> & z.infer<typeof ZCardsEnv> & { NODE_ENV: string };

/** A half-configured gateway is a mistake, not a reason to fall back to the sandbox. */
export function checkGateways(env: TPaymentsEnv, ctx: z.RefinementCtx): void {
  for (const group of [ALIPAY_VARIABLES, WECHATPAY_VARIABLES, STRIPE_VARIABLES]) {
    const missing = group.filter((name) => env[name] === undefined);
    if (missing.length > 0 && missing.length < group.length) {
      for (const name of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required when ${group.filter((n) => !missing.includes(n)).join(', ')} is set`,
        });
      }
    }
  }
}

/** PAYMENT_CARD, else on when the Stripe keys are set, else on outside production (the sandbox serves it). */
export function cardEnabled(e: z.infer<typeof ZCardsEnv> & { NODE_ENV: string }): boolean {
  return e.PAYMENT_CARD ?? (e.STRIPE_SECRET_KEY !== undefined || e.NODE_ENV !== 'production');
}

export function paymentsConfig(e: TPaymentsEnv, webOrigin: string): PaymentsConfig {
  const publicBase = e.PAYMENT_PUBLIC_BASE ?? `${webOrigin}/api`;
  return {
    sandbox: e.PAYMENT_SANDBOX ?? e.NODE_ENV !== 'production',
    publicBase,
    notifyBase: e.PAYMENT_NOTIFY_BASE ?? publicBase,
    timeoutMs: e.PAYMENT_TIMEOUT_MS,
    sandboxDir: path.resolve(repoRoot, e.PAYMENT_SANDBOX_DIR),
    reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MINUTES * 60_000,
    reconcileIntervalMs: e.PAYMENT_RECONCILE_SECONDS * 1000,
    billReconcileHour: e.BILL_RECONCILE_HOUR,
    alipay:
      e.ALIPAY_APP_ID && e.ALIPAY_PRIVATE_KEY && e.ALIPAY_PUBLIC_KEY && e.ALIPAY_SELLER_ID
        ? {
            gateway: e.ALIPAY_GATEWAY,
            appId: e.ALIPAY_APP_ID,
            privateKey: e.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: e.ALIPAY_PUBLIC_KEY,
            sellerId: e.ALIPAY_SELLER_ID,
          }
        : undefined,
    wechat:
      e.WECHATPAY_MCHID &&
      e.WECHATPAY_APP_ID &&
      e.WECHATPAY_PRIVATE_KEY &&
      e.WECHATPAY_SERIAL &&
      e.WECHATPAY_API_V3_KEY &&
      e.WECHATPAY_PLATFORM_PUBLIC_KEY &&
      e.WECHATPAY_PLATFORM_SERIAL
        ? {
            baseUrl: e.WECHATPAY_BASE_URL,
            mchid: e.WECHATPAY_MCHID,
            appId: e.WECHATPAY_APP_ID,
            privateKey: e.WECHATPAY_PRIVATE_KEY,
            serial: e.WECHATPAY_SERIAL,
            apiV3Key: e.WECHATPAY_API_V3_KEY,
            platformPublicKey: e.WECHATPAY_PLATFORM_PUBLIC_KEY,
            platformSerial: e.WECHATPAY_PLATFORM_SERIAL,
          }
        : undefined,
    card: cardEnabled(e),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
  };
}
