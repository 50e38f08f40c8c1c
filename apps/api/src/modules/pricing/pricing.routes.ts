import { ZMemberPricing } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { contentCached } from '../../infrastructure/content-cache';
import { getMemberPricing } from './pricing.service';

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  // answered from memory while the content is unchanged (lib/content-cache.ts)
  const cache = contentCached(app, { maxAge: 60, staleWhileRevalidate: 600 });
  app.get(
    '/memberPricing/detail/v2',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Free and Pro plans, membership prices in fen (monthly, annual) and the feature matrix in the caller’s language',
        description:
          'Prices come from the catalogue (integer fen): priceFen is charged, originalPriceFen is the list price; savingFen compares a longer membership with buying its months one at a time. addOns lists the other SKUs (screen walls, global channel, quality tiers).',
        response: envelopeResponses(ZMemberPricing),
      },
      ...cache,
    },
    async (request) => ok(await getMemberPricing(app.db, request.locale)),
  );
};
