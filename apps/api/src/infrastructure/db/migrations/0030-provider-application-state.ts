import { type Kysely } from 'kysely';

// Cloud-PC provider sign-ups get a state the back office keeps (ADR 0019, cloud PC): NEW until
// staff answer, then CONTACTED, ACCEPTED or DECLINED, with staff's note and when it last changed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cloud_pc_provider_applications')
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('NEW'))
    .execute();
  await db.schema.alterTable('cloud_pc_provider_applications').addColumn('state_note', 'text').execute();
  await db.schema.alterTable('cloud_pc_provider_applications').addColumn('state_at', 'text').execute();
  await db.schema
    .createIndex('cloud_pc_provider_applications_state_idx')
    .on('cloud_pc_provider_applications')
    .columns(['state', 'created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cloud_pc_provider_applications_state_idx').execute();
  for (const column of ['state_at', 'state_note', 'state'])
    await db.schema.alterTable('cloud_pc_provider_applications').dropColumn(column).execute();
}
