import {
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type TAdminSupportAssignRequest,
  type TAdminSupportPage,
  type TAdminSupportQuery,
  type TAdminSupportReplyRequest,
  type TAdminSupportStateRequest,
  type TAdminSupportThread,
  type TAdminSupportThreadSummary,
  type TSupportState,
  type TSupportTopic,
} from '@llk/contracts';
import { fromDbDate, isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type Delivery } from '../../infrastructure/delivery';
import { renderSupportReply } from './support-email';
import { supportReference } from './support.service';
import { decodeCursor, encodeCursor, requireReason, type StaffActor } from '../../infrastructure/http/staff';
import { recordAudit } from '../../infrastructure/http/staff';
import {
  findSupportReply,
  findSupportThread,
  insertSupportReply,
  listAssignableStaff,
  listSupportReplies,
  listSupportThreads,
  markThreadAnswered,
  settleSupportReply,
  updateSupportThread,
  type SupportThreadListRow,
} from './support.admin.repository';

// The support inbox (support.manage: SUPPORT, FINANCE, OWNER; ADR 0019 "Support inbox"): the
// contact form's messages and customers' invoice requests as threads, with state, an assignee
// and answers sent by email through the delivery adapter. Every change is audited; an answer is
// sent once however often the same reply arrives (its replyId).

const PREVIEW_LENGTH = 140;
const iso = (value: string) => fromDbDate(value).toISOString();
/** The roles that hold support.manage: who may be assigned a thread. */
const SUPPORT_ROLES = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('support.manage'));

