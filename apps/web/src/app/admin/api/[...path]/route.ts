import type { NextRequest } from 'next/server';
import { adminLogoutFallbackCookies } from '@/lib/api-forward';
import { apiPathOf, forwardToApi } from '@/lib/forward-to-api';

// The back office's calls: /admin/api/<path> → /admin/<path> on the API (ADR 0019), so the staff
// cookie (llk_admin, Path=/admin) rides on them and never on a public page's request.

export const dynamic = 'force-dynamic';

async function forward(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await params;
  return forwardToApi(request, apiPathOf('/admin', path), (status) => adminLogoutFallbackCookies(path, request.method, status));
}

export { forward as GET, forward as POST, forward as PUT, forward as PATCH, forward as DELETE, forward as OPTIONS, forward as HEAD };
