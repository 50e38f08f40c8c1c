// The admin module's public surface: the composition (the staff routes, the command line) imports
// only this file; no module imports admin (ADR 0040: their staff code stands on the staff port,
// infrastructure/http/staff.ts, which admin implements).
export { createStaff, type CreatedStaff, staffSetupLink, STAFF_USERNAME_RE } from './staff.service';
export { isStaffRole, STAFF_ROLES, type TStaffRole } from './permissions';
// The guard every /admin route stands behind, and what the back office hands the staff port.
export { type AdminRouteTable, guardAdminRoutes } from './admin.plugin';
export { staffRecords } from './staff-records';
// The back office's own staff routes (composition/staff-routes.ts registers them with every module's).
export { auditAdminRoutes } from './audit.admin.routes';
export { dashboardAdminRoutes } from './dashboard.admin.routes';
export { jobsAdminRoutes } from './jobs.admin.routes';
export { sessionAdminRoutes } from './session.admin.routes';
export { staffAdminRoutes } from './staff.admin.routes';
export { staffPasskeysAdminRoutes } from './staff-passkeys.admin.routes';
