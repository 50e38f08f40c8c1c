import { type TPermission, type TStaffLocale, type TStaffRole } from '@llk/contracts/admin-roles';
import { type FastifyRequest } from 'fastify';
import { type Db } from '../db/schema';
import { AppError } from './app-error';

// What a module's staff routes stand on (ADR 0040): the staff member the back office's guard let
// in, the reason rule, keyset cursors, and the audit record written in the transaction of the
// change it records. The back office (modules/admin) owns the staff, their sessions and the audit
// log; it hands its audit writer to this port at start-up (composition/staff-routes.ts), so a
// module's staff code never imports admin and admin may read every module (the dashboard).

/**
 * What an /admin route needs: a permission of the matrix, or one of two levels outside it —
 * `public` (no session: set-up and log-in) and `staff` (any live staff session, whatever the
 * role: /admin/me, log-out).
 */
export type TAdminAccess = TPermission | 'public' | 'staff';

/** "METHOD /url" → access of every admin route, for the matrix test and the docs. */
export type AdminRouteTable = Map<string, TAdminAccess>;

/** The staff session the guard found for a request. */
export interface LiveStaffSession {
  sessionId: string;
  staffId: string;
  username: string;
  role: TStaffRole;
  locale: TStaffLocale;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an /admin route needs (ADR 0019); required on every /admin route. */
    permission?: TAdminAccess;
  }
  interface FastifyInstance {
    /** "METHOD /url" → access of every /admin route (filled at start-up). */
    adminRouteTable: Map<string, TAdminAccess>;
  }
  interface FastifyRequest {
    staff?: LiveStaffSession | null;
  }
}

/** Who acts, for the audit log: the staff member and their address. */
export interface StaffActor {
  staffId: string;
  role: string;
  ip?: string;
}

/** The staff member the permission hook let in, with their address, for the audit log. */
export function actorOf(request: FastifyRequest): StaffActor {
  const staff = request.staff;
  if (!staff) throw new Error('admin route without a staff session');
  return { staffId: staff.staffId, role: staff.role, ip: request.ip };
}

/** Every mutating action has a reason (ADR 0019); the route schemas require one, this refuses a blank one anyway. */
export function requireReason(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') throw new AppError('ADMIN_REASON_REQUIRED');
  return trimmed.slice(0, 500);
}

/** Where a keyset page (created_at, id), newest first, continues. */
export interface KeysetCut {
  createdAt: string;
  id: string;
}

/** Keyset cursor `<created_at>_<id>` (the contracts' ADMIN_PAGE_CURSOR_RE). */
export function encodeCursor(createdAt: string, id: string): string {
  return `${createdAt}_${id}`;
}

export function decodeCursor(cursor: string | undefined): KeysetCut | undefined {
  if (!cursor) return undefined;
  const at = cursor.indexOf('_');
  return at > 0 ? { createdAt: cursor.slice(0, at), id: cursor.slice(at + 1) } : undefined;
}

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

/** What the back office (the owner of the staff and the audit log) provides to every module's staff code. */
export interface StaffRecords {
  /** Writes one audit record with `trx`, the transaction of the change it records (ADR 0019). */
  recordAudit(trx: Db, entry: AuditEntry): Promise<void>;
  /** Who created each of these items (their `<targetType>.create` record), for list pages. */
  creators(db: Db, targetType: string, ids: readonly string[]): Promise<Map<string, string | null>>;
  /** The usernames of these staff members (absent: no such staff). */
  staffNames(db: Db, ids: readonly string[]): Promise<Map<string, string>>;
  /** Staff who may hold work: not locked, set up, in one of `roles`, by username. */
  assignableStaff(db: Db, roles: readonly string[]): Promise<{ id: string; username: string }[]>;
}

let provided: StaffRecords | undefined;

/** Called once at start-up by the composition (composition/staff-routes.ts) with the back office's records. */
export function provideStaffRecords(records: StaffRecords): void {
  provided = records;
}

function staffRecords(): StaffRecords {
  if (!provided) throw new Error('no staff records provided (composition/staff-routes.ts provides them at start-up)');
  return provided;
}

/** The one way a module's staff code writes an audit record: in the transaction of the change. */
export function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  return staffRecords().recordAudit(trx, entry);
}

/** The staff username that created each item (absent: not created by staff, e.g. the seed's). */
export function creatorsOf(db: Db, targetType: string, ids: readonly string[]): Promise<Map<string, string | null>> {
  return staffRecords().creators(db, targetType, ids);
}

/** The usernames of these staff members. */
export function staffNamesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return staffRecords().staffNames(db, ids);
}

/** Staff who may hold work (a support thread): not locked, set up, in one of `roles`. */
export function assignableStaffOf(db: Db, roles: readonly string[]): Promise<{ id: string; username: string }[]> {
  return staffRecords().assignableStaff(db, roles);
}
