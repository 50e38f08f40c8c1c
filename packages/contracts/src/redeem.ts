import { z } from './zod';
import { ZQualityTier } from './accounts';
import { V } from './validation';

// Redemption codes and screen walls (docs/adr/0018-seats-codes-walls.md).

// ---- Redemption codes -----------------------------------------------------------------------

export * from './redeem-code';

export const ZRedeemKind = z.enum(['MEMBER_DAYS', 'MONITOR', 'CHANNEL_DAYS', 'QUALITY_DAYS']);
export type TRedeemKind = z.infer<typeof ZRedeemKind>;

/** POST /redeem. Dashes, spaces and lower case are accepted; the check character is checked here. */
export const ZRedeemRequest = z.object({
  code: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
    .max(64, { error: V.tooLong, abort: true })
    .regex(/^[\s-]*([0-9A-Za-z][\s-]*){16}$/, { error: V.invalidValue }),
});

/** What a redemption added, for the web to show. */
export const ZRedeemResult = z.object({
  kind: ZRedeemKind,
  /** days (MEMBER_DAYS, CHANNEL_DAYS, QUALITY_DAYS) or screen walls (MONITOR) */
  amount: z.number().int(),
  /** QUALITY_DAYS: the tier the days are for */
  qualityTier: ZQualityTier.nullable(),
  /** the new end of the term (ISO 8601); null for screen walls */
  expiresAt: z.string().nullable(),
  /** screen walls owned after the redemption; null for terms */
  monitorCount: z.number().int().nullable(),
});
export type TRedeemResult = z.infer<typeof ZRedeemResult>;

// ---- Screen walls ------------------------------------------------------------------------------

/** Most walls one account keeps, and most devices on one wall. */
export const MONITOR_WALLS_MAX = 50;
export const MONITOR_WALL_DEVICES_MAX = 100;

/**
 * A device as the device API names it (`TDevice.id`, answered by /device/register and
 * /device/list), not the app's own `deviceId`: walls and seats check it with the devices
 * module's canUseDevice (own or shared).
 */
export const ZWallDeviceId = z
  .string({ error: V.invalidType })
  .min(1, { error: V.required, abort: true })
  .max(64, { error: V.tooLong, abort: true })
  .regex(/^[0-9A-Za-z_.:-]+$/, { error: V.invalidValue });

export const ZMonitorWall = z.object({
  id: z.string(),
  name: z.string(),
  /** in layout order: the app shows them in this order */
  deviceIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMonitorWall = z.infer<typeof ZMonitorWall>;

/** GET /monitorWall/list: the walls, and how many device places the account owns and uses. */
export const ZMonitorWallList = z.object({
  walls: z.array(ZMonitorWall),
  /** screen walls owned (bought or redeemed): the most devices all walls together may hold */
  owned: z.number().int(),
  used: z.number().int(),
});
export type TMonitorWallList = z.infer<typeof ZMonitorWallList>;

/** POST /monitorWall/save: a new wall without `id`, else replaces that wall's name and layout. */
export const ZMonitorWallSaveRequest = z.object({
  id: z
    .string({ error: V.invalidType })
    .min(1, { error: V.required, abort: true })
    .max(64, { error: V.tooLong, abort: true })
    .regex(/^[0-9A-Za-z]+$/, { error: V.invalidValue })
    .optional(),
  name: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
    .trim()
    .min(1, { error: V.required, abort: true })
    .max(64, { error: V.tooLong }),
  deviceIds: z
    .array(ZWallDeviceId, { error: V.invalidType })
    .max(MONITOR_WALL_DEVICES_MAX, { error: V.tooLong })
    .refine((ids) => new Set(ids).size === ids.length, { error: V.invalidValue }),
});
export type TMonitorWallSaveRequest = z.infer<typeof ZMonitorWallSaveRequest>;

export const ZMonitorWallDeleteRequest = z.object({
  id: z.string({ error: V.invalidType }).min(1, { error: V.required }).max(64, { error: V.tooLong }),
});

// ---- Seats -------------------------------------------------------------------------------------

/** A seat changes holder at most once in this many days (assign after an earlier assignment). */
export const SEAT_MOVE_DAYS = 7;

export const ZSeatKind = z.enum(['MEMBER', 'CHANNEL']);
export type TSeatKind = z.infer<typeof ZSeatKind>;

export const ZSeat = z.object({
  id: z.string(),
  kind: ZSeatKind,
  orderId: z.string(),
  startsAt: z.string(),
  expiresAt: z.string(),
  /** running now: started, not expired, not refunded */
  active: z.boolean(),
  /** who holds it: an account (its username or nickname) or a device (its `TDevice.id`); null when free */
  assignee: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('ACCOUNT'), userId: z.string(), name: z.string() }),
      z.object({ type: z.literal('DEVICE'), deviceId: z.string() }),
    ])
    .nullable(),
  assignedAt: z.string().nullable(),
  /** from when the seat may be given to another holder (null: now) */
  movableFrom: z.string().nullable(),
});
export type TSeat = z.infer<typeof ZSeat>;

/** GET /seat/list: the seats the caller bought (POST /order/createV2 with asSeats). */
export const ZSeatList = z.object({ seats: z.array(ZSeat) });
export type TSeatList = z.infer<typeof ZSeatList>;

const ZSeatId = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
  .min(1, { error: V.required, abort: true })
  .max(64, { error: V.tooLong, abort: true })
  .regex(/^[0-9A-Za-z]+$/, { error: V.invalidValue });

/** POST /seat/assign: exactly one of deviceId and account (username, phone or email). */
export const ZSeatAssignRequest = z
  .object({
    seatId: ZSeatId,
    deviceId: ZWallDeviceId.optional(),
    account: z.string({ error: V.invalidType }).trim().min(1, { error: V.required, abort: true }).max(254, { error: V.tooLong }).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.deviceId === undefined) === (value.account === undefined))
      ctx.addIssue({ code: 'custom', path: ['account'], message: V.required });
  })
  .meta({ anyOf: [{ required: ['deviceId'] }, { required: ['account'] }] });
export type TSeatAssignRequest = z.infer<typeof ZSeatAssignRequest>;

export const ZSeatUnassignRequest = z.object({ seatId: ZSeatId });
