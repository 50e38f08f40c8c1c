import { type RouteOptions } from 'fastify';
import { z } from 'zod';
import { ZErrorEnvelope } from '../../infrastructure/http/envelope';

/** A documented answer that is not the JSON envelope (a gateway's protocol, an HTML page). */
export type TDocumentedAnswer =
  | { description: string; content: Record<string, { schema: Record<string, unknown> }> }
  /** no body */
  | { description: string; type: 'null' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route refuses callers over a limit with 429 (said in the API document). */
    rateLimited?: boolean;
    /**
     * Answers by status for a route that speaks someone else's format. Only the document reads
     * them: a response schema would make Fastify serialise the route's strings as JSON.
     */
    answers?: Record<string, TDocumentedAnswer>;
  }
}

type TSchema = Record<string, unknown> & { response?: Record<string, unknown>; security?: unknown };

const HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const INPUTS = ['body', 'querystring', 'params', 'headers'] as const;

/** Whether one of the route's hooks is `guard` (app.requireUser): the route needs a session. */
function routeRequires(route: Pick<RouteOptions, (typeof HOOKS)[number]>, guard: unknown): boolean {
  return HOOKS.some((hook) => [route[hook] ?? []].flat().includes(guard as never));
}

const errorEnvelope = z.toJSONSchema(ZErrorEnvelope, { target: 'draft-2020-12' });
delete (errorEnvelope as { $schema?: string }).$schema;

function refusal(description: string) {
  return { description, ...errorEnvelope };
}

/**
 * The statuses a route can answer besides its own domain refusals (which the `4XX` range and
 * the code table cover), derived from how the route is built, so the document cannot drift:
 * input → 400, a session → 401/403, a body → 413/415, path parameters → 414, a limit → 429,
 * and 500/503 for every route.
 */
function refusalsOf(route: RouteOptions, methods: string[], schema: TSchema, needsSession: boolean): Record<string, unknown> {
  const takesBody = methods.some((method) => BODY_METHODS.has(method));
  const answers: Record<string, unknown> = {};
  if (takesBody || INPUTS.some((input) => schema[input])) {
    answers['400'] = refusal('Invalid input: 40001 VALIDATION_FAILED with data.fields, 40002 MALFORMED_JSON, 40000 BAD_REQUEST');
  }
  if (needsSession) {
    answers['401'] = refusal('40100 UNAUTHORIZED: no session, or it has ended');
    answers['403'] = refusal('40300 FORBIDDEN: a cookie-authenticated write from another site');
  }
  if (takesBody) {
    answers['413'] = refusal('41300 PAYLOAD_TOO_LARGE: the body is over the limit');
    answers['415'] = refusal('41500 UNSUPPORTED_MEDIA_TYPE: a content type this route does not read');
  }
  if (schema.params) answers['414'] = refusal('41400 URI_TOO_LONG: a path parameter over 100 characters');
  if (route.config?.rateLimited) answers['429'] = refusal('Over a limit (data.retryAfterSeconds and Retry-After say when to retry)');
  answers['500'] = refusal('50000 INTERNAL: an unexpected failure on our side');
  answers['503'] = refusal('50300 SERVICE_UNAVAILABLE: a database or store is unreachable; Retry-After says when to retry');
  return answers;
}

/**
 * Adds to one operation what the route's zod schemas do not say by themselves: the session
 * requirement (from the route's hooks) and the error statuses. A status the route documents
 * itself keeps its own answer.
 */
export function completeOperation(route: RouteOptions, transformed: object | undefined, guard: unknown): object | undefined {
  const schema = transformed as TSchema | undefined;
  if (!schema || schema.hide) return schema;
  const methods = [route.method].flat().map(String);
  // a back-office route (config.permission) needs a staff session, the llk_admin cookie
  // (`public` ones — set-up, log-in — need none)
  const staffOnly = typeof route.config?.permission === 'string' && route.config.permission !== 'public';
  const needsSession = staffOnly || routeRequires(route, guard);
  const response = { ...refusalsOf(route, methods, schema, needsSession), ...(schema.response ?? {}), ...(route.config?.answers ?? {}) };
  return {
    ...schema,
    response,
    ...(needsSession ? { security: staffOnly ? [{ admin: [] }] : [{ token: [] }, { session: [] }] } : {}),
  };
}
