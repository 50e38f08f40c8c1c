import { type StaffRecords } from '../../infrastructure/http/staff';
import { findCreators, findStaffNames, listAssignableStaff } from './admin.repository';
import { recordAudit } from './audit';

/**
 * What the back office hands every module's staff code through the staff port (ADR 0040): its
 * audit writer and the few reads of its staff other screens show. The composition provides it
 * at start-up (composition/staff-routes.ts).
 */
export const staffRecords: StaffRecords = {
  recordAudit,
  async creators(db, targetType, ids) {
    const rows = await findCreators(db, targetType, ids);
    return new Map(rows.flatMap((row) => (row.target_id === null ? [] : [[row.target_id, row.staff_username] as const])));
  },
  staffNames: findStaffNames,
  assignableStaff: listAssignableStaff,
};
