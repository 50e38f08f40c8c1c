// A link with an access key opened while another account is signed in (log-in CSRF: someone
// else's link must not silently swap the visitor's account). The proxy keeps the key in an
// httpOnly cookie for the key's own minute and asks on /switchAccount; the visitor's POST
// there switches or keeps the account (features/auth/server/switch-account.ts, docs/adr/0012).

export const SWITCH_PATH = '/switchAccount';
export const SWITCH_COOKIE = 'llk_switch';
/** As long as the access key itself lives (the API's ACCESS_KEY_TTL_MS). */
export const SWITCH_MAX_AGE_S = 60;

interface TPendingSwitch {
  /** the link's access key, unused */
  key: string;
  /** where the link pointed, without the key: a path of this site with its query */
  next: string;
}

const KEY_RE = /^[A-Za-z0-9_-]{1,128}$/;

/** Only a path of this site (never //host, a backslash or a scheme). */
function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

export function encodePendingSwitch(pending: TPendingSwitch): string {
  return JSON.stringify(pending);
}

export function decodePendingSwitch(value: string | undefined): TPendingSwitch | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<TPendingSwitch>;
    if (typeof parsed.key !== 'string' || !KEY_RE.test(parsed.key)) return null;
    if (typeof parsed.next !== 'string' || !isSitePath(parsed.next)) return null;
    return { key: parsed.key, next: parsed.next };
  } catch {
    return null;
  }
}
