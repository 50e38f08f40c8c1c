import { type Selectable } from 'kysely';
import { type Db } from '../../db/schema';
import { type SupportRepliesTable, type SupportThreadsTable } from '../../db/tables/support.table';
import { type KeysetCut } from './admin-people.repository';

// The support inbox's reads and writes (ADR 0019, "Support inbox").

export type SupportThreadListRow = Selectable<SupportThreadsTable> & { assignee_username: string | null };
export type SupportReplyRow = Selectable<SupportRepliesTable> & { staff_username: string };

export function listSupportThreads(
  db: Db,
  options: { state?: string; topic?: string; assignee?: string | null; before?: KeysetCut; limit: number },
): Promise<SupportThreadListRow[]> {
  let query = db
    .selectFrom('support_threads as t')
    .leftJoin('staff as s', 's.id', 't.assignee_id')
    .selectAll('t')
    .select('s.username as assignee_username');
  if (options.state) query = query.where('t.state', '=', options.state);
  if (options.topic) query = query.where('t.topic', '=', options.topic);
  if (options.assignee !== undefined) query = options.assignee === null ? query.where('t.assignee_id', 'is', null) : query.where('t.assignee_id', '=', options.assignee);
  const before = options.before;
  if (before) query = query.where((eb) => eb(eb.refTuple('t.created_at', 't.id'), '<', eb.tuple(before.createdAt, before.id)));
  return query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(options.limit).execute();
}

export function findSupportThread(db: Db, id: string): Promise<SupportThreadListRow | undefined> {
  return db
    .selectFrom('support_threads as t')
    .leftJoin('staff as s', 's.id', 't.assignee_id')
    .selectAll('t')
    .select('s.username as assignee_username')
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export function listSupportReplies(db: Db, threadId: string): Promise<SupportReplyRow[]> {
  return db
    .selectFrom('support_replies as r')
    .innerJoin('staff as s', 's.id', 'r.staff_id')
    .selectAll('r')
    .select('s.username as staff_username')
    .where('r.thread_id', '=', threadId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

export function findSupportReply(db: Db, threadId: string, clientId: string): Promise<Selectable<SupportRepliesTable> | undefined> {
  return db.selectFrom('support_replies').selectAll().where('thread_id', '=', threadId).where('client_id', '=', clientId).executeTakeFirst();
}

export async function insertSupportReply(db: Db, row: Selectable<SupportRepliesTable>): Promise<void> {
  await db.insertInto('support_replies').values(row).execute();
}

export async function settleSupportReply(db: Db, id: string, outcome: { deliveredAt: string | null; error: string | null }): Promise<void> {
  await db.updateTable('support_replies').set({ delivered_at: outcome.deliveredAt, delivery_error: outcome.error }).where('id', '=', id).execute();
}

/** A reply counted and the thread moved to `state`. */
export async function markThreadAnswered(db: Db, id: string, state: string, at: string): Promise<void> {
  await db
    .updateTable('support_threads')
    .set((eb) => ({ state, reply_count: eb('reply_count', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
}

export async function updateSupportThread(db: Db, id: string, change: { state?: string; assignee_id?: string | null; state_note?: string | null; updated_at: string }): Promise<void> {
  await db.updateTable('support_threads').set(change).where('id', '=', id).execute();
}

/** Staff who may hold a thread: not locked, set up, in one of `roles`. */
export function listAssignableStaff(db: Db, roles: readonly string[]): Promise<{ id: string; username: string }[]> {
  return db
    .selectFrom('staff')
    .select(['id', 'username'])
    .where('role', 'in', [...roles])
    .where('locked_at', 'is', null)
    .where('password_hash', 'is not', null)
    .orderBy('username_norm')
    .execute();
}
