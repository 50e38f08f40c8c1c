import { z } from './zod';
import { maskEmail, maskPhone } from './accounts';
import { ZActivityType } from './enums';
import { V } from './rules';
import { REFERRAL_CODE_RE } from './validation';

// The ambassador (referral) programme: schemas of
// GET/POST /activity/participant/marketingAmbassador and the programme's constants.

/** The programme's business constants; the API applies them and the page states them. */
export const REFERRAL_RULES = {
  /** commission on what a bound user pays for MEMBER and MONITOR items */
  commissionPercent: 20,
  /** a referred user stays bound to the ambassador this long after signing up */
  bindingDays: 60,
  /** a commission becomes effective after this many days without a refund */
  settlementDays: 7,
  /** a new referred user gets this many days of Pro at once */
  bonusProDays: 3,
  /** …and this many screen walls (monitor walls) */
  bonusMonitors: 10,
} as const;

/** Order item types that earn commission; CHANNEL, QUALITY and cloud PC never do. */
export const COMMISSIONABLE_ITEM_TYPES: readonly string[] = ['MEMBER', 'MONITOR'];

/** Name of the cookie that carries a referral code from the link to the sign-up. */
export const REFERRAL_COOKIE = 'llk_ref';
/** Query parameter of a referral link: https://…/?ref=CODE */
export const REFERRAL_QUERY_PARAM = 'ref';
/** How long a followed link is remembered before sign-up (seconds): 30 days. */
export const REFERRAL_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/**
 * Referral codes: 8 characters of Crockford base 32 (no I, L, O, U), upper case. Input is
 * matched case-insensitively, so it is normalised with normalizeReferralCode() first.
 */
export const REFERRAL_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;

/** 'ab12cd34 ' → 'AB12CD34'; null when it cannot be a referral code. */
export function normalizeReferralCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return REFERRAL_CODE_RE.test(code) ? code : null;
}

export const ZReferralCode = z.string().regex(REFERRAL_CODE_RE);

/** POST /activity/participant/marketingAmbassador (query parameters). */
export const ZAmbassadorJoinQuery = z.object({ activityType: ZActivityType });
export type TAmbassadorJoinQuery = z.infer<typeof ZAmbassadorJoinQuery>;

export const ZAmbassadorJoinResult = z.object({
  activityType: ZActivityType,
  referralCode: ZReferralCode,
  referralLink: z.string(),
  joinedAt: z.string(),
  /** false when the caller had already joined (the same code is returned) */
  created: z.boolean(),
});
export type TAmbassadorJoinResult = z.infer<typeof ZAmbassadorJoinResult>;

/**
 * PENDING (inside the 7-day window), EFFECTIVE (earned), REVERSED (refunded inside the window),
 * CLAWBACK (a negative line: a refund after the window takes back the refunded share), CANCELLED
 * (pending when the ambassador was banned).
 */
export const ZCommissionState = z.enum(['PENDING', 'EFFECTIVE', 'REVERSED', 'CLAWBACK', 'CANCELLED']);
export type TCommissionState = z.infer<typeof ZCommissionState>;

export const ZReferredUser = z.object({
  /** masked phone, else masked email, else masked username */
  account: z.string(),
  boundAt: z.string(),
  expiresAt: z.string(),
  /** whole days left, rounded up; 0 once the binding is over */
  remainingDays: z.number().int().min(0),
  active: z.boolean(),
});
export type TReferredUser = z.infer<typeof ZReferredUser>;

export const ZCommissionLine = z.object({
  id: z.string(),
  /** the paying referred user, masked */
  account: z.string(),
  orderId: z.string(),
  itemType: z.string(),
  /** what the referred user paid for the item, fen */
  baseAmountFen: z.number().int(),
  /** the commission, fen */
  amountFen: z.number().int(),
  state: ZCommissionState,
  paidAt: z.string(),
  /** when it becomes effective unless refunded before */
  effectiveAfter: z.string(),
  reversedAt: z.string().nullable(),
  /** when the payout that settled this line was made (its batch marked paid); null until then */
  paidOutAt: z.string().nullable(),
});
export type TCommissionLine = z.infer<typeof ZCommissionLine>;

export const ZCommissionTotals = z.object({
  pendingFen: z.number().int(),
  /** earned and not paid out yet, less clawbacks (negative after a refund that followed a payout) */
  effectiveFen: z.number().int(),
  paidOutFen: z.number().int(),
  /** reversed inside the window, or cancelled */
  reversedFen: z.number().int(),
});
export type TCommissionTotals = z.infer<typeof ZCommissionTotals>;

/** GET /activity/participant/marketingAmbassador: the caller's programme page. */
export const ZAmbassadorInfo = z.object({
  activityType: ZActivityType,
  joined: z.boolean(),
  referralCode: ZReferralCode.nullable(),
  referralLink: z.string().nullable(),
  joinedAt: z.string().nullable(),
  rules: z.object({
    commissionPercent: z.number().int(),
    bindingDays: z.number().int(),
    settlementDays: z.number().int(),
    bonusProDays: z.number().int(),
    bonusMonitors: z.number().int(),
  }),
  /** how many users are bound now or were ever bound */
  referredCount: z.number().int(),
  /** newest first, at most AMBASSADOR_LIST_LIMIT */
  referredUsers: z.array(ZReferredUser),
  totals: ZCommissionTotals,
  commissionCount: z.number().int(),
  /** newest first, at most AMBASSADOR_LIST_LIMIT */
  commissions: z.array(ZCommissionLine),
  /** how commission is paid out: the threshold, and where it goes (the Alipay account masked) */
  payout: z.object({
    thresholdFen: z.number().int(),
    payeeAccount: z.string().nullable(),
    payeeName: z.string().nullable(),
  }),
});
export type TAmbassadorInfo = z.infer<typeof ZAmbassadorInfo>;

/** POST /activity/participant/payee: where the ambassador's payouts go; the password confirms it. */
export const ZAmbassadorPayeeRequest = z
  .object({
    /** an Alipay account: a mainland mobile number or an email */
    account: z.union(
      [
        z
          .string()
          .trim()
          .regex(/^1\d{10}$/, { error: V.phoneOrEmailInvalid }),
        z.email({ error: V.phoneOrEmailInvalid }).max(100, { error: V.tooLong }),
      ],
      { error: V.phoneOrEmailInvalid },
    ),
    /** the account's real name, which Alipay checks */
    name: z.string().trim().min(1, { error: V.required }).max(50, { error: V.tooLong }),
    password: z.string().min(1, { error: V.passwordRequired }).max(128, { error: V.tooLong }),
  })
  .strict();
export type TAmbassadorPayeeRequest = z.infer<typeof ZAmbassadorPayeeRequest>;
export const ZAmbassadorPayee = z.object({ payeeAccount: z.string(), payeeName: z.string() });

export const AMBASSADOR_LIST_LIMIT = 100;

/** How a referred user is shown to the ambassador: 138****8000, a***@example.com or a***. */
export function maskReferredAccount(user: { mobile?: string | null; email?: string | null; username?: string | null }): string {
  if (user.mobile) return maskPhone(user.mobile);
  if (user.email) return maskEmail(user.email);
  const first = Array.from(user.username ?? '')[0];
  return first ? `${first}***` : '***';
}

/** 20% of an amount in fen, rounded down to whole fen. */
export function commissionFen(baseFen: number): number {
  if (!Number.isSafeInteger(baseFen) || baseFen <= 0) return 0;
  return Math.floor((baseFen * REFERRAL_RULES.commissionPercent) / 100);
}
