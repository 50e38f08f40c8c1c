import { ErrorCode, getContractMessages, localeFromAcceptLanguage } from '@llk/contracts';
import type { NextRequest } from 'next/server';
import { DRAIN_LIMIT_FACTOR, buildDownstreamHeaders, buildUpstreamHeaders, capBody, declaresMoreThan, drainBody, forwardBodyLimit, logoutFallbackCookies } from '@/lib/api-forward';
import { getApiOrigin } from '@/lib/api-origin';

// /api/<path> → <path> on the API (DESIGN.md: the browser talks only to the web origin).
// A route handler rather than a proxy rewrite to the external URL: the request body is
// streamed through instead of being buffered by the proxy (10 MB cap), the API origin is read
// at run time and never shows in response headers, and an unreachable API answers with the
// usual JSON envelope instead of a bare 500. Responses stream back unchanged, Set-Cookie included.
// A body over the API's BODY_LIMIT is refused here with the API's own 413 envelope (capBody).

export const dynamic = 'force-dynamic';

function refusal(request: NextRequest, name: 'PAYLOAD_TOO_LARGE' | 'SERVICE_UNAVAILABLE', status: number, headers: Record<string, string> = {}): Response {
  const messages = getContractMessages(localeFromAcceptLanguage(request.headers.get('accept-language'))).errors;
  const errmsg = name === 'PAYLOAD_TOO_LARGE' ? messages.payloadTooLarge : messages.serviceUnavailable;
  return Response.json({ errcode: ErrorCode[name], errmsg, data: null }, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

async function forward(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await params;
  const target = `${getApiOrigin()}/${path.map(encodeURIComponent).join('/')}${request.nextUrl.search}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const limit = forwardBodyLimit();
  if (hasBody && declaresMoreThan(request.headers, limit)) return refusal(request, 'PAYLOAD_TOO_LARGE', 413);
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
      return refusal(request, 'PAYLOAD_TOO_LARGE', 413, { connection: 'close' });
    }
    if (request.signal.aborted) return new Response(null, { status: 499 });
    console.error(`API forward to ${target} failed`, error);
    const down = refusal(request, 'SERVICE_UNAVAILABLE', 503);
    for (const cookie of logoutFallbackCookies(path, request.method, null)) down.headers.append('set-cookie', cookie);
    return down;
  }

  const downstream = buildDownstreamHeaders(upstream.headers);
  for (const cookie of logoutFallbackCookies(path, request.method, upstream.status)) downstream.append('set-cookie', cookie);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: downstream });
}

export { forward as GET, forward as POST, forward as PUT, forward as PATCH, forward as DELETE, forward as OPTIONS, forward as HEAD };
