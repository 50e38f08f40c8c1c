// The admin module's public surface: other modules and the command line import only this file.
export { createStaff, type CreatedStaff, staffSetupLink, STAFF_USERNAME_RE } from './staff.service';
export { isStaffRole, STAFF_ROLES, type TStaffRole } from './permissions';
