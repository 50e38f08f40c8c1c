import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { codedResponse, toErrorResponse } from '../lib/error-response';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * One error handler and one not-found handler for the whole app, so every failure leaves as
 * `{ errcode, errmsg, data }`. An unknown path is 404 ROUTE_NOT_FOUND; a known path with the
 * wrong method is 405 with an Allow header (Fastify has no 405 of its own, so routes added
 * after this plugin are mirrored into a second router that answers "which methods exist").
 */
export default fp(
  async (app) => {
    const known = FindMyWay();
    const seen = new Set<string>();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        if (seen.has(key) || !(METHODS as readonly string[]).includes(method)) continue;
        seen.add(key);
        known.on(method as (typeof METHODS)[number], route.url, () => undefined);
      }
    });

    app.setErrorHandler((error, request, reply) => {
      const response = toErrorResponse(error, request);
      if (response.unexpected) request.log.error({ err: error }, 'request failed');
      else request.log.info({ errcode: response.body.errcode, status: response.status }, 'request rejected');
      if (response.headers) reply.headers(response.headers);
      return reply.status(response.status).send(response.body);
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const allowed = METHODS.filter((method) => known.find(method, path));
      if (allowed.length > 0) {
        return reply.header('allow', allowed.join(', ')).status(405).send(codedResponse(request, 'METHOD_NOT_ALLOWED').body);
      }
      return reply.status(404).send(codedResponse(request, 'ROUTE_NOT_FOUND').body);
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);
