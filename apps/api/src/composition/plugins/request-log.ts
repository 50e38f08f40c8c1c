import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// Per-request log lines without halving throughput (ADR 0022): Fastify writes two info lines per
// request, which at the default level cost about as much as a cached answer itself. This log
// controller writes a request at debug when it went well, and at info when it failed (status ≥
// 400) or was slow; errors stay at error, as Fastify writes them. Every line carries the request
// id (reqId), so an error in the log can always be traced to its request. LOG_LEVEL=debug gives
// every request both lines ('incoming request', 'request completed') as before: the scale-out run
// reads them to tell an instance that still holds a request.

/** A request slower than this is logged at info whatever its status. */
export const SLOW_REQUEST_MS = 1000;

export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    const responseTime = reply.elapsedTime;
    if (reply.statusCode >= 400 || responseTime >= SLOW_REQUEST_MS) reply.log.info({ res: reply, responseTime }, 'request completed');
    else reply.log.debug({ res: reply, responseTime }, 'request completed');
  }
}
