import { ErrorCode, getContractMessages, localeFromAcceptLanguage } from '@llk/contracts';
import type { NextRequest } from 'next/server';
import { buildDownstreamHeaders, buildUpstreamHeaders, logoutFallbackCookies } from '@/lib/api-forward';
import { getApiOrigin } from '@/lib/api-origin';

// /api/<path> → <path> on the API (DESIGN.md: the browser talks only to the web origin).
// A route handler rather than a proxy rewrite to the external URL: the request body is
// streamed through instead of being buffered by the proxy (10 MB cap), the API origin is read
// at run time and never shows in response headers, and an unreachable API answers with the
// usual JSON envelope instead of a bare 500. Responses stream back unchanged, Set-Cookie included.

export const dynamic = 'force-dynamic';

async function forward(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await params;
  const target = `${getApiOrigin()}/${path.map(encodeURIComponent).join('/')}${request.nextUrl.search}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const headers = buildUpstreamHeaders(request.headers, {
    clientIp: request.headers.get('x-forwarded-for'),
    host: request.headers.get('x-forwarded-host') ?? request.headers.get('host'),
    proto: request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https' ? 'https' : 'http',
  });

  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      // @ts-expect-error -- Node's fetch needs `duplex` to stream a request body (not in lib.dom yet)
      duplex: hasBody ? 'half' : undefined,
      redirect: 'manual',
      signal: request.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: 499 });
    console.error(`API forward to ${target} failed`, error);
    const locale = localeFromAcceptLanguage(request.headers.get('accept-language'));
    const down = Response.json(
      { errcode: ErrorCode.SERVICE_UNAVAILABLE, errmsg: getContractMessages(locale).errors.serviceUnavailable, data: null },
      { status: 503 },
    );
    for (const cookie of logoutFallbackCookies(path, request.method, null)) down.headers.append('set-cookie', cookie);
    return down;
  }

  const downstream = buildDownstreamHeaders(upstream.headers);
  for (const cookie of logoutFallbackCookies(path, request.method, upstream.status)) downstream.append('set-cookie', cookie);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: downstream });
}

export { forward as GET, forward as POST, forward as PUT, forward as PATCH, forward as DELETE, forward as OPTIONS, forward as HEAD };
