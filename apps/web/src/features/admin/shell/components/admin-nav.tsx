'use client';

import { usePathname } from 'next/navigation';
import { currentSection } from '@/features/admin/shell/nav';
import Link from 'next/link';

// The section links of the shell; the current section is marked (aria-current). Which sections
// appear is decided on the server from the staff member's permissions (nav.ts).

export function AdminNav({
  label,
  items,
}: {
  label: string;
  items: { key: string; href: string; text: string; badge?: number | undefined }[];
}) {
  const pathname = usePathname() ?? '/admin';
  const current = currentSection(pathname)?.key;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              prefetch={false}
              href={item.href}
              aria-current={item.key === current ? 'page' : undefined}
              className="block rounded-control px-3 py-2 text-sm text-ink-soft hover:bg-surface-raised hover:text-ink aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
            >
              {item.text}
              {item.badge ? (
                <span
                  className="ml-2 inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white tabular-nums"
                  data-testid={`admin-nav-badge-${item.key}`}
                >
                  {item.badge}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
