import { type Kysely } from 'kysely';

// A renewal paid after its machine was released or expired grants nothing; the row says when
// that happened so the payments sweep can refund it (docs/adr/0015-cloud-pc-refunds.md).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cloud_pc_renewals').addColumn('undeliverable_at', 'text').execute();
  await db.schema.createIndex('cloud_pc_renewals_undeliverable_idx').on('cloud_pc_renewals').column('undeliverable_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cloud_pc_renewals_undeliverable_idx').execute();
  await db.schema.alterTable('cloud_pc_renewals').dropColumn('undeliverable_at').execute();
}
