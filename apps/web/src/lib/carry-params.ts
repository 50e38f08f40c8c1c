// Query carry-over: clientType, redirectUrl and from travel from the current
// route to the next one when the next one does not name them itself.

import type { THrefObject } from './locale-path';

export const CARRIED_PARAMS = ['clientType', 'redirectUrl', 'from'] as const;

const BASE = 'http://internal.invalid';

function carriedFrom(currentSearch: string | URLSearchParams): Array<[string, string]> {
  const current = typeof currentSearch === 'string' ? new URLSearchParams(currentSearch) : currentSearch;
  const found: Array<[string, string]> = [];
  for (const name of CARRIED_PARAMS) {
    const value = current.get(name);
    if (value !== null && value !== '') found.push([name, value]);
  }
  return found;
}

/** Only same-site paths get the parameters; absolute URLs, mailto:, #hash-only links do not. */
function isInternalPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/**
 * Adds the carried parameters of `currentSearch` to `href` where `href` lacks them.
 * Accepts a path string ('/pricing?x=1#top') or a next-intl href object; returns the same kind.
 * Returns the input unchanged (same reference) when there is nothing to add.
 */
export function mergeCarryParams<T extends string | THrefObject>(href: T, currentSearch: string | URLSearchParams): T {
  const carried = carriedFrom(currentSearch);
  if (carried.length === 0) return href;

  if (typeof href === 'string') {
    if (!isInternalPath(href)) return href;
    const url = new URL(href, BASE);
    let changed = false;
    for (const [name, value] of carried) {
      if (!url.searchParams.has(name)) {
        url.searchParams.append(name, value);
        changed = true;
      }
    }
    return (changed ? `${url.pathname}${url.search}${url.hash}` : href) as T;
  }

  const object = href as THrefObject;
  if (!isInternalPath(object.pathname)) return href;
  const query = { ...object.query };
  let changed = false;
  for (const [name, value] of carried) {
    if (query[name] === undefined || query[name] === null) {
      query[name] = value;
      changed = true;
    }
  }
  return (changed ? { ...object, query } : href) as T;
}
