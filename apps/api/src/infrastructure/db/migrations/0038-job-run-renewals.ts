import { type Kysely } from 'kysely';

// job_runs.renewed_at: a run's process renews it every few seconds while it works, so a run whose
// process died is marked failed (abandoned) by any instance instead of showing RUNNING for ever
// (ADR 0023). Runs recorded before have none and are judged by their start.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job_runs').addColumn('renewed_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job_runs').dropColumn('renewed_at').execute();
}
