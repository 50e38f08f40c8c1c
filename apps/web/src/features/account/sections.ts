// The account area's sections, in the order of its navigation (spec: Overview, Profile,
// Security, Orders, Cancel account), with the account's devices, their connections, screen
// walls, seats, the organisations the account belongs to (/org, outside /account) and
// redemption codes after Security. Pure: the layout's navigation and its tests read it.

export const ACCOUNT_SECTIONS = [
  { key: 'overview', href: '/account' },
  { key: 'profile', href: '/account/profile' },
  { key: 'security', href: '/account/security' },
  { key: 'devices', href: '/account/devices' },
  { key: 'connections', href: '/account/connections' },
  { key: 'walls', href: '/account/walls' },
  { key: 'seats', href: '/account/seats' },
  { key: 'organisations', href: '/org' },
  { key: 'redeem', href: '/account/redeem' },
  { key: 'orders', href: '/account/orders' },
  { key: 'cancel', href: '/account/cancel' },
] as const;

export type TAccountSection = (typeof ACCOUNT_SECTIONS)[number]['key'];

/** The section a path (locale prefix removed) belongs to: /account/orders/X/receipt → orders. */
export function sectionOf(path: string): TAccountSection | null {
  if (path === '/account') return 'overview';
  for (const section of ACCOUNT_SECTIONS) {
    if (section.key !== 'overview' && (path === section.href || path.startsWith(`${section.href}/`))) return section.key;
  }
  return null;
}
