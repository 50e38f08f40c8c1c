export type TJobOutcome = 'RUNNING' | 'SUCCEEDED' | 'FAILED';

// One run of a background job (src/jobs); the newest runs of each job are kept.
export interface JobRunsTable {
  /** newId(): sorts by start */
  id: string;
  job: string;
  /** host:pid of the API process that ran it */
  instance: string;
  /** 1, then 2… for retries after failures */
  attempt: number;
  started_at: string;
  /** when its process last said it was still working (every few seconds, ADR 0023); null before 0038 */
  renewed_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  /** RUNNING until it ends; FAILED (abandoned) once its process stopped renewing it */
  outcome: TJobOutcome;
  error: string | null;
  /** what the job reported (JSON), e.g. how many orders a sweep expired */
  result: string | null;
}
