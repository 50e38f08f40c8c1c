import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { createDelivery, type Delivery } from '../../infrastructure/delivery';
import { type CodeStore } from './codes.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMS and email delivery of codes (providers or the dev outbox). */
    delivery: Delivery;
    /** Where codes are kept: app.kv and the HMAC key. */
    codeStore: CodeStore;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    if (!config.codes.secret && config.nodeEnv === 'production') {
      throw new Error('CODE_SECRET must be set when NODE_ENV=production (at least 32 characters, the same on every instance)');
    }
    const secret = config.codes.secret ? Buffer.from(config.codes.secret, 'utf8') : randomBytes(32);
    const delivery = createDelivery(config, (message) =>
      app.log.info(
        { outbox: { channel: message.channel, to: message.to, purpose: message.purpose, code: message.code } },
        'dev outbox: code sent',
      ),
    );
    app.decorate('delivery', delivery);
    app.decorate('codeStore', { kv: app.kv, secret });
    app.log.debug({ delivery: delivery.adapters }, 'code delivery');
    app.addHook('onClose', async () => delivery.close());
  },
  { name: 'codes', dependencies: ['config', 'kv'] },
);
