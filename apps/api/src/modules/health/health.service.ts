import { type TDialect } from '../../infrastructure/db/database-url';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../infrastructure/http/error-response';
import { apiVersion } from '../../composition/version';
import { pingDatabase } from '../../infrastructure/db/ping.repository';
import { type THealth } from './health.schema';

export interface HealthDeps {
  db: Db;
  dialect: TDialect;
  redis: { ping(): Promise<unknown> } | null;
}

/** A check that hangs is as bad as one that fails; a load balancer should not wait on it. */
const CHECK_TIMEOUT_MS = 2_000;
const startedAt = Date.now();

async function timed(check: () => Promise<unknown>): Promise<{ ok: boolean; latencyMs: number }> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { ok: true, latencyMs: elapsed(start) };
  } catch {
    return { ok: false, latencyMs: elapsed(start) };
  } finally {
    clearTimeout(timer);
  }
}

function elapsed(start: number): number {
  return Math.round((performance.now() - start) * 100) / 100;
}

/**
 * Liveness and dependencies. Without a database the API can serve nothing, so that is a 503
 * (SERVICE_UNAVAILABLE, same report in data); a Redis outage only degrades it.
 */
export async function getHealth({ db, dialect, redis }: HealthDeps): Promise<THealth> {
  const [database, redisCheck] = await Promise.all([
    timed(() => pingDatabase(db)),
    redis ? timed(() => redis.ping()) : Promise.resolve(undefined),
  ]);
  const report: THealth = {
    status: database.ok && (redisCheck?.ok ?? true) ? 'ok' : 'degraded',
    version: apiVersion,
    uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
    database: { dialect, ...database },
    ...(redisCheck ? { redis: redisCheck } : {}),
  };
  // Retry-After as for any outage: load balancers and clients back off instead of hammering.
  if (!database.ok)
    throw new AppError('SERVICE_UNAVAILABLE', { data: report, headers: { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) } });
  return report;
}
