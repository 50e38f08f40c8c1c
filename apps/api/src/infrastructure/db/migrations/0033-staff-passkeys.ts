import { type Kysely } from 'kysely';

// Staff passkeys (ADR 0019, "Staff passkeys"): WebAuthn credentials of back-office staff, apart
// from customers' (a customer's passkey never opens /admin). The credential id is unique here as
// in `passkeys`; a member's credentials go when the member's sign-in is reset.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
    .addColumn('credential_id', 'text', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('transports', 'text')
    .addColumn('device_type', 'text', (col) => col.notNull())
    .addColumn('backed_up', 'integer', (col) => col.notNull())
    .addColumn('aaguid', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_passkeys_credential_uq').unique().on('staff_passkeys').column('credential_id').execute();
  await db.schema.createIndex('staff_passkeys_staff_idx').on('staff_passkeys').column('staff_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_passkeys').execute();
}
