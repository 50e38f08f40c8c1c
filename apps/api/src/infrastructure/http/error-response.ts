import { errorInfo, type TEnvelope, type TErrorCodeName } from '@llk/contracts';
import { type FastifyError, type FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isAppError } from './app-error';
import { validationFields } from './validation-fields';

/** Seconds a client should wait before repeating a request that met an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export interface ErrorResponse {
  status: number;
  body: TEnvelope<unknown>;
  headers?: Record<string, string>;
  /** true when the cause is ours (5xx): log it with its stack. */
  unexpected: boolean;
}

const FASTIFY_CODES: Record<string, TErrorCodeName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const BY_STATUS: Record<number, TErrorCodeName> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** `password: <message>`: the field without its location, then the rule's message. */
function fieldMessage(field: { field: string; message: string }): string {
  const label = field.field.split('.').slice(1).join('.') || field.field;
  return `${label}: ${field.message}`;
}

export function codedResponse(request: FastifyRequest, name: TErrorCodeName, data: unknown = null, status?: number): ErrorResponse {
  const info = errorInfo(name);
  return {
    status: status ?? info.status,
    body: { errcode: info.code, errmsg: request.t(`errors.${info.key}`), data },
    unexpected: false,
  };
}

/**
 * Maps anything thrown while handling a request to the envelope. Only AppErrors and
 * recognised client errors say what went wrong; everything else becomes a generic 500 whose
 * message and stack stay in the log.
 */
export function toErrorResponse(error: unknown, request: FastifyRequest): ErrorResponse {
  if (isAppError(error)) {
    // A rule only the server can check (VALIDATION_FAILED with fields) reads like a schema error;
    // a field thrown without its text (the service had no translator) is written in the caller's language here.
    const fields = (error.data as { fields?: { field: string; rule: string; message: string }[] } | null)?.fields;
    const data = fields
      ? {
          ...(error.data as object),
          fields: fields.map((field) => (field.message === field.rule ? { ...field, message: request.t(field.rule) } : field)),
        }
      : error.data;
    const first = (data as { fields?: { field: string; message: string }[] } | null)?.fields?.[0];
    return {
      status: error.statusCode,
      body: { errcode: error.errcode, errmsg: first ? fieldMessage(first) : request.t(error.messageKey, error.params), data },
      ...(error.headers ? { headers: error.headers } : {}),
      unexpected: error.statusCode >= 500,
    };
  }

  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(fastifyError.validation)) {
    const location = fastifyError.validationContext as 'body' | 'querystring' | 'params' | 'headers' | undefined;
    const fields = validationFields(
      fastifyError.validation ?? [],
      location,
      { body: request.body, querystring: request.query, params: request.params, headers: request.headers },
      (key) => request.t(key),
    );
    const response = codedResponse(request, 'VALIDATION_FAILED', { fields });
    const first = fields[0];
    if (first) response.body.errmsg = fieldMessage(first);
    return response;
  }

  if (typeof fastifyError.code === 'string' && !isResponseSerializationError(error)) {
    const mapped = FASTIFY_CODES[fastifyError.code];
    if (mapped) return codedResponse(request, mapped);
  }

  // text PostgreSQL cannot store (a NUL, a lone surrogate) that a schema let through: the input
  // was wrong, not the server — 400 in the caller's language, never a 500
  if (isUnstorableText(error)) return codedResponse(request, 'BAD_REQUEST');

  if (isOutage(error)) {
    return {
      ...codedResponse(request, 'SERVICE_UNAVAILABLE'),
      headers: { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) },
      unexpected: true,
    };
  }

  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    return codedResponse(request, BY_STATUS[status] ?? 'BAD_REQUEST', null, status);
  }

  return { ...codedResponse(request, 'INTERNAL'), unexpected: true };
}

// Socket errors of a database or Redis connection, PostgreSQL's connection and resource classes
// (08 connection exception, 53 insufficient resources, 57P0x shutdown / cannot connect now),
// SQLite's busy database (SQLITE_BUSY and its extended codes) and ioredis giving up: the
// request itself was fine, a dependency is away.
const OUTAGE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// A database too slow for the request's budget (ADR 0026): a statement cancelled by
// statement_timeout (57014 query_canceled), a lock not granted within lock_timeout (55P03
// lock_not_available), a session ended by idle_in_transaction_session_timeout (25P03).
const SLOW_DATABASE_CODES = new Set(['57014', '55P03', '25P03']);
const OUTAGE_MESSAGES = [
  /^Connection is closed\.?$/,
  /^Command timed out$/,
  /^Reached the max retries per request limit/,
  /^Stream isn't writeable/,
  /^Connection terminated/,
  // pg: a query on a pooled client whose connection just died, or no client free in time
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  // pg: a query (a transaction's rollback) on a client ended because its backend was terminated
  /^Client was closed and is not queryable$/,
];

/** PostgreSQL's 22021 (character not in repertoire: a NUL in text) and 22P05 (untranslatable character). */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/** Whether `error` (or its cause) says a database or Redis is unreachable, not that the request was wrong. */
export function isOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, name, message, cause } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (OUTAGE_SOCKET_CODES.has(code) || SLOW_DATABASE_CODES.has(code) || /^SQLITE_BUSY(_[A-Z]+)?$/.test(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || /^53[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code)) return true;
  }
  // the key-value store's breaker is open (lib/kv/circuit-breaker.ts, ADR 0025)
  if (name === 'MaxRetriesPerRequestError' || name === 'StoreUnavailableError') return true;
  if (typeof message === 'string' && OUTAGE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return isOutage(cause, depth + 1);
}
