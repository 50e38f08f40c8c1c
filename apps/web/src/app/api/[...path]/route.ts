import type { NextRequest } from 'next/server';
import { logoutFallbackCookies } from '@/lib/api-forward';
import { apiPathOf, forwardToApi } from '@/lib/forward-to-api';

// /api/<path> → <path> on the API (lib/forward-to-api.ts says how and why).

export const dynamic = 'force-dynamic';

async function forward(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await params;
  return forwardToApi(request, apiPathOf('', path), (status) => logoutFallbackCookies(path, request.method, status));
}

export { forward as GET, forward as POST, forward as PUT, forward as PATCH, forward as DELETE, forward as OPTIONS, forward as HEAD };
