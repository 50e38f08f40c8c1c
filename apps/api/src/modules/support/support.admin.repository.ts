import { type Selectable } from 'kysely';
import { type Db } from '../../infrastructure/db/schema';
import { type SupportRepliesTable, supportTables, type SupportThreadsTable } from './support.tables';
import { assignableStaffOf, type KeysetCut, staffNamesOf } from '../../infrastructure/http/staff';

// The support inbox's reads and writes (ADR 0019, "Support inbox").

export type SupportThreadListRow = Selectable<SupportThreadsTable> & { assignee_username: string | null };
export type SupportReplyRow = Selectable<SupportRepliesTable> & { staff_username: string };

/** Each thread with its assignee's username (the staff are the back office's: read through the staff port). */
async function withAssignees(db: Db, threads: Selectable<SupportThreadsTable>[]): Promise<SupportThreadListRow[]> {
  const ids = [...new Set(threads.flatMap((thread) => (thread.assignee_id === null ? [] : [thread.assignee_id])))];
  const names = ids.length === 0 ? new Map<string, string>() : await staffNamesOf(db, ids);
  return threads.map((thread) => ({
    ...thread,
    assignee_username: thread.assignee_id === null ? null : (names.get(thread.assignee_id) ?? null),
  }));
}

export async function listSupportThreads(
  db: Db,
  options: { state?: string; topic?: string; assignee?: string | null; before?: KeysetCut; limit: number },
): Promise<SupportThreadListRow[]> {
  let query = supportTables(db).selectFrom('support_threads as t').selectAll('t');
  if (options.state) query = query.where('t.state', '=', options.state);
  if (options.topic) query = query.where('t.topic', '=', options.topic);
  if (options.assignee !== undefined)
    query = options.assignee === null ? query.where('t.assignee_id', 'is', null) : query.where('t.assignee_id', '=', options.assignee);
  const before = options.before;
  if (before) query = query.where((eb) => eb(eb.refTuple('t.created_at', 't.id'), '<', eb.tuple(before.createdAt, before.id)));
  return withAssignees(db, await query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(options.limit).execute());
}

export async function findSupportThread(db: Db, id: string): Promise<SupportThreadListRow | undefined> {
  const thread = await supportTables(db).selectFrom('support_threads').selectAll().where('id', '=', id).executeTakeFirst();
  return thread ? (await withAssignees(db, [thread]))[0] : undefined;
}

/** A thread's replies, oldest first, each with its author's username (replies by staff that no longer exist are left out, as the join did). */
export async function listSupportReplies(db: Db, threadId: string): Promise<SupportReplyRow[]> {
  const replies = await supportTables(db)
    .selectFrom('support_replies')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const ids = [...new Set(replies.map((reply) => reply.staff_id))];
  const names = ids.length === 0 ? new Map<string, string>() : await staffNamesOf(db, ids);
  return replies.flatMap((reply) => {
    const name = names.get(reply.staff_id);
    return name === undefined ? [] : [{ ...reply, staff_username: name }];
  });
}

export function findSupportReply(db: Db, threadId: string, clientId: string): Promise<Selectable<SupportRepliesTable> | undefined> {
  return supportTables(db)
    .selectFrom('support_replies')
    .selectAll()
    .where('thread_id', '=', threadId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export async function insertSupportReply(db: Db, row: Selectable<SupportRepliesTable>): Promise<void> {
  await supportTables(db).insertInto('support_replies').values(row).execute();
}

export async function settleSupportReply(db: Db, id: string, outcome: { deliveredAt: string | null; error: string | null }): Promise<void> {
  await supportTables(db)
    .updateTable('support_replies')
    .set({ delivered_at: outcome.deliveredAt, delivery_error: outcome.error })
    .where('id', '=', id)
    .execute();
}

/** A reply counted and the thread moved to `state`. */
export async function markThreadAnswered(db: Db, id: string, state: string, at: string): Promise<void> {
  await supportTables(db)
    .updateTable('support_threads')
    .set((eb) => ({ state, reply_count: eb('reply_count', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
}

export async function updateSupportThread(
  db: Db,
  id: string,
  change: { state?: string; assignee_id?: string | null; state_note?: string | null; updated_at: string },
): Promise<void> {
  await supportTables(db).updateTable('support_threads').set(change).where('id', '=', id).execute();
}

/** Staff who may hold a thread: not locked, set up, in one of `roles` (the back office's staff, through the staff port). */
export function listAssignableStaff(db: Db, roles: readonly string[]): Promise<{ id: string; username: string }[]> {
  return assignableStaffOf(db, roles);
}
