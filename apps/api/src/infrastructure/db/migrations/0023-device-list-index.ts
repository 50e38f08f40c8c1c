import { type Kysely } from 'kysely';

// The device list (fleet benchmark): a page of an account's devices, newest first,
// is found on (user_id, created_at, id) alone — an index-only walk however deep the page, and
// the count of an account's devices from the same index. It replaces (user_id, created_at),
// which it extends. Indexes only.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('devices_user_created_id_idx').on('devices').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('devices_user_created_idx').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('devices_user_created_idx').on('devices').columns(['user_id', 'created_at']).execute();
  await db.schema.dropIndex('devices_user_created_id_idx').execute();
}
