import { randomUUID } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Request ids for log correlation: an upstream proxy's X-Request-Id is kept when it looks
 * sane (so one id follows a request through web → API), otherwise a fresh UUID.
 */
export function genReqId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes the id so a client or the web can quote it in a bug report. */
export default fp(
  async (app) => {
    // set as the request arrives, so every answer has it (a callback hook: no promise per request)
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
