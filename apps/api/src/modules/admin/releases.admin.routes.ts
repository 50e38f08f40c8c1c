import {
  ZAdminChecksum,
  ZAdminChecksumBody,
  ZAdminContentIdParams,
  ZAdminRelease,
  ZAdminReleaseInput,
  ZAdminReleasePage,
  ZAdminReleaseQuery,
  ZAdminReleaseResult,
  type TAdminRelease,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import { envelopeResponses, ok } from '../../lib/envelope';
import { checksumOfStream, checksumOfUrl, createRelease, getReleaseForStaff, listReleasesForStaff, setReleasePublished, updateRelease } from '../downloads';
import { recordAudit } from './audit';
import { requestRevalidation } from './revalidate';

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
  const limits = { maxBytes: app.config.backOffice.releaseFetchMaxBytes, timeoutMs: app.config.backOffice.releaseFetchTimeoutMs };
  const revalidate = (request: FastifyRequest) => requestRevalidation(app.config.backOffice, RELEASE_PATHS, request.log);

  // An upload is hashed as it streams: the parser hands the route the raw stream.
  app.addContentTypeParser('application/octet-stream', { bodyLimit: limits.maxBytes }, (_request, payload, done) => done(null, payload));

  app.get(
    '/admin/releases',
    { config: { permission }, schema: { tags, summary: 'Releases, newest first, optionally of one platform (keyset pages)', querystring: ZAdminReleaseQuery, response: envelopeResponses(ZAdminReleasePage) } },
    async (request) => ok(await listReleasesForStaff(app.db, request.query, baseUrl)),
  );

  app.get(
    '/admin/releases/:id',
    { config: { permission }, schema: { tags, summary: 'One release with packages and every language of its changelog', params: ZAdminContentIdParams, response: envelopeResponses(ZAdminRelease) } },
    async (request) => ok(await getReleaseForStaff(app.db, request.params.id, baseUrl)),
  );

  app.post(
    '/admin/releases',
    { config: { permission }, schema: { tags, summary: 'Creates a release (unpublished)', body: ZAdminReleaseInput, response: envelopeResponses(ZAdminRelease) } },
    async (request) => {
      const item = await app.db.transaction().execute(async (trx) => {
        const created = await createRelease(trx, request.body, new Date(), baseUrl);
        await recordAudit(trx, { staffId: request.staff?.staffId ?? null, action: 'release.create', targetType: 'release', targetId: created.id, after: created, ip: request.ip });
        return created;
      });
      return ok(item);
    },
  );

  app.put(
    '/admin/releases/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Replaces a release, its packages and changelog', params: ZAdminContentIdParams, body: ZAdminReleaseInput, response: envelopeResponses(ZAdminReleaseResult) },
    },
    async (request) => {
      const { before, after } = await app.db.transaction().execute(async (trx) => {
        const change = await updateRelease(trx, request.params.id, request.body, baseUrl);
        await recordAudit(trx, { staffId: request.staff?.staffId ?? null, action: 'release.update', targetType: 'release', targetId: change.after.id, ...change, ip: request.ip });
        return change;
      });
      const publication = before.published || after.published ? await revalidate(request) : { revalidated: [], revalidateOk: true };
      return ok({ item: after, publication });
    },
  );

  for (const published of [true, false]) {
    app.post(
      `/admin/releases/:id/${published ? 'publish' : 'unpublish'}`,
      {
        config: { permission },
        schema: { tags, summary: published ? 'Publishes a release (the download page and update log show it)' : 'Withdraws a release', params: ZAdminContentIdParams, response: envelopeResponses(ZAdminReleaseResult) },
      },
      async (request) => {
        const item: TAdminRelease = await app.db.transaction().execute(async (trx) => {
          const change = await setReleasePublished(trx, request.params.id, published, baseUrl);
          await recordAudit(trx, {
            staffId: request.staff?.staffId ?? null,
            action: published ? 'release.publish' : 'release.unpublish',
            targetType: 'release',
            targetId: change.after.id,
            before: { published: change.before.published },
            after: { published: change.after.published },
            ip: request.ip,
          });
          return change.after;
        });
        return ok({ item, publication: await revalidate(request) });
      },
    );
  }

  app.post(
    '/admin/releases/checksum',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'SHA-256 and size of the release file at a URL, fetched by the API',
        description: 'Refused past RELEASE_FETCH_MAX_BYTES (RELEASE_FILE_TOO_LARGE); a failed or slower fetch than RELEASE_FETCH_TIMEOUT_MS is RELEASE_FETCH_FAILED.',
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
      if (!request.headers['content-type']?.startsWith('application/octet-stream') || !request.body) throw new AppError('VALIDATION_FAILED');
      return ok(await checksumOfStream(request.body as Readable, limits.maxBytes));
    },
  );
};
