import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type KeyValueStore } from './kv';
import { createMemo } from './memo';
import { cacheable, cacheControl, etagOf, type CacheOptions } from './http/http-cache';

// Public content answers (news, notices, downloads, prices, search) kept in each instance's
// memory as the bytes sent, with their ETag, so a repeated GET skips the database, the checks,
// the JSON serialisation and the hashing. A back-office change (whatever asks the web
// to revalidate) ends them on every instance at once: `bump` empties this instance's entries and
// publishes on the key-value store's channel (Redis pub/sub when instances share one), and every
// instance empties its own when the message arrives. No request reads the store for that. An
// answer computed while a change was announced is not kept (a generation counter taken when
// the request starts), and while the subscription is down (Redis away or reconnecting, when
// messages can be missed) nothing is read from or kept in memory. An entry also ends after
// `ttlMs`, no longer than the Cache-Control max-age these answers already give browsers and
// CDNs (60 s): what changes with time alone (a notice's end) is never older than a CDN may keep it.

const CHANNEL = 'content:changed';
/** Entries kept per instance: the valid queries of the cached routes, least recently used out. */
const MAX_ENTRIES = 500;
/** A larger answer is not kept (a long search result page). */
const MAX_BYTES = 256 * 1024;

interface TEntry {
  payload: string;
  contentType: string;
  etag: string;
}

export interface ContentCache {
  /** Listens for changes; until it does (and while its subscription is down) nothing is kept. */
  start(): Promise<void>;
  /** Ends every entry on every instance: call after a change to public content has committed. */
  bump(): Promise<void>;
  /** The generation an answer being computed now belongs to (store refuses an older one). */
  generation(): number;
  lookup(key: string): TEntry | null;
  /** Keeps an answer for `ttlMs`, or `keepMs` when shorter (answers that move without a publication). */
  store(key: string, generation: number, entry: { payload: string; contentType: string }, keepMs?: number): void;
  /** entries kept now (tests) */
  size(): number;
  close(): Promise<void>;
}

/** A memo (lib/memo.ts) of answers by language and URL, on a channel whose every message ends them all. */
export function createContentCache(kv: KeyValueStore, options: { ttlMs: number; now?: () => number }): ContentCache {
  const memo = createMemo<TEntry>(kv, {
    channel: CHANNEL,
    ttlMs: options.ttlMs,
    maxEntries: MAX_ENTRIES,
    whole: true,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    start: () => memo.start(),
    bump: () => memo.forget('all'),
    generation: () => memo.generation(),
    lookup: (key) => memo.get(key) ?? null,
    store(key, at, entry, keepMs) {
      if (entry.payload.length <= MAX_BYTES) memo.set(key, at, { ...entry, etag: etagOf(entry.payload) }, keepMs);
    },
    size: () => memo.size(),
    close: () => memo.close(),
  };
}

const generations = new WeakMap<FastifyRequest, number>();
const hits = new WeakSet<FastifyRequest>();

/** The cache key: the route's URL with its query, and the language the answer is written in. */
const keyOf = (request: FastifyRequest) => `${request.locale} ${request.url}`;

/**
 * Route hooks for a public content GET: answered from memory when kept (with its headers, and a
 * 304 for its ETag), otherwise by the handler and kept; the HTTP caching headers of `cacheable`
 * either way. Spread into the route's options: `{ ...contentCached(app, http) }`. `keepMs` keeps an
 * answer shorter than the cache's time, for one that moves without a publication (hot searches).
 */
export function contentCached(app: FastifyInstance, http: CacheOptions, options: { keepMs?: number } = {}) {
  const httpCache = cacheable(http);
  const control = cacheControl(http);
  return {
    preHandler: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const entry = app.contentCache.lookup(keyOf(request));
      if (!entry) {
        generations.set(request, app.contentCache.generation());
        done();
        return;
      }
      hits.add(request);
      reply.header('cache-control', control).header('vary', 'Accept-Language').header('etag', entry.etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === entry.etag)) {
        void reply.code(304).send('');
        return;
      }
      void reply.header('content-type', entry.contentType).send(entry.payload);
    },
    onSend: [
      (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
        const at = generations.get(request);
        if (at !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
          app.contentCache.store(
            keyOf(request),
            at,
            { payload, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') },
            options.keepMs,
          );
        }
        done(null, payload);
      },
      // a hit has its headers already (and a 304 no body to hash)
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
        hits.has(request) ? payload : httpCache(request, reply, payload),
    ],
  };
}
