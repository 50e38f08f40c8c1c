import { ADMIN_DASHBOARD_DEFAULT_DAYS, ADMIN_DASHBOARD_MAX_DAYS } from '@llk/contracts';
import { AppError } from '../../infrastructure/http/app-error';
import { shanghaiDay } from './ledger.service';

// A range of calendar days in the service's time zone (Asia/Shanghai, UTC+8), as the dashboard
// and the finance report take it: `from`..`to` inclusive, by default the last 30 days.

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The UTC instant a UTC+8 calendar day starts. */
const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - CHINA_OFFSET_MS);

export interface TDayRange {
  from: string;
  to: string;
  /** every day of the range, oldest first */
  days: string[];
  /** the instants the range starts and ends (exclusive), ISO */
  fromUtc: string;
  toUtc: string;
}

export function dayRange(query: { from?: string | undefined; to?: string | undefined }, now = new Date()): TDayRange {
  const to = query.to ?? shanghaiDay(now);
  const from = query.from ?? shanghaiDay(new Date(startOf(to).getTime() - (ADMIN_DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS));
  const start = startOf(from);
  const end = new Date(startOf(to).getTime() + DAY_MS);
  const span = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  // the query schema checks a given range; a `from` alone may still lie after today, or too far back
  if (span < 1 || span > ADMIN_DASHBOARD_MAX_DAYS) throw new AppError('VALIDATION_FAILED');
  const days = Array.from({ length: span }, (_, i) => shanghaiDay(new Date(start.getTime() + i * DAY_MS)));
  return { from, to, days, fromUtc: start.toISOString(), toUtc: end.toISOString() };
}
