// The back office's roles and permissions (ADR 0019), as data shared by the API (the permission
// hook) and the web (the nav shows only what a role may open). Zod-free: the browser imports it
// through `@llk/contracts/admin-roles`.

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
  FINANCE: [
    'audit.read',
    'dashboard.read',
    'users.read',
    'orders.read',
    'orders.refund',
    'invoices.manage',
    'payouts.manage',
    'reports.read',
    'pricing.manage',
    'codes.manage',
    'support.manage',
  ],
  CONTENT: ['dashboard.read', 'content.manage'],
  OPS: ['dashboard.read', 'users.read', 'codes.manage', 'cloudpc.manage', 'devices.read', 'jobs.manage'],
};

/** The staff languages (zh-CN and en only: staff screens are not in the other five). */
export const STAFF_LOCALES = ['zh-CN', 'en'] as const;
export type TStaffLocale = (typeof STAFF_LOCALES)[number];

export function isStaffRole(value: unknown): value is TStaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is TPermission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export function isStaffLocale(value: unknown): value is TStaffLocale {
  return typeof value === 'string' && (STAFF_LOCALES as readonly string[]).includes(value);
}

export function roleHas(role: TStaffRole, permission: TPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
