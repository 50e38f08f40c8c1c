import { newId, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { insertAudit } from './admin.repository';

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
