import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, roleHas, STAFF_ROLES } from './permissions';

// The matrix of ADR 0019, written out as literals: a change to permissions.ts must change this.
const MATRIX: Record<string, string> = {
  //                 OWNER SUPPORT FINANCE CONTENT OPS
  'staff.manage': 'x....',
  'audit.read': 'x.x..',
  'dashboard.read': 'xxxxx',
  'users.read': 'xxx.x',
  'users.act': 'xx...',
  'orders.read': 'xxx..',
  'orders.refund': 'xxx..',
  'invoices.manage': 'x.x..',
  'payouts.manage': 'x.x..',
  'reports.read': 'x.x..',
  'content.manage': 'x..x.',
  'pricing.manage': 'x.x..',
  'codes.manage': 'x.x.x',
  'cloudpc.manage': 'x...x',
  'devices.read': 'xx..x',
  'jobs.manage': 'x...x',
  'support.manage': 'xxx..',
};

describe('the back-office permission matrix', () => {
  it('names the 17 permissions of the ADR and the 5 roles', () => {
    expect([...PERMISSIONS].sort()).toEqual(Object.keys(MATRIX).sort());
    expect(PERMISSIONS).toHaveLength(17);
    expect(STAFF_ROLES).toEqual(['OWNER', 'SUPPORT', 'FINANCE', 'CONTENT', 'OPS']);
  });

  it.each(Object.entries(MATRIX))('%s is held by exactly the roles of the ADR', (permission, row) => {
    const holders = STAFF_ROLES.filter((role) => roleHas(role, permission as (typeof PERMISSIONS)[number]));
    expect(holders).toEqual(STAFF_ROLES.filter((_, i) => row[i] === 'x'));
  });

  it('lists each permission of a role once', () => {
    for (const role of STAFF_ROLES) expect(new Set(ROLE_PERMISSIONS[role]).size).toBe(ROLE_PERMISSIONS[role].length);
  });
});
