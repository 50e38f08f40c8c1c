import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TWrite } from '../../src/infrastructure/db/write-watch';
import { testDialects, useTestDatabase } from '../helper';

// The database handle tells its listeners which rows of which tables a committed statement wrote
// (db/write-watch.ts): what the per-instance account memo ends (ADR 0022). A write in a
// transaction is told after the commit and never after a rollback.

interface TWatched {
  watched: { id: string; v: number };
  unwatched: { id: string; v: number };
}

describe.each(testDialects())('committed writes ($dialect)', ({ dialect }) => {
  const ctx = useTestDatabase(dialect);
  let db: Kysely<TWatched>;
  const heard: TWrite[][] = [];

  beforeAll(async () => {
    db = ctx.handle.db as unknown as Kysely<TWatched>;
    await sql`create table watched (id varchar(20) primary key, v integer not null)`.execute(db);
    await sql`create table unwatched (id varchar(20) primary key, v integer not null)`.execute(db);
    ctx.handle.writes.listen(['watched'], (writes) => heard.push([...writes]));
  });

  const take = () => heard.splice(0, heard.length);

  it('tells an insert, an update or delete of one row by id, and of several rows, after each ran', async () => {
    await db
      .insertInto('watched')
      .values([
        { id: 'a', v: 1 },
        { id: 'b', v: 1 },
        { id: 'c', v: 1 },
      ])
      .execute();
    expect(take()).toEqual([[{ table: 'watched', kind: 'insert', id: null }]]);
    await db.updateTable('watched').set({ v: 2 }).where('id', '=', 'a').where('v', '=', 1).execute();
    await db.updateTable('watched as w').set({ v: 3 }).where('w.id', '=', 'b').execute();
    await db.deleteFrom('watched').where('id', '=', 'c').execute();
    expect(take()).toEqual([
      [{ table: 'watched', kind: 'update', id: 'a' }],
      [{ table: 'watched', kind: 'update', id: 'b' }],
      [{ table: 'watched', kind: 'delete', id: 'c' }],
    ]);
    await db.updateTable('watched').set({ v: 4 }).where('id', 'in', ['a', 'b']).execute();
    await db
      .updateTable('watched')
      .set({ v: 5 })
      .where((eb) => eb.or([eb('id', '=', 'a'), eb('id', '=', 'b')]))
      .execute();
    expect(take()).toEqual([[{ table: 'watched', kind: 'update', id: null }], [{ table: 'watched', kind: 'update', id: null }]]);
    // written in SQL text: the table is known, the rows are not
    await sql`update watched set v = 6`.execute(db);
    expect(take()).toEqual([[{ table: 'watched', kind: 'other', id: null }]]);
  });

  it("tells an upsert, a statement over several tables or another table's id as a write to any row", async () => {
    await db
      .insertInto('watched')
      .values({ id: 'a', v: 9 })
      .onConflict((oc) => oc.column('id').doUpdateSet({ v: 9 }))
      .execute();
    await db.insertInto('unwatched').values({ id: 'y', v: 1 }).execute();
    // update … from: the id compared is the other table's
    await db
      .updateTable('watched')
      .from('unwatched')
      .set({ v: 10 })
      .whereRef('watched.v', '=', 'unwatched.v')
      .where('unwatched.id', '=', 'y')
      .execute();
    await db.updateTable('watched').set({ v: 11 }).where('watched.id', '=', 'a').execute();
    expect(take()).toEqual([
      [{ table: 'watched', kind: 'other', id: null }],
      [{ table: 'watched', kind: 'update', id: null }],
      [{ table: 'watched', kind: 'update', id: 'a' }],
    ]);
    // SQL text that may write and names the table, however it names it: any rows
    await sql`update ${sql.raw(dialect === 'postgres' ? 'only watched' : 'watched')} set v = 12 where id = 'a'`.execute(db);
    await sql`delete from watched where id = 'none'`.execute(db);
    expect(take()).toEqual([[{ table: 'watched', kind: 'other', id: null }], [{ table: 'watched', kind: 'other', id: null }]]);
    // and a text that only reads is no write
    await sql`select v from watched where id = 'a'`.execute(db);
    expect(take()).toEqual([]);
  });

  it('tells nothing of reads and of tables nobody listens to', async () => {
    await db.selectFrom('watched').selectAll().execute();
    await db.insertInto('unwatched').values({ id: 'x', v: 1 }).execute();
    await db.updateTable('unwatched').set({ v: 2 }).execute();
    expect(take()).toEqual([]);
  });

  it('tells a transaction’s writes once it has committed, and nothing of one rolled back', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('watched').set({ v: 7 }).where('id', '=', 'a').execute();
      await trx.insertInto('watched').values({ id: 'd', v: 1 }).execute();
      // not before the commit: a reader in between still sees the old row, and may keep it
      expect(take()).toEqual([]);
    });
    expect(take()).toEqual([
      [
        { table: 'watched', kind: 'update', id: 'a' },
        { table: 'watched', kind: 'insert', id: null },
      ],
    ]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('watched').set({ v: 8 }).where('id', '=', 'a').execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(take()).toEqual([]);
    expect((await db.selectFrom('watched').select('v').where('id', '=', 'a').executeTakeFirstOrThrow()).v).toBe(7);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const more: TWrite[][] = [];
    const stop = ctx.handle.writes.listen(['unwatched'], (writes) => more.push([...writes]));
    await db.updateTable('unwatched').set({ v: 3 }).where('id', '=', 'x').execute();
    stop();
    await db.updateTable('unwatched').set({ v: 4 }).where('id', '=', 'x').execute();
    expect(more).toEqual([[{ table: 'unwatched', kind: 'update', id: 'x' }]]);
    expect(take()).toEqual([]);
  });
});
