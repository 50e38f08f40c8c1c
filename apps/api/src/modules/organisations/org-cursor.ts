import { fromDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { AppError } from '../../infrastructure/http/app-error';

// The keyset cursors of the member list and the audit log: `<ISO time>~<id>` of the page's last row.

export function cursorOf(at: string, id: string): string {
  return `${fromDbDate(at).toISOString()}~${id}`;
}

export function parseCursor(cursor: string): { at: string; id: string } {
  const cut = cursor.lastIndexOf('~');
  const at = new Date(cursor.slice(0, cut));
  if (Number.isNaN(at.getTime())) throw new AppError('VALIDATION_FAILED');
  return { at: toDbDate(at), id: cursor.slice(cut + 1) };
}
