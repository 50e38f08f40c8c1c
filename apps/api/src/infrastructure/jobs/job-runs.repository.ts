import { newId, toDbDate } from '../db/dialect';
import { type Db } from '../db/schema';
import { type TJobOutcome } from '../db/tables/job-runs.table';

/** Runs kept per job; older ones are deleted as new ones finish. */
export const KEPT_RUNS_PER_JOB = 50;

const TEXT_LIMIT = 2_000;

export async function insertRunStart(db: Db, run: { job: string; instance: string; attempt: number; startedAt: Date }): Promise<string> {
  const id = newId(run.startedAt.getTime());
  const startedAt = toDbDate(run.startedAt);
  await db
    .insertInto('job_runs')
    .values({
      id,
      job: run.job,
      instance: run.instance,
      attempt: run.attempt,
      started_at: startedAt,
      renewed_at: startedAt,
      outcome: 'RUNNING',
      finished_at: null,
      duration_ms: null,
      error: null,
      result: null,
    })
    .execute();
  return id;
}

/** The run's process is still working on it. */
export async function renewRun(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ renewed_at: toDbDate(at) })
    .where('id', '=', id)
    .where('outcome', '=', 'RUNNING')
    .execute();
}

export async function updateRunEnd(
  db: Db,
  id: string,
  end: { finishedAt: Date; durationMs: number; outcome: Exclude<TJobOutcome, 'RUNNING'>; error?: string; result?: string },
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({
      finished_at: toDbDate(end.finishedAt),
      duration_ms: Math.round(end.durationMs),
      outcome: end.outcome,
      error: end.error?.slice(0, TEXT_LIMIT) ?? null,
      result: end.result?.slice(0, TEXT_LIMIT) ?? null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Runs still RUNNING whose last renewal is older than `before` become FAILED with `error`; the
 * conditional update makes two instances checking at once mark each run once. Returns them.
 */
export async function abandonRunsNotRenewedSince(db: Db, before: Date, end: { finishedAt: Date; error: string }) {
  const rows = await db
    .updateTable('job_runs')
    .set({ outcome: 'FAILED', finished_at: toDbDate(end.finishedAt), error: end.error.slice(0, TEXT_LIMIT) })
    .where('outcome', '=', 'RUNNING')
    .where((eb) =>
      eb.or([eb('renewed_at', '<', toDbDate(before)), eb.and([eb('renewed_at', 'is', null), eb('started_at', '<', toDbDate(before))])]),
    )
    .returning(['id', 'job', 'instance', 'attempt', 'started_at'])
    .execute();
  return rows.map((row) => ({ ...row, attempt: Number(row.attempt) }));
}

export async function pruneRuns(db: Db, job: string, keep = KEPT_RUNS_PER_JOB): Promise<void> {
  const kept = db.selectFrom('job_runs').select('id').where('job', '=', job).orderBy('id', 'desc').limit(keep);
  await db.deleteFrom('job_runs').where('job', '=', job).where('id', 'not in', kept).execute();
}

/** Every kept run (at most KEPT_RUNS_PER_JOB a job), newest first; `job` narrows to one. */
export function listKeptRuns(db: Db, job?: string) {
  let query = db.selectFrom('job_runs').selectAll();
  if (job !== undefined) query = query.where('job', '=', job);
  return query.orderBy('id', 'desc').execute();
}
