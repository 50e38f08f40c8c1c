import { z } from './zod';
import { V } from './rules';

// The back office's dashboard (permission dashboard.read; ADR 0019): money from the ledger (for
// roles with reports.read: the others get null for every amount),
// orders, sign-ups and their conversion to a first payment, and active devices, per day of the
// service's time zone (Asia/Shanghai, UTC+8) over a date range. Money in integer fen.

/** Most days one range may span. */
export const ADMIN_DASHBOARD_MAX_DAYS = 366;
/** Days shown when no range is asked for (ending today). */
export const ADMIN_DASHBOARD_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const isCalendarDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) &&
  !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)) &&
  new Date(`${day}T00:00:00.000Z`).toISOString().startsWith(day);
const ZDay = z.string().refine(isCalendarDay, { error: V.invalidValue });

export const ZAdminDashboardQuery = z
  .object({
    /** first day (UTC+8), inclusive */
    from: ZDay.optional(),
    /** last day (UTC+8), inclusive */
    to: ZDay.optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: V.invalidValue, path: ['to'] })
  .refine((query) => !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) < ADMIN_DASHBOARD_MAX_DAYS * DAY_MS, {
    error: V.invalidValue,
    path: ['from'],
  });
export type TAdminDashboardQuery = z.infer<typeof ZAdminDashboardQuery>;

export const ZAdminDashboardDay = z.object({
  day: z.string(),
  /** money received that paid orders (ledger `revenue`), fen; null without reports.read */
  revenueFen: z.number().int().nullable(),
  /** refunds that succeeded that day (ledger `refunds`), fen; null without reports.read */
  refundsFen: z.number().int().nullable(),
  paidOrders: z.number().int(),
  signups: z.number().int(),
});
export type TAdminDashboardDay = z.infer<typeof ZAdminDashboardDay>;

export const ZAdminDashboard = z.object({
  from: z.string(),
  to: z.string(),
  /** every day of the range, oldest first, zeros included */
  days: z.array(ZAdminDashboardDay),
  totals: z.object({
    revenueFen: z.number().int().nullable(),
    refundsFen: z.number().int().nullable(),
    paidOrders: z.number().int(),
    signups: z.number().int(),
    /** of the users who signed up in the range, those with a paid order (any time since) */
    firstPayers: z.number().int(),
  }),
  /** what the orders paid in the range bought, per item type, largest first (amountFen null without reports.read) */
  byItemType: z.array(z.object({ itemType: z.string(), amountFen: z.number().int().nullable(), items: z.number().int() })),
  /** devices seen in the last 24 hours and 30 days (now, not per day of the range) */
  activeDevices: z.object({ day: z.number().int(), month: z.number().int() }),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
