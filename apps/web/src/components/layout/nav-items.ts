// The header navigation, in display order. Kept free of imports so the
// client-side NavLink can use currentState() without pulling in anything else.

export const HEADER_NAV = [
  { key: 'pricing', href: '/pricing' },
  { key: 'guide', href: '/guide' },
  { key: 'about', href: '/about' },
  { key: 'download', href: '/download' },
  { key: 'cloudPc', href: '/cloudPc' },
  { key: 'news', href: '/news-1' },
  { key: 'contact', href: '/contact' },
] as const;

/**
 * aria-current of a nav item on `pathname` (without locale prefix): 'page' on the item's own
 * URL, 'true' inside its section (/guide/…; any news page or article for News), else none.
 * Public (/news-2) and internal (/news/2) forms count alike, so server and client agree.
 */
export function currentState(href: string, pathname: string): 'page' | 'true' | undefined {
  if (pathname === href) return 'page';
  if (href === '/news-1') return /^\/(?:news|info)[-/][^/]+$/.test(pathname) ? 'true' : undefined;
  if (href !== '/' && pathname.startsWith(`${href}/`)) return 'true';
  return undefined;
}