function summaryOf(row: SupportThreadListRow): TAdminSupportThreadSummary {
  return {
    id: row.id,
    reference: supportReference(row.id),
    topic: row.topic as TSupportTopic,
    state: row.state as TSupportState,
    email: row.email,
    userId: row.user_id,
    orderId: row.order_id,
    locale: row.locale,
    preview: [...row.message.replace(/\s+/g, ' ')].slice(0, PREVIEW_LENGTH).join(''),
    assignee: row.assignee_id && row.assignee_username ? { id: row.assignee_id, username: row.assignee_username } : null,
    replies: Number(row.reply_count),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function threadsForStaff(db: Db, actor: StaffActor, query: TAdminSupportQuery): Promise<TAdminSupportPage> {
  const before = decodeCursor(query.before);
  const assignee =
    query.assignee === undefined ? undefined : query.assignee === 'none' ? null : query.assignee === 'me' ? actor.staffId : query.assignee;
  const rows = await listSupportThreads(db, {
    ...(query.state ? { state: query.state } : {}),
    ...(query.topic ? { topic: query.topic } : {}),
    ...(assignee !== undefined ? { assignee } : {}),
    ...(before ? { before } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map(summaryOf), next: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null };
}

async function requireThread(db: Db, id: string): Promise<SupportThreadListRow> {
  const row = await findSupportThread(db, id);
  if (!row) throw new AppError('ADMIN_SUPPORT_THREAD_NOT_FOUND');
  return row;
}

export async function threadForStaff(db: Db, id: string): Promise<TAdminSupportThread> {
  const row = await requireThread(db, id);
  const [replies, assignable] = await Promise.all([listSupportReplies(db, id), listAssignableStaff(db, SUPPORT_ROLES)]);
  return {
    ...summaryOf(row),
    message: row.message,
    invoiceRequestId: row.invoice_request_id,
    stateNote: row.state_note,
    replyList: replies.map((reply) => ({
      id: reply.id,
      staff: { id: reply.staff_id, username: reply.staff_username },
      body: reply.body,
      createdAt: iso(reply.created_at),
      delivered: reply.delivered_at !== null,
    })),
    assignable,
  };
}

/**
 * Answers a thread by email. The reply is stored (and audited) first, keyed by the screen's
 * replyId: the same reply sent again, or twenty times at once, is stored and sent once, and the
 * repeats answer the thread as it stands. Then the email goes out in the thread's language; once
 * the adapter took it the thread is ANSWERED (or CLOSED). When the adapter fails the reply stays,
 * marked undelivered, the thread keeps its state, and the answer is DELIVERY_FAILED.
 */
export async function replyForStaff(
  db: Db,
  delivery: Delivery,
  actor: StaffActor,
  id: string,
  body: TAdminSupportReplyRequest,
  now = new Date(),
): Promise<TAdminSupportThread> {
  const at = toDbDate(now);
  const replyRowId = newId(now.getTime());
  const created = await db
    .transaction()
    .execute(async (trx) => {
      const thread = await requireThread(trx, id);
      if (await findSupportReply(trx, id, body.replyId)) return null;
      try {
        await insertSupportReply(trx, {
          id: replyRowId,
          thread_id: id,
          client_id: body.replyId,
          staff_id: actor.staffId,
          body: body.body,
          created_at: at,
          delivered_at: null,
          delivery_error: null,
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
      await recordAudit(trx, {
        staffId: actor.staffId,
        action: 'support.reply',
        targetType: 'support_thread',
        targetId: id,
        before: { state: thread.state },
        after: { replyId: replyRowId, to: thread.email, close: body.close ?? false, length: body.body.length },
        reason: 'answer sent by email',
        ...(actor.ip ? { ip: actor.ip } : {}),
        at: now,
      });
      return thread;
    })
    .catch((error: unknown) => {
      // two transactions racing on SQLite or PostgreSQL: the loser's insert is the unique violation
      if (isUniqueViolation(error)) return null;
      throw error;
    });
  if (created) {
    const email = renderSupportReply({
      locale: created.locale,
      reference: supportReference(created.id),
      answer: body.body,
      original: created.message,
    });
    let failure = '';
    const delivered = await delivery.notify({ channel: 'EMAIL', to: created.email, kind: 'SUPPORT_REPLY', ...email }, (error) => {
      failure = error instanceof Error ? error.message : String(error);
    });
    const settled = toDbDate(new Date());
    await settleSupportReply(
      db,
      replyRowId,
      delivered ? { deliveredAt: settled, error: null } : { deliveredAt: null, error: failure.slice(0, 500) || 'not delivered' },
    );
    if (!delivered) throw new AppError('DELIVERY_FAILED');
    await markThreadAnswered(db, id, body.close ? 'CLOSED' : 'ANSWERED', settled);
  }
  return threadForStaff(db, id);
}

export async function assignForStaff(
  db: Db,
  actor: StaffActor,
  id: string,
  body: TAdminSupportAssignRequest,
  now = new Date(),
): Promise<TAdminSupportThread> {
  await db.transaction().execute(async (trx) => {
    const thread = await requireThread(trx, id);
    if (body.staffId !== null) {
      const assignable = await listAssignableStaff(trx, SUPPORT_ROLES);
      if (!assignable.some((member) => member.id === body.staffId)) throw new AppError('ADMIN_SUPPORT_ASSIGNEE_INVALID');
    }
    if (thread.assignee_id === body.staffId) return;
    await updateSupportThread(trx, id, { assignee_id: body.staffId, updated_at: toDbDate(now) });
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'support.assign',
      targetType: 'support_thread',
      targetId: id,
      before: { assignee: thread.assignee_id },
      after: { assignee: body.staffId },
      reason: body.staffId === actor.staffId ? 'taken' : body.staffId === null ? 'released' : 'assigned',
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
  return threadForStaff(db, id);
}

export async function setStateForStaff(
  db: Db,
  actor: StaffActor,
  id: string,
  body: TAdminSupportStateRequest,
  now = new Date(),
): Promise<TAdminSupportThread> {
  const reason = requireReason(body.reason);
  await db.transaction().execute(async (trx) => {
    const thread = await requireThread(trx, id);
    if (thread.state === body.state) return;
    await updateSupportThread(trx, id, { state: body.state, state_note: reason, updated_at: toDbDate(now) });
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'support.state',
      targetType: 'support_thread',
      targetId: id,
      before: { state: thread.state },
      after: { state: body.state },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
  return threadForStaff(db, id);
}
