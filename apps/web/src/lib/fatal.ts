import type { TRouteFailure } from './routes';

// The proxy's fatal-page hand-off: it rewrites a failing request to /[locale]/fatal and
// passes what failed in a request header; the fatal route's not-found.tsx reads it back.

export const FATAL_HEADER = 'x-llk-fatal';

/**
 * The public pathname of every page request the proxy rewrites (encodeURIComponent), so the
 * global 404 can name the path a visitor typed when a page's own params do not match
 * (e.g. an unknown guide topic).
 */
export const REQUEST_PATH_HEADER = 'x-llk-path';

interface TFatal {
  failure: TRouteFailure;
  /** the requested pathname, as the visitor typed it */
  path: string;
}

export function encodeFatal({ failure, path }: TFatal): string {
  return `${failure} ${encodeURIComponent(path)}`;
}

export function decodeFatal(value: string | null | undefined): TFatal | null {
  if (!value) return null;
  const [failure, encoded = ''] = value.split(' ', 2);
  if (failure !== 'notFound' && failure !== 'noQrCodeId') return null;
  try {
    return { failure, path: decodeURIComponent(encoded) };
  } catch {
    return null;
  }
}

/** For display: '/%E6%96%B0' reads as '/新'; malformed escapes are shown as typed. */
function readablePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The spec's literal texts, kept untranslated on purpose: 'Page Not Found:
 * {path}' for a failed route validation and 'no qrCodeId' for /pay without its query.
 */
export function fatalMessage({ failure, path }: TFatal): string {
  return failure === 'noQrCodeId' ? 'no qrCodeId' : `Page Not Found: ${readablePath(path)}`;
}
