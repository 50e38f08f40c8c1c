import { type Memo } from '../../infrastructure/memo';
import { type Db } from '../../infrastructure/db/schema';
import { findPlanLimits } from './pricing.repository';

// What a plan allows (devices, simultaneous sessions, days of connection history), read on every
// connect check of the fleet: kept in a per-instance memo (infrastructure/memo.ts) by plan id.
// Every committed write to pricing_plans through the API's database handle ends every entry, here
// at once and on the other instances by message (composition/plugins/memos.ts); the memo's short
// life (MEMO_SECONDS) bounds a change made outside the API (a seed, a migration).

export const PLAN_MEMO_CHANNEL = 'plans:changed';
export const PLAN_MEMO_TABLES = ['pricing_plans'] as const;

export type PlanLimitsRow = NonNullable<Awaited<ReturnType<typeof findPlanLimits>>>;
/** A plan that is not seeded is kept too, as null. */
export type PlanMemo = Memo<PlanLimitsRow | null>;

/** findPlanLimits, from this instance's memo when it has the plan. */
export async function findPlanLimitsMemo(db: Db, planId: string, memo?: PlanMemo): Promise<PlanLimitsRow | undefined> {
  const kept = memo?.get(planId);
  if (kept !== undefined) return kept ?? undefined;
  const at = memo?.generation() ?? 0;
  const limits = await findPlanLimits(db, planId);
  memo?.set(planId, at, limits ?? null);
  return limits;
}
