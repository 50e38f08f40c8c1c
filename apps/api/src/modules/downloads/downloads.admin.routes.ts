import {
  ZAdminChecksum,
  ZAdminChecksumBody,
  ZAdminRelease,
  ZAdminReleaseInput,
  ZAdminReleasePage,
  ZAdminReleaseQuery,
  ZAdminReleaseResult,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Readable } from 'node:stream';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import {
  checksumOfStream,
  checksumOfUrl,
  createRelease,
  getReleaseForStaff,
  listReleasesForStaff,
  setReleasePublished,
  updateRelease,
} from './downloads.admin';
import { publishableAdminRoutes } from '../../infrastructure/http/publishable';

// Releases in the back office (permission content.manage): per platform, packages per chip
// (URL, size, SHA-256) and the changelog per language. The SHA-256 and size are computed by the
// API: POST /admin/releases/checksum with JSON { url } fetches the file (size cap, timeout);
// POST /admin/releases/checksum/upload hashes a raw upload as it streams (nothing is stored).

const permission = 'content.manage' as const;
const tags = ['admin'];
/** The download page and the update log show releases. */
const RELEASE_PATHS = ['/download', '/log'];

export const releasesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = app.config.downloadBaseUrl;
  await app.register(
    publishableAdminRoutes({
      path: '/admin/releases',
      noun: 'release',
      schemas: {
        query: ZAdminReleaseQuery,
        page: ZAdminReleasePage,
        item: ZAdminRelease,
        input: ZAdminReleaseInput,
        result: ZAdminReleaseResult,
      },
      summaries: {
        list: 'Releases, newest first, optionally of one platform (keyset pages)',
        get: 'One release with packages and every language of its changelog',
        create: 'Creates a release (unpublished)',
        update: 'Replaces a release, its packages and changelog',
        publish: 'Publishes a release (the download page and update log show it)',
        unpublish: 'Withdraws a release',
      },
      list: (db, query: Parameters<typeof listReleasesForStaff>[1]) => listReleasesForStaff(db, query, baseUrl),
      get: (db, id) => getReleaseForStaff(db, id, baseUrl),
      create: (db, input, now) => createRelease(db, input, now, baseUrl),
      update: (db, id, input) => updateRelease(db, id, input, baseUrl),
      setPublished: (db, id, published) => setReleasePublished(db, id, published, baseUrl),
      pages: () => RELEASE_PATHS,
    }),
  );
  const limits = {
    maxBytes: app.config.backOffice.releaseFetchMaxBytes,
    timeoutMs: app.config.backOffice.releaseFetchTimeoutMs,
    privateHosts: app.config.backOffice.releaseFetchPrivateHosts,
  };

  // An upload is hashed as it streams: the parser hands the route the raw stream.
  app.addContentTypeParser('application/octet-stream', { bodyLimit: limits.maxBytes }, (_request, payload, done) => done(null, payload));

  app.post(
    '/admin/releases/checksum',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'SHA-256 and size of the release file at a URL, fetched by the API',
        description:
          'Refused past RELEASE_FETCH_MAX_BYTES (RELEASE_FILE_TOO_LARGE); a host (or a redirect) on a private, loopback or link-local address is RELEASE_URL_NOT_PUBLIC unless named in RELEASE_FETCH_PRIVATE_HOSTS; a failed or slower fetch than RELEASE_FETCH_TIMEOUT_MS is RELEASE_FETCH_FAILED.',
        body: ZAdminChecksumBody,
        response: envelopeResponses(ZAdminChecksum),
      },
    },
    async (request) => ok(await checksumOfUrl(request.body.url, limits)),
  );

  app.post(
    '/admin/releases/checksum/upload',
    {
      config: { permission },
      bodyLimit: limits.maxBytes,
      schema: {
        tags,
        summary: 'SHA-256 and size of an uploaded release file (raw application/octet-stream body, hashed as it streams, not stored)',
        response: envelopeResponses(ZAdminChecksum),
      },
    },
    async (request) => {
      if (!request.headers['content-type']?.startsWith('application/octet-stream') || !request.body)
        throw new AppError('VALIDATION_FAILED');
      return ok(await checksumOfStream(request.body as Readable, limits.maxBytes));
    },
  );
};
