import { type Kysely, sql } from 'kysely';

// Invitations into an organisation (modules/organisations, ADR 0044): by email or phone, with the
// role and department the invitee will get. Only the sha256 of the link's token is stored. One
// PENDING invitation per (org, target): a partial unique index (both dialects). A PENDING row
// past expires_at reads EXPIRED and is marked so before a new invitation to the same target.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('org_invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('org_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    // EMAIL | PHONE
    .addColumn('channel', 'text', (col) => col.notNull())
    // the lower-cased email or the E.164 number
    .addColumn('target', 'text', (col) => col.notNull())
    // no foreign keys to the role and the department: deleting either is not held up by an
    // invitation; accepting one whose role or department is gone is ORG_INVITATION_INVALID
    .addColumn('role_id', 'text', (col) => col.notNull())
    .addColumn('department_id', 'text')
    // hex sha256 of the link's token
    .addColumn('token_hash', 'text', (col) => col.notNull())
    // PENDING | ACCEPTED | REVOKED | EXPIRED
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('invited_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('accepted_by', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('sent_count', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('last_sent_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('org_invitations_token_uq').on('org_invitations').column('token_hash').unique().execute();
  await db.schema
    .createIndex('org_invitations_pending_uq')
    .on('org_invitations')
    .columns(['org_id', 'target'])
    .unique()
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  // the list's keyset order (newest first)
  await db.schema.createIndex('org_invitations_org_idx').on('org_invitations').columns(['org_id', 'created_at', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('org_invitations').execute();
}
