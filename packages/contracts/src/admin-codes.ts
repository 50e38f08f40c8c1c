import { z } from './zod';
import { ZQualityTier } from './accounts';
import { ZAdminReason } from './admin-people';
import { ZRedeemKind, ZRedeemRequest } from './redeem';
import { V } from './rules';

// The back office's redemption codes (permission codes.manage; docs/adr/0018-seats-codes-walls.md
// and ADR 0019). Only a code's keyed hash is stored, so a batch's codes are readable once, in the
// answer that creates them; afterwards staff see the batch, each code's state and who redeemed
// it, and find one code by typing it.

/** Most codes one batch holds (the CLI's limit too). */
export const ADMIN_CODE_BATCH_MAX = 5000;
/** Most days a code grants, and most screen walls. */
export const ADMIN_CODE_DAYS_MAX = 3660;
export const ADMIN_CODE_WALLS_MAX = 100;

export const ADMIN_CODE_BATCH_RE = /^[\w.-]{1,64}$/;
const ZBatchName = z.string().trim().regex(ADMIN_CODE_BATCH_RE, { error: V.invalidValue });

export const ZAdminCodeState = z.enum(['UNUSED', 'REDEEMED', 'EXPIRED']);
export type TAdminCodeState = z.infer<typeof ZAdminCodeState>;

/** One batch: what its codes grant and how many are in each state. */
export const ZAdminCodeBatch = z.object({
  batch: z.string(),
  kind: ZRedeemKind,
  amount: z.number().int(),
  qualityTier: ZQualityTier.nullable(),
  count: z.number().int(),
  redeemed: z.number().int(),
  /** unused codes whose expiry has passed (a deactivated batch's unused codes are here) */
  expired: z.number().int(),
  /** the latest expiry of its codes (UTC ISO), null when they never expire */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminCodeBatch = z.infer<typeof ZAdminCodeBatch>;
export const ZAdminCodeBatchList = z.object({ items: z.array(ZAdminCodeBatch) });
export type TAdminCodeBatchList = z.infer<typeof ZAdminCodeBatchList>;

export const ZAdminCodeBatchCreate = z
  .object({
    kind: ZRedeemKind,
    /** days, or screen walls for MONITOR */
    amount: z.number().int().min(1).max(ADMIN_CODE_DAYS_MAX),
    count: z.number().int().min(1).max(ADMIN_CODE_BATCH_MAX),
    /** QUALITY_DAYS only: HD (the default) or ULTRA */
    qualityTier: z.enum(['HD', 'ULTRA']).optional(),
    /** when unused codes stop working (UTC ISO, in the future); none: never */
    expiresAt: z.iso.datetime({ offset: false, error: V.invalidValue }).optional(),
    /** the batch's name; default `<kind>-<amount>-<date>-<4 random>` */
    batch: ZBatchName.optional(),
    reason: ZAdminReason,
  })
  .strict()
  .refine((body) => body.kind !== 'MONITOR' || body.amount <= ADMIN_CODE_WALLS_MAX, { error: V.invalidValue, path: ['amount'] })
  .refine((body) => body.qualityTier === undefined || body.kind === 'QUALITY_DAYS', { error: V.invalidValue, path: ['qualityTier'] });
export type TAdminCodeBatchCreate = z.infer<typeof ZAdminCodeBatchCreate>;

/** The new batch and its codes in clear, grouped XXXX-XXXX-XXXX-XXXX: the only time they can be read. */
export const ZAdminCodeBatchCreated = z.object({ batch: ZAdminCodeBatch, codes: z.array(z.string()) });
export type TAdminCodeBatchCreated = z.infer<typeof ZAdminCodeBatchCreated>;

export const ZAdminCodeBatchParams = z.object({ batch: ZBatchName });
export const ZAdminCodeBatchDeactivate = z.object({ reason: ZAdminReason }).strict();
export const ZAdminCodeBatchDeactivated = z.object({ batch: ZAdminCodeBatch, deactivated: z.number().int() });
export type TAdminCodeBatchDeactivated = z.infer<typeof ZAdminCodeBatchDeactivated>;

export const ZAdminCodeExportQuery = z.object({ state: ZAdminCodeState.optional() }).strict();

/** POST /admin/codes/lookup: a code as a customer read it out. */
export const ZAdminCodeLookup = ZRedeemRequest;

export const ZAdminCodeInfo = z.object({
  id: z.string(),
  batch: z.string(),
  kind: ZRedeemKind,
  amount: z.number().int(),
  qualityTier: ZQualityTier.nullable(),
  state: ZAdminCodeState,
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  redeemedAt: z.string().nullable(),
  redeemedBy: z.object({ id: z.string(), username: z.string().nullable(), nickname: z.string() }).nullable(),
});
export type TAdminCodeInfo = z.infer<typeof ZAdminCodeInfo>;
