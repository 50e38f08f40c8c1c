import path from 'node:path';
import { z } from 'zod';
import { parseDatabaseUrl, type TDatabaseTarget } from './db/database-url';
import { optionalText, ZCountryLimits, ZRegionList, ZTemplateCodes, type TAliyunSmsIntl, type TSmsLimits } from './lib/delivery/sms-settings';
import { defaultSqliteFile, repoRoot } from './paths';
import { missingForProduction } from './production-requirements';

// Environment of the API, validated once at start. Every variable has a default that needs
// nothing installed (SQLite under data/, in-process stores), so `npm start` just works.
//
//   NODE_ENV            development | production | test                    (development)
//   API_PORT            port to listen on, 0 = any free port                 (4000)
//   API_HOST            interface(s) to bind, comma-separated; "localhost" = 127.0.0.1 and ::1
//                       (loopback only: other machines need an explicit address) (localhost)
//   DATABASE_URL        postgres://… or a SQLite file: sqlite:/abs, file:/abs, a plain path;
//                       relative paths are from the repository root          (data/llk.sqlite)
//   REDIS_URL           redis://… for codes, rate limits and caches shared by instances;
//                       unset = in-process store                             (unset)
//   REDIS_COMMAND_TIMEOUT_MS  a Redis command unanswered this long fails and opens the
//                       store's breaker (docs/adr/0025)                      (1000)
//   REDIS_PROBE_MS      how often an open breaker asks Redis whether it is back (1000)
//   PostgreSQL's limits on every pooled connection, in ms, 0 = none (docs/adr/0026):
//   DB_STATEMENT_TIMEOUT_MS  a statement running longer is cancelled: 503  (5000)
//   DB_LOCK_TIMEOUT_MS  a wait for a lock longer than this gives up: 503      (2000)
//   DB_IDLE_IN_TRANSACTION_TIMEOUT_MS  a transaction left idle this long ends its
//                       session (its work rolled back)                       (10000)
//   DB_POOL_WAIT_MS     a query waits this long for a pooled connection: 503 (5000)
//   DB_JOB_STATEMENT_TIMEOUT_MS, DB_JOB_LOCK_TIMEOUT_MS, DB_JOB_IDLE_IN_TRANSACTION_TIMEOUT_MS
//                       the same limits for the background jobs' own small pool, sized to a
//                       batch of a sweep rather than to a request (docs/adr/0023) (60000, 15000, 60000)
//   SHUTDOWN_DRAIN_MS   on SIGTERM, how long requests still arriving on kept-alive
//                       connections are answered (with Connection: close) once the
//                       listener has closed, before idle connections are closed  (2000)
//   LOG_LEVEL           fatal | error | warn | info | debug | trace | silent (info)
//   TRUST_PROXY         true/false, a hop count, or a comma list of proxy IPs/CIDRs whose
//                       X-Forwarded-* headers are believed                   (false)
//   AUTO_MIGRATE        migrate and seed the database on start               (true)
//   PUBLIC_ORIGIN       the origin visitors reach the web on; every link the API prints
//                       (payment codes, sandbox pages, referral links, the command line's
//                       staff set-up link) starts with it; unset = the web on this machine
//                       at PORT, as `npm start` and next.config.ts take it
//                                                                            (http://localhost:$PORT)
//   PORT                the web's port (not the API's), read only for that default (3000)
//   WEB_ORIGIN          older name of PUBLIC_ORIGIN, wins when both are set
//   BODY_LIMIT          largest accepted request body in bytes               (1048576)
//   CONTENT_CACHE_SECONDS  how long an instance keeps a public content answer (news, notices,
//                       downloads, prices, search) in memory; a back-office change ends it
//                       at once on every instance; 0 = off, at most the answers' max-age (60)
//   MEMO_SECONDS        how long an instance keeps the sessions and accounts it read in memory
//                       (lib/memo.ts); a change through the API ends them at once on every
//                       instance, this bounds a change made outside it; 0 = off, at most 10  (2)
//   HOT_SEARCH_MIN_VISITORS  distinct visitors of the last 30 days a searched term needs before
//                       the public hot list shows it; staff's pinned terms always show (3)
//   SESSION_IDLE_DAYS   a session ends after this many days unused            (30)
//   SESSION_ABSOLUTE_DAYS  …and this many days after log-in in any case      (180)
//   CODE_SECRET         HMAC key for stored verification codes, ≥ 32 characters, the same on
//                       every instance (random per process outside production)  (random)
//   TOTP_ENCRYPTION_KEY key that encrypts two-step (TOTP) secrets, ≥ 32 characters, the same
//                       on every instance and never changed; required in production
//                                                  (a fixed, public development key)
//   CODE_IP_HOURLY_LIMIT, CODE_IP_DAILY_LIMIT  codes one client IP may request (20, 50)
//   REDEEM_CODE_PEPPER  HMAC key under which redemption codes are stored, ≥ 32 characters, the
//                       same on every instance and for `npm run codes:create`; changing it voids
//                       every unredeemed code (a fixed development value outside production)
//   ADMIN_SUPPORT_REFUND_LIMIT_FEN  the largest refund a SUPPORT staff member may make, in fen
//                       (ADR 0019; OWNER and FINANCE have no limit)              (30000)
//   REDEEM_ACCOUNT_HOURLY_LIMIT, REDEEM_IP_HOURLY_LIMIT  wrong codes per account / per client IP
//                       in an hour before /redeem refuses                    (10, 30)
//   CODE_RESEND_SECONDS wait before the same phone/address gets another code; for tests only
//                       (the end-to-end journeys), refused with NODE_ENV=production (60)
//   SMTP_URL            smtp(s)://user:pass@host:port for emailed codes; unset = dev outbox
//                       outside production                                   (unset)
//   SMTP_FROM           sender of those emails          (LLK Remote <no-reply@localhost>)
//   ALIYUN_SMS_ENDPOINT Dysmsapi endpoint                 (https://dysmsapi.aliyuncs.com)
//   ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME,
//   ALIYUN_SMS_TEMPLATE_CODE  all four set = codes by Aliyun SMS; else dev outbox outside
//                       production                                           (unset)
//   ALIYUN_SMS_INTL_ENDPOINT  Aliyun's international SMS, for numbers outside mainland China
//                       (ADR 0027)                (https://dysmsapi.ap-southeast-1.aliyuncs.com)
//   ALIYUN_SMS_INTL_SIGN_NAME, ALIYUN_SMS_INTL_TEMPLATE_CODE  its sign and code template; with
//                       the mainland key pair (or ALIYUN_SMS_INTL_ACCESS_KEY_ID / _SECRET), set =
//                       international codes by Aliyun; else dev outbox outside production (unset)
//   ALIYUN_SMS_INTL_TEMPLATE_CODES  a template per language, "en:SMS_1,es:SMS_2,…"; others use
//                       ALIYUN_SMS_INTL_TEMPLATE_CODE                                  (unset)
//   ALIYUN_SMS_NOTICE_TEMPLATE_CODE, ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE  the templates of
//                       security alerts and account notices by SMS (parameters event, time;
//                       wording in the API README); required in production; elsewhere
//                       unset = notices by email only                                   (unset)
//   ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODES  a notice template per language, "es:SMS_3,…"; the
//                       others get ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE in English       (unset)
//   SMS_BLOCKED_COUNTRIES  ISO regions no SMS code goes to (SMS pumping), "NG,PK"      (none)
//   SMS_COUNTRY_HOURLY_LIMIT, SMS_COUNTRY_DAILY_LIMIT  codes per hour / day to the numbers of
//                       one country outside mainland China                         (100, 500)
//   SMS_COUNTRY_LIMITS  per-country overrides, "NG=5/20,CN=2000/20000"; mainland China has no
//                       per-country limit unless named here                           (unset)
//   DOWNLOAD_BASE_URL   where client packages are served from; release file paths are
//                       appended to it                 (https://download.example.com/llk)
//   WX_API_BASE         messaging platform API for the share signature (https://api.weixin.qq.com)
//   WX_APP_ID, WX_APP_SECRET  official-account credentials; unset = sharing answers 30001
//   WX_SHARE_ORIGINS    comma list of extra origins whose pages may be signed, besides
//                       WEB_ORIGIN                                           (empty)
//   WEBAUTHN_RP_ID      passkeys' relying party id: the web origin's host or a parent domain of
//                       it (www.llk.example → llk.example); must match PUBLIC_ORIGIN or the
//                       process does not start; an origin on an IP address (browsers refuse
//                       those) uses localhost      (the host of PUBLIC_ORIGIN, localhost for an IP)
//   WEBAUTHN_RP_NAME    the name authenticators show next to a passkey        (LLK Remote)
//   WEBAUTHN_ORIGINS    comma list of more origins passkeys may be used from (other subdomains
//                       under the RP id), besides PUBLIC_ORIGIN                         (empty)
//   Orders (see apps/api/README.md "Orders"):
//   ORDER_TTL_MINUTES   an unpaid order expires after this many minutes      (30)
//   ORDER_QR_CODE_TTL_MINUTES  a desktop-app payment code is valid this long (10)
//   ORDER_COMPLETE_AFTER_DAYS  a fulfilled order becomes COMPLETED after this (7)
//   ORDER_SWEEP_SECONDS how often expiry/completion/refund sweeps run, 0 = never (60)
//   DEV_JOBS_CLOCK      true = POST /dev/jobs/run runs a background job as of a moved clock
//                       (the end-to-end journeys erase a cancelled account 15 days on); with
//                       NODE_ENV=development only, answered to a client on this machine only,
//                       and production refuses to start with it                   (false)
//   JOBS_SCHEMA         PostgreSQL schema of the job runner's (pg-boss) tables, in the same
//                       database; SQLite runs jobs in-process                (pgboss)
//   Back office (docs/adr/0019-back-office.md):
//   REVALIDATE_SECRET   shared with the web (same variable there): the API's POST /api/revalidate
//                       after a publish carries it as a bearer token, ≥ 32 characters; unset =
//                       pages refresh on their own timer; required in production  (unset)
//   REVALIDATE_URL      where that call goes; a comma list reaches every web instance (each
//                       keeps its own page cache)                  (${PUBLIC_ORIGIN}/api/revalidate)
//   RELEASE_FETCH_MAX_BYTES  largest release file the API hashes (URL or upload) (2147483648)
//   RELEASE_FETCH_TIMEOUT_MS fetching a release file for its SHA-256 gives up after (300000)
//   RELEASE_FETCH_PRIVATE_HOSTS  comma list of host names the release fetch may reach on a
//                       private or loopback address (an internal artefact server); every other
//                       host must resolve to public addresses only               (none)
//   Payments (see apps/api/README.md "Payments" and docs/adr/0008):
//   PAYMENT_SANDBOX     true/false: methods without real credentials use the built-in sandbox
//                       gateway; production never does unless this is set to true
//                                                         (true, false in production)
//   PAYMENT_SANDBOX_I_UNDERSTAND  with NODE_ENV=production, PAYMENT_SANDBOX=true also needs
//                       this set to "anyone-can-pay-for-free" (staging only)   (unset)
//
// NODE_ENV=production also requires CODE_SECRET, DATABASE_URL, PUBLIC_ORIGIN (or WEB_ORIGIN),
// SMTP_URL and the four ALIYUN_SMS_* (production-requirements.ts): a production process that
// would fall back to a development default refuses to start instead.
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
//   International invoices (docs/adr/0030-international-invoices.md): the seller printed on them
//   INVOICE_SELLER_NAME, INVOICE_SELLER_ADDRESS (\n for a new line), INVOICE_SELLER_TAX_ID: all
//                       three or none; none = a clearly marked sample seller outside production,
//                       and production then refuses international invoices (20210) (unset)
//   INVOICE_SELLER_EMAIL  printed under the seller when set                   (unset)
//   INVOICE_NUMBER_PREFIX  2–8 capital letters before the year and number    (LLK)

