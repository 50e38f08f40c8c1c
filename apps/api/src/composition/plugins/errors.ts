import { errorInfo, localeFromAcceptLanguage, translate, type TErrorCodeName } from '@llk/contracts';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { STATUS_CODES } from 'node:http';
import { type Socket } from 'node:net';
import { codedResponse, toErrorResponse } from '../../infrastructure/http/error-response';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const response = toErrorResponse(error, request);
  if (response.unexpected) request.log.error({ err: error }, 'request failed');
  else request.log.info({ errcode: response.body.errcode, status: response.status }, 'request rejected');
  if (response.headers) reply.headers(response.headers);
  return reply.status(response.status).send(response.body);
}

/** The envelope of a refusal in the language asked for, where there is no decorated request. */
function envelopeOf(name: TErrorCodeName, acceptLanguage: string | undefined) {
  const info = errorInfo(name);
  const errmsg = translate(localeFromAcceptLanguage(acceptLanguage), `errors.${info.key}`);
  return { status: info.status, body: { errcode: info.code, errmsg, data: null } };
}

/**
 * Fastify's `frameworkErrors`: refusals made while routing, before any hook (a bad escape such
 * as `/order/info/%zz`, a parameter longer than maxParamLength), in the envelope like the rest.
 * The request here is a bare one, without the app's decorators.
 */
export function frameworkErrorHandler(error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = envelopeOf(error.statusCode === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST', request.headers['accept-language']);
  request.log.info({ code: (error as { code?: string }).code, status }, 'request rejected');
  void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}

const CLIENT_ERRORS: Record<string, TErrorCodeName> = { HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE' };
const CLIENT_STATUS: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408 };

/** Accept-Language from the bytes Node's parser had read, when they got that far. */
function acceptLanguageOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1'))?.[1];
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over the size
 * limit, a control byte in a header, a broken request line): no request object exists, so the
 * envelope is written to the socket by hand, in the language the request asked for if its
 * Accept-Language could be read.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = envelopeOf(CLIENT_ERRORS[error.code ?? ''] ?? 'BAD_REQUEST', acceptLanguageOf(error.rawPacket));
  const status = CLIENT_STATUS[error.code ?? ''] ?? refusal.status;
  const body = JSON.stringify(refusal.body);
  this.log.info({ code: error.code, status }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * One error handler and one not-found handler for the whole app, so every failure leaves as
 * `{ errcode, errmsg, data }`. An unknown path is 404 ROUTE_NOT_FOUND; a known path with the
 * wrong method is 405 with an Allow header (Fastify has no 405 of its own, so routes added
 * after this plugin are mirrored into a second router that answers "which methods exist").
 * Both are decided in onRequest, before a body is read: a method that takes a body by its
 * definition (QUERY, PROPFIND) would otherwise fail on its content type first.
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

    const answerUnrouted = (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      // the back office's refusals for no route are back-office answers too: kept by no cache,
      // as its routes' answers are (admin.plugin.ts, ADR 0012)
      if (path === '/admin' || path.startsWith('/admin/')) reply.header('cache-control', 'no-store');
      const allowed = METHODS.filter((method) => known.find(method, path));
      if (allowed.length > 0) {
        return reply.header('allow', allowed.join(', ')).status(405).send(codedResponse(request, 'METHOD_NOT_ALLOWED').body);
      }
      return reply.status(404).send(codedResponse(request, 'ROUTE_NOT_FOUND').body);
    };

    app.setErrorHandler(sendError);
    app.addHook('onRequest', async (request, reply) => {
      if (request.is404) return answerUnrouted(request, reply);
    });
    app.setNotFoundHandler(answerUnrouted);
  },
  { name: 'errors', dependencies: ['i18n'] },
);
