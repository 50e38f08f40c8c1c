import { locales } from '@llk/contracts/locales';
import { matchRoute } from './routes';

// What POST /api/revalidate refreshes for a public path the API names (ADR 0019).

/** Internal page paths (as app/[locale]/… names them) to refresh for one public path; [] when it is no page. */
export function internalPaths(path: string): string[] {
  // A route pattern names the page's file path, route group included (Next.js matches it against
  // the app folder: without the group nothing matched and the news pages stayed as they were).
  if (/^\/news-\d+$/.test(path)) return ['/[locale]/(marketing)/news/[page]'];
  const match = matchRoute(path, new URLSearchParams());
  if (!match.ok) return [];
  return locales.map((locale) => `/${locale}${match.internalPath === '/' ? '' : match.internalPath}`);
}
