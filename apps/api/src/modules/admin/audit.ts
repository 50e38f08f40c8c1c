import { newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { csvCell } from '../../infrastructure/csv';
import { formatCsvMoment, SERVICE_TIME_ZONE } from '../../infrastructure/time-text';
import { type TAdminAuditEntry, type TAdminAuditFilter, type TAdminAuditPage } from '@llk/contracts';
import { type AuditEntry } from '../../infrastructure/http/staff';
import { type AuditFilterQuery, type AuditListRow, insertAudit, listAudit } from './admin.repository';

export { type AuditEntry } from '../../infrastructure/http/staff';

// The one way an audit record is written (ADR 0019): every mutating admin service calls it with
// the transaction of the change it records, so the record and the change commit or fail together.

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

function filterOf(filter: TAdminAuditFilter): AuditFilterQuery {
  return {
    staffNorm: filter.staff?.toLowerCase(),
    actionPrefix: filter.action,
    targetType: filter.targetType,
    targetId: filter.targetId,
    from: filter.from ? toDbDate(new Date(filter.from)) : undefined,
    to: filter.to ? toDbDate(new Date(filter.to)) : undefined,
  };
}

function cursorOf(before: string | undefined): { at: string; id: string } | undefined {
  const cut = before?.split('_');
  return cut?.[0] && cut[1] ? { at: cut[0], id: cut[1] } : undefined;
}

function entryOf(row: AuditListRow): TAdminAuditEntry {
  return {
    id: row.id,
    at: row.at,
    staffId: row.staff_id,
    staffUsername: row.staff_username,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before_json,
    after: row.after_json,
    reason: row.reason,
    ip: row.ip,
  };
}

/** A page of the audit log, newest first, filtered; `before` is the previous page's `next`. */
export async function listAuditPage(
  db: Db,
  query: TAdminAuditFilter & { before?: string | undefined; limit: number },
): Promise<TAdminAuditPage> {
  const before = cursorOf(query.before);
  const rows = await listAudit(db, { limit: query.limit + 1, filter: filterOf(query), ...(before ? { before } : {}) });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map(entryOf), next: rows.length > query.limit && last ? `${last.at}_${last.id}` : null };
}

/** The most rows one CSV export holds; a wider search is narrowed by time range. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
const EXPORT_BATCH = 1_000;

export const AUDIT_CSV_COLUMNS = [
  'at',
  'staffUsername',
  'staffId',
  'action',
  'targetType',
  'targetId',
  'before',
  'after',
  'reason',
  'ip',
] as const;

/**
 * The filtered audit log as CSV, newest first, at most AUDIT_EXPORT_MAX_ROWS rows (UTF-8 with a
 * BOM, CRLF lines; every cell quoted and a leading = + - @ tab or CR neutralised, the rule of the
 * device export), read in keyset batches.
 */
export async function auditCsv(db: Db, filter: TAdminAuditFilter, timeZone: string = SERVICE_TIME_ZONE): Promise<string> {
  const lines = [AUDIT_CSV_COLUMNS.map(csvCell).join(',')];
  let before: { at: string; id: string } | undefined;
  for (let read = 0; read < AUDIT_EXPORT_MAX_ROWS;) {
    const rows = await listAudit(db, {
      limit: Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - read),
      filter: filterOf(filter),
      ...(before ? { before } : {}),
    });
    for (const row of rows) {
      // the moment on the downloader's clock with its offset (docs/adr/0031)
      const entry = { ...entryOf(row), at: formatCsvMoment(row.at, timeZone) };
      lines.push(AUDIT_CSV_COLUMNS.map((column) => csvCell(entry[column])).join(','));
    }
    read += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) break;
    before = { at: last.at, id: last.id };
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
