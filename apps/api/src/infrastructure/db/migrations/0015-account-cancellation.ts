import { type Kysely } from 'kysely';

// Account cancellation: a user who cancels keeps the account for a cooling-off
// period (cancel_requested_at … erase_at) and can restore it; after erase_at the erasure job
// clears the personal columns (username, mobile, email: nullable and unique, so NULL frees
// them for new sign-ups), pseudonymises the nickname and stamps erased_at. The row itself
// stays: orders, payments and the ledger refer to its id.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('cancel_requested_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('erase_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
  // The erasure job's scan: only rows in cooling-off have erase_at.
  await db.schema.createIndex('users_erase_at_idx').on('users').column('erase_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_erase_at_idx').execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.alterTable('users').dropColumn('erase_at').execute();
  await db.schema.alterTable('users').dropColumn('cancel_requested_at').execute();
}
