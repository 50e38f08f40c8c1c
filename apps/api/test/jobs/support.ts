import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { type Db } from '../../src/infrastructure/db/schema';
import { type TJobOutcome } from '../../src/infrastructure/db/tables/job-runs.table';
import { KEPT_RUNS_PER_JOB } from '../../src/infrastructure/jobs/job-runs.repository';

/** A logger whose JSON lines land in `lines`. */
export function capturingLogger(lines: Record<string, unknown>[]): Logger {
  return pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
}

/** A promise with its resolve, for jobs that hold until the test lets them go. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

export interface JobRun {
  id: string;
  job: string;
  instance: string;
  attempt: number;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  outcome: TJobOutcome;
  error: string | null;
  result: string | null;
}

/** The latest recorded runs, newest first: what the runner wrote to job_runs. */
export async function listRecentRuns(db: Db, options: { job?: string; limit?: number } = {}): Promise<JobRun[]> {
  let query = db
    .selectFrom('job_runs')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.limit ?? KEPT_RUNS_PER_JOB);
  if (options.job) query = query.where('job', '=', options.job);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    job: row.job,
    instance: row.instance,
    attempt: Number(row.attempt),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    outcome: row.outcome,
    error: row.error,
    result: row.result,
  }));
}
