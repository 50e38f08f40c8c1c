import { ZLocation } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { cacheable } from '../../infrastructure/http/http-cache';
import { getLocation } from './location.service';

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/location/info',
    {
      schema: {
        tags: ['location'],
        summary: 'Country or region of the caller, from a bundled IP table (no external call)',
        description: 'The client IP honours TRUST_PROXY. IPv4 and IPv6. Nulls for private, loopback, documentation and unlisted addresses.',
        response: envelopeResponses(ZLocation),
      },
      // Depends on the caller's address: only their own browser may keep it.
      onSend: cacheable({ maxAge: 300, staleWhileRevalidate: 3600, scope: 'private' }),
    },
    async (request) => ok(getLocation(request.ip, request.locale)),
  );
};
