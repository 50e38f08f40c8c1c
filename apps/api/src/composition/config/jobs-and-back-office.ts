import { z } from 'zod';
import { blankToUndefined, booleanFlag, integer, toOrigin } from './env';

// The background jobs, and the back office's calls out (docs/adr/0019-back-office.md): page
// revalidation on the web and the release files it hashes.
//
//   DEV_JOBS_CLOCK      true = POST /dev/jobs/run runs a background job as of a moved clock
//                       (the end-to-end journeys erase a cancelled account 15 days on); with
//                       NODE_ENV=development only, answered to a client on this machine only,
//                       and production refuses to start with it                   (false)
//   JOBS_SCHEMA         PostgreSQL schema of the job runner's (pg-boss) tables, in the same
//                       database; SQLite runs jobs in-process                (pgboss)
//   REVALIDATE_SECRET   shared with the web (same variable there): the API's POST /api/revalidate
//                       after a publish carries it as a bearer token, ≥ 32 characters; unset =
//                       pages refresh on their own timer; required in production  (unset)
//   REVALIDATE_URL      where that call goes; a comma list reaches every web instance (each
//                       keeps its own page cache)                  (${PUBLIC_ORIGIN}/api/revalidate)
//   RELEASE_FETCH_MAX_BYTES  largest release file the API hashes (URL or upload) (2147483648)
//   RELEASE_FETCH_TIMEOUT_MS fetching a release file for its SHA-256 gives up after (300000)
//   RELEASE_FETCH_PRIVATE_HOSTS  comma list of host names the release fetch may reach on a
//                       private or loopback address (an internal artefact server); every other
//                       host must resolve to public addresses only               (none)

/** DEV_JOBS_CLOCK: jobs may be run by hand as of a moved clock (POST /dev/jobs/run), development only */
export interface JobsConfig {
  schema: string;
  devClock: boolean;
}

/** the back office's calls out: page revalidation on the web, release files it hashes */
export interface BackOfficeConfig {
  revalidateSecret: string | undefined;
  revalidateUrls: string[];
  releaseFetchMaxBytes: number;
  releaseFetchTimeoutMs: number;
  releaseFetchPrivateHosts: string[];
}

export const ZJobsAndBackOfficeEnv = z.object({
  DEV_JOBS_CLOCK: booleanFlag(false),
  REVALIDATE_SECRET: z.preprocess(blankToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  REVALIDATE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      )
      .refine((urls) => urls.length > 0 && urls.every((url) => toOrigin(url) !== null), {
        error: 'must be an http(s) URL, or a comma list of them',
      })
      .optional(),
  ),
  RELEASE_FETCH_MAX_BYTES: integer(1, 16 * 1024 * 1024 * 1024, 2 * 1024 * 1024 * 1024),
  RELEASE_FETCH_TIMEOUT_MS: integer(100, 3_600_000, 300_000),
  RELEASE_FETCH_PRIVATE_HOSTS: z.preprocess(
    (value) => value ?? '',
    z.string().transform((value) =>
      value
        .split(',')
        .map((part) =>
          part
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    ),
  ),
  JOBS_SCHEMA: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,49}$/, { error: 'must be a PostgreSQL schema name (a-z, 0-9, _)' })
      .default('pgboss'),
  ),
});

type TJobsAndBackOfficeEnv = z.infer<typeof ZJobsAndBackOfficeEnv>;

/**
 * Running jobs as of another day is a development tool: on a server it would let a caller
 * erase accounts or expire orders early.
 */
export function checkJobsClock(env: TJobsAndBackOfficeEnv & { NODE_ENV: string }, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production' && env.DEV_JOBS_CLOCK) {
    ctx.addIssue({
      code: 'custom',
      path: ['DEV_JOBS_CLOCK'],
      message: 'is for development only; production never runs jobs with a moved clock',
    });
  }
}

export function jobsConfig(e: TJobsAndBackOfficeEnv): JobsConfig {
  return { schema: e.JOBS_SCHEMA, devClock: e.DEV_JOBS_CLOCK };
}

export function backOfficeConfig(e: TJobsAndBackOfficeEnv, webOrigin: string): BackOfficeConfig {
  return {
    revalidateSecret: e.REVALIDATE_SECRET,
    revalidateUrls: e.REVALIDATE_URL ?? [`${webOrigin}/api/revalidate`],
    releaseFetchMaxBytes: e.RELEASE_FETCH_MAX_BYTES,
    releaseFetchTimeoutMs: e.RELEASE_FETCH_TIMEOUT_MS,
    releaseFetchPrivateHosts: e.RELEASE_FETCH_PRIVATE_HOSTS,
  };
}