const DAY_MS = 24 * 60 * 60 * 1000;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type TLogLevel = (typeof LOG_LEVELS)[number];
export type TTrustProxy = boolean | number | string[];

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** API_HOST: "localhost" = the loopback pair (listen.ts), else a comma list of addresses. */
  host: string;
  databaseUrl: string;
  database: TDatabaseTarget;
  redisUrl: string | undefined;
  /** Redis's command timeout and the breaker's probe interval (lib/kv/circuit-breaker.ts, ADR 0025) */
  redisBreaker: { commandTimeoutMs: number; probeMs: number };
  /** PostgreSQL's limits on every pooled connection and the pool's wait (db/database.ts, ADR 0026) */
  databaseTimeouts: { statementMs: number; lockMs: number; idleInTransactionMs: number; poolWaitMs: number };
  /** The background jobs' pool: the same limits, sized to their work (plugins/db.ts, ADR 0023) */
  jobDatabaseTimeouts: { statementMs: number; lockMs: number; idleInTransactionMs: number };
  /** SIGTERM: the drain window in which kept-alive connections are still served (plugins/closing.ts) */
  shutdown: { drainMs: number };
  logLevel: TLogLevel;
  trustProxy: TTrustProxy;
  autoMigrate: boolean;
  webOrigin: string;
  bodyLimit: number;
  /** CONTENT_CACHE_SECONDS in ms (lib/content-cache.ts); 0 = off */
  contentCacheMs: number;
  /** MEMO_SECONDS in ms (lib/memo.ts: sessions and accounts per instance); 0 = off */
  memoMs: number;
  /** HOT_SEARCH_MIN_VISITORS: a NORMAL term is in the public hot list from this many visitors */
  hotSearchMinVisitors: number;
  session: { idleMs: number; absoluteMs: number };
  codes: { secret: string | undefined; ipHourlyLimit: number; ipDailyLimit: number; resendAfterMs: number };
  /** encrypts TOTP secrets at rest; required in production (a fixed development key otherwise) */
  totpEncryptionKey: string | undefined;
  redeem: { pepper: string; accountHourlyLimit: number; ipHourlyLimit: number };
  admin: { supportRefundLimitFen: number };
  smtp: { url: string | undefined; from: string };
  aliyunSms: {
    endpoint: string;
    accessKeyId: string | undefined;
    accessKeySecret: string | undefined;
    signName: string | undefined;
    templateCode: string | undefined;
    /** the security-alert / account-notice template (parameters `event`, `time`) */
    noticeTemplateCode: string | undefined;
  };
  /** Aliyun's international SMS route (numbers outside mainland China; ADR 0027) */
  aliyunSmsIntl: TAliyunSmsIntl;
  /** the block list and per-country limits of SMS codes (ADR 0027) */
  sms: TSmsLimits;
  downloadBaseUrl: string;
  wx: { apiBase: string; appId: string | undefined; appSecret: string | undefined; shareOrigins: string[] };
  payments: PaymentsConfig;
  orders: { ttlMs: number; qrCodeTtlMs: number; completeAfterMs: number; sweepIntervalMs: number };
  /** passkeys: relying party id and name, and the origins whose assertions are accepted (web origin first) */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  /** DEV_JOBS_CLOCK: jobs may be run by hand as of a moved clock (POST /dev/jobs/run), development only */
  jobs: { schema: string; devClock: boolean };
  /** the back office's calls out: page revalidation on the web, release files it hashes */
  backOffice: { revalidateSecret: string | undefined; revalidateUrls: string[]; releaseFetchMaxBytes: number; releaseFetchTimeoutMs: number; releaseFetchPrivateHosts: string[] };
  /** international invoices: the seller (undefined: production without INVOICE_SELLER_*, none issued), numbering */
  invoices: InvoicesConfig;
}

