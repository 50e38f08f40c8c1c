/** errcode of failures that never produced an HTTP response (status 0). */
export const ClientErrcode = {
  NETWORK: -1,
  TIMEOUT: -2,
} as const;

export interface TApiErrorInit<TData = unknown> {
  /** The envelope's errcode; the HTTP status when the body was no envelope; ClientErrcode when no response. */
  errcode: number;
  /** HTTP status, 0 when no response arrived. */
  status: number;
  data?: TData;
  cause?: unknown;
}

/** Every rejection of the API clients, except a caller's own abort (rejects with its reason). */
export class ApiError<TData = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly errcode: number;
  readonly status: number;
  readonly data: TData | undefined;

  constructor(message: string, init: TApiErrorInit<TData>) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.errcode = init.errcode;
    this.status = init.status;
    this.data = init.data;
  }
}
