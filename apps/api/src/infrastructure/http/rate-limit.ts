import { type TErrorCodeName } from '@llk/contracts';
import { AppError } from './app-error';
import { type KeyValueStore } from '../kv';

/** The error for a limit: retry-after both in data and as a header. */
export function limitError(code: TErrorCodeName, retryAfterMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(code, { data: { retryAfterSeconds }, headers: { 'retry-after': String(retryAfterSeconds) } });
}

/**
 * Counts one hit in a fixed window; throws `code` once more than `limit` hits fell in it.
 */
export async function hitLimit(
  kv: KeyValueStore,
  key: string,
  limit: number,
  windowMs: number,
  code: TErrorCodeName = 'RATE_LIMITED',
): Promise<void> {
  const count = await kv.incr(key, windowMs);
  if (count > limit) throw limitError(code, (await kv.ttl(key)) ?? windowMs);
}
