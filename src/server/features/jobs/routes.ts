import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JOBS_PAGE_SIZE, jobsQuery, jobsResponse } from '../../../shared/jobs';
import { listJobRuns, summariseJobs } from './service';

/** The Jobs tab: each job's last run, last failure, runs in a day and next run, then the runs. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, jobs, clock, config } = app.services;

  app.get(
    '/admin/jobs',
    {
      config: { access: 'admin', cache: 'private' },
      schema: {
        tags: ['admin'],
        summary:
          'Background jobs: per job its last run, last failure, runs in the last 24 hours and next run; ' +
          'then the recent runs, newest first (paged, optionally one status)',
        querystring: jobsQuery,
        response: { 200: jobsResponse },
      },
    },
    async (request) => {
      const { page, status } = request.query;
      const [summaries, { runs, total }] = await Promise.all([
        summariseJobs(db, jobs.schedule, clock.now()),
        listJobRuns(db, { page, status }),
      ]);
      return { jobs: summaries, runs, total, page, pageSize: JOBS_PAGE_SIZE, timeZone: config.SITE_TIMEZONE };
    },
  );
};
