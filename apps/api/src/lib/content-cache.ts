import { randomUUID } from 'node:crypto';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type KeyValueStore } from './kv';
import { cacheable, type CacheOptions } from './http-cache';

// Public content answers (news, notices, downloads, prices, search) kept in each instance's
// memory as the bytes sent, so a repeated GET skips the database, the checks and the JSON
// serialisation (issue 21). An entry is valid for one content version: the back office's
// changes (whatever asks the web to revalidate) set a new version in the key-value store, which
// is Redis when instances share one, and every request reads it (one GET), so no instance serves
// a page the back office has replaced, even to the web regenerating that page at once. An entry
// also ends after `ttlMs`, no longer than the Cache-Control max-age these answers already give
// browsers and CDNs (60 s): what changes with time alone (a notice's end) is never older.

const VERSION_KEY = 'content:version';
/** Entries kept per instance: the valid queries of the cached routes, least recently used out. */
const MAX_ENTRIES = 500;
/** A larger answer is not kept (a long search result page). */
const MAX_BYTES = 256 * 1024;

interface TEntry {
  version: string;
  payload: string;
  contentType: string;
  expiresAt: number;
}

export interface ContentCache {
  /** The current content version (one key-value read). */
  version(): Promise<string>;
  /** Ends every entry on every instance: call after a change to public content has committed. */
  bump(): Promise<void>;
  lookup(key: string, version: string): TEntry | null;
  store(key: string, entry: Omit<TEntry, 'expiresAt'>): void;
  /** entries kept now (tests) */
  size(): number;
}

export function createContentCache(kv: KeyValueStore, options: { ttlMs: number; now?: () => number }): ContentCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, TEntry>();
  return {
    async version() {
      return (await kv.get(VERSION_KEY)) ?? '0';
    },
    async bump() {
      entries.clear();
      await kv.set(VERSION_KEY, randomUUID());
    },
    lookup(key, version) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.version !== version || entry.expiresAt <= now()) {
        entries.delete(key);
        return null;
      }
      // most recently used last: Map keeps insertion order
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    store(key, entry) {
      if (options.ttlMs <= 0 || entry.payload.length > MAX_BYTES) return;
      entries.delete(key);
      entries.set(key, { ...entry, expiresAt: now() + options.ttlMs });
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
    size: () => entries.size,
  };
}

const versions = new WeakMap<FastifyRequest, string>();
const hits = new WeakSet<FastifyRequest>();

/** The cache key: the route's URL with its query, and the language the answer is written in. */
const keyOf = (request: FastifyRequest) => `${request.locale} ${request.url}`;

/**
 * Route hooks for a public content GET: answered from memory when the content version still
 * matches, otherwise by the handler and kept; then the HTTP caching headers (ETag, 304) of
 * `cacheable` either way. Spread into the route's options: `{ ...contentCached(app, http) }`.
 */
export function contentCached(app: FastifyInstance, http: CacheOptions) {
  const httpCache = cacheable(http);
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const version = await app.contentCache.version();
      const entry = app.contentCache.lookup(keyOf(request), version);
      if (!entry) {
        versions.set(request, version);
        return;
      }
      hits.add(request);
      await reply.header('content-type', entry.contentType).send(entry.payload);
    },
    onSend: [
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const version = versions.get(request);
        if (version !== undefined && !hits.has(request) && reply.statusCode === 200 && typeof payload === 'string') {
          app.contentCache.store(keyOf(request), { version, payload, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') });
        }
        return payload;
      },
      httpCache,
    ],
  };
}
