import { type Insertable } from 'kysely';
import { touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { departmentIdsUnder } from './organisations.repository';
import { type OrgAuditLogTable, type OrgInvitationsTable, organisationsTables } from './organisations.tables';

// Every query of org_invitations (ADR 0044).

const own = organisationsTables;

/** Rows per INSERT of an import: well inside both dialects' limits on bound values. */
const CHUNK = 100;

export async function insertInvitations(db: Db, rows: Insertable<OrgInvitationsTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await own(db)
      .insertInto('org_invitations')
      .values(rows.slice(start, start + CHUNK))
      .execute();
}

/** An import's audit rows of the invitations it made, CHUNK rows an INSERT (one at a time made 1,000 round trips). */
export async function insertImportAuditRows(db: Db, rows: Insertable<OrgAuditLogTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await own(db)
      .insertInto('org_audit_log')
      .values(rows.slice(start, start + CHUNK))
      .execute();
}

export function findInvitation(db: Db, orgId: string, invitationId: string) {
  return own(db).selectFrom('org_invitations').selectAll().where('org_id', '=', orgId).where('id', '=', invitationId).executeTakeFirst();
}

export function findInvitationByTokenHash(db: Db, tokenHash: string) {
  return own(db).selectFrom('org_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the organisation's PENDING invitations past their expiry EXPIRED (so a new one to the same target may be made). */
export async function expireOverdue(db: Db, orgId: string, now: string): Promise<void> {
  await own(db)
    .updateTable('org_invitations')
    .set({ status: 'EXPIRED' })
    .where('org_id', '=', orgId)
    .where('status', '=', 'PENDING')
    .where('expires_at', '<=', now)
    .execute();
}

/** The targets of the organisation's PENDING invitations (after expireOverdue: the live ones). */
export async function pendingTargets(db: Db, orgId: string, targets?: readonly string[]): Promise<Set<string>> {
  if (targets?.length === 0) return new Set();
  let select = own(db).selectFrom('org_invitations').select('target').where('org_id', '=', orgId).where('status', '=', 'PENDING');
  if (targets) select = select.where('target', 'in', targets);
  return new Set((await select.execute()).map((row) => row.target));
}

export async function updateInvitation(
  db: Db,
  invitationId: string,
  values: Partial<Pick<OrgInvitationsTable, 'status' | 'token_hash' | 'expires_at' | 'sent_count' | 'last_sent_at'>>,
): Promise<void> {
  await own(db).updateTable('org_invitations').set(values).where('id', '=', invitationId).execute();
}

/**
 * PENDING → ACCEPTED in one conditional UPDATE: true for the one caller that changed it, and only
 * with the link's current token (a resend that raced the accept made the old one stop working).
 */
export async function markAccepted(db: Db, invitationId: string, tokenHash: string, userId: string, now: string): Promise<boolean> {
  const result = await own(db)
    .updateTable('org_invitations')
    .set({ status: 'ACCEPTED', accepted_by: userId, accepted_at: now })
    .where('id', '=', invitationId)
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export interface InvitationPageQuery {
  orgId: string;
  /** a department admin's scope: invitations into these sub-trees only */
  within?: readonly string[];
  status?: 'PENDING' | 'ACCEPTED' | 'REVOKED' | 'EXPIRED';
  now: string;
  before?: { createdAt: string; id: string };
  limit: number;
}

/** Newest first on the (org_id, created_at, id) index; PENDING past its expiry counts as EXPIRED. */
export function listInvitationsPage(db: Db, query: InvitationPageQuery) {
  let select = own(db).selectFrom('org_invitations').selectAll().where('org_id', '=', query.orgId);
  if (query.within) select = select.where('department_id', 'in', departmentIdsUnder(db, query.orgId, query.within));
  const { status, now, before } = query;
  if (status === 'PENDING') select = select.where('status', '=', 'PENDING').where('expires_at', '>', now);
  else if (status === 'EXPIRED')
    select = select.where((eb) =>
      eb.or([eb('status', '=', 'EXPIRED'), eb.and([eb('status', '=', 'PENDING'), eb('expires_at', '<=', now)])]),
    );
  else if (status !== undefined) select = select.where('status', '=', status);
  if (before) select = select.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.createdAt, before.id)));
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}
