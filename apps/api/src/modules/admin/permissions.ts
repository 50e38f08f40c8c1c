// The back office's roles and permissions (ADR 0019) live in the contracts, shared with the web's
// nav; every admin route declares one permission in its route config and the permission hook
// looks the staff member's role up with roleHas.
export {
  isPermission,
  isStaffRole,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  roleHas,
  STAFF_ROLES,
  type TPermission,
  type TStaffRole,
} from '@llk/contracts/admin-roles';
