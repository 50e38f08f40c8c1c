import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dbNow,
  fromDbBool,
  fromDbDate,
  isUniqueViolation,
  newId,
  toCount,
  toDbBool,
  toDbDate,
  ulidOf,
} from '../../src/infrastructure/db/dialect';
import { setMeta } from '../../src/infrastructure/db/app-meta.repository';
import { testDialects, useTestDatabase } from '../helper';

/** The creation time a ULID carries in its first 10 characters (Crockford base 32). */
function idTime(id: string): Date {
  let time = 0;
  for (const char of id.slice(0, 10)) time = time * 32 + '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(char);
  return new Date(time);
}

describe('newId', () => {
  it('is a 26-character Crockford base-32 ULID carrying its creation time', () => {
    const id = ulidOf(Date.UTC(2025, 6, 1), new Uint8Array(10).fill(255));
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(id.slice(10)).toBe('Z'.repeat(16));
    expect(idTime(id).toISOString()).toBe('2025-07-01T00:00:00.000Z');
    // newId never goes back in time (monotonic within the process), so it carries now or later
    const before = Date.now();
    const fresh = newId();
    expect(fresh).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(idTime(fresh).getTime()).toBeGreaterThanOrEqual(before);
  });

  it('sorts by creation time as text, and stays increasing within one millisecond', () => {
    const ids = [newId(1_000), newId(2_000), ...Array.from({ length: 1000 }, () => newId(3_000))];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('differs between calls', () => {
    expect(newId()).not.toBe(newId());
  });
});

describe('dates, booleans and counts', () => {
  it('stores timestamps as fixed-width UTC ISO text and parses them back', () => {
    const date = new Date('2025-07-01T08:30:00.123+08:00');
    expect(toDbDate(date)).toBe('2025-07-01T00:30:00.123Z');
    expect(toDbDate(date.getTime())).toBe('2025-07-01T00:30:00.123Z');
    expect(fromDbDate('2025-07-01T00:30:00.123Z').getTime()).toBe(date.getTime());
    expect(fromDbDate(date)).toBe(date);
    expect(dbNow()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(() => toDbDate(new Date('nope'))).toThrow(RangeError);
    expect(() => fromDbDate('yesterday')).toThrow(RangeError);
  });

  it('maps booleans to 0/1 and back from any driver representation', () => {
    expect(toDbBool(true)).toBe(1);
    expect(toDbBool(false)).toBe(0);
    for (const yes of [1, true, '1', 1n, 't', 'true'] as const) expect(fromDbBool(yes)).toBe(true);
    for (const no of [0, false, '0', 0n, 'f', 'false'] as const) expect(fromDbBool(no)).toBe(false);
  });

  it('normalises counts from strings, bigints and numbers', () => {
    expect(toCount('42')).toBe(42);
    expect(toCount(42n)).toBe(42);
    expect(toCount(42)).toBe(42);
    expect(toCount(null)).toBe(0);
    expect(() => toCount('9007199254740993')).toThrow(RangeError);
  });
});

describe.each(testDialects())('dialect helpers on $dialect', ({ dialect }) => {
  const ctx = useTestDatabase(dialect);

  beforeAll(async () => {
    await ctx.handle.db.schema
      .createTable('helper_probe')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull())
      .execute();
  });
  afterAll(async () => {
    await ctx.handle.db.schema.dropTable('helper_probe').ifExists().execute();
  });

  // The probe table is not part of DB, so these queries go through an untyped view of it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const probe = () => ctx.handle.db as unknown as Kysely<any>;

  it('recognises unique and primary-key violations, and nothing else', async () => {
    const row = { id: newId(), email: `a-${newId()}@x.test`, created_at: dbNow(), active: toDbBool(true) };
    await probe().insertInto('helper_probe').values(row).execute();

    const duplicateKey = await probe()
      .insertInto('helper_probe')
      .values({ ...row, email: 'other@x.test' })
      .execute()
      .catch((e: unknown) => e);
    const duplicateEmail = await probe()
      .insertInto('helper_probe')
      .values({ ...row, id: newId() })
      .execute()
      .catch((e: unknown) => e);
    const notNull = await probe()
      .insertInto('helper_probe')
      .values({ id: newId(), email: 'n@x.test', created_at: null, active: 0 })
      .execute()
      .catch((e: unknown) => e);

    expect(isUniqueViolation(duplicateKey)).toBe(true);
    expect(isUniqueViolation(duplicateEmail)).toBe(true);
    expect(notNull).toBeInstanceOf(Error);
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
  });

  it('round-trips timestamps and booleans, and orders and compares timestamps as text', async () => {
    const times = ['2024-12-31T23:59:59.999Z', '2025-01-01T00:00:00.000Z', '2025-07-01T12:00:00.000Z'];
    for (const [index, time] of times.entries()) {
      await probe()
        .insertInto('helper_probe')
        .values({
          id: newId(),
          email: `t${index}-${newId()}@x.test`,
          created_at: toDbDate(new Date(time)),
          active: toDbBool(index % 2 === 0),
        })
        .execute();
    }
    const rows: { created_at: string; active: number }[] = await probe()
      .selectFrom('helper_probe')
      .select(['created_at', 'active'])
      .where('created_at', '>=', toDbDate(new Date('2024-12-31T00:00:00Z')))
      .where('created_at', '<', toDbDate(new Date('2025-07-02T00:00:00Z')))
      .orderBy('created_at', 'desc')
      .execute();
    expect(rows.map((r) => fromDbDate(r.created_at).toISOString())).toEqual([...times].reverse());
    expect(rows.map((r) => fromDbBool(r.active))).toEqual([true, false, true]);
  });

  it('normalises count(*) to a number', async () => {
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from helper_probe`.execute(ctx.handle.db);
    const raw = rows[0]?.n;
    // The reason toCount exists: pg answers bigint counts as strings.
    expect(typeof raw).toBe(dialect === 'postgres' ? 'string' : 'number');
    expect(toCount(raw as string | number)).toBeGreaterThanOrEqual(4);
  });

  it('upserts app_meta without a unique violation', async () => {
    await setMeta(ctx.handle.db, 'probe', 'one');
    await setMeta(ctx.handle.db, 'probe', 'two');
    const row = await ctx.handle.db.selectFrom('app_meta').selectAll().where('key', '=', 'probe').executeTakeFirstOrThrow();
    expect(row.value).toBe('two');
    expect(fromDbDate(row.updated_at).getTime()).toBeLessThanOrEqual(Date.now());
  });
});
