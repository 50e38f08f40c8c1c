import { ErrorCode } from '../errors';
import { localeEntries, type TLocale } from '../locales';
import { getContractMessages } from '../messages';
import { ApiError, ClientErrcode } from './api-error';
import { encodeQuery, type TQuery } from './query';

// The one HTTP client of the web (and of anything else that speaks to the API), with the
// behaviour the product specifies for every client: Accept-Language and Authorization headers, `name[]`
// arrays in queries, one retry for safe methods on transient statuses, toasts for errcode ≠ 0,
// 401 handling, downloads, and localised fallback texts when the answer is no envelope.

export type THttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TFallbackMessages {
  notFound: string;
  internal: string;
  forbidden: string;
  unknown: string;
  network: string;
  timeout: string;
}

export interface TErrorInfo {
  errcode: number;
  status: number;
}

export interface TApiClientOptions {
  /** Prefix of every path: '/api' in the browser, the API origin elsewhere. */
  baseUrl: string;
  getLocale: () => TLocale;
  /** Sent as `Authorization: <token>` (no scheme) when it returns a non-empty string. */
  getToken?: () => string | null | undefined;
  /** Shows a message to the user (a toast on the web). Never called for 401 or aborts. */
  onError?: (message: string, info: TErrorInfo) => void;
  /** Session is gone (HTTP 401 or errcode 401/40100/10015): clear it and go to /login. */
  onUnauthorized?: (info: TErrorInfo) => void;
  fetch?: typeof fetch;
  /** Per attempt; the longest a call can hang. Default 15000. */
  timeoutMs?: number;
  /** Pause before the single retry. Default 0. */
  retryDelayMs?: number;
  /** Texts when the answer carries no errmsg; default: the contracts messages of the locale. */
  fallbackMessages?: Partial<TFallbackMessages> | ((locale: TLocale) => Partial<TFallbackMessages>);
}

export type TPayClientOptions = Omit<TApiClientOptions, 'onError' | 'fallbackMessages'>;

export interface TRequestOptions {
  query?: TQuery;
  /** Plain values are sent as JSON; strings, FormData, Blob, URLSearchParams and buffers as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** true: retry even a mutating method once; false: never retry. Default: safe methods only. */
  retry?: boolean;
  /** Do not call onError (failures that are only logged, such as loading the profile). */
  silent?: boolean;
  /** Do not call onUnauthorized (probing whether a session exists, logout). */
  ignoreUnauthorized?: boolean;
  timeoutMs?: number;
}

export interface TApiClient {
  request<T = unknown>(method: THttpMethod, path: string, options?: TRequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: TRequestOptions): Promise<T>;
  post<T = unknown>(path: string, options?: TRequestOptions): Promise<T>;
  put<T = unknown>(path: string, options?: TRequestOptions): Promise<T>;
  patch<T = unknown>(path: string, options?: TRequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: TRequestOptions): Promise<T>;
}

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const SAFE_METHODS: ReadonlySet<THttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** errcodes that mean the session is gone, besides HTTP 401 itself. */
export const UNAUTHORIZED_ERRCODES: ReadonlySet<number> = new Set([401, ErrorCode.UNAUTHORIZED, ErrorCode.SESSION_EXPIRED]);
export const DEFAULT_TIMEOUT_MS = 15_000;
const PAY_FALLBACK_MESSAGE = 'Error';

interface TEnvelopeLike {
  errcode: number;
  errmsg?: unknown;
  data?: unknown;
}

type TAttempt =
  | { kind: 'download'; response: Response }
  | { kind: 'response'; response: Response; body: unknown }
  | { kind: 'network'; error: unknown }
  | { kind: 'timeout' };

type TFlavour = 'api' | 'pay';

