import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminNav } from './admin-nav';

vi.mock('next/navigation', () => ({ usePathname: () => '/admin/refunds' }));

afterEach(() => {
  cleanup();
});

describe('AdminNav', () => {
  it('shows the refund queue’s size as a badge on its section, and no badge at zero', () => {
    const { rerender } = render(
      <AdminNav
        label="Sections"
        items={[
          { key: 'orders', href: '/admin/orders', text: 'Orders' },
          { key: 'refunds', href: '/admin/refunds', text: 'Refund queue', badge: 3 },
        ]}
      />,
    );
    expect(screen.getByTestId('admin-nav-badge-refunds').textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Refund queue 3' }).getAttribute('aria-current')).toBe('page');
    rerender(<AdminNav label="Sections" items={[{ key: 'refunds', href: '/admin/refunds', text: 'Refund queue' }]} />);
    expect(screen.queryByTestId('admin-nav-badge-refunds')).toBeNull();
  });
});
