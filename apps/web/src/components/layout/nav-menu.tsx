'use client';

import { usePathname } from 'next/navigation';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

// The header's collapsible area: below the `nav` breakpoint a menu button shows and hides it
// (disclosure pattern: aria-expanded + aria-controls); from the breakpoint up it is always
// shown inline. The links themselves are server-rendered children.

interface TNavMenuProps {
  openLabel: string;
  closeLabel: string;
  children: ReactNode;
}

export function NavMenu({ openLabel, closeLabel, children }: TNavMenuProps) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // A navigation closes the menu (the header itself stays mounted across pages).
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  // While open, Escape closes the menu and returns focus to its button, and following a link in
  // the panel closes it at once (before the next page arrives). Listening on the document keeps
  // the markup plain: the links and the button are the only interactive elements.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    function onClick(event: MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (link && panelRef.current?.contains(link)) setOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  return (
    <div className="contents">
      <button
        ref={buttonRef}
        type="button"
        data-nav-menu
        className="nav:hidden inline-flex size-11 items-center justify-center rounded-control text-ink-soft hover:bg-surface-raised hover:text-ink"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="sr-only">{open ? closeLabel : openLabel}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        data-open={open ? '' : undefined}
        className="absolute inset-x-0 top-full hidden max-h-[calc(100dvh-var(--header-height))] overflow-y-auto border-b border-line bg-canvas px-4 pb-6 pt-2 shadow-popover data-open:block nav:static nav:flex nav:max-h-none nav:flex-1 nav:items-center nav:overflow-visible nav:border-0 nav:bg-transparent nav:p-0 nav:shadow-none"
      >
        {children}
      </div>
    </div>
  );
}
