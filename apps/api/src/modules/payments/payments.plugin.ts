import fp from 'fastify-plugin';
import { type PaymentProviders } from './provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** One provider per payment method: the real gateways when configured, else the built-in sandbox. */
    paymentProviders: PaymentProviders;
  }
}

// Placeholder until the gateway adapters land: decorates nothing yet.
export default fp(async () => {}, { name: 'payments', dependencies: ['config'] });
