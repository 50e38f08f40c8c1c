import { ROLE_PERMISSIONS } from '@llk/contracts/admin-roles';
import { describe, expect, it } from 'vitest';
import { currentSection, visibleSections } from './nav';

describe('the back office nav', () => {
  it('shows each role only the sections its permissions open', () => {
    expect(visibleSections(ROLE_PERMISSIONS.OWNER).map((s) => s.key)).toEqual([
      'dashboard',
      'reports',
      'users',
      'devices',
      'orders',
      'refunds',
      'invoices',
      'content',
      'notices',
      'releases',
      'search',
      'pricing',
      'codes',
      'payouts',
      'cloudPc',
      'support',
      'jobs',
      'staff',
      'audit',
    ]);
    expect(visibleSections(ROLE_PERMISSIONS.CONTENT).map((s) => s.key)).toEqual(['dashboard', 'content', 'notices', 'releases', 'search']);
    expect(visibleSections(ROLE_PERMISSIONS.SUPPORT).map((s) => s.key)).toEqual([
      'dashboard',
      'users',
      'devices',
      'orders',
      'refunds',
      'support',
    ]);
    expect(visibleSections(ROLE_PERMISSIONS.FINANCE).map((s) => s.key)).toEqual([
      'dashboard',
      'reports',
      'users',
      'orders',
      'refunds',
      'invoices',
      'pricing',
      'codes',
      'payouts',
      'support',
      'audit',
    ]);
    expect(visibleSections(ROLE_PERMISSIONS.OPS).map((s) => s.key)).toEqual(['dashboard', 'users', 'devices', 'codes', 'cloudPc', 'jobs']);
  });

  it('marks the section of a page, the dashboard only on /admin itself', () => {
    expect(currentSection('/admin')?.key).toBe('dashboard');
    expect(currentSection('/admin/users/01J')?.key).toBe('users');
    expect(currentSection('/admin/staff')?.key).toBe('staff');
    expect(currentSection('/admin/payouts/01J')?.key).toBe('payouts');
    expect(currentSection('/admin/support/01J')?.key).toBe('support');
    expect(currentSection('/admin/usersx')).toBeUndefined();
  });
});
