import { AppError } from '../../lib/app-error';
import { type KeysetCut } from './admin-people.repository';

// Small rules shared by the back office's services.

/** Who acts, for the audit log: the staff member and their address. */
export interface StaffActor {
  staffId: string;
  role: string;
  ip?: string;
}

/** Every mutating action has a reason (ADR 0019); the route schemas require one, this refuses a blank one anyway. */
export function requireReason(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') throw new AppError('ADMIN_REASON_REQUIRED');
  return trimmed.slice(0, 500);
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
