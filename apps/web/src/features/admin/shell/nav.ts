import type { TPermission } from '@llk/contracts/admin-roles';

// The back office's sections, in nav order, each tied to the one permission that opens it
// (ADR 0019's matrix). The nav shows a section only when the staff member's role holds it; the
// API checks the same permission on every route behind it. Labels: AdminShell.nav.<key>.

export interface TAdminSection {
  key: string;
  href: string;
  permission: TPermission;
}

export const ADMIN_SECTIONS: readonly TAdminSection[] = [
  { key: 'dashboard', href: '/admin', permission: 'dashboard.read' },
  { key: 'reports', href: '/admin/reports', permission: 'reports.read' },
  { key: 'users', href: '/admin/users', permission: 'users.read' },
  { key: 'devices', href: '/admin/devices', permission: 'devices.read' },
  { key: 'orders', href: '/admin/orders', permission: 'orders.read' },
  { key: 'refunds', href: '/admin/refunds', permission: 'orders.read' },
  { key: 'invoices', href: '/admin/invoices', permission: 'invoices.manage' },
  { key: 'content', href: '/admin/content', permission: 'content.manage' },
  { key: 'notices', href: '/admin/notices', permission: 'content.manage' },
  { key: 'releases', href: '/admin/releases', permission: 'content.manage' },
  { key: 'search', href: '/admin/search', permission: 'content.manage' },
  { key: 'pricing', href: '/admin/pricing', permission: 'pricing.manage' },
  { key: 'codes', href: '/admin/codes', permission: 'codes.manage' },
  { key: 'payouts', href: '/admin/payouts', permission: 'payouts.manage' },
  { key: 'cloudPc', href: '/admin/cloud-pc', permission: 'cloudpc.manage' },
  { key: 'support', href: '/admin/support', permission: 'support.manage' },
  { key: 'jobs', href: '/admin/jobs', permission: 'jobs.manage' },
  { key: 'staff', href: '/admin/staff', permission: 'staff.manage' },
  { key: 'audit', href: '/admin/audit', permission: 'audit.read' },
];

/** The sections a staff member with these permissions may open, in nav order. */
export function visibleSections(permissions: readonly string[]): TAdminSection[] {
  return ADMIN_SECTIONS.filter((section) => permissions.includes(section.permission));
}

/** The section a path belongs to (longest href that is the path or a parent of it). */
export function currentSection(pathname: string): TAdminSection | undefined {
  return [...ADMIN_SECTIONS]
    .sort((a, b) => b.href.length - a.href.length)
    .find((section) => pathname === section.href || (section.href !== '/admin' && pathname.startsWith(`${section.href}/`)));
}
