import { createHash } from 'node:crypto';
import { type FastifyReply, type FastifyRequest } from 'fastify';

export interface CacheOptions {
  /** seconds a cache may serve the answer without asking again */
  maxAge: number;
  /** seconds a cache may serve a stale answer while it revalidates in the background */
  staleWhileRevalidate: number;
  /** "private" for answers that depend on the caller (their IP); "public" otherwise */
  scope?: 'public' | 'private';
}

/**
 * onSend hook for cacheable GETs: Cache-Control, Vary: Accept-Language (answers are
 * localised) and a weak ETag over the body; a matching If-None-Match turns a 200 into a 304
 * without a body. Errors are never marked cacheable.
 */
/** The Cache-Control value of `options`. */
export function cacheControl(options: CacheOptions): string {
  return `${options.scope ?? 'public'}, max-age=${options.maxAge}, stale-while-revalidate=${options.staleWhileRevalidate}`;
}

/** A weak ETag over a body: the same bytes, the same tag. */
export function etagOf(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

export function cacheable(options: CacheOptions) {
  const control = cacheControl(options);
  return async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    if (reply.statusCode !== 200) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    reply.header('cache-control', control);
    reply.header('vary', 'Accept-Language');
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  };
}
