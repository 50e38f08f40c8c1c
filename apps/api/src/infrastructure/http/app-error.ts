import { errorInfo, type TErrorCodeName, type TMessageParams } from '@llk/contracts';

export interface AppErrorOptions {
  /** Values for the message's {placeholders}, e.g. { target: '138****0000' }. */
  params?: TMessageParams;
  /** Goes to the envelope's `data` (must match the route's error response schema). */
  data?: unknown;
  /** The underlying error, logged but never sent. */
  cause?: unknown;
  /** Extra response headers, e.g. Retry-After for rate limits. */
  headers?: Record<string, string>;
}

/**
 * A domain error with a stable code from @llk/contracts. Services throw it; the error handler
 * turns it into `{ errcode, errmsg, data }` with the code's HTTP status and the message in the
 * caller's language:  throw new AppError('USERNAME_TAKEN')
 */
export class AppError extends Error {
  readonly errcode: number;
  readonly statusCode: number;
  readonly messageKey: string;
  readonly params: TMessageParams | undefined;
  readonly data: unknown;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly codeName: TErrorCodeName,
    options: AppErrorOptions = {},
  ) {
    const info = errorInfo(codeName);
    super(codeName, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.errcode = info.code;
    this.statusCode = info.status;
    this.messageKey = `errors.${info.key}`;
    this.params = options.params;
    this.data = options.data ?? null;
    this.headers = options.headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * A rule the schema cannot check (it needs the clock or the database) broken by one field: the
 * same envelope as a schema failure, `field` named as it was sent ('expiresAt' → 'body.expiresAt')
 * and the rule's text in the caller's language (with `t` here, else when the envelope is written).
 */
export function fieldError(field: string, rule: string, t?: (key: string) => string): AppError {
  return new AppError('VALIDATION_FAILED', { data: { fields: [{ field: `body.${field}`, rule, message: t?.(rule) ?? rule }] } });
}
