// The release history as the security page tells it, from the API's release notes
// (GET /download/updateLog, newest first): how many releases, between which days, and how often
// a new version came out. Pure, so it is unit tested.

const DAY_MS = 86_400_000;

export interface TReleaseCadence {
  /** releases counted (every platform's) */
  count: number;
  /** ISO dates of the oldest and the newest of them */
  from: string;
  to: string;
  /** days between the first and the last release day, divided by the gaps between release days; null for one release day */
  everyDays: number | null;
}

/** null when there is nothing to tell (no releases). */
export function releaseCadence(entries: readonly { releasedAt: string }[]): TReleaseCadence | null {
  const times = entries
    .map((entry) => Date.parse(entry.releasedAt))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (times.length === 0) return null;
  const first = times[0]!;
  const last = times[times.length - 1]!;
  const days = new Set(times.map((time) => Math.floor(time / DAY_MS)));
  const everyDays = days.size > 1 ? Math.max(1, Math.round((last - first) / DAY_MS / (days.size - 1))) : null;
  return { count: times.length, from: new Date(first).toISOString(), to: new Date(last).toISOString(), everyDays };
}
