import { type Kysely } from 'kysely';

// job_runs: the newest runs of every background job (src/jobs), whichever instance ran them, for
// operators and the back office: when each job last ran, how long it took, and how it failed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job', 'text', (col) => col.notNull())
    .addColumn('instance', 'text', (col) => col.notNull())
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .execute();
  await db.schema.createIndex('job_runs_job_id').on('job_runs').columns(['job', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