export interface InvoiceSeller {
  name: string;
  /** lines of the address */
  address: string[];
  taxId: string;
  email: string | undefined;
  /** the built-in sample seller (development and tests): every invoice says it is a sample */
  sample: boolean;
}

export interface InvoicesConfig {
  seller: InvoiceSeller | undefined;
  /** LLK → LLK-2026-000001 */
  numberPrefix: string;
}

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
const INVOICE_SELLER_VARIABLES = ['INVOICE_SELLER_NAME', 'INVOICE_SELLER_ADDRESS', 'INVOICE_SELLER_TAX_ID'] as const;
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

/** The redemption-code pepper outside production: fixed, so the codes CLI and the API agree. */
const DEV_REDEEM_PEPPER = 'llk-development-redeem-pepper-not-for-production';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function integer(min: number, max: number, fallback: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
      .transform(Number)
      .pipe(z.number().min(min, { error: `must be at least ${min}` }).max(max, { error: `must be at most ${max}` }))
      .default(fallback),
  );
}

function booleanFlag(fallback: boolean) {
  return z.preprocess(
    blankToUndefined,
    z.stringbool({ error: 'must be true or false' }).default(fallback),
  );
}

function toOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

const ZOrigin = z.string().transform((value, ctx) => {
  const origin = toOrigin(value.trim());
  if (!origin) {
    ctx.addIssue({ code: 'custom', message: 'must be an http(s) origin such as https://example.com' });
    return z.NEVER;
  }
  return origin;
});

