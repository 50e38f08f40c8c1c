import { type Kysely } from 'kysely';

// users.time_zone: the IANA zone the account's browser last sent (the web's `llk-tz` cookie,
// recorded by GET /user/info when it changes), so emails and SMS, which cannot see a browser,
// say times on the account's own clock (docs/adr/0031). Null until then: China time.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
