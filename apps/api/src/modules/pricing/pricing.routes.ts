import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// GET /memberPricing/detail/v2
export const pricingRoutes: FastifyPluginAsyncZod = async () => {};
