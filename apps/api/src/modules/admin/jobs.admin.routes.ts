import { ZAdminJobList, ZAdminJobParams, ZAdminJobRunAnswer, ZAdminJobRunRequest, ZAdminJobRuns } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { jobRunsForStaff, listJobsForStaff, runJobForStaff } from './jobs.admin.service';
import { actorOf } from '../../infrastructure/http/staff';

// Scheduled jobs (permission jobs.manage): their last runs and failures, and "run now".

const permission = 'jobs.manage' as const;
const tags = ['admin'];

export const jobsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/jobs',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The scheduled jobs with their last run and last failure (permission jobs.manage)',
        response: envelopeResponses(ZAdminJobList),
      },
    },
    async () => ok(await listJobsForStaff(app.db, app.jobs)),
  );

  app.get(
    '/admin/jobs/:name/runs',
    {
      config: { permission },
      schema: {
        tags,
        summary: "A job's kept runs (the newest 50), newest first (permission jobs.manage)",
        params: ZAdminJobParams,
        response: envelopeResponses(ZAdminJobRuns),
      },
    },
    async (request) => ok(await jobRunsForStaff(app.db, app.jobs, request.params.name)),
  );

  app.post(
    '/admin/jobs/:name/run',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Runs a job now (every job is safe to repeat; never while the same job is running); audited with a reason (permission jobs.manage)',
        description:
          'In-process runner (SQLite): answers after the run, whose outcome is in `job.lastRun`. pg-boss (PostgreSQL): answers once the run is queued.',
        params: ZAdminJobParams,
        body: ZAdminJobRunRequest,
        response: envelopeResponses(ZAdminJobRunAnswer),
      },
    },
    async (request) => ok(await runJobForStaff(app.db, app.jobs, actorOf(request), request.params.name, request.body.reason)),
  );
};
