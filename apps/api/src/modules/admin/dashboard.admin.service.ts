import { ADMIN_DASHBOARD_DEFAULT_DAYS, ADMIN_DASHBOARD_MAX_DAYS, type TAdminDashboard, type TAdminDashboardQuery } from '@llk/contracts';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { dailyMoney, shanghaiDay } from '../ledger';
import { devicesSeenSince, firstPayers, paidOrdersByDay, salesByItemType, signupsByDay } from './dashboard.repository';

// The back office's dashboard (dashboard.read): per day of UTC+8 over a range of days. Money
// comes from the ledger (sums over its lines, never counters), counts from the orders, users and
// devices tables.

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The UTC instant a UTC+8 calendar day starts. */
const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - CHINA_OFFSET_MS);

export async function dashboardForStaff(db: Db, query: TAdminDashboardQuery, now = new Date()): Promise<TAdminDashboard> {
  const to = query.to ?? shanghaiDay(now);
  const from = query.from ?? shanghaiDay(new Date(startOf(to).getTime() - (ADMIN_DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS));
  const start = startOf(from);
  const end = new Date(startOf(to).getTime() + DAY_MS);
  const span = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  // the query schema checks a given range; a `from` alone may still lie after today, or too far back
  if (span < 1 || span > ADMIN_DASHBOARD_MAX_DAYS) throw new AppError('VALIDATION_FAILED');
  const [fromUtc, toUtc] = [start.toISOString(), end.toISOString()];
  const [money, paid, signups, payers, byItemType, dayDevices, monthDevices] = await Promise.all([
    dailyMoney(db, from, to),
    paidOrdersByDay(db, fromUtc, toUtc),
    signupsByDay(db, fromUtc, toUtc),
    firstPayers(db, fromUtc, toUtc),
    salesByItemType(db, fromUtc, toUtc),
    devicesSeenSince(db, new Date(now.getTime() - DAY_MS).toISOString()),
    devicesSeenSince(db, new Date(now.getTime() - 30 * DAY_MS).toISOString()),
  ]);
  const moneyByDay = new Map(money.map((row) => [row.day, row]));
  const days = Array.from({ length: span }, (_, i) => {
    const day = shanghaiDay(new Date(start.getTime() + i * DAY_MS));
    return { day, revenueFen: moneyByDay.get(day)?.revenueFen ?? 0, refundsFen: moneyByDay.get(day)?.refundsFen ?? 0, paidOrders: paid.get(day) ?? 0, signups: signups.get(day) ?? 0 };
  });
  const sum = (pick: (day: (typeof days)[number]) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    from,
    to,
    days,
    totals: { revenueFen: sum((d) => d.revenueFen), refundsFen: sum((d) => d.refundsFen), paidOrders: sum((d) => d.paidOrders), signups: sum((d) => d.signups), firstPayers: payers },
    byItemType,
    activeDevices: { day: dayDevices, month: monthDevices },
  };
}
