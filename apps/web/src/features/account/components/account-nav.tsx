'use client';

import { useEffect, useRef } from 'react';
import { Link, usePathname } from '@/components/link';
import { sectionOf, type TAccountSection } from '../sections';

interface TAccountNavProps {
  label: string;
  items: ReadonlyArray<{ key: TAccountSection; href: string; label: string }>;
}

/**
 * The account area's section navigation: a row of tabs that scrolls sideways on phones, a
 * side column from the `lg` breakpoint. The current section is marked with aria-current and,
 * in the phone's row, scrolled into view (the later sections start off-screen).
 */
export function AccountNav({ label, items }: TAccountNavProps) {
  const current = sectionOf(usePathname());
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    // only the row scrolls (scrollIntoView would move the page too)
    const left = link.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    if (left < list.scrollLeft || left + link.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = left - (list.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  return (
    <nav aria-label={label} className="-mx-4 border-b border-line sm:-mx-6 lg:mx-0 lg:border-0 print:hidden" data-testid="account-nav">
      <ul
        ref={listRef}
        className="flex gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-6 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0"
      >
        {items.map((item) => (
          <li key={item.key} className="shrink-0">
            <Link
              href={item.href}
              aria-current={current === item.key ? 'page' : undefined}
              data-section={item.key}
              className="-mb-px flex h-11 items-center border-b-2 border-transparent px-3 text-[0.9375rem] font-medium whitespace-nowrap text-ink-soft transition-colors hover:text-ink aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700 lg:mb-0 lg:rounded-control lg:border-b-0 lg:hover:bg-surface-raised lg:aria-[current=page]:bg-brand-50"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
