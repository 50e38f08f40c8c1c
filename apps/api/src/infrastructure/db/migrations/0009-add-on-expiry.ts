import { type Kysely } from 'kysely';

// The global channel and the picture-quality tiers are sold by the year (CHANNEL_YEAR,
// QUALITY_*_YEAR): each gets an expiry on the users row, extended like a membership. Rows that
// already had the channel or a raised tier from an earlier purchase keep it for a year from
// their last update (the term they paid for), so nobody loses what they bought.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('channel_expires_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('quality_expires_at', 'text').execute();
  const rows: Array<{ id: string; channel_enabled: number | boolean; quality_tier: string; updated_at: string }> = await db
    .selectFrom('users')
    .select(['id', 'channel_enabled', 'quality_tier', 'updated_at'])
    .where((eb) => eb.or([eb('channel_enabled', '=', 1), eb('quality_tier', '!=', 'STANDARD')]))
    .execute();
  for (const row of rows) {
    const base = new Date(row.updated_at);
    const year = new Date(
      Date.UTC(base.getUTCFullYear() + 1, base.getUTCMonth(), Math.min(base.getUTCDate(), 28), base.getUTCHours(), base.getUTCMinutes()),
    ).toISOString();
    await db
      .updateTable('users')
      .set({
        ...(Number(row.channel_enabled) === 1 ? { channel_expires_at: year } : {}),
        ...(row.quality_tier !== 'STANDARD' ? { quality_expires_at: year } : {}),
      })
      .where('id', '=', row.id)
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('quality_expires_at').execute();
  await db.schema.alterTable('users').dropColumn('channel_expires_at').execute();
}
