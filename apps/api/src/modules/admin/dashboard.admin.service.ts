import { type TAdminDashboard, type TAdminDashboardQuery } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { dailyMoney, dayRange } from '../ledger';
import { devicesSeenSince, firstPayers, paidOrdersByDay, salesByItemType, signupsByDay } from './dashboard.repository';

// The back office's dashboard (dashboard.read): per day of UTC+8 over a range of days. Money
// comes from the ledger (sums over its lines, never counters), counts from the orders, users and
// devices tables.

const DAY_MS = 86_400_000;

/** `withMoney`: the staff member may read money (reports.read); otherwise every amount is null. */
export async function dashboardForStaff(
  db: Db,
  query: TAdminDashboardQuery,
  withMoney: boolean,
  now = new Date(),
): Promise<TAdminDashboard> {
  const { from, to, days: range, fromUtc, toUtc } = dayRange(query, now);
  const [money, paid, signups, payers, byItemType, dayDevices, monthDevices] = await Promise.all([
    withMoney ? dailyMoney(db, from, to) : Promise.resolve([]),
    paidOrdersByDay(db, fromUtc, toUtc),
    signupsByDay(db, fromUtc, toUtc),
    firstPayers(db, fromUtc, toUtc),
    salesByItemType(db, fromUtc, toUtc),
    devicesSeenSince(db, new Date(now.getTime() - DAY_MS).toISOString()),
    devicesSeenSince(db, new Date(now.getTime() - 30 * DAY_MS).toISOString()),
  ]);
  const moneyByDay = new Map(money.map((row) => [row.day, row]));
  const amount = (fen: number | undefined) => (withMoney ? (fen ?? 0) : null);
  const days = range.map((day) => ({
    day,
    revenueFen: amount(moneyByDay.get(day)?.revenueFen),
    refundsFen: amount(moneyByDay.get(day)?.refundsFen),
    paidOrders: paid.get(day) ?? 0,
    signups: signups.get(day) ?? 0,
  }));
  const sum = (pick: (day: (typeof days)[number]) => number | null) => days.reduce((total, day) => total + (pick(day) ?? 0), 0);
  return {
    from,
    to,
    days,
    totals: {
      revenueFen: amount(sum((d) => d.revenueFen)),
      refundsFen: amount(sum((d) => d.refundsFen)),
      paidOrders: sum((d) => d.paidOrders),
      signups: sum((d) => d.signups),
      firstPayers: payers,
    },
    byItemType: byItemType.map((row) => ({ ...row, amountFen: amount(row.amountFen) })),
    activeDevices: { day: dayDevices, month: monthDevices },
  };
}
