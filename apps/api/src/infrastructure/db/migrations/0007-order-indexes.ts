import { type Kysely } from 'kysely';

// Indexes for the background jobs of the orders module, added after 0005 shipped: the
// reconciliation job reads open payment attempts by age, the sweep re-asks open refunds.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('payments_state_created_idx').on('payments').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('refunds_state_updated_idx').on('refunds').columns(['state', 'updated_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('refunds_state_updated_idx').execute();
  await db.schema.dropIndex('payments_state_created_idx').execute();
}