const ZTrustProxy = z.string().transform((value, ctx): TTrustProxy => {
  const raw = value.trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((part) => part.trim()).filter(Boolean);
  if (entries.every((entry) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(entry) || /^(loopback|linklocal|uniquelocal)$/.test(entry))) {
    return entries;
  }
  ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a comma list of IPs/CIDRs' });
  return z.NEVER;
});

const ZOriginList = z.preprocess(
  (value) => value ?? '',
  z.string().transform((value, ctx) => {
    const origins: string[] = [];
    for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
      const origin = toOrigin(entry);
      if (origin) origins.push(origin);
      else ctx.addIssue({ code: 'custom', message: `"${entry}" is not an http(s) origin` });
    }
    return origins;
  }),
);

const ZBaseUrl = (fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(fallback)
      .refine((value) => toOrigin(value) !== null, { error: 'must be an http(s) URL' })
      .transform((value) => value.replace(/\/+$/, '')),
  );

const ZOptionalBaseUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((value) => toOrigin(value) !== null, { error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
);

const ZEnv = z.object({
  NODE_ENV: z.preprocess(blankToUndefined, z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development')),
  API_PORT: integer(0, 65535, 4000),
  PORT: integer(1, 65535, 3000),
  API_HOST: z.preprocess(blankToUndefined, z.string().default('localhost')),
  DATABASE_URL: z.preprocess(blankToUndefined, z.string().default(defaultSqliteFile)).transform((value, ctx) => {
    try {
      return { url: value, target: parseDatabaseUrl(value) };
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z.string().regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' }).optional(),
  ),
  REDIS_COMMAND_TIMEOUT_MS: integer(50, 10_000, 1_000),
  REDIS_PROBE_MS: integer(50, 60_000, 1_000),
  DB_STATEMENT_TIMEOUT_MS: integer(0, 3_600_000, 5_000),
  DB_LOCK_TIMEOUT_MS: integer(0, 3_600_000, 2_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: integer(0, 3_600_000, 10_000),
  DB_POOL_WAIT_MS: integer(100, 600_000, 5_000),
  DB_JOB_STATEMENT_TIMEOUT_MS: integer(0, 3_600_000, 60_000),
  DB_JOB_LOCK_TIMEOUT_MS: integer(0, 3_600_000, 15_000),
  DB_JOB_IDLE_IN_TRANSACTION_TIMEOUT_MS: integer(0, 3_600_000, 60_000),
  SHUTDOWN_DRAIN_MS: integer(0, 60_000, 2_000),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info')),
  TRUST_PROXY: z.preprocess((value) => value ?? 'false', ZTrustProxy),
  AUTO_MIGRATE: booleanFlag(true),
  WEB_ORIGIN: z.preprocess(blankToUndefined, ZOrigin.optional()),
  PUBLIC_ORIGIN: z.preprocess(blankToUndefined, ZOrigin.optional()),
  BODY_LIMIT: integer(1024, 100 * 1024 * 1024, 1024 * 1024),
  CONTENT_CACHE_SECONDS: integer(0, 60, 60),
  MEMO_SECONDS: integer(0, 10, 2),
  HOT_SEARCH_MIN_VISITORS: integer(1, 1_000_000, 3),
  SESSION_IDLE_DAYS: integer(1, 365, 30),
  SESSION_ABSOLUTE_DAYS: integer(1, 3650, 180),
  CODE_SECRET: z.preprocess(blankToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  TOTP_ENCRYPTION_KEY: z.preprocess(blankToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  CODE_IP_HOURLY_LIMIT: integer(1, 1_000_000, 20),
  CODE_IP_DAILY_LIMIT: integer(1, 1_000_000, 50),
  CODE_RESEND_SECONDS: integer(1, 3600, 60),
  REDEEM_CODE_PEPPER: z.preprocess(blankToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  REDEEM_ACCOUNT_HOURLY_LIMIT: integer(1, 1_000_000, 10),
  REDEEM_IP_HOURLY_LIMIT: integer(1, 1_000_000, 30),
  ADMIN_SUPPORT_REFUND_LIMIT_FEN: integer(0, 100_000_000, 30_000),
  SMTP_URL: z.preprocess(blankToUndefined, z.string().regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' }).optional()),
  SMTP_FROM: z.preprocess(blankToUndefined, z.string().default('LLK Remote <no-reply@localhost>')),
  ALIYUN_SMS_ENDPOINT: ZBaseUrl('https://dysmsapi.aliyuncs.com'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIYUN_SMS_SIGN_NAME: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIYUN_SMS_TEMPLATE_CODE: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: optionalText,
  ALIYUN_SMS_INTL_ENDPOINT: ZBaseUrl('https://dysmsapi.ap-southeast-1.aliyuncs.com'),
  ALIYUN_SMS_INTL_ACCESS_KEY_ID: optionalText,
  ALIYUN_SMS_INTL_ACCESS_KEY_SECRET: optionalText,
  ALIYUN_SMS_INTL_SIGN_NAME: optionalText,
  ALIYUN_SMS_INTL_TEMPLATE_CODE: optionalText,
  ALIYUN_SMS_INTL_TEMPLATE_CODES: ZTemplateCodes,
  ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE: optionalText,
  ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODES: ZTemplateCodes,
  SMS_BLOCKED_COUNTRIES: ZRegionList,
  SMS_COUNTRY_HOURLY_LIMIT: integer(1, 1_000_000, 100),
  SMS_COUNTRY_DAILY_LIMIT: integer(1, 10_000_000, 500),
  SMS_COUNTRY_LIMITS: ZCountryLimits,
  DOWNLOAD_BASE_URL: ZBaseUrl('https://download.example.com/llk'),
  WX_API_BASE: ZBaseUrl('https://api.weixin.qq.com'),
  WX_APP_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WX_APP_SECRET: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WX_SHARE_ORIGINS: ZOriginList,
  PAYMENT_SANDBOX: z.preprocess(blankToUndefined, z.stringbool({ error: 'must be true or false' }).optional()),
  PAYMENT_SANDBOX_I_UNDERSTAND: z.preprocess(blankToUndefined, z.string().optional()),
  PAYMENT_PUBLIC_BASE: ZOptionalBaseUrl,
  PAYMENT_NOTIFY_BASE: ZOptionalBaseUrl,
  PAYMENT_TIMEOUT_MS: integer(100, 120_000, 10_000),
  ORDER_TTL_MINUTES: integer(1, 7 * 24 * 60, 30),
  ORDER_QR_CODE_TTL_MINUTES: integer(1, 24 * 60, 10),
  ORDER_COMPLETE_AFTER_DAYS: integer(0, 365, 7),
  ORDER_SWEEP_SECONDS: integer(0, 86_400, 60),
  WEBAUTHN_RP_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, { error: 'must be a domain name such as llk.example' })
      .optional(),
  ),
  WEBAUTHN_RP_NAME: z.preprocess(blankToUndefined, z.string().trim().max(64, { error: 'must be at most 64 characters' }).default('LLK Remote')),
  WEBAUTHN_ORIGINS: ZOriginList,
  DEV_JOBS_CLOCK: booleanFlag(false),
  REVALIDATE_SECRET: z.preprocess(blankToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  REVALIDATE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((part) => part.trim().replace(/\/+$/, '')).filter(Boolean))
      .refine((urls) => urls.length > 0 && urls.every((url) => toOrigin(url) !== null), { error: 'must be an http(s) URL, or a comma list of them' })
      .optional(),
  ),
  RELEASE_FETCH_MAX_BYTES: integer(1, 16 * 1024 * 1024 * 1024, 2 * 1024 * 1024 * 1024),
  RELEASE_FETCH_TIMEOUT_MS: integer(100, 3_600_000, 300_000),
  RELEASE_FETCH_PRIVATE_HOSTS: z.preprocess(
    (value) => value ?? '',
    z.string().transform((value) => value.split(',').map((part) => part.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean)),
  ),
  JOBS_SCHEMA: z.preprocess(
    blankToUndefined,
    z.string().regex(/^[a-z_][a-z0-9_]{0,49}$/, { error: 'must be a PostgreSQL schema name (a-z, 0-9, _)' }).default('pgboss'),
  ),
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
    z.string().refine((value) => Buffer.byteLength(value) === 32, { error: 'must be exactly 32 bytes' }).optional(),
  ),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
  WECHATPAY_PLATFORM_SERIAL: z.preprocess(blankToUndefined, z.string().trim().optional()),
  INVOICE_SELLER_NAME: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  INVOICE_SELLER_ADDRESS: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  INVOICE_SELLER_TAX_ID: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  INVOICE_SELLER_EMAIL: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  INVOICE_NUMBER_PREFIX: z.preprocess(blankToUndefined, z.string().regex(/^[A-Z]{2,8}$/, { error: 'must be 2–8 capital letters' }).default('LLK')),
  PAYMENT_CARD: z.preprocess(blankToUndefined, z.stringbool({ error: 'must be true or false' }).optional()),
  STRIPE_SECRET_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(blankToUndefined, z.string().trim().optional()),
  STRIPE_API_BASE: ZBaseUrl('https://api.stripe.com'),
})
  .superRefine((env, ctx) => {
    // The one-minute resend wait is part of the product; only test runs may shorten it.
    if (env.NODE_ENV === 'production' && env.CODE_RESEND_SECONDS !== 60) {
      ctx.addIssue({ code: 'custom', path: ['CODE_RESEND_SECONDS'], message: 'is for tests only; production always waits 60 s' });
    }
    // Running jobs as of another day is a development tool: on a server it would let a caller
    // erase accounts or expire orders early.
    if (env.NODE_ENV === 'production' && env.DEV_JOBS_CLOCK) {
      ctx.addIssue({ code: 'custom', path: ['DEV_JOBS_CLOCK'], message: 'is for development only; production never runs jobs with a moved clock' });
    }
    // Passkeys made for one RP id work only there: an id the web origin cannot use would let
    // every registration and log-in fail in the browser, so the process does not start.
    const webauthn = webauthnOf(publicOriginOf(env), env.WEBAUTHN_RP_ID, env.WEBAUTHN_ORIGINS);
    for (const origin of webauthn.origins) {
      if (!isRpIdOf(webauthn.rpId, new URL(origin).hostname)) {
        const name = env.WEBAUTHN_RP_ID === undefined ? 'WEBAUTHN_ORIGINS' : 'WEBAUTHN_RP_ID';
        ctx.addIssue({ code: 'custom', path: [name], message: `"${webauthn.rpId}" is not ${origin}'s host or a parent domain of it` });
      }
    }
    // A half-configured seller would print invoices missing its name, address or tax number.
    const seller = INVOICE_SELLER_VARIABLES.filter((name) => env[name] === undefined);
    if (seller.length > 0 && seller.length < INVOICE_SELLER_VARIABLES.length) {
      for (const name of seller) ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${INVOICE_SELLER_VARIABLES.filter((n) => !seller.includes(n)).join(', ')} is set` });
    }
    // A half-configured gateway is a mistake, not a reason to fall back to the sandbox.
    for (const group of [ALIPAY_VARIABLES, WECHATPAY_VARIABLES, STRIPE_VARIABLES]) {
      const missing = group.filter((name) => env[name] === undefined);
      if (missing.length > 0 && missing.length < group.length) {
        for (const name of missing) {
          ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${group.filter((n) => !missing.includes(n)).join(', ')} is set` });
        }
      }
    }
  });

/**
 * The origin every printed link starts with: WEB_ORIGIN (the older name wins), PUBLIC_ORIGIN,
 * else the web on this machine at PORT, the default scripts/start.mjs and next.config.ts use.
 */
function publicOriginOf(env: { WEB_ORIGIN?: string | undefined; PUBLIC_ORIGIN?: string | undefined; PORT?: unknown }): string {
  // the refinement sees the input even when PORT itself failed (reported there)
  const port = typeof env.PORT === 'number' ? env.PORT : 3000;
  return env.WEB_ORIGIN ?? env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
}

const isIpAddress = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');

/**
 * The relying party of passkeys: WEBAUTHN_RP_ID or the web origin's host, and the origins
 * whose ceremonies count. Browsers refuse an IP address as an RP id, so a web origin on an
 * address (http://127.0.0.1:3000 in development and the end-to-end runs) uses `localhost`
 * and its localhost twin (http://localhost:3000): passkeys work when the site is opened there.
 */
function webauthnOf(webOrigin: string, rpId: string | undefined, extraOrigins: string[]): { rpId: string; origins: string[] } {
  const web = new URL(webOrigin);
  if (isIpAddress(web.hostname)) {
    web.hostname = 'localhost';
    return { rpId: rpId ?? 'localhost', origins: [...new Set([web.origin, ...extraOrigins])] };
  }
  return { rpId: rpId ?? web.hostname, origins: [...new Set([webOrigin, ...extraOrigins])] };
}

/** WebAuthn: an RP id is the origin's host or a registrable parent of it (never a bare TLD). */
function isRpIdOf(rpId: string, host: string): boolean {
  return host === rpId || (rpId.includes('.') && host.endsWith(`.${rpId}`));
}

export class ConfigError extends Error {
  constructor(readonly problems: string[], heading = 'Invalid environment variables:') {
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
    nodeEnv: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL.url,
    database: e.DATABASE_URL.target,
    redisUrl: e.REDIS_URL,
    redisBreaker: { commandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS, probeMs: e.REDIS_PROBE_MS },
    databaseTimeouts: {
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      poolWaitMs: e.DB_POOL_WAIT_MS,
    },
    jobDatabaseTimeouts: {
      statementMs: e.DB_JOB_STATEMENT_TIMEOUT_MS,
      lockMs: e.DB_JOB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DB_JOB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    autoMigrate: e.AUTO_MIGRATE,
    webOrigin,
    bodyLimit: e.BODY_LIMIT,
    contentCacheMs: e.CONTENT_CACHE_SECONDS * 1000,
    memoMs: e.MEMO_SECONDS * 1000,
    hotSearchMinVisitors: e.HOT_SEARCH_MIN_VISITORS,
    session: { idleMs: e.SESSION_IDLE_DAYS * DAY_MS, absoluteMs: e.SESSION_ABSOLUTE_DAYS * DAY_MS },
    codes: { secret: e.CODE_SECRET, ipHourlyLimit: e.CODE_IP_HOURLY_LIMIT, ipDailyLimit: e.CODE_IP_DAILY_LIMIT, resendAfterMs: e.CODE_RESEND_SECONDS * 1000 },
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    redeem: { pepper: e.REDEEM_CODE_PEPPER ?? DEV_REDEEM_PEPPER, accountHourlyLimit: e.REDEEM_ACCOUNT_HOURLY_LIMIT, ipHourlyLimit: e.REDEEM_IP_HOURLY_LIMIT },
    admin: { supportRefundLimitFen: e.ADMIN_SUPPORT_REFUND_LIMIT_FEN },
    smtp: { url: e.SMTP_URL, from: e.SMTP_FROM },
    aliyunSms: {
      endpoint: e.ALIYUN_SMS_ENDPOINT,
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
      signName: e.ALIYUN_SMS_SIGN_NAME,
      templateCode: e.ALIYUN_SMS_TEMPLATE_CODE,
      noticeTemplateCode: e.ALIYUN_SMS_NOTICE_TEMPLATE_CODE,
    },
    aliyunSmsIntl: {
      endpoint: e.ALIYUN_SMS_INTL_ENDPOINT,
      accessKeyId: e.ALIYUN_SMS_INTL_ACCESS_KEY_ID,
      accessKeySecret: e.ALIYUN_SMS_INTL_ACCESS_KEY_SECRET,
      signName: e.ALIYUN_SMS_INTL_SIGN_NAME,
      templateCode: e.ALIYUN_SMS_INTL_TEMPLATE_CODE,
      templateCodes: e.ALIYUN_SMS_INTL_TEMPLATE_CODES,
      noticeTemplateCode: e.ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE,
      noticeTemplateCodes: e.ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODES,
    },
    sms: {
      blockedCountries: e.SMS_BLOCKED_COUNTRIES,
      countryDefault: { hourly: e.SMS_COUNTRY_HOURLY_LIMIT, daily: e.SMS_COUNTRY_DAILY_LIMIT },
      countryOverrides: e.SMS_COUNTRY_LIMITS,
    },
    downloadBaseUrl: e.DOWNLOAD_BASE_URL,
    wx: { apiBase: e.WX_API_BASE, appId: e.WX_APP_ID, appSecret: e.WX_APP_SECRET, shareOrigins: e.WX_SHARE_ORIGINS },
    payments: paymentsConfig(e, webOrigin),
    orders: {
      ttlMs: e.ORDER_TTL_MINUTES * 60_000,
      qrCodeTtlMs: e.ORDER_QR_CODE_TTL_MINUTES * 60_000,
      completeAfterMs: e.ORDER_COMPLETE_AFTER_DAYS * DAY_MS,
      sweepIntervalMs: e.ORDER_SWEEP_SECONDS * 1000,
    },
    webauthn: { ...webauthnOf(webOrigin, e.WEBAUTHN_RP_ID, e.WEBAUTHN_ORIGINS), rpName: e.WEBAUTHN_RP_NAME },
    jobs: { schema: e.JOBS_SCHEMA, devClock: e.DEV_JOBS_CLOCK },
    invoices: invoicesConfig(e),
    backOffice: {
      revalidateSecret: e.REVALIDATE_SECRET,
      revalidateUrls: e.REVALIDATE_URL ?? [`${webOrigin}/api/revalidate`],
      releaseFetchMaxBytes: e.RELEASE_FETCH_MAX_BYTES,
      releaseFetchTimeoutMs: e.RELEASE_FETCH_TIMEOUT_MS,
      releaseFetchPrivateHosts: e.RELEASE_FETCH_PRIVATE_HOSTS,
    },
  };
}

/** PAYMENT_CARD, else on when the Stripe keys are set, else on outside production (the sandbox serves it). */
function cardEnabled(e: z.infer<typeof ZEnv>): boolean {
  return e.PAYMENT_CARD ?? (e.STRIPE_SECRET_KEY !== undefined || e.NODE_ENV !== 'production');
}

function paymentsConfig(e: z.infer<typeof ZEnv>, webOrigin: string): PaymentsConfig {
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
        ? { gateway: e.ALIPAY_GATEWAY, appId: e.ALIPAY_APP_ID, privateKey: e.ALIPAY_PRIVATE_KEY, alipayPublicKey: e.ALIPAY_PUBLIC_KEY, sellerId: e.ALIPAY_SELLER_ID }
        : undefined,
    wechat:
      e.WECHATPAY_MCHID && e.WECHATPAY_APP_ID && e.WECHATPAY_PRIVATE_KEY && e.WECHATPAY_SERIAL && e.WECHATPAY_API_V3_KEY && e.WECHATPAY_PLATFORM_PUBLIC_KEY && e.WECHATPAY_PLATFORM_SERIAL
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
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE } : undefined,
  };
}

/** The sample seller of development and tests: nobody could take its invoices for real ones. */
const SAMPLE_SELLER: InvoiceSeller = {
  name: 'SAMPLE SELLER (not a real company)',
  address: ['1 Sample Road, Pudong', 'Shanghai 200000, China'],
  taxId: 'SAMPLE-TAX-ID',
  email: undefined,
  sample: true,
};

/** INVOICE_SELLER_*: all three set = the real seller; none = the sample outside production, nothing in production. */
function invoicesConfig(e: z.infer<typeof ZEnv>): InvoicesConfig {
  const configured =
    e.INVOICE_SELLER_NAME && e.INVOICE_SELLER_ADDRESS && e.INVOICE_SELLER_TAX_ID
      ? {
          name: e.INVOICE_SELLER_NAME,
          address: e.INVOICE_SELLER_ADDRESS.split(/\\n|\n/).map((line) => line.trim()).filter(Boolean),
          taxId: e.INVOICE_SELLER_TAX_ID,
          email: e.INVOICE_SELLER_EMAIL,
          sample: false,
        }
      : undefined;
  return { seller: configured ?? (e.NODE_ENV === 'production' ? undefined : SAMPLE_SELLER), numberPrefix: e.INVOICE_NUMBER_PREFIX };
}