function isEnvelope(body: unknown): body is TEnvelopeLike {
  return typeof body === 'object' && body !== null && typeof (body as { errcode?: unknown }).errcode === 'number';
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function buildUrl(baseUrl: string, path: string, query: TQuery | undefined): string {
  const url = /^https?:\/\//i.test(path) ? path : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const search = encodeQuery(query);
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function encodeBody(body: unknown): { body?: BodyInit; json: boolean } {
  if (body === undefined || body === null) return { json: false };
  if (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  ) {
    return { body: body as BodyInit, json: false };
  }
  return { body: JSON.stringify(body), json: true };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function createClient(options: TApiClientOptions, flavour: TFlavour): TApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryDelayMs = options.retryDelayMs ?? 0;

  function fallbackMessages(locale: TLocale): TFallbackMessages {
    const { errors } = getContractMessages(locale);
    const defaults: TFallbackMessages = {
      notFound: errors.notFound,
      internal: errors.internal,
      forbidden: errors.forbidden,
      unknown: errors.unknown,
      network: errors.network,
      timeout: errors.timeout,
    };
    const custom = typeof options.fallbackMessages === 'function' ? options.fallbackMessages(locale) : options.fallbackMessages;
    return { ...defaults, ...custom };
  }

  function fallbackText(key: keyof TFallbackMessages | number): string {
    if (flavour === 'pay') return PAY_FALLBACK_MESSAGE;
    const texts = fallbackMessages(options.getLocale());
    if (typeof key === 'string') return texts[key];
    if (key === 404) return texts.notFound;
    if (key === 500) return texts.internal;
    if (key === 403) return texts.forbidden;
    return texts.unknown;
  }

  function buildInit(method: THttpMethod, call: TRequestOptions): RequestInit {
    const headers = new Headers({
      Accept: 'application/json',
      'Accept-Language': localeEntries[options.getLocale()].language,
    });
    const token = options.getToken?.();
    if (token) headers.set('Authorization', token);
    const { body, json } = encodeBody(call.body);
    if (json) headers.set('Content-Type', 'application/json');
    // The caller's headers win, whatever their spelling.
    for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
    return { method, headers, body, credentials: 'same-origin' };
  }

  async function attempt(url: string, init: RequestInit, call: TRequestOptions): Promise<TAttempt> {
    const { signal } = call;
    signal?.throwIfAborted();
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forwardAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, call.timeoutMs ?? defaultTimeout);
    let download = false;
    try {
      const response = await fetchImpl(url, { ...init, signal: controller.signal });
      if (response.status === 200 && response.headers.has('content-disposition')) {
        // The caller streams the body; the timeout covered the wait for headers only.
        download = true;
        return { kind: 'download', response };
      }
      return { kind: 'response', response, body: parseBody(await response.text()) };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) return { kind: 'timeout' };
      return { kind: 'network', error };
    } finally {
      clearTimeout(timer);
      // A download keeps the link so the caller's signal can still cancel the body.
      if (!download) signal?.removeEventListener('abort', forwardAbort);
    }
  }

  /**
   * A validation failure's errmsg is `field: rule` for developers; a person is shown the rule of
   * the first field alone ("referralCode: 该推广码不存在" → "该推广码不存在").
   */
  function fieldRuleMessage(data: unknown): string {
    const fields = (data as { fields?: unknown } | null)?.fields;
    const first: unknown = Array.isArray(fields) ? fields[0] : undefined;
    const message = (first as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : '';
  }

  function reject(message: string, info: TErrorInfo, call: TRequestOptions, data?: unknown, cause?: unknown): never {
    if (flavour === 'api' && !call.silent) options.onError?.(message, info);
    throw new ApiError(message, { ...info, data, cause });
  }

  function settle<T>(outcome: TAttempt, call: TRequestOptions): T {
    if (outcome.kind === 'download') return outcome.response as T;
    if (outcome.kind === 'timeout') {
      return reject(fallbackText('timeout'), { errcode: ClientErrcode.TIMEOUT, status: 0 }, call);
    }
    if (outcome.kind === 'network') {
      return reject(fallbackText('network'), { errcode: ClientErrcode.NETWORK, status: 0 }, call, undefined, outcome.error);
    }

    const { response, body } = outcome;
    const { status } = response;
    const envelope = isEnvelope(body) ? body : undefined;
    const errmsg = typeof envelope?.errmsg === 'string' ? envelope.errmsg : '';

    if (status === 401 || (envelope && UNAUTHORIZED_ERRCODES.has(envelope.errcode))) {
      const info = { errcode: envelope?.errcode ?? 401, status };
      if (!call.ignoreUnauthorized) options.onUnauthorized?.(info);
      // No message for the user: the session handler takes them to /login.
      throw new ApiError(errmsg || fallbackText(401), { ...info, data: envelope ? envelope.data : body });
    }
    if (envelope && envelope.errcode !== 0) {
      return reject(
        fieldRuleMessage(envelope.data) || errmsg || fallbackText(status),
        { errcode: envelope.errcode, status },
        call,
        envelope.data,
      );
    }
    if (!response.ok) {
      return reject(fallbackText(status), { errcode: envelope?.errcode || status, status }, call, body);
    }
    // errcode 0 gives its data; a 2xx without an envelope (204, static JSON) gives the body.
    return (envelope ? envelope.data : body) as T;
  }

  async function request<T = unknown>(method: THttpMethod, path: string, call: TRequestOptions = {}): Promise<T> {
    const url = buildUrl(options.baseUrl, path, call.query);
    const init = buildInit(method, call);
    const mayRetry = call.retry ?? SAFE_METHODS.has(method);
    let outcome = await attempt(url, init, call);
    // Exactly one retry. A timeout is not retried, so timeoutMs bounds how long a call hangs.
    const transient = outcome.kind === 'network' || (outcome.kind === 'response' && RETRY_STATUSES.has(outcome.response.status));
    if (mayRetry && transient) {
      if (retryDelayMs > 0) await sleep(retryDelayMs);
      outcome = await attempt(url, init, call);
    }
    return settle<T>(outcome, call);
  }

  return {
    request,
    get: <T>(path: string, call?: TRequestOptions) => request<T>('GET', path, call),
    post: <T>(path: string, call?: TRequestOptions) => request<T>('POST', path, call),
    put: <T>(path: string, call?: TRequestOptions) => request<T>('PUT', path, call),
    patch: <T>(path: string, call?: TRequestOptions) => request<T>('PATCH', path, call),
    delete: <T>(path: string, call?: TRequestOptions) => request<T>('DELETE', path, call),
  };
}

/** The general client: toasts errors through onError, handles 401 with onUnauthorized. */
export function createApiClient(options: TApiClientOptions): TApiClient {
  return createClient(options, 'api');
}

/**
 * The order and payment client: no toast, rejects with errmsg or 'Error',
 * and treats 401 like the main client.
 */
export function createPayClient(options: TPayClientOptions): TApiClient {
  return createClient(options, 'pay');
}
