import fp from 'fastify-plugin';
import { codedResponse, OUTAGE_RETRY_AFTER_SECONDS } from '../lib/error-response';

/**
 * While the app shuts down (SIGTERM, a rolling restart), a request that still arrives on an open
 * keep-alive connection gets the 503 envelope with Retry-After and `Connection: close`, like
 * every other outage, instead of Fastify's own body; requests already running finish normally.
 */
export default fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!closing) return;
      const { status, body } = codedResponse(request, 'SERVICE_UNAVAILABLE');
      // Serialised here: the route's own response schema does not describe this answer.
      return reply
        .status(status)
        .headers({ connection: 'close', 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS), 'content-type': 'application/json; charset=utf-8' })
        .send(JSON.stringify(body));
    });
  },
  { name: 'closing', dependencies: ['i18n'] },
);
