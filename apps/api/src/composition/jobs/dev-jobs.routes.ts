import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { appJobs } from './registry';

/** The furthest a moved clock may go: past every period a job waits for (15-day cooling-off, 180-day sessions). */
export const DEV_CLOCK_MAX_DAYS = 3650;
const DAY_MS = 24 * 3_600_000;

/**
 * POST /dev/jobs/run: one run of a background job as of `days` from now, so an end-to-end
 * journey can see what happens after a waiting period (a cancelled account erased after its
 * 15-day cooling-off) without waiting. Exists only with DEV_JOBS_CLOCK=true and
 * NODE_ENV=development (production refuses to start with the flag: config/jobs-and-back-office.ts); under /dev, so
 * plugins/dev-only.ts answers it to a client on this machine only.
 */
export const devJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.jobs.devClock || app.config.nodeEnv !== 'development') return;
  const jobs = appJobs(app);
  const names = jobs.map((job) => job.name) as [string, ...string[]];
  app.post(
    '/dev/jobs/run',
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: run a background job once as of a moved clock',
        body: z.object({ job: z.enum(names), days: z.number().int().min(0).max(DEV_CLOCK_MAX_DAYS) }),
        response: envelopeResponses(z.object({ job: z.string(), now: z.string(), result: z.unknown() })),
      },
    },
    async (request, reply) => {
      const job = jobs.find((item) => item.name === request.body.job)!;
      const now = new Date(Date.now() + request.body.days * DAY_MS);
      const result = await job.run({
        now,
        log: request.log.child({ job: job.name, movedClock: now.toISOString() }),
        attempt: 1,
        signal: AbortSignal.timeout(job.expireSeconds * 1000),
      });
      reply.header('cache-control', 'no-store');
      return ok({ job: job.name, now: now.toISOString(), result: result ?? null });
    },
  );
};
