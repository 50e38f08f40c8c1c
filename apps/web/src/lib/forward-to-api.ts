import type { NextRequest } from 'next/server';
import {
  DRAIN_LIMIT_FACTOR,
  buildDownstreamHeaders,
  buildUpstreamHeaders,
  capBody,
  declaresMoreThan,
  drainBody,
  forwardBodyLimit,
} from '@/lib/api-forward';
import { getApiOrigin } from '@/lib/api-origin';
import { errorResponse } from '@/lib/error-response';

// One request of the browser, forwarded to the API (DESIGN.md: the browser talks only to the web
// origin). Used by the site's /api/* (app/api/[...path]/route.ts) and the back office's
// /admin/api/* (app/admin/api/[...path]/route.ts). A route handler rather than a proxy rewrite to
// the external URL: the request body is streamed through instead of being buffered by the proxy
// (10 MB cap), the API origin is read at run time and never shows in response headers, and an
// unreachable API answers with the usual JSON envelope instead of a bare 500. Responses stream
// back unchanged, Set-Cookie included. A body over the API's BODY_LIMIT is refused here with the
// API's own 413 envelope (capBody).

/** Segments of a catch-all route, as a path of the API: `['a', 'b c']` → `/a/b%20c`. */
export function apiPathOf(prefix: string, segments: readonly string[]): string {
  return `${prefix}/${segments.map(encodeURIComponent).join('/')}`;
}

/**
 * Forwards `request` to `apiPath` (plus the request's query) on the API. `fallbackCookies` names
 * cookies to add to the answer given the API's status (null: the API could not be reached), so
 * a log-out always logs out.
 */
export async function forwardToApi(
  request: NextRequest,
  apiPath: string,
  fallbackCookies: (status: number | null) => string[] = () => [],
): Promise<Response> {
  const target = `${getApiOrigin()}${apiPath}${request.nextUrl.search}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const limit = forwardBodyLimit();
  if (hasBody && declaresMoreThan(request.headers, limit)) return errorResponse(request, 'PAYLOAD_TOO_LARGE');
  const cap = capBody(limit);
  const headers = buildUpstreamHeaders(request.headers, {
    clientIp: request.headers.get('x-forwarded-for'),
    host: request.headers.get('x-forwarded-host') ?? request.headers.get('host'),
    proto: request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https' ? 'https' : 'http',
  });

  // preventCancel: a body refused for its size stays readable, so its rest can be drained below.
  const piping = hasBody && request.body ? request.body.pipeTo(cap.stream.writable, { preventCancel: true }) : Promise.resolve();
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody && request.body ? cap.stream.readable : undefined,
      // @ts-expect-error -- Node's fetch needs `duplex` to stream a request body (not in lib.dom yet)
      duplex: hasBody ? 'half' : undefined,
      redirect: 'manual',
      signal: request.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (cap.exceeded()) {
      // The rest of that body is still on its way. A client that is still sending when the
      // connection closes sees a broken pipe instead of this answer, so read (and drop) what is
      // left, up to a bound; the connection closes after the answer either way.
      await piping.catch(() => undefined);
      if (request.body) await drainBody(request.body, DRAIN_LIMIT_FACTOR * limit);
      return errorResponse(request, 'PAYLOAD_TOO_LARGE', { connection: 'close' });
    }
    if (request.signal.aborted) return new Response(null, { status: 499 });
    console.error(`API forward to ${target} failed`, error);
    const down = errorResponse(request, 'SERVICE_UNAVAILABLE');
    for (const cookie of fallbackCookies(null)) down.headers.append('set-cookie', cookie);
    return down;
  }

  const downstream = buildDownstreamHeaders(upstream.headers);
  for (const cookie of fallbackCookies(upstream.status)) downstream.append('set-cookie', cookie);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: downstream });
}
