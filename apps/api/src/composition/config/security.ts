import { z } from 'zod';
import { blankToUndefined, integer, ZOriginList } from './env';

// Accounts' safety: how long sessions last, the keys that protect codes, two-step secrets and
// redemption codes, the limits on asking for codes, the staff's refund limit, and passkeys.
//
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
//   ORG_SEND_CALLER_HOURLY_LIMIT, ORG_SEND_CALLER_DAILY_LIMIT  invitations (mail or SMS) one
//                       person may send, all organisations together; an import counts its rows,
//                       a resend one (a full import of 1,000 and its corrections fit) (2000, 5000)
//   ORG_SEND_ORG_HOURLY_LIMIT, ORG_SEND_ORG_DAILY_LIMIT  invitations one organisation may send,
//                       all its admins together                                (2000, 10000)
//   ORG_CREATE_HOURLY_LIMIT, ORG_CREATE_DAILY_LIMIT  organisations one person may create (each
//                       with a fresh sending quota)                                (10, 50)
//   WEBAUTHN_RP_ID      passkeys' relying party id: the web origin's host or a parent domain of
//                       it (www.llk.example → llk.example); must match PUBLIC_ORIGIN or the
//                       process does not start; an origin on an IP address (browsers refuse
//                       those) uses localhost      (the host of PUBLIC_ORIGIN, localhost for an IP)
//   WEBAUTHN_RP_NAME    the name authenticators show next to a passkey        (LLK Remote)
//   WEBAUTHN_ORIGINS    comma list of more origins passkeys may be used from (other subdomains
//                       under the RP id), besides PUBLIC_ORIGIN                         (empty)

const DAY_MS = 24 * 60 * 60 * 1000;

/** The redemption-code pepper outside production: fixed, so the codes CLI and the API agree. */
const DEV_REDEEM_PEPPER = 'llk-development-redeem-pepper-not-for-production';

export interface SecurityConfig {
  session: { idleMs: number; absoluteMs: number };
  codes: { secret: string | undefined; ipHourlyLimit: number; ipDailyLimit: number; resendAfterMs: number };
  /** encrypts TOTP secrets at rest; required in production (a fixed development key otherwise) */
  totpEncryptionKey: string | undefined;
  redeem: { pepper: string; accountHourlyLimit: number; ipHourlyLimit: number };
  admin: { supportRefundLimitFen: number };
  /** what people may send through organisations: invitations per person and per organisation, organisations per person */
  orgSends: { perCaller: THourlyDaily; perOrg: THourlyDaily; creates: THourlyDaily };
}

export interface THourlyDaily {
  hourly: number;
  daily: number;
}

/** passkeys: relying party id and name, and the origins whose assertions are accepted (web origin first) */
export interface WebauthnConfig {
  rpId: string;
  rpName: string;
  origins: string[];
}

export const ZSecurityEnv = z.object({
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
  ORG_SEND_CALLER_HOURLY_LIMIT: integer(1, 1_000_000, 2000),
  ORG_SEND_CALLER_DAILY_LIMIT: integer(1, 10_000_000, 5000),
  ORG_SEND_ORG_HOURLY_LIMIT: integer(1, 1_000_000, 2000),
  ORG_SEND_ORG_DAILY_LIMIT: integer(1, 10_000_000, 10000),
  ORG_CREATE_HOURLY_LIMIT: integer(1, 1_000_000, 10),
  ORG_CREATE_DAILY_LIMIT: integer(1, 10_000_000, 50),
});

export const ZPasskeysEnv = z.object({
  WEBAUTHN_RP_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, { error: 'must be a domain name such as llk.example' })
      .optional(),
  ),
  WEBAUTHN_RP_NAME: z.preprocess(
    blankToUndefined,
    z.string().trim().max(64, { error: 'must be at most 64 characters' }).default('LLK Remote'),
  ),
  WEBAUTHN_ORIGINS: ZOriginList,
});

type TSecurityEnv = z.infer<typeof ZSecurityEnv>;
type TPasskeysEnv = z.infer<typeof ZPasskeysEnv>;

/** The one-minute resend wait is part of the product; only test runs may shorten it. */
export function checkCodeResend(env: TSecurityEnv & { NODE_ENV: string }, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production' && env.CODE_RESEND_SECONDS !== 60) {
    ctx.addIssue({ code: 'custom', path: ['CODE_RESEND_SECONDS'], message: 'is for tests only; production always waits 60 s' });
  }
}

/**
 * Passkeys made for one RP id work only there: an id the web origin cannot use would let
 * every registration and log-in fail in the browser, so the process does not start.
 */
export function checkPasskeys(env: TPasskeysEnv, webOrigin: string, ctx: z.RefinementCtx): void {
  const webauthn = webauthnOf(webOrigin, env.WEBAUTHN_RP_ID, env.WEBAUTHN_ORIGINS);
  for (const origin of webauthn.origins) {
    if (!isRpIdOf(webauthn.rpId, new URL(origin).hostname)) {
      const name = env.WEBAUTHN_RP_ID === undefined ? 'WEBAUTHN_ORIGINS' : 'WEBAUTHN_RP_ID';
      ctx.addIssue({ code: 'custom', path: [name], message: `"${webauthn.rpId}" is not ${origin}'s host or a parent domain of it` });
    }
  }
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

export function securityConfig(e: TSecurityEnv): SecurityConfig {
  return {
    session: { idleMs: e.SESSION_IDLE_DAYS * DAY_MS, absoluteMs: e.SESSION_ABSOLUTE_DAYS * DAY_MS },
    codes: {
      secret: e.CODE_SECRET,
      ipHourlyLimit: e.CODE_IP_HOURLY_LIMIT,
      ipDailyLimit: e.CODE_IP_DAILY_LIMIT,
      resendAfterMs: e.CODE_RESEND_SECONDS * 1000,
    },
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    redeem: {
      pepper: e.REDEEM_CODE_PEPPER ?? DEV_REDEEM_PEPPER,
      accountHourlyLimit: e.REDEEM_ACCOUNT_HOURLY_LIMIT,
      ipHourlyLimit: e.REDEEM_IP_HOURLY_LIMIT,
    },
    admin: { supportRefundLimitFen: e.ADMIN_SUPPORT_REFUND_LIMIT_FEN },
    orgSends: {
      perCaller: { hourly: e.ORG_SEND_CALLER_HOURLY_LIMIT, daily: e.ORG_SEND_CALLER_DAILY_LIMIT },
      perOrg: { hourly: e.ORG_SEND_ORG_HOURLY_LIMIT, daily: e.ORG_SEND_ORG_DAILY_LIMIT },
      creates: { hourly: e.ORG_CREATE_HOURLY_LIMIT, daily: e.ORG_CREATE_DAILY_LIMIT },
    },
  };
}

export function webauthnConfig(e: TPasskeysEnv, webOrigin: string): WebauthnConfig {
  return { ...webauthnOf(webOrigin, e.WEBAUTHN_RP_ID, e.WEBAUTHN_ORIGINS), rpName: e.WEBAUTHN_RP_NAME };
}
