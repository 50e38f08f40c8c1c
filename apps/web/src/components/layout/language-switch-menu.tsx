'use client';

import { usePathname } from 'next/navigation';
import { type MouseEvent, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { languageChoiceHref, localeCookieLine, switchLocaleHref } from '../../lib/locale-path';

// The language switch: a native <details> disclosure holding one link per language, each in
// its own name and `lang`. Choosing one saves the llk-lang cookie, then loads the same page
// (path and query) under that language's prefix. Native element + ~1 KB of script instead of
// a menu library: see apps/web/README.md. The links work before the script has run too: the
// server HTML already points at the same page, and `?lang=` makes the proxy save the choice.

interface TLanguageOption {
  code: string;
  /** the language's own name ('日本語') */
  name: string;
  /** BCP 47 tag for lang/hreflang */
  iso: string;
}

interface TLanguageSwitchMenuProps {
  current: string;
  options: TLanguageOption[];
  cookie: { name: string; maxAge: number };
  label: string;
  /** In the header's mobile menu the list opens in the flow below the nav breakpoint. */
  inMenu?: boolean;
}

export function LanguageSwitchMenu({ current, options, cookie, label, inMenu = false }: TLanguageSwitchMenuProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  // The page's path (in the server HTML too); its query is read when the list opens (reading it
  // while rendering would keep static pages from being prerendered).
  const pathname = usePathname() ?? '/';
  const [search, setSearch] = useState('');
  const currentOption = options.find((o) => o.code === current) ?? options[0];

  function onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
    const isOpen = event.currentTarget.open;
    if (isOpen) setSearch(window.location.search);
    setOpen(isOpen);
  }

  function close(focusSummary: boolean) {
    const details = detailsRef.current;
    if (!details) return;
    details.open = false;
    if (focusSummary) details.querySelector('summary')?.focus();
  }

  // Escape and a click or focus outside close the list, as a menu button would.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onOutside = (event: Event) => {
      if (!detailsRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  function choose(event: MouseEvent<HTMLAnchorElement>, code: string) {
    document.cookie = localeCookieLine(cookie.name, code, cookie.maxAge, window.location.protocol === 'https:');
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (code === current) {
      close(true);
      return;
    }
    // A full load: the new language's messages, <html lang> and static HTML in one go.
    window.location.assign(switchLocaleHref(code, window.location.pathname, window.location.search));
  }

  return (
    <details ref={detailsRef} className="group relative" onToggle={onToggle}>
      <summary className="no-marker inline-flex h-10 cursor-pointer select-none items-center whitespace-nowrap gap-1.5 rounded-control px-3 text-sm font-medium text-ink-soft hover:bg-surface-raised hover:text-ink">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-[1.125rem]" fill="none" stroke="currentColor" strokeWidth="1.75">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
        <span className="sr-only">{label}: </span>
        <span lang={currentOption?.iso} className={inMenu ? 'nav:max-xl:sr-only' : undefined}>
          {currentOption?.name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 transition-transform group-open:rotate-180" fill="currentColor">
          <path
            d="M5.5 7.5L10 12l4.5-4.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </summary>
      <ul
        aria-label={label}
        className={`z-50 mt-1 min-w-44 rounded-card border border-line bg-canvas p-1.5 shadow-popover ${
          inMenu ? 'nav:absolute nav:right-0 nav:top-full' : 'absolute right-0 top-full'
        }`}
      >
        {options.map((option) => (
          <li key={option.code}>
            <a
              href={languageChoiceHref(option.code, pathname, search)}
              lang={option.iso}
              hrefLang={option.iso}
              aria-current={option.code === current ? 'true' : undefined}
              onClick={(event) => choose(event, option.code)}
              className="flex items-center justify-between gap-3 rounded-[0.5rem] px-3 py-2 text-sm text-ink-soft hover:bg-surface-raised hover:text-ink aria-[current]:font-semibold aria-[current]:text-brand-700"
            >
              {option.name}
              {option.code === current ? (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M4.5 10.5l3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
