import { newId, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type TAdminAuditPage } from '@llk/contracts';
import { insertAudit, listAudit } from './admin.repository';

// The one way an audit record is written (ADR 0019): every mutating admin service calls it with
// the transaction of the change it records, so the record and the change commit or fail together.

export interface AuditEntry {
  /** null for the command line (admin:create) */
  staffId: string | null;
  /** what was done, e.g. `staff.create` */
  action: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
  ip?: string;
  at?: Date;
}

export async function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  await insertAudit(trx, {
    id: newId(),
    at: toDbDate(entry.at ?? new Date()),
    staff_id: entry.staffId,
    action: entry.action,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId ?? null,
    before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
    after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
  });
}

/** A page of the audit log, newest first; `before` is the previous page's `next`. */
export async function listAuditPage(db: Db, query: { before?: string | undefined; limit: number }): Promise<TAdminAuditPage> {
  const cut = query.before?.split('_');
  const rows = await listAudit(db, { limit: query.limit + 1, ...(cut?.[0] && cut[1] ? { before: { at: cut[0], id: cut[1] } } : {}) });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      at: row.at,
      staffId: row.staff_id,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before_json,
      after: row.after_json,
      reason: row.reason,
      ip: row.ip,
    })),
    next: rows.length > query.limit && last ? `${last.at}_${last.id}` : null,
  };
}
