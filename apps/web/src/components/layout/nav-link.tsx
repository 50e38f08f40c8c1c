'use client';

import type { ReactNode } from 'react';
import { Link, usePathname } from '@/components/link';
import { currentState } from './nav-items';

/** A header/footer link that knows whether it is the current page (aria-current). */
export function NavLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const current = currentState(href, usePathname());
  return (
    <Link href={href} aria-current={current} className={className}>
      {children}
    </Link>
  );
}
