import { sql, type Kysely } from 'kysely';

// users.mobile_verified_at and users.email_verified_at: when a code sent to the address was
// last used (sign-up, binding, a change, or any code log-in or reset through it), so an account
// can sign up by email alone and must keep at least one verified contact (ADR 0028). Every
// phone on file came through a SIGNUP or binding code; every email on file has so far been
// treated as the account's own (resets and alerts went to it), so both are taken as verified
// when they were last written. From now on the email typed beside a phone at sign-up is
// unverified until a code sent to it is used.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('mobile_verified_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await sql`update users set mobile_verified_at = updated_at where mobile is not null`.execute(db);
  await sql`update users set email_verified_at = updated_at where email is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  await db.schema.alterTable('users').dropColumn('mobile_verified_at').execute();
}
