// The back office's roles and permissions (ADR 0019), as data: every admin route declares one
// permission in its route config and the permission hook looks the staff member's role up here.

export const STAFF_ROLES = ['OWNER', 'SUPPORT', 'FINANCE', 'CONTENT', 'OPS'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'staff.manage',
  'audit.read',
  'dashboard.read',
  'users.read',
  'users.act',
  'orders.read',
  'orders.refund',
  'invoices.manage',
  'payouts.manage',
  'reports.read',
  'content.manage',
  'pricing.manage',
  'codes.manage',
  'cloudpc.manage',
  'devices.read',
  'jobs.manage',
  'support.manage',
] as const;
export type TPermission = (typeof PERMISSIONS)[number];

/**
 * The matrix of ADR 0019, role by role. OWNER holds every permission. SUPPORT's
 * `orders.refund` is capped by ADMIN_SUPPORT_REFUND_LIMIT_FEN in the refund service, not here.
 */
export const ROLE_PERMISSIONS: Readonly<Record<TStaffRole, readonly TPermission[]>> = {
  OWNER: PERMISSIONS,
  SUPPORT: ['dashboard.read', 'users.read', 'users.act', 'orders.read', 'orders.refund', 'devices.read', 'support.manage'],
  FINANCE: ['audit.read', 'dashboard.read', 'users.read', 'orders.read', 'orders.refund', 'invoices.manage', 'payouts.manage', 'reports.read', 'pricing.manage', 'codes.manage', 'support.manage'],
  CONTENT: ['dashboard.read', 'content.manage'],
  OPS: ['dashboard.read', 'users.read', 'codes.manage', 'cloudpc.manage', 'devices.read', 'jobs.manage'],
};

export function isStaffRole(value: unknown): value is TStaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is TPermission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export function roleHas(role: TStaffRole, permission: TPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
