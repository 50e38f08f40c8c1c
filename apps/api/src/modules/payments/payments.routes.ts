import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// /pay/payV2, payment notifications, the sandbox gateway
export const paymentRoutes: FastifyPluginAsyncZod = async () => {};
