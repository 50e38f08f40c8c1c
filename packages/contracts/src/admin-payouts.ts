import { z } from './zod';
import { ADMIN_PAGE_CURSOR_RE, ZAdminId, ZAdminReason, ZAdminText } from './admin-people';
import { V } from './rules';

// The back office's ambassador payouts (permission payouts.manage; ADR 0019, step 5). Balances
// are sums of commission lines: pending (inside the 7-day window), owed (effective, less
// clawbacks, not in a batch yet; negative after a refund that followed a payout), in an open
// batch, paid out, reversed (refunded inside the window, or cancelled by a ban). A batch takes
// every ambassador owed at least the threshold, not banned and with a payee account, exports
// them as an Alipay batch-transfer CSV and is then marked paid with the transfer's reference
// (or cancelled, which releases its lines). Money in integer fen, times UTC ISO.

/** The threshold until FINANCE sets one: ¥100. */
export const PAYOUT_THRESHOLD_DEFAULT_FEN = 10_000;
/** Most a threshold may be: ¥100,000. */
export const PAYOUT_THRESHOLD_MAX_FEN = 10_000_000;

export const ZPayoutBatchState = z.enum(['OPEN', 'PAID', 'CANCELLED']);
export type TPayoutBatchState = z.infer<typeof ZPayoutBatchState>;

/** Why a commission line looks like self-referral: the referrer and the referee share … */
export const ZPayoutFraudFlag = z.enum(['PHONE', 'EMAIL', 'PAYER', 'DEVICE', 'ADDRESS']);
export type TPayoutFraudFlag = z.infer<typeof ZPayoutFraudFlag>;

export const ZPayoutBalances = z.object({
  pendingFen: z.number().int(),
  /** effective lines less clawbacks not in any batch: what the next batch would pay (may be negative) */
  owedFen: z.number().int(),
  inBatchFen: z.number().int(),
  paidFen: z.number().int(),
  reversedFen: z.number().int(),
});
export type TPayoutBalances = z.infer<typeof ZPayoutBalances>;

export const ZAdminAmbassador = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  nickname: z.string(),
  referralCode: z.string(),
  joinedAt: z.string(),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
  payeeAccount: z.string().nullable(),
  payeeName: z.string().nullable(),
  balances: ZPayoutBalances,
});
export type TAdminAmbassador = z.infer<typeof ZAdminAmbassador>;

export const ZAdminAmbassadorsQuery = z
  .object({
    /** a user id, a referral code, or a prefix of the username */
    q: ZAdminText(1, 100).optional(),
    before: z.string().regex(ADMIN_PAGE_CURSOR_RE, { error: V.invalidValue }).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type TAdminAmbassadorsQuery = z.infer<typeof ZAdminAmbassadorsQuery>;

export const ZAdminAmbassadorsPage = z.object({
  items: z.array(ZAdminAmbassador),
  next: z.string().nullable(),
  thresholdFen: z.number().int(),
});
export type TAdminAmbassadorsPage = z.infer<typeof ZAdminAmbassadorsPage>;

export const ZAdminCommissionLine = z.object({
  id: z.string(),
  referredUserId: z.string(),
  referredUsername: z.string().nullable(),
  orderId: z.string(),
  itemType: z.string(),
  baseAmountFen: z.number().int(),
  amountFen: z.number().int(),
  /** PENDING | EFFECTIVE | REVERSED | CLAWBACK | CANCELLED */
  state: z.string(),
  paidAt: z.string(),
  payoutBatchId: z.string().nullable(),
  flags: z.array(ZPayoutFraudFlag),
});
export type TAdminCommissionLine = z.infer<typeof ZAdminCommissionLine>;

export const ZAdminAmbassadorPayout = z.object({
  id: z.string(),
  batchId: z.string(),
  batchState: ZPayoutBatchState,
  amountFen: z.number().int(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  reference: z.string().nullable(),
});

export const ZAdminAmbassadorDetail = z.object({
  ambassador: ZAdminAmbassador,
  /** the latest lines, newest first */
  lines: z.array(ZAdminCommissionLine),
  lineCount: z.number().int(),
  /** lines with at least one fraud flag, among all of them */
  flaggedCount: z.number().int(),
  payouts: z.array(ZAdminAmbassadorPayout),
});
export type TAdminAmbassadorDetail = z.infer<typeof ZAdminAmbassadorDetail>;

export const ZAdminPayee = z
  .object({
    /** the Alipay account: a mainland mobile number or an email */
    account: z.union([
      z
        .string()
        .trim()
        .regex(/^1\d{10}$/, { error: V.invalidValue }),
      z.email({ error: V.invalidValue }).max(100, { error: V.tooLong }),
    ]),
    /** the account's real name, as Alipay checks it */
    name: ZAdminText(1, 50),
    reason: ZAdminReason,
  })
  .strict();
export type TAdminPayee = z.infer<typeof ZAdminPayee>;

export const ZAdminAmbassadorBan = z.object({ reason: ZAdminReason }).strict();
export const ZAdminAmbassadorBanned = z.object({ ambassador: ZAdminAmbassador, cancelledLines: z.number().int() });
export type TAdminAmbassadorBanned = z.infer<typeof ZAdminAmbassadorBanned>;

export const ZAdminPayoutThreshold = z
  .object({
    thresholdFen: z.number().int().min(1).max(PAYOUT_THRESHOLD_MAX_FEN),
    reason: ZAdminReason,
  })
  .strict();
export const ZAdminPayoutSettings = z.object({ thresholdFen: z.number().int() });
export type TAdminPayoutSettings = z.infer<typeof ZAdminPayoutSettings>;

export const ZAdminPayoutBatch = z.object({
  id: z.string(),
  state: ZPayoutBatchState,
  payoutCount: z.number().int(),
  totalFen: z.number().int(),
  thresholdFen: z.number().int(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  reference: z.string().nullable(),
});
export type TAdminPayoutBatch = z.infer<typeof ZAdminPayoutBatch>;
export const ZAdminPayoutBatchList = z.object({ items: z.array(ZAdminPayoutBatch) });
export type TAdminPayoutBatchList = z.infer<typeof ZAdminPayoutBatchList>;

export const ZAdminPayoutBatchCreate = z.object({ reason: ZAdminReason }).strict();
export const ZAdminPayoutBatchPaid = z
  .object({
    /** the transfer's reference from Alipay (its batch number) */
    reference: ZAdminText(1, 100),
    reason: ZAdminReason,
  })
  .strict();
export const ZAdminPayoutBatchCancel = z.object({ reason: ZAdminReason }).strict();
export const ZAdminPayoutBatchParams = z.object({ id: ZAdminId });
