import { describe, expect, it } from 'vitest';
import { ACCOUNT_SECTIONS, sectionOf } from './sections';

describe('account sections', () => {
  it('lists the sections in the navigation order', () => {
    expect(ACCOUNT_SECTIONS.map((section) => section.key)).toEqual([
      'overview',
      'profile',
      'security',
      'devices',
      'connections',
      'walls',
      'seats',
      'organisations',
      'redeem',
      'orders',
      'cancel',
    ]);
  });

  it.each([
    ['/account', 'overview'],
    ['/account/profile', 'profile'],
    ['/account/security', 'security'],
    ['/account/devices', 'devices'],
    ['/account/connections', 'connections'],
    ['/account/orders', 'orders'],
    ['/account/orders/01ABC', 'orders'],
    ['/account/orders/01ABC/receipt', 'orders'],
    ['/account/walls', 'walls'],
    ['/account/seats', 'seats'],
    ['/account/redeem', 'redeem'],
    ['/org', 'organisations'],
    ['/org/join', 'organisations'],
    ['/account/cancel', 'cancel'],
    ['/account/ordersX', null],
    ['/pricing', null],
  ])('%s belongs to %s', (path, section) => {
    expect(sectionOf(path)).toBe(section);
  });
});
