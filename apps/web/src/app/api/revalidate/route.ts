import { createHash, timingSafeEqual } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import type { NextRequest } from 'next/server';
import { errorResponse, okResponse } from '@/lib/error-response';
import { internalPaths } from '@/lib/revalidate-paths';

// POST /api/revalidate: the API asks for the public pages the back office just changed to be
// regenerated now instead of at the end of their ISR period (ADR 0019). Bearer REVALIDATE_SECRET
// (the API's variable of the same name); without it configured every call is refused. Body:
// { paths: ["/news-1", "/info-12", "/notice", …] } — public paths, each refreshed in every
// language; a news list page stands for all of them (a new item moves every page). This file
// takes precedence over the /api/[...path] forward, so the call never reaches the API.

export const dynamic = 'force-dynamic';

const MAX_PATHS = 50;

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export async function POST(request: NextRequest): Promise<Response> {
  const secret = process.env.REVALIDATE_SECRET ?? '';
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (secret.length < 32 || !sameSecret(given, secret)) return errorResponse(request, 'UNAUTHORIZED');
  let paths: unknown;
  try {
    paths = ((await request.json()) as { paths?: unknown }).paths;
  } catch {
    return errorResponse(request, 'MALFORMED_JSON');
  }
  if (
    !Array.isArray(paths) ||
    paths.length > MAX_PATHS ||
    !paths.every((path) => typeof path === 'string' && path.startsWith('/') && path.length <= 200)
  ) {
    return errorResponse(request, 'VALIDATION_FAILED');
  }
  const refreshed = [...new Set((paths as string[]).flatMap(internalPaths))];
  for (const path of refreshed) {
    if (path.includes('[')) revalidatePath(path, 'page');
    else revalidatePath(path);
  }
  return okResponse(request, { refreshed });
}
